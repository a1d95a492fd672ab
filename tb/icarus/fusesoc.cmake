# CTest rtl.fusesoc (included by tb/board/CMakeLists.txt): the FuseSoC cores
# (minforge_*.core at the repository root, synth/ooc/minforge_ooc.core) through the real
# `fusesoc` command (scripts/fusesoc_targets.py).  Every lint target (Verilator -Wall) and
# sim target (the Icarus testbenches of this folder and tb/board) of every core runs, with
# its defaults and a few other parameter sets; the board build targets are set up (no
# place-and-route).  It fails on any tool error, any FuseSoC warning or error, any
# deprecation warning (e.g. the tool API's default_tool / tools keys), or a testbench
# without its PASS line.  FuseSoC's build
# root is always inside this build tree (its default, ./build, is the project's CMake build
# directory).  The fusesoc command comes from PyPI (make deps); without it the test fails
# and says so.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_program(MF_FUSESOC fusesoc)
set(mf_fusesoc_args "")
if(MF_FUSESOC)
  set(mf_fusesoc_args --fusesoc ${MF_FUSESOC})
endif()
add_test(NAME rtl.fusesoc
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/fusesoc_targets.py
                 --build-root ${CMAKE_BINARY_DIR}/fusesoc ${mf_fusesoc_args}
                 --cli $<TARGET_FILE:minforge>
         WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(rtl.fusesoc PROPERTIES TIMEOUT 900 COST 60 LABELS "rtl")
