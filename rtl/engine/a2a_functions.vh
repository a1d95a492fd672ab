// a2a_functions.vh: constant functions of the all-to-all engines (included inside module
// bodies; no include guard on purpose, see mf_functions.vh).
//
//   a2a_count_levels(n, ncf, tags)  levels of the counters' pipelined population-count trees
//                        (a2a_popcount): ceil(log4 w), at least 1, w = the widest counted
//                        vector: the sinks' n events, or with tag routing (tags != 0) the
//                        fabric's ncf conflict bits.  The data engines' latency is
//                        a2a_latency(...) of this; the self-test checker uses the same depth.
//   a2a_xchg_levels(n, tags)  that depth in gsen_a2a_xchg and banyan_a2a_xchg (and so in
//                        their self-test engines and benches): their conflict bits are the
//                        fabric's ceil(log2 n) * n/2.
//   a2a_latency(flat, src_lat, pl)  the data engines' latency LAT (cycles = B*ROUNDS + LAT,
//                        or B*T + LAT for banyan_ft_engine): the scheduler / plan-read
//                        register, the source read (src_lat cycles: SRC_LAT), the fabric
//                        (flat), the sink register, the event register and the pl levels of
//                        population count: flat + src_lat + 3 + pl.  The one formula of the
//                        RTL (gsen_a2a_xchg, banyan_a2a_xchg, banyan_ft_engine, the Icarus
//                        benches); its C++ copy, twin::A2aXchg::engine_latency, is checked
//                        against it every cycle by the lockstep sweeps (`cycles`, `done`).
//   a2a_gsen_path(ports, ash, src, cfg)  the path of input terminal src through the GSEN of
//                        `ports` ports set by configuration number cfg, computed at
//                        elaboration (gsen_route's recurrence, rtl/gsen/gsen_route.v):
//                        returns dst * 2^16 + forward tag F.  ash < 0: stage control (stage s
//                        state = bit n-1-s of cfg); ash >= 0: alternating control, that state
//                        xor bit ash of the switch index y (0 alt, 1 alt2, 2 alt4).  The
//                        schedulers' tables (gsen_sched_stage, gsen_sched_player) are filled
//                        with it.  Needs mf_functions.vh (mf_clog2) included before.
//   a2a_ft_plan_depth(n), a2a_ft_relay_depth(n)  banyan_ft_engine's default PLAN_DEPTH, 3n + 8
//                        entries, and RELAY_DEPTH, 2 (any n): every plan of the model fits
//   a2a_ft_paw(pd), a2a_ft_plw(pd)  its plan port's address and length widths at PLAN_DEPTH
//                        pd: mf_addr_w(pd), mf_addr_w(pd + 1) (plan_len counts 0 .. pd)
//   a2a_ft_sw(rd)        a relay-slot index at RELAY_DEPTH rd: mf_addr_w(rd)
//   a2a_ft_ew(n, rd)     a plan entry's width: m + n*(2 + m + a2a_ft_sw(rd)), m = ceil(log2 n)
//                        The one source of these widths: banyan_ft_engine, a2a_axis_xchg and
//                        a2a_axis_xchg_noplan (the IP with its plan port tied off).  The fault ports'
//                        widths are banyan_fabric's: banyan_fsw, banyan_few of
//                        rtl/banyan/banyan_functions.vh, which this file includes (every
//                        engine that passes the fault ports on includes this file only).
//   a2a_aw(n, b)         a buffer address (source and sink ports, b words of n processors):
//                        mf_addr_w(n*b)
//   a2a_fw(dw, n, b)     a fabric word of the data engines: dw data bits and the header
//                        {block word, destination, source}: dw + 2*ceil(log2 n) + ceil(log2 b)
//                        (a2a_source packs it, a2a_sink unpacks it).  The self-test engines'
//                        payload is DW = W - a2a_fw(0, n, b) bits, at least 4.
//   a2a_player_ew(n)     gsen_sched_player's write-port entry (PENTRY_W): n send-mask bits and
//                        the configuration padded to whole hex digits, n + 4*ceil(ceil(log2
//                        n)/4); its address is mf_addr_w(PLAYER_LEN)

`include "banyan_functions.vh"

function integer a2a_count_levels;
  input integer a2a_n;
  input integer a2a_ncf;
  input integer a2a_tags;
  integer a2a_w, a2a_span;
  begin
    a2a_w = (a2a_tags != 0 && a2a_ncf > a2a_n) ? a2a_ncf : a2a_n;
    a2a_count_levels = 1;
    a2a_span = 4;
    while (a2a_span < a2a_w) begin
      a2a_count_levels = a2a_count_levels + 1;
      a2a_span = a2a_span * 4;
    end
  end
endfunction

function integer a2a_xchg_levels;
  input integer a2a_n;
  input integer a2a_tags;
  begin
    a2a_xchg_levels = a2a_count_levels(a2a_n, mf_clog2(a2a_n) * (a2a_n / 2), a2a_tags);
  end
endfunction

function integer a2a_latency;
  input integer a2a_flat;
  input integer a2a_src_lat;
  input integer a2a_pl;
  begin
    a2a_latency = a2a_flat + a2a_src_lat + 3 + a2a_pl;
  end
endfunction

function integer a2a_gsen_path;
  input integer a2a_ports;
  input integer a2a_ash;
  input integer a2a_src;
  input integer a2a_cfg;
  integer a2a_ns, a2a_h, a2a_t, a2a_y, a2a_b, a2a_st, a2a_f, a2a_tg, a2a_s;
  begin
    a2a_ns = mf_clog2(a2a_ports);
    a2a_h = a2a_ports / 2;
    a2a_t = a2a_src;
    a2a_tg = 0;
    for (a2a_s = 0; a2a_s < a2a_ns; a2a_s = a2a_s + 1) begin
      a2a_b = (a2a_t >= a2a_h) ? 1 : 0;                // in-subport: terminal t >= N/2
      a2a_y = (a2a_b != 0) ? a2a_t - a2a_h : a2a_t;    // switch y = t mod N/2
      a2a_st = (a2a_cfg >> (a2a_ns - 1 - a2a_s)) & 1;
      if (a2a_ash >= 0) a2a_st = a2a_st ^ ((a2a_y >> a2a_ash) & 1);
      a2a_f = a2a_b ^ a2a_st;                          // out-subport f = b xor state
      a2a_tg = a2a_tg | (a2a_f << (a2a_ns - 1 - a2a_s));
      a2a_t = 2 * a2a_y + a2a_f;                       // next terminal 2y + f
    end
    a2a_gsen_path = a2a_t * 65536 + a2a_tg;
  end
endfunction

function integer a2a_ft_plan_depth;
  input integer a2a_n;
  begin
    a2a_ft_plan_depth = 3 * a2a_n + 8;
  end
endfunction

function integer a2a_ft_relay_depth;
  /* verilator lint_off UNUSEDSIGNAL */
  input integer a2a_n;  // a function needs an input: the depth is the same for every n
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    a2a_ft_relay_depth = 2;
  end
endfunction

function integer a2a_ft_paw;
  input integer a2a_pd;
  begin
    a2a_ft_paw = mf_addr_w(a2a_pd);
  end
endfunction

function integer a2a_ft_plw;
  input integer a2a_pd;
  begin
    a2a_ft_plw = mf_addr_w(a2a_pd + 1);
  end
endfunction

function integer a2a_ft_sw;
  input integer a2a_rd;
  begin
    a2a_ft_sw = mf_addr_w(a2a_rd);
  end
endfunction

function integer a2a_ft_ew;
  input integer a2a_n;
  input integer a2a_rd;
  begin
    a2a_ft_ew = mf_clog2(a2a_n) + a2a_n * (2 + mf_clog2(a2a_n) + a2a_ft_sw(a2a_rd));
  end
endfunction

function integer a2a_aw;
  input integer a2a_n;
  input integer a2a_b;
  begin
    a2a_aw = mf_addr_w(a2a_n * a2a_b);
  end
endfunction

function integer a2a_fw;
  input integer a2a_dw;
  input integer a2a_n;
  input integer a2a_b;
  begin
    a2a_fw = a2a_dw + 2 * mf_clog2(a2a_n) + mf_clog2(a2a_b);
  end
endfunction

function integer a2a_player_ew;
  input integer a2a_n;
  begin
    a2a_player_ew = a2a_n + 4 * ((mf_clog2(a2a_n) + 3) / 4);
  end
endfunction
