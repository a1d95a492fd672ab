#!/bin/sh
# Compiler launcher of the Verilated model objects (tb/core/verilate.cmake,
# MINFORGE_VERILATED_CXX): CMake runs `sh vl_cxx.sh <model compiler> <project compiler> <args>`;
# this runs the model compiler with the same arguments.
cxx=$1
shift 2
exec "$cxx" "$@"
