# mf_verilate(<target> PREFIX <Vname> TOP <module> SOURCES <file>...
#             [ARGS <verilator args>...] [DEPENDS <file>...] [OPT <-O level>] [UNITY <k>]
#             [TRACE])
# Adds a Verilated model to an existing executable or library target, like Verilator's own
# verilate() CMake function but built for a regression of many large models on few cores
# (docs/verification.md, "How the Verilated models are built"):
#  * Verilator runs at BUILD time, as a custom command depending on the sources and on
#    every .v/.vh in the directories it searches: configuring takes seconds, and the Verilator runs overlap
#    with the compilation of other models.  verilate() runs Verilator serially inside
#    `cmake` configure.
#  * The generated C++ is grouped into <k> unity translation units (tb/common/vl_unity.py,
#    default 4): the model's multi-MB header is parsed k times instead of once per
#    generated file (hundreds for a large model), and ninja still has k jobs per model.
#  * Generated code at <OPT> (default -O0: the lockstep runs are short, build time
#    dominates; -O1 compiles ~7x slower).
#  * One Verilator runtime (mf_vl_runtime, with the FST writer) for every model.
# TRACE compiles FST tracing into the model (--trace-fst).  The model's header directory is
# added to the target's include path (PUBLIC for libraries, so users of the library can
# include V<name>.h).
set(MF_TB_COMMON ${CMAKE_CURRENT_LIST_DIR})
find_package(Python3 REQUIRED COMPONENTS Interpreter)

if(NOT TARGET mf_vl_runtime)
  find_package(Threads REQUIRED)
  add_library(mf_vl_runtime STATIC ${VERILATOR_ROOT}/include/verilated.cpp
                                   ${VERILATOR_ROOT}/include/verilated_fst_c.cpp
                                   ${VERILATOR_ROOT}/include/verilated_threads.cpp)
  target_include_directories(mf_vl_runtime SYSTEM PUBLIC ${VERILATOR_ROOT}/include
                                                         ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(mf_vl_runtime PUBLIC VM_COVERAGE=0 VM_SC=0 VM_TRACE=1
                                                  VM_TRACE_VCD=0 VM_TRACE_FST=1)
  target_compile_options(mf_vl_runtime PRIVATE -w)
  target_link_libraries(mf_vl_runtime PUBLIC Threads::Threads z)
endif()

function(mf_verilate target)
  cmake_parse_arguments(V "TRACE" "PREFIX;TOP;OPT;UNITY" "SOURCES;ARGS;DEPENDS" ${ARGN})
  if(NOT V_OPT)
    set(V_OPT -O0)
  endif()
  if(NOT V_UNITY)
    set(V_UNITY 4)
  endif()
  set(trace "")
  if(V_TRACE)
    set(trace --trace-fst)
  endif()
  # Rebuild when a source changes or any .v/.vh in a directory Verilator searches (the
  # sources' own directories and every -I<dir>), not when unrelated RTL changes.
  set(dirs "")
  foreach(f ${V_SOURCES})
    get_filename_component(d ${f} DIRECTORY)
    list(APPEND dirs ${d})
  endforeach()
  foreach(a ${V_ARGS})
    if(a MATCHES "^-I(.+)$")
      list(APPEND dirs ${CMAKE_MATCH_1})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES dirs)
  set(rtl_deps "")
  foreach(d ${dirs})
    file(GLOB found CONFIGURE_DEPENDS ${d}/*.v ${d}/*.vh)
    list(APPEND rtl_deps ${found})
  endforeach()
  set(mdir ${CMAKE_CURRENT_BINARY_DIR}/${target}.${V_PREFIX}.vl)
  set(unity_files "")
  foreach(k RANGE 1 ${V_UNITY})
    list(APPEND unity_files ${mdir}/${V_PREFIX}__unity_${k}.cpp)
  endforeach()
  add_custom_command(
    OUTPUT ${mdir}/${V_PREFIX}.h ${unity_files}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${mdir}
    COMMAND ${VERILATOR_BIN} --cc --prefix ${V_PREFIX} --Mdir ${mdir} --top-module ${V_TOP}
            ${trace} ${V_ARGS} ${V_SOURCES}
    COMMAND ${Python3_EXECUTABLE} ${MF_TB_COMMON}/vl_unity.py ${mdir} ${V_PREFIX} ${V_UNITY}
    DEPENDS ${V_SOURCES} ${V_DEPENDS} ${rtl_deps} ${VERILATOR_BIN} ${MF_TB_COMMON}/vl_unity.py
    COMMENT "Verilating ${V_TOP} (${V_PREFIX})"
    VERBATIM)
  set_source_files_properties(${unity_files} PROPERTIES GENERATED TRUE COMPILE_OPTIONS
                              "${V_OPT};-w")
  target_sources(${target} PRIVATE ${unity_files} ${mdir}/${V_PREFIX}.h)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    target_include_directories(${target} PRIVATE ${mdir})
  else()
    target_include_directories(${target} PUBLIC ${mdir})
  endif()
  target_link_libraries(${target} PUBLIC mf_vl_runtime)
endfunction()
