# The Verilator recipe of the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v), shared by
# its regression (tb/a2a/a2a_axis_regression.cmake, tb_a2a_axis) and `minforge sim axis`
# (tb/core/ondemand.cpp, family a2a: tb/a2a/a2a.cmake includes this file).
#
# mf_a2a_axis_model(<target> ENGINE <gsen|banyan|banyan_ft> N <n> DW <dw> B <b> [SCHED <alt|stage>]
#                   PIPELINE <0|1> [USE_TAGS <0|1>] [SRC_LAT <1|2>] [MODULE])
# a2a_axis_xchg with -GENGINE (the code of MF_DESIGN_<ENGINE>), -GN, -GDW, -GB, -GSCHED (the
# code of MF_SCHED_<SCHED>, default stage), -GPIPELINE, -GUSE_TAGS (default 0), -GSRC_LAT
# (default 1); prefix Va2a_axis_<engine>_n<n>_dw<dw>_b<b>_<sched>_p<p>_t<t>_l<l> (the sched
# part only for gsen), -O0, one unity translation unit, FST tracing of the top's ports.  The
# codes come from rtl/common/mf_params.vh (scripts/mfparams.py json).  The parameters are
# embedded as the manifest {"module","ENGINE","N","DW","B","SCHED","PIPELINE","USE_TAGS",
# "SRC_LAT"} (ENGINE and SCHED by name), read by the harness (tb/a2a/a2a_axis_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_A2A_AXIS_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/engine ABSOLUTE)
get_filename_component(MF_A2A_AXIS_PARAMS ${CMAKE_CURRENT_LIST_DIR}/../../scripts/mfparams.py
                       ABSOLUTE)
mf_core_dirs(MF_A2A_AXIS_RTL_DIRS axis)

function(mf_a2a_axis_model target)
  cmake_parse_arguments(X "MODULE" "ENGINE;N;DW;B;SCHED;PIPELINE;USE_TAGS;SRC_LAT" "" ${ARGN})
  if(NOT X_ENGINE MATCHES "^(gsen|banyan|banyan_ft)$" OR NOT X_N MATCHES "^[0-9]+$"
     OR NOT X_DW MATCHES "^[0-9]+$" OR NOT X_B MATCHES "^[0-9]+$"
     OR NOT X_PIPELINE MATCHES "^[01]$")
    message(FATAL_ERROR
            "mf_a2a_axis_model: ENGINE <gsen|banyan|banyan_ft> N <n> DW <dw> B <b> PIPELINE <0|1> required")
  endif()
  if(NOT X_SCHED)
    set(X_SCHED stage)
  endif()
  if(NOT X_USE_TAGS)
    set(X_USE_TAGS 0)
  endif()
  if(NOT X_SRC_LAT)
    set(X_SRC_LAT 1)
  endif()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  execute_process(COMMAND ${Python3_EXECUTABLE} ${MF_A2A_AXIS_PARAMS} json
                  OUTPUT_VARIABLE codes RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "scripts/mfparams.py json failed: the codes of rtl/common/mf_params.vh")
  endif()
  string(JSON engine_code GET "${codes}" DESIGN ${X_ENGINE})
  string(JSON sched_code GET "${codes}" SCHED ${X_SCHED})
  set(prefix Va2a_axis_${X_ENGINE}_n${X_N}_dw${X_DW}_b${X_B})
  if(X_ENGINE STREQUAL "gsen")
    string(APPEND prefix _${X_SCHED})
  endif()
  string(APPEND prefix _p${X_PIPELINE}_t${X_USE_TAGS}_l${X_SRC_LAT})
  set(manifest ${CMAKE_CURRENT_BINARY_DIR}/a2a_axis/${prefix}.json)
  file(CONFIGURE OUTPUT ${manifest}
       CONTENT "{\"module\": \"a2a_axis_xchg\", \"ENGINE\": \"${X_ENGINE}\", \"N\": ${X_N}, \"DW\": ${X_DW}, \"B\": ${X_B}, \"SCHED\": \"${X_SCHED}\", \"PIPELINE\": ${X_PIPELINE}, \"USE_TAGS\": ${X_USE_TAGS}, \"SRC_LAT\": ${X_SRC_LAT}}\n")
  set(args -Wall -Wno-VARHIDDEN --assert --x-assign fast --x-initial fast --trace-depth 1
           -GENGINE=${engine_code} -GN=${X_N} -GDW=${X_DW} -GB=${X_B} -GSCHED=${sched_code}
           -GPIPELINE=${X_PIPELINE} -GUSE_TAGS=${X_USE_TAGS} -GSRC_LAT=${X_SRC_LAT})
  foreach(d ${MF_A2A_AXIS_RTL_DIRS})
    list(APPEND args -I${d})
  endforeach()
  set(module "")
  if(X_MODULE)
    set(module MODULE)
  endif()
  mf_verilate(${target} PREFIX ${prefix} TOP a2a_axis_xchg TRACE UNITY 1 ${module}
              MANIFEST ${manifest} SOURCES ${MF_A2A_AXIS_RTL}/a2a_axis_xchg.v ARGS ${args})
endfunction()
