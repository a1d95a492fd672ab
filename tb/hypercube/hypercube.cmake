# The hypercube family's Verilator recipe (paper 004: the packet-switched d-cube
# rtl/hypercube/hypercube_net.v), shared by the regression (tb/hypercube/CMakeLists.txt) and
# `minforge hypercube sim` (tb/core/ondemand.cpp).
#
# mf_hypercube_model(<target> D <d> [STEPS <s>] [W <w>] [MODULE] [PREFIX_VAR <var>])
# hypercube_net with -GD=<d> -GSTEPS=<s> -GW=<w> (defaults: STEPS = the RTL's default, 2d - 3
# for d >= 3 and d below, the bound of Corollary 3.5; W = 8 data bits per packet), prefix
# Vhypercube_d<d> (Vhypercube_d<d>_s<s>_w<w> when STEPS or W is given; set in <var> with
# PREFIX_VAR), built by
# mf_param_model (tb/core/verilate.cmake: -O0, one unity translation unit, the models are
# small; FST tracing compiled in for the top's ports, --trace-depth 1: they include every
# node's packet register; the manifest {"module","D","STEPS","W"} read by the harness
# tb/hypercube/hypercube_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_HYPERCUBE_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/hypercube ABSOLUTE)
# The RTL folders: the hypercube core's and its dependencies', from the FuseSoC cores.
mf_core_dirs(MF_HYPERCUBE_RTL_DIRS hypercube)

function(mf_hypercube_model target)
  cmake_parse_arguments(H "MODULE" "D;STEPS;W;PREFIX_VAR" "" ${ARGN})
  if(NOT H_D MATCHES "^[0-9]+$")
    message(FATAL_ERROR "mf_hypercube_model: D <d> is required")
  endif()
  # the RTL's default STEPS: 2d - 3 for d >= 3, d below (Corollary 3.5)
  set(steps ${H_D})
  if(H_D GREATER_EQUAL 3)
    math(EXPR steps "2 * ${H_D} - 3")
  endif()
  set(prefix Vhypercube_d${H_D})
  if(H_STEPS OR H_W)
    mf_arg_defaults(H STEPS ${steps} W 8)
    set(prefix ${prefix}_s${H_STEPS}_w${H_W})
  endif()
  mf_arg_defaults(H STEPS ${steps} W 8)
  if(H_PREFIX_VAR)
    set(${H_PREFIX_VAR} ${prefix} PARENT_SCOPE)
  endif()
  mf_param_model(${target} TOP hypercube_net SOURCE ${MF_HYPERCUBE_RTL}/hypercube_net.v
                 PREFIX ${prefix} DIRS ${MF_HYPERCUBE_RTL_DIRS} MODULE ${H_MODULE}
                 PARAMS D=${H_D} STEPS=${H_STEPS} W=${H_W})
endfunction()
