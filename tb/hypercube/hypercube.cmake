# The hypercube family's Verilator recipe (paper 004: the packet-switched d-cube
# rtl/hypercube/hypercube_net.v), shared by the regression (tb/hypercube/CMakeLists.txt) and
# `minforge hypercube sim` (tb/core/ondemand.cpp).
#
# mf_hypercube_model(<target> D <d> [STEPS <s>] [W <w>] [MODULE])
# hypercube_net with -GD=<d> -GSTEPS=<s> -GW=<w> (defaults: STEPS = the RTL's default, 2d - 3
# for d >= 3 and d below, the bound of Corollary 3.5; W = 8 data bits per packet), prefix
# Vhypercube_d<d> (Vhypercube_d<d>_s<s>_w<w> when STEPS or W is given), -O0, one unity
# translation unit (the models are small: the header is parsed once), FST tracing compiled
# in for the top's ports (--trace-depth 1: they include every node's packet register).
# The parameters are embedded as the model's manifest {"module","D","STEPS","W"}, read by the
# harness (tb/hypercube/hypercube_rtl.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../core/verilate.cmake)
get_filename_component(MF_HYPERCUBE_RTL ${CMAKE_CURRENT_LIST_DIR}/../../rtl/hypercube ABSOLUTE)
# The RTL folders: the hypercube core's and its dependencies', from the FuseSoC cores.
mf_core_dirs(MF_HYPERCUBE_RTL_DIRS hypercube)

function(mf_hypercube_model target)
  cmake_parse_arguments(H "MODULE" "D;STEPS;W" "" ${ARGN})
  if(NOT H_D MATCHES "^[0-9]+$")
    message(FATAL_ERROR "mf_hypercube_model: D <d> is required")
  endif()
  set(prefix Vhypercube_d${H_D})
  if(H_STEPS OR H_W)
    if(NOT H_STEPS)
      if(H_D GREATER_EQUAL 3)
        math(EXPR H_STEPS "2 * ${H_D} - 3")
      else()
        set(H_STEPS ${H_D})
      endif()
    endif()
    if(NOT H_W)
      set(H_W 8)
    endif()
    set(prefix ${prefix}_s${H_STEPS}_w${H_W})
  else()
    if(H_D GREATER_EQUAL 3)
      math(EXPR H_STEPS "2 * ${H_D} - 3")
    else()
      set(H_STEPS ${H_D})
    endif()
    set(H_W 8)
  endif()
  set(manifest ${CMAKE_CURRENT_BINARY_DIR}/hypercube/${prefix}.json)
  file(CONFIGURE OUTPUT ${manifest}
       CONTENT "{\"module\": \"hypercube_net\", \"D\": ${H_D}, \"STEPS\": ${H_STEPS}, \"W\": ${H_W}}\n")
  set(args -Wall --assert --x-assign fast --x-initial fast --trace-depth 1 -GD=${H_D}
           -GSTEPS=${H_STEPS} -GW=${H_W})
  foreach(d ${MF_HYPERCUBE_RTL_DIRS})
    list(APPEND args -I${d})
  endforeach()
  set(module "")
  if(H_MODULE)
    set(module MODULE)
  endif()
  mf_verilate(${target} PREFIX ${prefix} TOP hypercube_net TRACE UNITY 1 ${module}
              MANIFEST ${manifest} SOURCES ${MF_HYPERCUBE_RTL}/hypercube_net.v ARGS ${args})
endfunction()
