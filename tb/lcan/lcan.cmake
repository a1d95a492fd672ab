# The LCAN family's Verilator recipe (paper 003: the circuit-switched CB-LCAN with on-line
# routing, rtl/lcan/lcan_engine.v), shared by the regression (tb/lcan/CMakeLists.txt) and
# `minforge sim lcan` (tb/core/ondemand.cpp).
#
# mf_lcan_model(<target> N <n> D <d> U <u> [W <w>] [PIPE <p>] [MODULE] [PREFIX_VAR <var>])
# lcan_engine with -GN=<n> -GD=<d> -GU=<u> -GW=<w> -GPIPE=<p> (W default 8, PIPE default 0),
# prefix Vlcan_n<n>_d<d>_u<u> (+ _w<w> when W is given, + _p<p> when PIPE is; set in <var>
# with PREFIX_VAR), built by
# mf_param_model (tb/core/verilate.cmake: -O0, one unity translation unit, FST tracing
# compiled in for the top's ports, --trace-depth 1: every switch's setting is a port; the
# manifest {"module","N","D","U","W","PIPE"} read by the harness tb/lcan/lcan_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_LCAN_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/lcan ABSOLUTE)
# The RTL folders: the lcan core's and its dependencies', from the FuseSoC cores.
mf_core_dirs(MF_LCAN_RTL_DIRS lcan)

function(mf_lcan_model target)
  cmake_parse_arguments(L "MODULE" "N;D;U;W;PIPE;PREFIX_VAR" "" ${ARGN})
  foreach(p N D U)
    if(NOT L_${p} MATCHES "^[0-9]+$")
      message(FATAL_ERROR "mf_lcan_model: ${p} <value> is required")
    endif()
  endforeach()
  set(prefix Vlcan_n${L_N}_d${L_D}_u${L_U})
  if(L_W)
    set(prefix ${prefix}_w${L_W})
  else()
    set(L_W 8)
  endif()
  if(L_PIPE)
    set(prefix ${prefix}_p${L_PIPE})
  else()
    set(L_PIPE 0)
  endif()
  if(L_PREFIX_VAR)
    set(${L_PREFIX_VAR} ${prefix} PARENT_SCOPE)
  endif()
  mf_param_model(${target} TOP lcan_engine SOURCE ${MF_LCAN_RTL}/lcan_engine.v PREFIX ${prefix}
                 DIRS ${MF_LCAN_RTL_DIRS} MODULE ${L_MODULE}
                 PARAMS N=${L_N} D=${L_D} U=${L_U} W=${L_W} PIPE=${L_PIPE})
endfunction()
