# The all-to-all family's Verilator recipe (GSEN and banyan fabrics and engines), shared by
# the regression (tb/a2a/CMakeLists.txt) and `minforge sim` (tb/core/ondemand.cpp).
#
# mf_a2a_model(<target> NAME <top> SPECS <spec>... [OPT <-O level>] [UNITY <k>] [MODULE]
#              [PROJECT_CXX])
# Generates the sweep top <top> from the specs (tb/a2a/gen_sweep.py, at configure time, into
# the build directory; see its docstring for the spec syntax), and verilates it into
# <target> with the adapter entry point minforge::tb::models::Vsweep(), the manifest
# embedded.  Flags: -Wall --assert, FST tracing compiled in (top-level ports only),
# --x-assign/--x-initial fast.  -Wno-VARHIDDEN: Verilator 5.006 reports the functions of
# mf_functions.vh as hidden once it inlines gsen_route into the schedulers (an inlining
# artefact; each RTL file lints clean alone).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
# The fault-tolerant banyan engine's recipe mf_a2a_ft_model (its own file).
include(${CMAKE_CURRENT_LIST_DIR}/a2a_ft.cmake)
# The AXI4-Stream exchange IP's recipe mf_a2a_axis_model (its own file).
include(${CMAKE_CURRENT_LIST_DIR}/a2a_axis.cmake)
set(MF_A2A_DIR ${CMAKE_CURRENT_LIST_DIR})
# The RTL: the engines core and what it depends on (the fabrics), from the FuseSoC cores.
mf_core_dirs(MF_A2A_RTL_DIRS engines)

function(mf_a2a_model target)
  cmake_parse_arguments(S "MODULE;PROJECT_CXX" "NAME;OPT;UNITY" "SPECS" ${ARGN})
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/gen/${S_NAME})
  file(MAKE_DIRECTORY ${gen})
  execute_process(
    COMMAND ${Python3_EXECUTABLE} ${MF_A2A_DIR}/gen_sweep.py --name ${S_NAME} --out ${gen}
            ${S_SPECS}
    RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "gen_sweep.py failed for ${S_NAME}")
  endif()
  # gen_sweep.py filters the variants through the RTL's own parameter checks
  # (scripts/rtl_legal.py reads the modules' MF_PARAM_ERROR_IF and the rtl/**/*.vh functions):
  # a changed rule re-runs it.
  file(GLOB_RECURSE legal_src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rtl/*.v
       ${PROJECT_SOURCE_DIR}/rtl/*.vh)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MF_A2A_DIR}/gen_sweep.py
               ${PROJECT_SOURCE_DIR}/scripts/rtl_legal.py ${PROJECT_SOURCE_DIR}/scripts/mfparams.py
               ${legal_src})
  set(incs "")
  foreach(d ${MF_A2A_RTL_DIRS})
    list(APPEND incs -I${d})
  endforeach()
  set(flags "")
  if(S_MODULE)
    list(APPEND flags MODULE)
  endif()
  if(S_PROJECT_CXX)
    list(APPEND flags PROJECT_CXX)
  endif()
  mf_verilate(${target} PREFIX Vsweep TOP ${S_NAME} TRACE OPT ${S_OPT} UNITY ${S_UNITY} ${flags}
              MANIFEST ${gen}/${S_NAME}.json SOURCES ${gen}/${S_NAME}.v
              # --trace-depth 1: ports of the sweep top only (much smaller trace code)
              ARGS -Wall -Wno-VARHIDDEN --assert --x-assign fast --x-initial fast
                   --trace-depth 1 ${incs})
endfunction()
