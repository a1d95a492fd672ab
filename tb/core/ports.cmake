# The port structs of the harness libraries (docs/architecture.md, "The harness core"):
# generated at build time from the RTL module's own port list by tb/core/vl_ports.py, so
# that a harness names a port as a struct member, never as a string, and a port the RTL does
# not have (a typo, or a port renamed in the RTL) stops the build with "no member named ...".
#
# mf_port_structs(<target> HEADER <file name> SOURCE <verilog file> MODULE <module>
#                 STRUCTS <Name>[:<prefix>]... [SAME <file>:<module>...] [DEPENDS <file>...]
#                 [NO_WIDTHS])
# Writes <binary dir>/<target>.ports/ports/<file name> (#include "ports/<file name>") with
# struct <Name> (namespace minforge::tb) for each of STRUCTS: every port of MODULE but clk
# as a Port member named after it, constructed from a Sim (Sim::port by name: the model's
# adapter, tb/core/vl_adapter.py, registers the same names).  <Name>:<prefix>: the ports
# named <prefix>* (the member without the prefix) and those of no group (rst), for a top
# with groups of ports (the a2a sweep tops).  SAME: modules that must have the same port
# names (the build fails otherwise).  SOURCE may be the output of another custom command.
# NO_WIDTHS: no declared widths in the comments (SOURCE is a sample top).  The header is
# regenerated when SOURCE, a SAME file, DEPENDS or vl_ports.py changes, before <target>
# compiles.
include_guard(GLOBAL)
find_package(Python3 REQUIRED COMPONENTS Interpreter)

function(mf_port_structs target)
  cmake_parse_arguments(S "NO_WIDTHS" "HEADER;SOURCE;MODULE" "STRUCTS;SAME;DEPENDS" ${ARGN})
  if(NOT S_HEADER OR NOT S_SOURCE OR NOT S_MODULE OR NOT S_STRUCTS)
    message(FATAL_ERROR "mf_port_structs: HEADER, SOURCE, MODULE and STRUCTS are required")
  endif()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}.ports)
  set(out ${dir}/ports/${S_HEADER})
  set(args --out ${out} --source ${S_SOURCE} --module ${S_MODULE})
  foreach(s ${S_STRUCTS})
    list(APPEND args --struct ${s})
  endforeach()
  set(deps ${S_SOURCE} ${S_DEPENDS})
  foreach(s ${S_SAME})
    list(APPEND args --same ${s})
    string(REGEX REPLACE ":[^:]*$" "" f ${s})
    list(APPEND deps ${f})
  endforeach()
  if(S_NO_WIDTHS)
    list(APPEND args --no-widths)
  endif()
  set(gen ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/vl_ports.py)
  add_custom_command(OUTPUT ${out}
                     COMMAND ${Python3_EXECUTABLE} ${gen} ${args}
                     DEPENDS ${deps} ${gen}
                     COMMENT "Port structs of ${S_MODULE} (ports/${S_HEADER})"
                     VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${dir})
endfunction()
