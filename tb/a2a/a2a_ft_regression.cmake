# The fault-tolerant banyan exchange engine (rtl/engine/banyan_ft_engine.v, paper 000),
# included by tb/a2a/CMakeLists.txt: its harness (a2a_ft_rtl.cpp, in mf_tb_a2a for
# `minforge sim banyan --fault I,L,dead`), the regression's models (tb/a2a/a2a_ft.cmake) in
# the executable tb_banyan_ft, and the lockstep tests: random stimulus, then one exchange per
# internal fault with the model's latency-hiding plan (every fault of N = 8, 16, 32 with
# PIPELINE 0 and 1, of N = 64 pipelined, of N = 16 with B = 3 words per pair and 3 relay
# slots, and of N = 16 with B = 2 read from output-registered source memories (SRC_LAT = 2);
# 2.7 s for the 128 faults of N = 64).
target_sources(mf_tb_a2a PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/a2a_ft_rtl.cpp)

add_executable(tb_banyan_ft a2a_ft_main.cpp)
target_link_libraries(tb_banyan_ft PRIVATE mf_tb_a2a)
target_compile_options(tb_banyan_ft PRIVATE ${MINFORGE_WARNINGS})

# name|N|PIPELINE|DW|B|RELAY_DEPTH|faults|SRC_LAT
# (N = 32 combinational and N = 64 with MINFORGE_TB_LARGE: `make campaign`; combinational runs
# at N = 8 and 16, and N = 32 pipelined, stay in `make test`.)
set(MF_FT_MODELS
    n8p0|8|0|16|1|2|all|1 n8p1|8|1|16|1|2|all|1 n16p0|16|0|16|1|2|all|1 n16p1|16|1|16|1|2|all|1
    n32p1|32|1|16|1|2|all|1 n16p1b3|16|1|5|3|3|all|1 n16p1b2l2|16|1|7|2|2|all|2)
if(MINFORGE_TB_LARGE)
  list(APPEND MF_FT_MODELS n32p0|32|0|16|1|2|all|1 n64p1|64|1|16|1|2|all|1)
endif()
set(prefixes "")
foreach(spec ${MF_FT_MODELS})
  mf_split_spec(${spec} name n p dw b r faults lat)
  mf_a2a_ft_model(tb_banyan_ft N ${n} PIPELINE ${p} DW ${dw} B ${b} RELAY_DEPTH ${r}
                  SRC_LAT ${lat} PREFIX_VAR prefix)
  list(APPEND prefixes ${prefix})
  mf_add_lockstep_test(NAME tb_banyan_ft_${name} TARGET tb_banyan_ft TIMEOUT 600 LABELS banyan
                       ARGS --model ${prefix} --faults ${faults})
endforeach()
mf_model_table(tb_banyan_ft ${prefixes})

# Self-test of the lockstep check: a corrupted expectation must stop the run with the
# MISMATCH line, the reproduce line and a kept waveform.
mf_add_lockstep_selftest(
  NAME tb_banyan_ft_selftest TARGET tb_banyan_ft LABELS banyan
  WDIR ${CMAKE_BINARY_DIR}/tb-waves/banyan_ft_selftest
  ARGS --model Vbanyan_ft_n8_p1_dw16_b1_r2 --seed 5 --only plan --faults sample:1
       --inject-mismatch 40
  MISMATCH "MISMATCH cycle 40 busy expected 0x[01] actual 0x[01] \\(banyan_ft_engine N=8 DW=16 B=1 PIPELINE=1 PLAN_DEPTH=32 RELAY_DEPTH=2 mode=plan --seed 5 --faults sample:1\\)"
  REPRODUCE "reproduce: tb_banyan_ft --model Vbanyan_ft_n8_p1_dw16_b1_r2 --seed 5 --only plan --faults sample:1")

# The shorter-than-the-paper plans of `minforge banyan ftmin` (issue 28), committed as
# certificates in docs/research/banyan_ft_n<N>_e<i>_<l>.hex: each runs in lockstep on the
# pipelined engine of its N (one exchange, the certificate re-checked by the model first).
file(GLOB mf_ft_certs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/research/banyan_ft_n*_e*.hex)
foreach(cert ${mf_ft_certs})
  get_filename_component(cname ${cert} NAME_WE)
  string(REGEX MATCH "^banyan_ft_n([0-9]+)_" _ ${cname})
  mf_add_lockstep_test(NAME tb_banyan_ft_cert_${cname} TARGET tb_banyan_ft TIMEOUT 120
                       LABELS banyan
                       ARGS --model Vbanyan_ft_n${CMAKE_MATCH_1}_p1_dw16_b1_r2 --plan-hex ${cert})
endforeach()
