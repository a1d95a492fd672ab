# Runs a sweep harness with --inject-mismatch and checks that it fails with the mismatch
# report (cycle, port, signal, expected, actual, variant, seed), the command that reproduces
# it (with the base seed), and keeps the FST waveform.
file(REMOVE_RECURSE ${WDIR})
file(MAKE_DIRECTORY ${WDIR})
execute_process(COMMAND ${EXE} --seed 5 --fabric-variant 3 --only fabric --inject-mismatch 17
                        --wave-dir ${WDIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "harness passed despite the injected mismatch:\n${out}")
endif()
if(NOT out MATCHES "MISMATCH cycle 17 port [0-9]+ out_[a-z]+ expected 0x[0-9a-f]+ actual 0x[0-9a-f]+ \\(variant .*fabric variant 3\\] mode=random seed=[0-9]+\\)")
  message(FATAL_ERROR "no mismatch report in:\n${out}")
endif()
if(NOT out MATCHES "reproduce: [a-z0-9_]+ --seed 5 --fabric-variant 3 --only fabric")
  message(FATAL_ERROR "no reproduce line with the base seed in:\n${out}")
endif()
if(NOT out MATCHES "waveform: ([^\n]*\\.fst)")
  message(FATAL_ERROR "no waveform path in:\n${out}")
endif()
set(wave ${CMAKE_MATCH_1})
if(NOT EXISTS ${wave})
  message(FATAL_ERROR "waveform ${wave} was not kept")
endif()
file(SIZE ${wave} sz)
message(STATUS "mismatch reported, waveform ${wave} (${sz} bytes)")
