# Self-test of a lockstep harness (script mode, written per test by mf_add_lockstep_selftest
# in tb/core/CMakeLists.txt): runs EXE with ARGS, which inject a wrong expectation
# (--inject-mismatch), and checks that the run fails with the core's MISMATCH line (regex
# MISMATCH), the line that reproduces it (regex REPRODUCE), and a kept, non-empty FST
# waveform in WDIR (tb/core/check.hpp, run.hpp).
file(REMOVE_RECURSE ${WDIR})
file(MAKE_DIRECTORY ${WDIR})
execute_process(COMMAND ${EXE} ${ARGS} --wave-dir ${WDIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "harness passed despite the injected mismatch:\n${out}")
endif()
if(NOT out MATCHES "${MISMATCH}")
  message(FATAL_ERROR "no mismatch report matching '${MISMATCH}' in:\n${out}\n${err}")
endif()
if(NOT out MATCHES "${REPRODUCE}")
  message(FATAL_ERROR "no reproduce line matching '${REPRODUCE}' in:\n${out}")
endif()
if(NOT out MATCHES "waveform: ([^\n]*\\.fst)")
  message(FATAL_ERROR "no waveform path in:\n${out}")
endif()
set(wave ${CMAKE_MATCH_1})
if(NOT EXISTS ${wave})
  message(FATAL_ERROR "waveform ${wave} was not kept")
endif()
file(SIZE ${wave} sz)
if(sz EQUAL 0)
  message(FATAL_ERROR "waveform ${wave} is empty")
endif()
message(STATUS "mismatch reported, waveform ${wave} (${sz} bytes)")
