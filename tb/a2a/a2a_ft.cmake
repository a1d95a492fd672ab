# The Verilator recipe of the fault-tolerant banyan exchange engine
# (rtl/engine/banyan_ft_engine.v, paper 000), shared by its regression
# (tb/a2a/CMakeLists.txt, tb_banyan_ft) and `minforge sim banyan --fault I,L,dead`
# (tb/core/ondemand.cpp, family a2a: tb/a2a/a2a.cmake includes this file).
#
# mf_a2a_ft_model(<target> N <n> PIPELINE <0|1> [DW <dw>] [B <b>] [RELAY_DEPTH <d>]
#                 [SRC_LAT <1|2>] [MODULE])
# banyan_ft_engine with -GN -GPIPELINE -GDW (default 16) -GB (default 1) -GRELAY_DEPTH
# (default 2), -GSRC_LAT (source read latency, default 1) and the default PLAN_DEPTH (3N + 8),
# prefix Vbanyan_ft_n<n>_p<p>_dw<dw>_b<b>_r<d> (SRC_LAT 2: suffix _l2), -O0, one unity
# translation unit, FST tracing of the top's ports.  The parameters are embedded as the
# manifest {"module","N","DW","B","PIPELINE","PLAN_DEPTH","RELAY_DEPTH","SRC_LAT"}, read by the
# harness (tb/a2a/a2a_ft_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_A2A_FT_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/engine ABSOLUTE)
mf_core_dirs(MF_A2A_FT_RTL_DIRS engines)

function(mf_a2a_ft_model target)
  cmake_parse_arguments(F "MODULE" "N;PIPELINE;DW;B;RELAY_DEPTH;SRC_LAT" "" ${ARGN})
  if(NOT F_N MATCHES "^[0-9]+$" OR NOT F_PIPELINE MATCHES "^[01]$")
    message(FATAL_ERROR "mf_a2a_ft_model: N <n> and PIPELINE <0|1> are required")
  endif()
  if(NOT F_DW)
    set(F_DW 16)
  endif()
  if(NOT F_B)
    set(F_B 1)
  endif()
  if(NOT F_RELAY_DEPTH)
    set(F_RELAY_DEPTH 2)
  endif()
  if(NOT F_SRC_LAT)
    set(F_SRC_LAT 1)
  endif()
  math(EXPR depth "3 * ${F_N} + 8")
  set(prefix Vbanyan_ft_n${F_N}_p${F_PIPELINE}_dw${F_DW}_b${F_B}_r${F_RELAY_DEPTH})
  set(lat_arg "")
  if(NOT F_SRC_LAT EQUAL 1)
    string(APPEND prefix _l${F_SRC_LAT})
    set(lat_arg -GSRC_LAT=${F_SRC_LAT})
  endif()
  set(manifest ${CMAKE_CURRENT_BINARY_DIR}/a2a_ft/${prefix}.json)
  file(CONFIGURE OUTPUT ${manifest}
       CONTENT "{\"module\": \"banyan_ft_engine\", \"N\": ${F_N}, \"DW\": ${F_DW}, \"B\": ${F_B}, \"PIPELINE\": ${F_PIPELINE}, \"PLAN_DEPTH\": ${depth}, \"RELAY_DEPTH\": ${F_RELAY_DEPTH}, \"SRC_LAT\": ${F_SRC_LAT}}\n")
  set(args -Wall --assert --x-assign fast --x-initial fast --trace-depth 1 -GN=${F_N}
           -GPIPELINE=${F_PIPELINE} -GDW=${F_DW} -GB=${F_B} -GRELAY_DEPTH=${F_RELAY_DEPTH}
           ${lat_arg})
  foreach(d ${MF_A2A_FT_RTL_DIRS})
    list(APPEND args -I${d})
  endforeach()
  set(module "")
  if(F_MODULE)
    set(module MODULE)
  endif()
  mf_verilate(${target} PREFIX ${prefix} TOP banyan_ft_engine TRACE UNITY 1 ${module}
              MANIFEST ${manifest} SOURCES ${MF_A2A_FT_RTL}/banyan_ft_engine.v ARGS ${args})
endfunction()
