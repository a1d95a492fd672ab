# The AXI4-Stream exchange IP (rtl/engine/a2a_axis_xchg.v) against its twin A2aAxisXchg,
# included by tb/a2a/CMakeLists.txt: its harness (a2a_axis_rtl.cpp, in mf_tb_a2a for
# `minforge sim axis`), the regression's models (tb/a2a/a2a_axis.cmake) in the executable
# tb_a2a_axis, one lockstep test per model (random frames through six phases of tvalid gaps
# and tready pauses, the last with a reset in its middle, misplaced tlasts, every output every
# cycle, every word against the transpose), and the self-test.  `make test`: four N = 4 and N = 6 models covering both
# engines, GSEN's two schedulers, B = 1 and > 1, both pipeline settings, tag routing and
# SRC_LAT 1 and 2, and the fault-tolerant engine at N = 8 (the smallest it takes; the plan
# of a dead element drawn from the seed loaded through the plan port); larger N with
# MINFORGE_TB_LARGE (`make campaign`).
target_sources(mf_tb_a2a PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/a2a_axis_rtl.cpp)

add_executable(tb_a2a_axis a2a_axis_main.cpp)
target_link_libraries(tb_a2a_axis PRIVATE mf_tb_a2a)
target_compile_options(tb_a2a_axis PRIVATE ${MINFORGE_WARNINGS})

# name|ENGINE|N|DW|B|SCHED|PIPELINE|USE_TAGS|SRC_LAT|frames
set(MF_AXIS_MODELS
    banyan_n4|banyan|4|8|1|stage|1|0|1|20
    banyan_n4_b3|banyan|4|5|3|stage|0|1|2|20
    gsen_stage_n4|gsen|4|8|2|stage|1|0|2|20
    gsen_alt_n6|gsen|6|7|1|alt|0|0|1|20
    banyan_ft_n8|banyan_ft|8|6|2|stage|1|0|1|6)
if(MINFORGE_TB_LARGE)
  list(APPEND MF_AXIS_MODELS
       banyan_n16|banyan|16|16|4|stage|1|0|2|40
       banyan_n8_tags|banyan|8|9|2|stage|1|1|1|40
       gsen_alt_n10|gsen|10|12|3|alt|1|0|2|40
       gsen_stage_n12|gsen|12|8|2|stage|0|1|1|40
       banyan_ft_n16|banyan_ft|16|8|1|stage|0|0|2|10)
endif()
set(prefixes "")
foreach(spec ${MF_AXIS_MODELS})
  mf_split_spec(${spec} name eng n dw b sched p t lat frames)
  mf_a2a_axis_model(tb_a2a_axis ENGINE ${eng} N ${n} DW ${dw} B ${b} SCHED ${sched} PIPELINE ${p}
                    USE_TAGS ${t} SRC_LAT ${lat} PREFIX_VAR prefix)
  list(APPEND prefixes ${prefix})
  mf_add_lockstep_test(NAME tb_a2a_axis_${name} TARGET tb_a2a_axis TIMEOUT 300 LABELS axis
                       ARGS --model ${prefix} --frames ${frames})
endforeach()
mf_model_table(tb_a2a_axis ${prefixes})

# Self-test of the lockstep check: a corrupted expectation must stop the run with the
# MISMATCH line, the reproduce line and a kept waveform.
mf_add_lockstep_selftest(
  NAME tb_a2a_axis_selftest TARGET tb_a2a_axis LABELS axis
  WDIR ${CMAKE_BINARY_DIR}/tb-waves/a2a_axis_selftest
  ARGS --model Va2a_axis_banyan_n4_dw8_b1_p1_t0_l1 --seed 5 --frames 2 --inject-mismatch 30
  MISMATCH "MISMATCH cycle 30 port 0 s_axis_tready expected 0x[01] actual 0x[01] \\(a2a_axis_xchg ENGINE=banyan N=4 DW=8 B=1 PIPELINE=1 USE_TAGS=0 SRC_LAT=1 --seed 5 --frames 2\\)"
  REPRODUCE "reproduce: tb_a2a_axis --model Va2a_axis_banyan_n4_dw8_b1_p1_t0_l1 --seed 5 --frames 2")
# A bug planted in the twin (its slave port 0 words corrupted from cycle 30 on): the lockstep
# must find it where such a word leaves a master port.
mf_add_lockstep_selftest(
  NAME tb_a2a_axis_selftest_twin TARGET tb_a2a_axis LABELS axis
  WDIR ${CMAKE_BINARY_DIR}/tb-waves/a2a_axis_selftest_twin
  ARGS --model Va2a_axis_gsen_n4_dw8_b2_stage_p1_t0_l2 --seed 5 --frames 2 --plant-twin-bug 30
  MISMATCH "MISMATCH cycle [0-9]+ port [0-9]+ m_axis_tdata expected 0x[0-9a-f]+ actual 0x[0-9a-f]+ \\(a2a_axis_xchg ENGINE=gsen N=4 DW=8 B=2 SCHED=stage PIPELINE=1 USE_TAGS=0 SRC_LAT=2 --seed 5 --frames 2 --plant-twin-bug 30\\)"
  REPRODUCE "reproduce: tb_a2a_axis --model Va2a_axis_gsen_n4_dw8_b2_stage_p1_t0_l2 --seed 5 --frames 2 --plant-twin-bug 30")

# A plan bug planted in the twin (the fault-tolerant engine): the twin's plan loses its first
# relay hop (the relay never forwards that message, B = 2 words); the lockstep must find it
# (the twin's missing count 2 at the first exchange's done, against the RTL's 0).
mf_add_lockstep_selftest(
  NAME tb_a2a_axis_selftest_relay TARGET tb_a2a_axis LABELS axis
  WDIR ${CMAKE_BINARY_DIR}/tb-waves/a2a_axis_selftest_relay
  ARGS --model Va2a_axis_banyan_ft_n8_dw6_b2_p1_t0_l1 --seed 5 --frames 2 --plant-relay-skip
  MISMATCH "MISMATCH cycle [0-9]+ missing expected 0x2 actual 0x0 \\(a2a_axis_xchg ENGINE=banyan_ft N=8 DW=6 B=2 PIPELINE=1 USE_TAGS=0 SRC_LAT=1 --seed 5 --frames 2 --plant-relay-skip\\)"
  REPRODUCE "reproduce: tb_a2a_axis --model Va2a_axis_banyan_ft_n8_dw6_b2_p1_t0_l1 --seed 5 --frames 2 --plant-relay-skip")

# Bad input: one line on stderr, exit 2, nothing on stdout, before any work.
mf_add_bad_args_test(NAME tb_a2a_axis_bad_model TARGET tb_a2a_axis ARGS --model Vno_such_model)
mf_add_bad_args_test(NAME tb_a2a_axis_bad_frames TARGET tb_a2a_axis
                     ARGS --model Va2a_axis_banyan_n4_dw8_b1_p1_t0_l1 --frames 0)
mf_add_bad_args_test(NAME tb_a2a_axis_bad_tlast TARGET tb_a2a_axis
                     ARGS --model Va2a_axis_banyan_n4_dw8_b1_p1_t0_l1 --tlast-error 1.5)
