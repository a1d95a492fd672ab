# The board family's Verilator recipe (rtl/board/<board>_top.v, the exact top that is flashed),
# shared by the regression (tb/board/CMakeLists.txt, tests board_top_*) and `minforge sim
# board` (tb/core/ondemand.cpp): one description of a board top, from the board table
# synth/boards/boards.json and the harness timing settings below, gives both the -G
# parameters of the top and the manifest the harness reads its expectations from
# (tb/board/board_rtl.hpp, board_expect()).
#
# mf_board_model(<target> BOARD <board> DESIGN <design> [XPOSE <0|1>] [DEAD_LINKS <link>...]
#                [MODULE])
# The board's top (<board>_top) with -GDESIGN=<code> (MF_DESIGN_* of rtl/common/mf_codes.vh,
# read through scripts/mfparams.py), the table's plan image for banyan_ft (-GPLAN_FILE, an
# absolute path: Verilator's $readmemh reads it at run time), the harness timing settings
# (-GLINE_PERIOD, -GBAUD where MF_BOARD_TB_SETTINGS says), -GXPOSE=<x> when XPOSE is given
# (0: the payload self-test instead of the transpose; only gsen and banyan carry both), and
# with DEAD_LINKS the RN1 top's FLT_LINK_DEAD with those links dead.  Prefix V<top>, -O3 and
# --x-assign fast for Verilator, the generated C++ at -O1 (-O0 for the RN1 network: ~15 MB of
# C++, build time dominates) in two unity units.  The manifest embedded in the model:
#   {"module": <top>, "board", "design", "row": <the design's row of the table, as written>,
#    "XPOSE": <as built>, "CLK_HZ", "BAUD", "LINE_PERIOD", "LED_ACTIVE_LOW",
#    "PLAN_FILE": <absolute path or "">, "DEAD_LINKS": [<link>...]}
#
# mf_board_large(<board> <design> <var>): <var> is true when the (board, design) is built
# only with MINFORGE_TB_LARGE (its settings' `large` field).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_BOARD_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/board ABSOLUTE)
get_filename_component(MF_BOARDS_JSON ${CMAKE_CURRENT_LIST_DIR}/../../synth/boards/boards.json
                       ABSOLUTE)
# The RTL folders of the boards core and its dependencies, from the FuseSoC cores.
mf_core_dirs(MF_BOARD_RTL_DIRS boards)
set(MF_BOARD_INCS "")  # as Verilator include arguments (-I<dir>)
foreach(d ${MF_BOARD_RTL_DIRS})
  list(APPEND MF_BOARD_INCS -I${d})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MF_BOARDS_JSON}
             ${MF_ROOT}/rtl/common/mf_codes.vh ${MF_ROOT}/rtl/common/mf_consts.vh)
file(READ ${MF_BOARDS_JSON} MF_BOARDS)
execute_process(COMMAND ${Python3_EXECUTABLE} ${MF_ROOT}/scripts/mfparams.py json
                OUTPUT_VARIABLE MF_BOARD_CODES RESULT_VARIABLE mf_codes_rc)
if(NOT mf_codes_rc EQUAL 0)
  message(FATAL_ERROR "scripts/mfparams.py json failed: the codes of rtl/common/mf_codes.vh")
endif()

# Harness settings that are not board facts: board_design | line_period | baud | large.
# line_period: cycles between the two checked report lines.  "default" keeps the flashed
# value (CLK_HZ / 4); the larger tops are verilated with a shorter period (-GLINE_PERIOD).
# baud: "default" keeps the flashed MF_UART_BAUD (rtl/common/mf_consts.vh); the ULX3S N = 64
# tops simulate at about 8k cycles/s, so they are verilated with a faster UART (-GBAUD) and
# the regression builds them only when MINFORGE_TB_LARGE=ON (large = 1: they take minutes to
# compile).  In every case the engine, fabric, reporter and formatter are the flashed ones;
# only these two timing parameters of the report path differ.  A (board, design) not listed
# keeps the defaults.
set(MF_BOARD_TB_SETTINGS
  "hx8k_gsen|200000|default|0"
  "hx8k_banyan|200000|default|0"
  "hx8k_lcan|200000|default|0"
  "ulx3s_gsen|20000|2500000|1"
  "ulx3s_banyan|20000|2500000|1"
  "ulx3s_rn1|20000|2500000|0")

# The settings of (board, design): <prefix>_line_period, <prefix>_baud, <prefix>_large.
function(mf_board_settings board design prefix)
  set(line_period default)
  set(baud default)
  set(large 0)
  foreach(s ${MF_BOARD_TB_SETTINGS})
    string(REPLACE "|" ";" fields "${s}")
    list(GET fields 0 key)
    if(key STREQUAL "${board}_${design}")
      list(GET fields 1 line_period)
      list(GET fields 2 baud)
      list(GET fields 3 large)
    endif()
  endforeach()
  set(${prefix}_line_period ${line_period} PARENT_SCOPE)
  set(${prefix}_baud ${baud} PARENT_SCOPE)
  set(${prefix}_large ${large} PARENT_SCOPE)
endfunction()

function(mf_board_large board design var)
  mf_board_settings(${board} ${design} s)
  set(${var} ${s_large} PARENT_SCOPE)
endfunction()

# "<width>'h<digits>": the links' bits set in a <width>-bit vector (the top's FLT_LINK_DEAD).
function(mf_board_link_mask var width)
  set(top 0)
  foreach(l ${ARGN})
    math(EXPR n "${l} / 4")
    if(n GREATER top)
      set(top ${n})
    endif()
  endforeach()
  set(digits "")
  foreach(i RANGE ${top} 0 -1)
    set(v 0)
    foreach(l ${ARGN})
      math(EXPR n "${l} / 4")
      if(n EQUAL i)
        math(EXPR v "${v} | (1 << (${l} % 4))")
      endif()
    endforeach()
    math(EXPR d "${v}" OUTPUT_FORMAT HEXADECIMAL)
    string(SUBSTRING ${d} 2 -1 d)
    string(APPEND digits ${d})
  endforeach()
  set(${var} "${width}'h${digits}" PARENT_SCOPE)
endfunction()

function(mf_board_model target)
  cmake_parse_arguments(B "MODULE" "BOARD;DESIGN;XPOSE" "DEAD_LINKS" ${ARGN})
  string(JSON top ERROR_VARIABLE no_board GET "${MF_BOARDS}" "${B_BOARD}" top)
  if(no_board)
    message(FATAL_ERROR "mf_board_model: no board '${B_BOARD}' in ${MF_BOARDS_JSON}")
  endif()
  string(JSON row ERROR_VARIABLE no_design GET "${MF_BOARDS}" ${B_BOARD} designs "${B_DESIGN}")
  if(no_design)
    message(FATAL_ERROR "mf_board_model: board ${B_BOARD} has no design '${B_DESIGN}'")
  endif()
  string(JSON code GET "${MF_BOARD_CODES}" DESIGN ${B_DESIGN})
  string(JSON clock_mhz GET "${MF_BOARDS}" ${B_BOARD} clock_mhz)
  math(EXPR clk_hz "${clock_mhz} * 1000000")
  string(JSON active_low GET "${MF_BOARDS}" ${B_BOARD} led_active_low)
  if(active_low)
    set(active_low true)
  else()
    set(active_low false)
  endif()
  set(gargs -GDESIGN=${code})
  set(plan_path "")
  string(JSON plan_file ERROR_VARIABLE no_plan GET "${row}" PLAN_FILE)
  if(NOT no_plan)
    set(plan_path ${MF_BOARD_RTL}/${plan_file})
    list(APPEND gargs "-GPLAN_FILE=\"${plan_path}\"")
  endif()
  mf_board_settings(${B_BOARD} ${B_DESIGN} s)
  set(line_period ${s_line_period})
  if(line_period STREQUAL "default")
    math(EXPR line_period "${clk_hz} / 4")
  else()
    list(APPEND gargs -GLINE_PERIOD=${line_period})
  endif()
  set(baud ${s_baud})
  if(baud STREQUAL "default")
    string(JSON baud GET "${MF_BOARD_CODES}" CONST uart_baud)
  else()
    list(APPEND gargs -GBAUD=${baud})
  endif()
  if(NOT "${B_XPOSE}" STREQUAL "")
    if(NOT B_DESIGN MATCHES "^(gsen|banyan)$" OR NOT B_XPOSE MATCHES "^[01]$")
      message(FATAL_ERROR "mf_board_model: XPOSE <0|1> is for the gsen and banyan designs")
    endif()
    list(APPEND gargs -GXPOSE=${B_XPOSE})
    set(xpose ${B_XPOSE})
  else()
    string(JSON xpose ERROR_VARIABLE no_xpose GET "${row}" XPOSE)
    if(no_xpose)
      set(xpose 0)
    endif()
  endif()
  set(links "")
  if(B_DEAD_LINKS)
    if(NOT B_DESIGN STREQUAL "rn1")
      message(FATAL_ERROR "mf_board_model: DEAD_LINKS is for the rn1 design")
    endif()
    # the vector's width from the top's declaration (parameter [W-1:0] FLT_LINK_DEAD)
    file(STRINGS ${MF_BOARD_RTL}/${top}.v decl REGEX "parameter +\\[[0-9]+:0\\] +FLT_LINK_DEAD")
    if(NOT decl MATCHES "\\[([0-9]+):0\\]")
      message(FATAL_ERROR "mf_board_model: ${top}.v declares no parameter [W-1:0] FLT_LINK_DEAD")
    endif()
    math(EXPR nlinks "${CMAKE_MATCH_1} + 1")
    foreach(l ${B_DEAD_LINKS})
      if(NOT l MATCHES "^[0-9]+$" OR l GREATER_EQUAL nlinks)
        message(FATAL_ERROR "mf_board_model: DEAD_LINKS ${l} is not a link 0..${nlinks} - 1")
      endif()
    endforeach()
    mf_board_link_mask(mask ${nlinks} ${B_DEAD_LINKS})
    list(APPEND gargs -GFLT_LINK_DEAD=${mask})
    string(REPLACE ";" ", " links "${B_DEAD_LINKS}")
  endif()
  set(manifest ${CMAKE_CURRENT_BINARY_DIR}/${target}.board.json)
  file(CONFIGURE OUTPUT ${manifest} CONTENT
"{\"module\": \"${top}\", \"board\": \"${B_BOARD}\", \"design\": \"${B_DESIGN}\", \
\"row\": ${row}, \"XPOSE\": ${xpose}, \"CLK_HZ\": ${clk_hz}, \"BAUD\": ${baud}, \
\"LINE_PERIOD\": ${line_period}, \"LED_ACTIVE_LOW\": ${active_low}, \
\"PLAN_FILE\": \"${plan_path}\", \"DEAD_LINKS\": [${links}]}
")
  set(opt -O1)
  if(B_DESIGN STREQUAL "rn1")
    set(opt -O0)
  endif()
  set(module "")
  if(B_MODULE)
    set(module MODULE)
  endif()
  mf_verilate(${target} PREFIX V${top} TOP ${top} OPT ${opt} UNITY 2 ${module}
              MANIFEST ${manifest} SOURCES ${MF_BOARD_RTL}/${top}.v
              ARGS -O3 --x-assign fast ${gargs} ${MF_BOARD_INCS})
endfunction()
