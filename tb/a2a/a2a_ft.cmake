# The Verilator recipe of the fault-tolerant banyan exchange engine
# (rtl/engine/banyan_ft_engine.v, paper 000), shared by its regression
# (tb/a2a/CMakeLists.txt, tb_banyan_ft) and `minforge sim banyan --fault I,L,dead`
# (tb/core/ondemand.cpp, family a2a: tb/a2a/a2a.cmake includes this file).
#
# mf_a2a_ft_model(<target> N <n> PIPELINE <0|1> [DW <dw>] [B <b>] [RELAY_DEPTH <d>]
#                 [SRC_LAT <1|2>] [MODULE] [PREFIX_VAR <var>])
# banyan_ft_engine with -GN -GPIPELINE -GDW (default 16) -GB (default 1) -GRELAY_DEPTH
# (default 2), -GSRC_LAT (source read latency, default 1) and -GPLAN_DEPTH = 3N + 8 (the RTL's
# default), prefix Vbanyan_ft_n<n>_p<p>_dw<dw>_b<b>_r<d> (SRC_LAT 2: suffix _l2; set in <var>
# with PREFIX_VAR), built by mf_param_model (tb/core/verilate.cmake: -O0, one unity translation
# unit, FST tracing of the top's ports, the manifest {"module","N","DW","B","PIPELINE",
# "PLAN_DEPTH","RELAY_DEPTH","SRC_LAT"} read by the harness tb/a2a/a2a_ft_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_A2A_FT_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/engine ABSOLUTE)
mf_core_dirs(MF_A2A_FT_RTL_DIRS engines)

function(mf_a2a_ft_model target)
  cmake_parse_arguments(F "MODULE" "N;PIPELINE;DW;B;RELAY_DEPTH;SRC_LAT;PREFIX_VAR" "" ${ARGN})
  if(NOT F_N MATCHES "^[0-9]+$" OR NOT F_PIPELINE MATCHES "^[01]$")
    message(FATAL_ERROR "mf_a2a_ft_model: N <n> and PIPELINE <0|1> are required")
  endif()
  mf_arg_defaults(F DW 16 B 1 RELAY_DEPTH 2 SRC_LAT 1)
  math(EXPR depth "3 * ${F_N} + 8")
  set(prefix Vbanyan_ft_n${F_N}_p${F_PIPELINE}_dw${F_DW}_b${F_B}_r${F_RELAY_DEPTH})
  if(NOT F_SRC_LAT EQUAL 1)
    string(APPEND prefix _l${F_SRC_LAT})
  endif()
  if(F_PREFIX_VAR)
    set(${F_PREFIX_VAR} ${prefix} PARENT_SCOPE)
  endif()
  mf_param_model(${target} TOP banyan_ft_engine SOURCE ${MF_A2A_FT_RTL}/banyan_ft_engine.v
                 PREFIX ${prefix} DIRS ${MF_A2A_FT_RTL_DIRS} MODULE ${F_MODULE}
                 PARAMS N=${F_N} DW=${F_DW} B=${F_B} PIPELINE=${F_PIPELINE} PLAN_DEPTH=${depth}
                        RELAY_DEPTH=${F_RELAY_DEPTH} SRC_LAT=${F_SRC_LAT})
endfunction()
