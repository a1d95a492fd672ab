# The one Verilator recipe of minforge (docs/verification.md, "How the Verilated models are
# built").  Used by the regression (tb/*/CMakeLists.txt) and by the models `minforge sim`
# and `minforge rn1 net --rtl` build on demand (tb/core/ondemand.cpp writes a small CMake
# project that includes this file and calls the same family function), so that what the
# CLI runs is built exactly as the regression builds it.
#
# mf_verilate(<target> PREFIX <Vname> TOP <module> SOURCES <file>...
#             [ARGS <verilator args>...] [DEPENDS <file>...] [OPT <-O level>] [UNITY <k>]
#             [MANIFEST <json file>] [TRACE] [MODULE] [PROJECT_CXX])
# Adds a Verilated model and its Dut adapter to an existing executable or library target:
#  * Verilator runs at BUILD time, as a custom command depending on the sources and on
#    every .v/.vh in the directories it searches: configuring takes seconds, and the
#    Verilator runs overlap with the compilation of other models.
#  * The generated C++ is grouped into <k> unity translation units (tb/core/vl_unity.py,
#    default 1): the model's multi-MB header is parsed k times instead of once per
#    generated file.  One unit is the least CPU (tb_banyan_fab_large: 3.7 s of compile in
#    one unit, 6.2 s in four) and the regression has dozens of models for ninja's jobs; k > 1
#    gives one model's compile k jobs.  Generated code at <OPT> (default -O0: the lockstep
#    runs are short, build time dominates).
#  * tb/core/vl_adapter.py writes the adapter (<Vname>__adapter.cpp): every port registered
#    by name and width, the entry point minforge::tb::models::<Vname>() with the optional
#    MANIFEST embedded, and with MODULE the extern "C" mf_tb_model() of a shared library.
#  * One Verilator runtime, the shared library mf_vl_runtime (with the FST writer), for
#    every model of a process: the regression's, the CLI's and the on-demand ones.
# TRACE compiles FST tracing into the model (--trace-fst).  PROJECT_CXX compiles the
# generated code with the project's compiler instead of MINFORGE_VERILATED_CXX (the speed
# models: what `verilator --build` uses by default, the system's c++).
set(MF_TB_DIR ${CMAKE_CURRENT_LIST_DIR}/..)
get_filename_component(MF_TB_DIR ${MF_TB_DIR} ABSOLUTE)
set(MF_TB_CORE ${MF_TB_DIR}/core)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
if(NOT verilator_FOUND)
  find_package(verilator REQUIRED HINTS $ENV{VERILATOR_ROOT} /usr/share/verilator)
endif()

# The runtime: built here, or (on-demand builds) the one the CLI was linked with, given as
# MF_VL_RUNTIME_LIB, so that a process holds exactly one copy of Verilator's runtime.
if(NOT TARGET mf_vl_runtime)
  if(MF_VL_RUNTIME_LIB)
    add_library(mf_vl_runtime SHARED IMPORTED)
    set_target_properties(mf_vl_runtime PROPERTIES IMPORTED_LOCATION ${MF_VL_RUNTIME_LIB})
  else()
    find_package(Threads REQUIRED)
    add_library(mf_vl_runtime SHARED ${VERILATOR_ROOT}/include/verilated.cpp
                                     ${VERILATOR_ROOT}/include/verilated_fst_c.cpp
                                     ${VERILATOR_ROOT}/include/verilated_threads.cpp)
    target_compile_options(mf_vl_runtime PRIVATE -w)
    target_link_libraries(mf_vl_runtime PUBLIC Threads::Threads z)
  endif()
  target_include_directories(mf_vl_runtime SYSTEM INTERFACE ${VERILATOR_ROOT}/include
                                                            ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(mf_vl_runtime INTERFACE VM_COVERAGE=0 VM_SC=0 VM_TRACE=1
                                                     VM_TRACE_VCD=0 VM_TRACE_FST=1)
  if(NOT MF_VL_RUNTIME_LIB)
    get_target_property(defs mf_vl_runtime INTERFACE_COMPILE_DEFINITIONS)
    target_compile_definitions(mf_vl_runtime PRIVATE ${defs})
    target_include_directories(mf_vl_runtime PRIVATE ${VERILATOR_ROOT}/include
                                                     ${VERILATOR_ROOT}/include/vltstd)
  endif()
endif()

# The C++ compiler of the generated model code (not of the project's own code):
# MINFORGE_VERILATED_CXX, by default the newest clang++ found, which compiles Verilator's
# output about 3x faster than GCC at -O0 with a third of the memory (an N = 256 engine
# model's unity file: 10.7 s / 0.6 GB against 32 s / 1.7 GB with GCC 12), and the model runs
# about as fast (2.6 vs 2.3 s for tb_banyan_eng_large).  Set it to the project's compiler
# (e.g. -DMINFORGE_VERILATED_CXX=c++) or leave clang uninstalled to build everything with
# one compiler.  The model objects are an OBJECT library per model whose compile commands
# go through vl_cxx.sh, which swaps the compiler; both compilers share libstdc++, so the
# objects link with the rest.  (The on-demand builds are handed the same choice.)
find_program(MINFORGE_VERILATED_CXX
  NAMES clang++ clang++-20 clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14
  DOC "C++ compiler for the Verilated model code (default: clang++ when found)")
set(MF_VL_CXX_LAUNCHER "")
if(MINFORGE_VERILATED_CXX)
  get_filename_component(mf_vl_cxx_real ${MINFORGE_VERILATED_CXX} REALPATH)
  get_filename_component(mf_cxx_real ${CMAKE_CXX_COMPILER} REALPATH)
  if(NOT mf_vl_cxx_real STREQUAL mf_cxx_real)
    set(MF_VL_CXX_LAUNCHER sh ${MF_TB_CORE}/vl_cxx.sh ${MINFORGE_VERILATED_CXX})
  endif()
endif()

# mf_core_dirs(<var> <core>...): the directories Verilator searches for the RTL of these
# FuseSoC cores and their dependencies (their source and include folders), read from the
# cores themselves (scripts/mfcores.py: the one source of the RTL file lists); the cores
# become configure dependencies.
get_filename_component(MF_ROOT ${MF_TB_DIR}/.. ABSOLUTE)
function(mf_core_dirs var)
  set(dirs "")
  foreach(kind srcdirs incdirs)
    execute_process(
      COMMAND ${Python3_EXECUTABLE} ${MF_ROOT}/scripts/mfcores.py ${kind} ${ARGN} --format cmake
      OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(rc)
      message(FATAL_ERROR "scripts/mfcores.py ${kind} ${ARGN} failed")
    endif()
    list(APPEND dirs ${out})
  endforeach()
  list(REMOVE_DUPLICATES dirs)
  execute_process(COMMAND ${Python3_EXECUTABLE} ${MF_ROOT}/scripts/mfcores.py list
                  OUTPUT_VARIABLE all RESULT_VARIABLE rc)
  string(JSON n LENGTH "${all}")
  set(cores "")
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON name MEMBER "${all}" ${i})
    string(JSON file GET "${all}" ${name} core_file)
    if(NOT IS_ABSOLUTE ${file})
      set(file ${MF_ROOT}/${file})
    endif()
    list(APPEND cores ${file})
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${cores}
               ${MF_ROOT}/scripts/mfcores.py)
  set(${var} ${dirs} PARENT_SCOPE)
endfunction()

function(mf_verilate target)
  cmake_parse_arguments(V "TRACE;MODULE;PROJECT_CXX" "PREFIX;TOP;OPT;UNITY;MANIFEST"
                        "SOURCES;ARGS;DEPENDS" ${ARGN})
  if(NOT V_OPT)
    set(V_OPT -O0)
  endif()
  if(NOT V_UNITY)
    set(V_UNITY 1)
  endif()
  set(trace "")
  if(V_TRACE)
    set(trace --trace-fst)
  endif()
  # Rebuild when a source changes or any .v/.vh in a directory Verilator searches (the
  # sources' own directories and every -I<dir>/-y<dir>), not when unrelated RTL changes.
  set(dirs "")
  foreach(f ${V_SOURCES})
    get_filename_component(d ${f} DIRECTORY)
    list(APPEND dirs ${d})
  endforeach()
  foreach(a ${V_ARGS})
    if(a MATCHES "^-[Iy](.+)$")
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
  set(adapter ${mdir}/${V_PREFIX}__adapter.cpp)
  set(adapter_args --prefix ${V_PREFIX} --header ${mdir}/${V_PREFIX}.h --out ${adapter})
  if(V_MANIFEST)
    list(APPEND adapter_args --manifest ${V_MANIFEST})
  endif()
  if(V_MODULE)
    list(APPEND adapter_args --module)
  endif()
  add_custom_command(
    OUTPUT ${mdir}/${V_PREFIX}.h ${unity_files} ${adapter}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${mdir}
    COMMAND ${VERILATOR_BIN} --cc --prefix ${V_PREFIX} --Mdir ${mdir} --top-module ${V_TOP}
            ${trace} ${V_ARGS} ${V_SOURCES}
    COMMAND ${Python3_EXECUTABLE} ${MF_TB_CORE}/vl_unity.py ${mdir} ${V_PREFIX} ${V_UNITY}
    COMMAND ${Python3_EXECUTABLE} ${MF_TB_CORE}/vl_adapter.py ${adapter_args}
    DEPENDS ${V_SOURCES} ${V_DEPENDS} ${V_MANIFEST} ${rtl_deps} ${VERILATOR_BIN}
            ${MF_TB_CORE}/vl_unity.py ${MF_TB_CORE}/vl_adapter.py
    COMMENT "Verilating ${V_TOP} (${V_PREFIX})"
    VERBATIM)
  # (GCC's garbage-collector parameters were tried: a 1 GB first heap saves about 9 % of
  # the CPU on a 50 MB model but nothing on the N = 256 models, whose unity files then take
  # 3.6 GB per compile job; smaller settings save nothing.)
  set_source_files_properties(${unity_files} PROPERTIES GENERATED TRUE COMPILE_OPTIONS
                              "${V_OPT};-w")
  set_source_files_properties(${adapter} PROPERTIES GENERATED TRUE COMPILE_OPTIONS "-w")
  # The generated model code: an OBJECT library compiled by MINFORGE_VERILATED_CXX.
  set(objs ${target}__${V_PREFIX}_vl)
  add_library(${objs} OBJECT ${unity_files} ${mdir}/${V_PREFIX}.h)
  target_include_directories(${objs} PRIVATE ${mdir})
  target_link_libraries(${objs} PRIVATE mf_vl_runtime)
  # A model of a target built only on request (EXCLUDE_FROM_ALL, e.g. the -O2 speed models
  # of `make bench-rtl`) is itself built only on request: an OBJECT library is otherwise
  # part of `all` even when nothing in `all` links it (that cost about 6 minutes of CPU).
  get_target_property(excl ${target} EXCLUDE_FROM_ALL)
  if(excl)
    set_target_properties(${objs} PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
  get_target_property(type ${target} TYPE)
  if(type MATCHES "^(MODULE|SHARED)_LIBRARY$")
    set_target_properties(${objs} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endif()
  if(MF_VL_CXX_LAUNCHER AND NOT V_PROJECT_CXX)
    set_target_properties(${objs} PROPERTIES CXX_COMPILER_LAUNCHER "${MF_VL_CXX_LAUNCHER}")
  endif()
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:${objs}> ${adapter} ${mdir}/${V_PREFIX}.h)
  target_include_directories(${target} PRIVATE ${mdir} ${MF_TB_DIR})
  target_link_libraries(${target} PUBLIC mf_vl_runtime)
endfunction()

# mf_param_model(<target> TOP <module> SOURCE <file> PREFIX <Vname> DIRS <dir>...
#                PARAMS <NAME>=<value>... [ARGS <verilator arg>...] [MODULE <bool>])
# The recipe of a model that is one RTL module and its parameters, the shape every family recipe of
# one module shares (mf_a2a_axis_model, mf_a2a_ft_model in tb/a2a, mf_hypercube_model,
# mf_lcan_model, mf_rn1_model's monitor): the family function checks its arguments, fills in its
# defaults and names the model; this one verilates TOP from SOURCE into <target> with -Wall --assert
# --x-assign fast --x-initial fast, FST tracing of the top's ports (--trace-depth 1), ARGS, -I<dir>
# for each of DIRS and -G<NAME>=<value> for each of PARAMS, -O0, one unity translation unit, and
# embeds the manifest {"module": "<TOP>", "<NAME>": <value>, ...} (PARAMS in their order) that the
# family's harness reads.  A value <GROUP>:<name> is the code MF_<GROUP>_<NAME> of
# rtl/common/mf_codes.vh (scripts/mfparams.py json): -G gets its number, the manifest its name
# ("gsen").  The manifest is written at configure time to <binary dir>/models/<Vname>.json.  MODULE
# <bool>: the family's MODULE option passed on (true: built for a shared library's mf_tb_model(),
# mf_verilate MODULE).
# mf_arg_defaults(<prefix> <NAME> <value>...): in a family recipe after
# cmake_parse_arguments(<prefix> ...), <prefix>_<NAME> = <value> for each pair not given.
function(mf_arg_defaults p)
  set(pairs ${ARGN})
  while(pairs)
    list(POP_FRONT pairs name value)
    if(NOT ${p}_${name})
      set(${p}_${name} ${value} PARENT_SCOPE)
    endif()
  endwhile()
endfunction()

function(mf_param_model target)
  cmake_parse_arguments(P "" "TOP;SOURCE;PREFIX;MODULE" "DIRS;PARAMS;ARGS" ${ARGN})
  if(NOT P_TOP OR NOT P_SOURCE OR NOT P_PREFIX OR NOT P_PARAMS)
    message(FATAL_ERROR "mf_param_model: TOP, SOURCE, PREFIX and PARAMS are required")
  endif()
  set(codes "")
  set(manifest_json "{\"module\": \"${P_TOP}\"")
  set(args -Wall --assert --x-assign fast --x-initial fast --trace-depth 1 ${P_ARGS})
  foreach(p ${P_PARAMS})
    if(NOT p MATCHES "^([A-Z_][A-Z0-9_]*)=(.+)$")
      message(FATAL_ERROR "mf_param_model: '${p}' is not NAME=value")
    endif()
    set(name ${CMAKE_MATCH_1})
    set(value ${CMAKE_MATCH_2})
    if(value MATCHES "^([A-Z]+):([a-z0-9_]+)$")
      set(group ${CMAKE_MATCH_1})
      set(code_name ${CMAKE_MATCH_2})
      if(NOT codes)
        execute_process(COMMAND ${Python3_EXECUTABLE} ${MF_ROOT}/scripts/mfparams.py json
                        OUTPUT_VARIABLE codes RESULT_VARIABLE rc)
        if(rc)
          message(FATAL_ERROR "scripts/mfparams.py json failed: the codes of rtl/common/mf_codes.vh")
        endif()
      endif()
      string(JSON code GET "${codes}" ${group} ${code_name})
      list(APPEND args -G${name}=${code})
      string(APPEND manifest_json ", \"${name}\": \"${code_name}\"")
    elseif(value MATCHES "^[0-9]+$")
      list(APPEND args -G${name}=${value})
      string(APPEND manifest_json ", \"${name}\": ${value}")
    else()
      message(FATAL_ERROR "mf_param_model: ${name}=${value}: a number or <GROUP>:<code name>")
    endif()
  endforeach()
  foreach(d ${P_DIRS})
    list(APPEND args -I${d})
  endforeach()
  set(manifest ${CMAKE_CURRENT_BINARY_DIR}/models/${P_PREFIX}.json)
  file(CONFIGURE OUTPUT ${manifest} CONTENT "${manifest_json}}\n")
  set(module "")
  if(P_MODULE)
    set(module MODULE)
  endif()
  mf_verilate(${target} PREFIX ${P_PREFIX} TOP ${P_TOP} TRACE UNITY 1 ${module}
              MANIFEST ${manifest} SOURCES ${P_SOURCE} ARGS ${args})
endfunction()
