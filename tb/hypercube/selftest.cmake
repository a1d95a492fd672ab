# Runs the hypercube lockstep harness with --inject-mismatch and checks that it fails with
# the mismatch report (cycle, node, signal, expected, actual, the run's parameters and seed),
# the command that reproduces it, and keeps the FST waveform of the replay.
file(REMOVE_RECURSE ${WDIR})
file(MAKE_DIRECTORY ${WDIR})
execute_process(COMMAND ${EXE} --dim 4 --seed 5 --only valid --valid 8 --inject-mismatch 23
                        --wave-dir ${WDIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "harness passed despite the injected mismatch:\n${out}")
endif()
if(NOT out MATCHES "MISMATCH cycle 23 node 0 node_valid expected 0x[01] actual 0x[01] \\(hypercube_net D=4 STEPS=5 W=8 mode=random-schedules --seed 5\\)")
  message(FATAL_ERROR "no mismatch report in:\n${out}\n${err}")
endif()
if(NOT out MATCHES "reproduce: tb_hypercube --dim 4 --seed 5 --only valid")
  message(FATAL_ERROR "no reproduce line with the seed in:\n${out}")
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
