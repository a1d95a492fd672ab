# mf_add_sweep(NAME <name> SPECS <spec>... [OPT <-O level>] [UNITY <k>]
#              [ARGS <harness args>...] [TIMEOUT <s>] [LABELS <labels>] [NOTEST])
# Generates (at configure time, into the build dir) a sweep top with tb/common/gen_sweep.py.
# At BUILD time (so models are verilated in parallel with other compiles, and configuring
# takes seconds) it verilates the top into ONE model (prefix Vsweep, -Wall --assert, FST
# tracing compiled in), groups the generated C++ into <k> unity translation units
# (tb/common/vl_unity.py; default 4), and links them with tb/common/harness.cpp, the
# golden model and the shared Verilator runtime (mf_vl_runtime, compiled once for all
# sweeps).  Registers the CTest test tb_<name> (the harness exits non-zero on the first
# mismatch) unless NOTEST (then the executable is built only on request).
set(MF_TB_COMMON ${CMAKE_CURRENT_LIST_DIR})
set(MF_RTL_DIR ${PROJECT_SOURCE_DIR}/rtl)
file(GLOB MF_RTL_SOURCES ${MF_RTL_DIR}/common/*.v ${MF_RTL_DIR}/gsen/*.v
     ${MF_RTL_DIR}/banyan/*.v ${MF_RTL_DIR}/engine/*.v)
# Verilator flags of every harness model.  -Wno-VARHIDDEN: Verilator 5.006 reports the
# functions of mf_functions.vh as hidden once it inlines gsen_route into
# gsen_sched_stage/_player (an inlining artefact; each RTL file lints clean alone).
set(MF_VERILATOR_FLAGS -Wall -Wno-VARHIDDEN --assert -I${MF_RTL_DIR}/common)
find_package(Python3 REQUIRED COMPONENTS Interpreter)

# The Verilator runtime (with FST tracing) shared by every sweep model.
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
file(GLOB MF_RTL_HEADERS ${MF_RTL_DIR}/common/*.vh)

function(mf_add_sweep)
  cmake_parse_arguments(S "NOTEST" "NAME;OPT;TIMEOUT;UNITY" "SPECS;ARGS;LABELS" ${ARGN})
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/gen/${S_NAME})
  file(MAKE_DIRECTORY ${gen})
  execute_process(
    COMMAND ${Python3_EXECUTABLE} ${MF_TB_COMMON}/gen_sweep.py --name ${S_NAME} --out ${gen}
            ${S_SPECS}
    RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "gen_sweep.py failed for ${S_NAME}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MF_TB_COMMON}/gen_sweep.py)
  if(NOT S_OPT)
    # -O0: the generated sweep code compiles ~7x faster than at -O1 (measured: 9 s vs 64 s
    # for one 2.8 MB file) and the lockstep runs are short, so build time dominates.
    set(S_OPT -O0)
  endif()
  if(NOT S_UNITY)
    set(S_UNITY 4)
  endif()
  set(exe tb_${S_NAME})
  set(mdir ${CMAKE_CURRENT_BINARY_DIR}/${exe}.vl)
  set(unity_files "")
  foreach(k RANGE 1 ${S_UNITY})
    list(APPEND unity_files ${mdir}/Vsweep__unity_${k}.cpp)
  endforeach()
  add_custom_command(
    OUTPUT ${mdir}/Vsweep.h ${unity_files}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${mdir}
    COMMAND ${VERILATOR_BIN} --cc --prefix Vsweep --Mdir ${mdir} --top-module ${S_NAME}
            --trace-fst ${MF_VERILATOR_FLAGS} --x-assign fast --x-initial fast
            # ports of the sweep top only: much smaller trace code
            --trace-depth 1
            ${MF_RTL_SOURCES} ${gen}/${S_NAME}.v
    COMMAND ${Python3_EXECUTABLE} ${MF_TB_COMMON}/vl_unity.py ${mdir} Vsweep ${S_UNITY}
    DEPENDS ${MF_RTL_SOURCES} ${MF_RTL_HEADERS} ${gen}/${S_NAME}.v ${VERILATOR_BIN}
            ${MF_TB_COMMON}/vl_unity.py
    COMMENT "Verilating sweep model ${S_NAME}"
    VERBATIM)
  set_source_files_properties(${unity_files} PROPERTIES GENERATED TRUE COMPILE_OPTIONS
                              "${S_OPT};-w")
  if(S_NOTEST)
    add_executable(${exe} EXCLUDE_FROM_ALL ${MF_TB_COMMON}/harness.cpp ${unity_files}
                          ${mdir}/Vsweep.h)
  else()
    add_executable(${exe} ${MF_TB_COMMON}/harness.cpp ${unity_files} ${mdir}/Vsweep.h)
  endif()
  target_include_directories(${exe} PRIVATE ${gen} ${MF_TB_COMMON} ${mdir})
  target_compile_definitions(${exe} PRIVATE SWEEP_VARIANTS_H="${S_NAME}_variants.h")
  target_link_libraries(${exe} PRIVATE minforge_model mf_vl_runtime)
  if(S_NOTEST)
    return()
  endif()
  if(NOT S_TIMEOUT)
    set(S_TIMEOUT 600)
  endif()
  set(wdir ${CMAKE_BINARY_DIR}/tb-waves)
  file(MAKE_DIRECTORY ${wdir})
  add_test(NAME tb_${S_NAME} COMMAND ${exe} --quiet --wave-dir ${wdir} ${S_ARGS})
  set_tests_properties(tb_${S_NAME} PROPERTIES TIMEOUT ${S_TIMEOUT} LABELS "rtl;${S_LABELS}")
endfunction()

# Self-test of the lockstep check: a corrupted expectation must stop the run with the
# MISMATCH line and a kept waveform.
function(mf_add_sweep_selftest name)
  add_test(NAME tb_${name}_selftest
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:tb_${name}>
                   -DWDIR=${CMAKE_BINARY_DIR}/tb-waves/selftest
                   -P ${MF_TB_COMMON}/selftest.cmake)
  set_tests_properties(tb_${name}_selftest PROPERTIES TIMEOUT 300 LABELS rtl)
endfunction()
