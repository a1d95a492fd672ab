# The Verilator recipe of the AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v), shared by
# its regression (tb/a2a/a2a_axis_regression.cmake, tb_a2a_axis) and `minforge sim axis`
# (tb/core/ondemand.cpp, family a2a: tb/a2a/a2a.cmake includes this file).
#
# mf_a2a_axis_model(<target> ENGINE <gsen|banyan|banyan_ft> N <n> DW <dw> B <b> [SCHED <alt|stage>]
#                   PIPELINE <0|1> [USE_TAGS <0|1>] [SRC_LAT <1|2>] [MODULE] [PREFIX_VAR <var>])
# a2a_axis_xchg with -GENGINE (the code of MF_DESIGN_<ENGINE>), -GN, -GDW, -GB, -GSCHED (the
# code of MF_SCHED_<SCHED>, default stage), -GPIPELINE, -GUSE_TAGS (default 0), -GSRC_LAT
# (default 1); prefix Va2a_axis_<engine>_n<n>_dw<dw>_b<b>_<sched>_p<p>_t<t>_l<l> (the sched
# part only for gsen; set in <var> with PREFIX_VAR), built by mf_param_model
# (tb/core/verilate.cmake: -O0, one unity translation unit, FST tracing of the top's ports,
# the manifest {"module","ENGINE","N","DW","B","SCHED","PIPELINE","USE_TAGS","SRC_LAT"} with
# ENGINE and SCHED by name, read by the harness tb/a2a/a2a_axis_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_A2A_AXIS_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/engine ABSOLUTE)
mf_core_dirs(MF_A2A_AXIS_RTL_DIRS axis)

function(mf_a2a_axis_model target)
  cmake_parse_arguments(X "MODULE" "ENGINE;N;DW;B;SCHED;PIPELINE;USE_TAGS;SRC_LAT;PREFIX_VAR" ""
                        ${ARGN})
  if(NOT X_ENGINE MATCHES "^(gsen|banyan|banyan_ft)$" OR NOT X_N MATCHES "^[0-9]+$"
     OR NOT X_DW MATCHES "^[0-9]+$" OR NOT X_B MATCHES "^[0-9]+$"
     OR NOT X_PIPELINE MATCHES "^[01]$")
    message(FATAL_ERROR
            "mf_a2a_axis_model: ENGINE <gsen|banyan|banyan_ft> N <n> DW <dw> B <b> PIPELINE <0|1> required")
  endif()
  mf_arg_defaults(X SCHED stage USE_TAGS 0 SRC_LAT 1)
  set(prefix Va2a_axis_${X_ENGINE}_n${X_N}_dw${X_DW}_b${X_B})
  if(X_ENGINE STREQUAL "gsen")
    string(APPEND prefix _${X_SCHED})
  endif()
  string(APPEND prefix _p${X_PIPELINE}_t${X_USE_TAGS}_l${X_SRC_LAT})
  if(X_PREFIX_VAR)
    set(${X_PREFIX_VAR} ${prefix} PARENT_SCOPE)
  endif()
  mf_param_model(${target} TOP a2a_axis_xchg SOURCE ${MF_A2A_AXIS_RTL}/a2a_axis_xchg.v
                 PREFIX ${prefix} DIRS ${MF_A2A_AXIS_RTL_DIRS} ARGS -Wno-VARHIDDEN
                 MODULE ${X_MODULE}
                 PARAMS ENGINE=DESIGN:${X_ENGINE} N=${X_N} DW=${X_DW} B=${X_B}
                        SCHED=SCHED:${X_SCHED} PIPELINE=${X_PIPELINE} USE_TAGS=${X_USE_TAGS}
                        SRC_LAT=${X_SRC_LAT})
endfunction()
