# mf_add_sweep(NAME <name> SPECS <spec>... [OPT <-O level>] [UNITY <k>]
#              [ARGS <harness args>...] [TIMEOUT <s>] [LABELS <labels>] [NOTEST])
# Generates (at configure time, into the build dir) a sweep top with tb/common/gen_sweep.py,
# verilates it into ONE model (prefix Vsweep, -Wall --assert, FST tracing compiled in) with
# mf_verilate() (tb/common/verilate.cmake: Verilator at build time, unity translation
# units, shared runtime), links it with tb/common/harness.cpp and the golden model, and
# registers the CTest test tb_<name> (the harness exits non-zero on the first mismatch)
# unless NOTEST (then the executable is built only on request).
include(${CMAKE_CURRENT_LIST_DIR}/verilate.cmake)  # MF_TB_COMMON, Python3, mf_verilate()
set(MF_RTL_DIR ${PROJECT_SOURCE_DIR}/rtl)
file(GLOB MF_RTL_SOURCES ${MF_RTL_DIR}/common/*.v ${MF_RTL_DIR}/gsen/*.v
     ${MF_RTL_DIR}/banyan/*.v ${MF_RTL_DIR}/engine/*.v)
# Verilator flags of every harness model.  -Wno-VARHIDDEN: Verilator 5.006 reports the
# functions of mf_functions.vh as hidden once it inlines gsen_route into
# gsen_sched_stage/_player (an inlining artefact; each RTL file lints clean alone).
set(MF_VERILATOR_FLAGS -Wall -Wno-VARHIDDEN --assert -I${MF_RTL_DIR}/common)

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
  set(exe tb_${S_NAME})
  if(S_NOTEST)
    add_executable(${exe} EXCLUDE_FROM_ALL ${MF_TB_COMMON}/harness.cpp)
  else()
    add_executable(${exe} ${MF_TB_COMMON}/harness.cpp)
  endif()
  # OPT / UNITY: mf_verilate's defaults (-O0, 4 units) unless given
  mf_verilate(${exe} PREFIX Vsweep TOP ${S_NAME} TRACE OPT ${S_OPT} UNITY ${S_UNITY}
              SOURCES ${MF_RTL_SOURCES} ${gen}/${S_NAME}.v
              # --trace-depth 1: ports of the sweep top only (much smaller trace code)
              ARGS ${MF_VERILATOR_FLAGS} --x-assign fast --x-initial fast --trace-depth 1)
  target_include_directories(${exe} PRIVATE ${gen} ${MF_TB_COMMON})
  target_compile_definitions(${exe} PRIVATE SWEEP_VARIANTS_H="${S_NAME}_variants.h")
  target_link_libraries(${exe} PRIVATE minforge_model)
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
