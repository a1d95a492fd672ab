# The R(N) certificates on the RTL (issue 28; docs/research.md): the GSEN self-test engine's
# schedule player under individual control (PLAYER_CONTROL = 0: every switch's state per
# round, gsen_sched_player.v) replays each committed certificate's K state matrices in
# lockstep with the twin (GsenA2aEngine) and must deliver all N^2 words; a corrupted
# certificate (its first configuration replaced by its second) must fail.  Included from
# tb/a2a/CMakeLists.txt (mf_add_sweep).
set(MF_RBOUND_CERTS --cert ${PROJECT_SOURCE_DIR}/docs/research/gsen_r12_k16.json
                    --cert ${PROJECT_SOURCE_DIR}/docs/research/gsen_r20_k24.json)
mf_add_sweep(NAME gsen_eng_rbound
             SPECS engine:gsen:N=12:W=auto:S=player:P=1:T=0:PC=indiv:PL=16
                   engine:gsen:N=20:W=auto:S=player:P=0,1:T=0,1:PC=indiv:PL=24
             ARGS ${MF_RBOUND_CERTS} LABELS gsen)
mf_add_lockstep_test(NAME tb_gsen_eng_rbound_corrupt TARGET tb_gsen_eng_rbound TIMEOUT 600
                     LABELS gsen ARGS ${MF_RBOUND_CERTS} --cert-corrupt)
set_tests_properties(tb_gsen_eng_rbound_corrupt PROPERTIES
  PASS_REGULAR_EXPRESSION "FAIL variant gsen_a2a_engine N=12 [^\n]*: certificate [^\n]*gsen_r12_k16.json does not route all pairs on the RTL")
