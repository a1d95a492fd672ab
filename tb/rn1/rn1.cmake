# The RN1 family's Verilator recipe, shared by the regression (tb/rn1/CMakeLists.txt) and
# `minforge rn1 net --rtl` (tb/core/ondemand.cpp).
#
# mf_rn1_model(<target> NAME router|router_pins|monitor|fig20_7|fig20_9|rn1_64|fig20_3|fig20_4 [MODULE]
#              [PREFIX_VAR <var>])  (the model's prefix, below, set in <var>)
# router: rtl/rn1/rn1.v with MODE_SEL = 0 (configuration register), prefix Vrn1_router, -O1;
# monitor: rtl/rn1/rn1_monitor.v with NL = 100 (not a power of two: out-of-range link
# numbers), LW = 7, MAXC = 5, CW = 3 (counters saturate at 7), TH = 3, prefix Vrn1_monitor,
# built by mf_param_model (tb/core/verilate.cmake): the harness reads these parameters from
# its manifest {"module","NL","LW","MAXC","CW","TH"} (rn1_monitor_harness.cpp);
# router_pins: the same with MODE_SEL = 1 (pins), prefix Vrn1_router_pins, -O0 (its runs take
# 0.1 s; -O1 would double its compile time);
# fig20_7 / fig20_9 / rn1_64 / fig20_3 / fig20_4: the network top rtl/rn1/gen/rn1_net_<NAME>.v, prefix
# Vrn1_net_<NAME>, -O0 (the networks generate tens of MB of C++, rn1-64 ~34 MB: at -O0 they
# compile ~7x faster than at -O1, which matters more than simulation speed for the short
# lockstep runs).  FST tracing compiled in.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_RN1_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/rn1 ABSOLUTE)
# The RTL folders: the rn1 core's, from the FuseSoC cores.
mf_core_dirs(MF_RN1_RTL_DIRS rn1)

function(mf_rn1_model target)
  cmake_parse_arguments(R "MODULE" "NAME;PREFIX_VAR" "" ${ARGN})
  set(module "")
  if(R_MODULE)
    set(module MODULE)
  endif()
  set(args --x-assign fast --x-initial fast)
  foreach(d ${MF_RN1_RTL_DIRS})
    list(APPEND args -I${d})
  endforeach()
  if(R_NAME STREQUAL "router")
    set(prefix Vrn1_router)
    mf_verilate(${target} PREFIX ${prefix} TOP rn1 TRACE OPT -O1 UNITY 2 ${module}
                SOURCES ${MF_RN1_RTL}/rn1.v ARGS ${args} -GMODE_SEL=0)
  elseif(R_NAME STREQUAL "monitor")
    set(prefix Vrn1_monitor)
    mf_param_model(${target} TOP rn1_monitor SOURCE ${MF_RN1_RTL}/rn1_monitor.v
                   PREFIX ${prefix} DIRS ${MF_RN1_RTL_DIRS} MODULE ${R_MODULE}
                   PARAMS NL=100 LW=7 MAXC=5 CW=3 TH=3)
  elseif(R_NAME STREQUAL "router_pins")
    set(prefix Vrn1_router_pins)
    mf_verilate(${target} PREFIX ${prefix} TOP rn1 TRACE UNITY 2 ${module}
                SOURCES ${MF_RN1_RTL}/rn1.v ARGS ${args} -GMODE_SEL=1)
  elseif(R_NAME MATCHES "^(fig20_7|fig20_9|rn1_64|fig20_3|fig20_4)$")
    set(prefix Vrn1_net_${R_NAME})
    mf_verilate(${target} PREFIX ${prefix} TOP rn1_net_${R_NAME} TRACE ${module}
                SOURCES ${MF_RN1_RTL}/gen/rn1_net_${R_NAME}.v ARGS ${args})
  else()
    message(FATAL_ERROR "mf_rn1_model: unknown model '${R_NAME}'")
  endif()
  if(R_PREFIX_VAR)
    set(${R_PREFIX_VAR} ${prefix} PARENT_SCOPE)
  endif()
endfunction()
