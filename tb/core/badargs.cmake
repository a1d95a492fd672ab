# Bad input of a regression main (script mode, written per test by mf_add_bad_args_test in
# tb/core/CMakeLists.txt): EXE run with ARGS must exit 2 with nothing on stdout and exactly
# one line on stderr (tb/core/options.hpp: usage_error), before doing any work.
execute_process(COMMAND ${EXE} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "exit ${rc}, not 2, for: ${ARGS}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "output on stdout for bad input ${ARGS}:\n${out}")
endif()
string(REGEX MATCHALL "\n" nl "${err}")
list(LENGTH nl lines)
if(NOT lines EQUAL 1)
  message(FATAL_ERROR "${lines} lines on stderr, not one, for ${ARGS}:\n${err}")
endif()
message(STATUS "exit 2: ${err}")
