#!/usr/bin/env python3
"""Generates a Verilator sweep top: many parameter sets of the minforge fabrics and engines in
ONE Verilated model, behind uniform max-width ports and a variant-select input, plus its
manifest (the variant table, JSON), which the model's adapter embeds and the all-to-all
harness (tb/a2a/a2a_rtl.cpp) reads.  `minforge sim` builds a top with one fabric and one
engine variant through the same generator (tb/a2a/a2a.cmake).

Usage: gen_sweep.py --name NAME --out DIR SPEC [SPEC ...]

SPEC (fields separated by ':', LIST = comma-separated values or ranges a-b):
  fabric:NET:N=LIST:W=LIST:C=LIST:P=LIST[:R=LIST]
      NET gsen|banyan; C control by name (indiv, stage, alt, alt2, alt4, tag: the MF_CTRL_*
      codes of rtl/common/mf_params.vh, read through scripts/mfparams.py; a code or a range
      of codes is accepted too);
      P pipeline 0|1; R gsen_fabric ROUND_VALID 0|1 (default 0; R=1 is not generated for
      tag control or banyan, which have no such mode).  A range of N expands to the valid N
      of the network (GSEN: even, banyan: powers of two).
  engine:NET:N=LIST:W=LIST:S=LIST:P=LIST:T=LIST[:PC=C:PL=LIST][:B=LIST]
      the self-testing engines (gsen_a2a_engine, banyan_a2a_engine).
      S scheduler by name (GSEN alt, stage, player; banyan: alt, its only one: MF_SCHED_*);
      T use tags 0|1; PC, PL the player's control (a C name) and length; B words per pair (default 1).  W=auto picks
      2*ceil(log2 N)+ceil(log2 B)+6.  GSEN alt variants are generated only for N = 2 mod 4.
  xchg:NET:N=LIST:DW=LIST:S=LIST:P=LIST:T=LIST[:PC=C:PL=LIST][:B=LIST][:L=LIST]
      the data engines (gsen_a2a_xchg, banyan_a2a_xchg): DW data bits, B words per pair,
      L the source read latency SRC_LAT 1|2 (default 1), the rest as engine.

Writes DIR/NAME.v (module NAME) and DIR/NAME.json (the manifest); files are only rewritten
when their content changes (so a re-run does not trigger a rebuild).

Top ports (all variants share clk and rst; group F = fabrics, group E = engines):
  F: f_sel, f_in_valid, f_in_data, f_in_cfg, f_in_tag, f_fault_en, f_fault_stage[7:0],
     f_fault_elem[15:0], f_fault_kind[1:0] -> f_out_valid, f_out_data, f_out_conflict.
  X: x_sel, x_start, x_pl_wr_*, x_fault_*, x_src_rd_data -> x_busy, x_done, x_inject,
     x_cycles, x_delivered, x_err_dst, x_err_dup, x_missing, x_conflicts (32 bits),
     x_src_rd_en, x_src_rd_addr, x_snk_wr_en, x_snk_wr_addr, x_snk_wr_data (the data
     engine's memory ports, lane i at [i*X +: X]).
  E: e_sel, e_start, e_pl_wr_en, e_pl_wr_addr[15:0], e_pl_wr_data[PMAX], e_fault_* ->
     e_busy, e_done, e_cycles, e_delivered, e_errors, e_err_dst, e_err_payload, e_err_dup,
     e_missing, e_conflicts (32 bits each) and probes read by hierarchical reference:
     e_inject, e_round[15:0], e_cfg[15:0], e_valid (scheduler send mask), e_dst, e_tag
     (scheduler destinations and tags), e_out_valid, e_out_data, e_out_conflict (fabric
     outputs inside the engine).
Every vector carries the selected variant's own packing in its low bits (the RTL module's:
lane i of a W-bit bus at [i*W +: W], of an n-bit bus at [i*n +: n], conflicts s*H+y), so a
harness compares a port with the twin's packed image of it; the bits above are 0.  Only
the selected variant drives the outputs.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                'scripts'))
import mfparams  # noqa: E402  (the codes of rtl/common/mf_params.vh)
import rtl_legal  # noqa: E402  (the RTL's parameter checks, MF_PARAM_ERROR_IF)

CODES = mfparams.read_codes()
CTRL, SCHED = CODES['CTRL'], CODES['SCHED']


def rtl_accepts(module, **params):
    """True when the module's MF_PARAM_ERROR_IF checks let params through (scripts/rtl_legal.py):
    the variants are filtered by the RTL's own rule, not a copy of it."""
    return ('ROUND_VALID' in rtl_legal.read_module(module)[0] or 'ROUND_VALID' not in params) \
        and rtl_legal.legal(module, params)


def alt_ok(net, n, sched):
    """GSEN's alt scheduler (gsen_sched_alt) takes only some N."""
    return not (net == 'gsen' and sched == SCHED['alt']) or rtl_accepts('gsen_sched_alt', N=n)


clog2 = rtl_legal.clog2


def expand(lst, kind=None):
    out = []
    for item in lst.split(','):
        if '-' in item:
            a, b = (int(x) for x in item.split('-'))
            for v in range(a, b + 1):
                if kind == 'gsen' and v % 2:
                    continue
                if kind == 'banyan' and (v & (v - 1)):
                    continue
                out.append(v)
        else:
            out.append(item)
    return out


def codes(lst, group):
    """A C / S / PC list: names of the group (CTRL or SCHED), codes, or ranges of codes."""
    out = []
    for item in lst.split(','):
        if item in CODES[group]:
            out.append(CODES[group][item])
        elif item.replace('-', '').isdigit():
            out += [int(x) for x in expand(item)]
        else:
            sys.exit('gen_sweep: unknown %s name %r (one of %s)'
                     % (group, item, ', '.join(CODES[group])))
    return out


def parse_spec(spec):
    parts = spec.split(':')
    group, net = parts[0], parts[1]
    if group not in ('fabric', 'engine', 'xchg') or net not in ('gsen', 'banyan'):
        sys.exit('gen_sweep: bad spec ' + spec)
    fields = dict(p.split('=', 1) for p in parts[2:])
    ns = [int(n) for n in expand(fields['N'], net)]
    variants = []
    if group == 'xchg':
        for n in ns:
            for dw in (int(x) for x in expand(fields.get('DW', '8'))):
                for b in (int(x) for x in expand(fields.get('B', '1'))):
                    for p in (int(x) for x in expand(fields.get('P', '1'))):
                        for sc in codes(fields.get('S', 'alt'), 'SCHED'):
                            if not alt_ok(net, n, sc):
                                continue
                            for t in (int(x) for x in expand(fields.get('T', '0'))):
                                pls = ([int(x) for x in expand(fields.get('PL', '1'))]
                                       if sc == SCHED['player'] else [0])
                                for pl in pls:
                                    for lat in (int(x) for x in expand(fields.get('L', '1'))):
                                        variants.append(dict(group='X', net=net, N=n, DW=dw,
                                                             B=b, W=dw + 2 * clog2(n) + clog2(b),
                                                             S=sc, P=p, T=t,
                                                             PC=codes(fields.get('PC', 'alt'),
                                                                      'CTRL')[0],
                                                             PL=pl, L=lat))
        return variants
    for n in ns:
        iw = clog2(n)
        ws = expand(fields.get('W', 'auto'))
        bs = [int(x) for x in expand(fields.get('B', '1'))] if group == 'engine' else [1]
        for w0, b in ((w0, b) for w0 in ws for b in bs):
            w = 2 * iw + clog2(b) + 6 if w0 == 'auto' else int(w0)
            for p in (int(x) for x in expand(fields.get('P', '1'))):
                if group == 'fabric':
                    for c in codes(fields['C'], 'CTRL'):
                        for r in (int(x) for x in expand(fields.get('R', '0'))):
                            if r and not rtl_accepts(net + '_fabric', N=n, W=w, CONTROL=c,
                                                     PIPELINE=p, ROUND_VALID=r):
                                continue
                            variants.append(dict(group='F', net=net, N=n, W=w, C=c, P=p, R=r))
                else:
                    for s in codes(fields.get('S', 'alt'), 'SCHED'):
                        if not alt_ok(net, n, s):
                            continue
                        for t in (int(x) for x in expand(fields.get('T', '0'))):
                            pls = ([int(x) for x in expand(fields.get('PL', '1'))]
                                   if s == SCHED['player'] else [0])
                            for pl in pls:
                                variants.append(dict(group='E', net=net, N=n, W=w, S=s, P=p, T=t,
                                                     PC=codes(fields.get('PC', 'alt'), 'CTRL')[0],
                                                     PL=pl,
                                                     B=b))
    return variants


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, 'w') as f:
        f.write(text)


def lane_widths(allv):
    """The widths of the shared ports: the largest variant's own vector."""
    return dict(
        nmax=max(v['N'] for v in allv),
        dmax=max(v['N'] * v['W'] for v in allv),                 # data lanes
        tmax=max(v['N'] * clog2(v['N']) for v in allv),          # tags, destinations
        cmax=max(clog2(v['N']) * (v['N'] // 2) for v in allv),   # individual cfg / conflicts
        pmax=max(v['N'] + 4 * ((clog2(v['N']) + 3) // 4) for v in allv))


def xchg_widths(xch):
    """The widths of the data engines' memory ports and player data."""
    return dict(
        xd=max(v['N'] * v['DW'] for v in xch),
        xa=max(v['N'] * max(1, clog2(v['N'] * v['B'])) for v in xch),
        xn=max(v['N'] for v in xch),
        xp=max(v['N'] + 4 * ((clog2(v['N']) + 3) // 4) for v in xch))


def module_header(name, fab, eng, xch):
    """The header comment and the module's port list."""
    L = ['// Generated by tb/a2a/gen_sweep.py: %d fabric, %d engine and %d xchg variants.' %
         (len(fab), len(eng), len(xch)),
         '/* verilator lint_off UNUSEDSIGNAL */',
         '/* verilator lint_off DECLFILENAME */',
         '`default_nettype none',
         'module %s (' % name]
    ports = ['clk', 'rst']
    if fab:
        ports += ['f_sel', 'f_in_valid', 'f_in_data', 'f_in_cfg', 'f_in_tag', 'f_fault_en',
                  'f_fault_stage', 'f_fault_elem', 'f_fault_kind', 'f_out_valid', 'f_out_data',
                  'f_out_conflict']
    if eng:
        ports += ['e_sel', 'e_start', 'e_pl_wr_en', 'e_pl_wr_addr', 'e_pl_wr_data', 'e_fault_en',
                  'e_fault_stage', 'e_fault_elem', 'e_fault_kind', 'e_busy', 'e_done',
                  'e_cycles', 'e_delivered', 'e_errors', 'e_err_dst', 'e_err_payload',
                  'e_err_dup', 'e_missing', 'e_conflicts', 'e_inject', 'e_round', 'e_cfg',
                  'e_valid', 'e_dst', 'e_tag', 'e_out_valid', 'e_out_data', 'e_out_conflict']
    if xch:
        ports += ['x_sel', 'x_start', 'x_pl_wr_en', 'x_pl_wr_addr', 'x_pl_wr_data', 'x_fault_en',
                  'x_fault_stage', 'x_fault_elem', 'x_fault_kind', 'x_src_rd_data', 'x_busy',
                  'x_done', 'x_inject', 'x_cycles', 'x_delivered', 'x_err_dst', 'x_err_dup',
                  'x_missing', 'x_conflicts', 'x_src_rd_en', 'x_src_rd_addr', 'x_snk_wr_en',
                  'x_snk_wr_addr', 'x_snk_wr_data']
    L.append('  ' + ', '.join(ports))
    L.append(');')
    L.append('  input wire clk;')
    L.append('  input wire rst;')
    return L


def fabric_ports(lw):
    """Group F's port declarations."""
    return ['  input wire [7:0] f_sel;',
            '  input wire [%d:0] f_in_valid;' % (lw['nmax'] - 1),
            '  input wire [%d:0] f_in_data;' % (lw['dmax'] - 1),
            '  input wire [%d:0] f_in_cfg;' % (lw['cmax'] - 1),
            '  input wire [%d:0] f_in_tag;' % (lw['tmax'] - 1),
            '  input wire f_fault_en;', '  input wire [7:0] f_fault_stage;',
            '  input wire [15:0] f_fault_elem;', '  input wire [1:0] f_fault_kind;',
            '  output reg [%d:0] f_out_valid;' % (lw['nmax'] - 1),
            '  output reg [%d:0] f_out_data;' % (lw['dmax'] - 1),
            '  output reg [%d:0] f_out_conflict;' % (lw['cmax'] - 1)]


def engine_ports(lw):
    """Group E's port declarations."""
    L = ['  input wire [7:0] e_sel;', '  input wire e_start;', '  input wire e_pl_wr_en;',
         '  input wire [15:0] e_pl_wr_addr;',
         '  input wire [%d:0] e_pl_wr_data;' % (lw['pmax'] - 1),
         '  input wire e_fault_en;', '  input wire [7:0] e_fault_stage;',
         '  input wire [15:0] e_fault_elem;', '  input wire [1:0] e_fault_kind;']
    for s in ('busy', 'done', 'inject'):
        L.append('  output reg e_%s;' % s)
    for s in ('cycles', 'delivered', 'errors', 'err_dst', 'err_payload', 'err_dup',
              'missing', 'conflicts'):
        L.append('  output reg [31:0] e_%s;' % s)
    L += ['  output reg [15:0] e_round;', '  output reg [15:0] e_cfg;',
          '  output reg [%d:0] e_valid;' % (lw['nmax'] - 1),
          '  output reg [%d:0] e_dst;' % (lw['tmax'] - 1),
          '  output reg [%d:0] e_tag;' % (lw['tmax'] - 1),
          '  output reg [%d:0] e_out_valid;' % (lw['nmax'] - 1),
          '  output reg [%d:0] e_out_data;' % (lw['dmax'] - 1),
          '  output reg [%d:0] e_out_conflict;' % (lw['cmax'] - 1)]
    return L


def xchg_ports(xw):
    """Group X's port declarations."""
    L = ['  input wire [7:0] x_sel;', '  input wire x_start;', '  input wire x_pl_wr_en;',
         '  input wire [15:0] x_pl_wr_addr;',
         '  input wire [%d:0] x_pl_wr_data;' % (xw['xp'] - 1),
         '  input wire x_fault_en;', '  input wire [7:0] x_fault_stage;',
         '  input wire [15:0] x_fault_elem;', '  input wire [1:0] x_fault_kind;',
         '  input wire [%d:0] x_src_rd_data;' % (xw['xd'] - 1)]
    for s_ in ('busy', 'done', 'inject'):
        L.append('  output reg x_%s;' % s_)
    for s_ in ('cycles', 'delivered', 'err_dst', 'err_dup', 'missing', 'conflicts'):
        L.append('  output reg [31:0] x_%s;' % s_)
    L += ['  output reg [%d:0] x_src_rd_en;' % (xw['xn'] - 1),
          '  output reg [%d:0] x_src_rd_addr;' % (xw['xa'] - 1),
          '  output reg [%d:0] x_snk_wr_en;' % (xw['xn'] - 1),
          '  output reg [%d:0] x_snk_wr_addr;' % (xw['xa'] - 1),
          '  output reg [%d:0] x_snk_wr_data;' % (xw['xd'] - 1)]
    return L


def fault_ports(pre, ns):
    """A banyan fabric's fault inputs from the group's shared ports (pre: f, e or x)."""
    fsw = max(1, clog2(ns))
    few = max(1, ns - 1)
    return ('.fault_en(%s_fault_en), .fault_stage(%s_fault_stage[%d:0]),' % (pre, pre, fsw - 1),
            '.fault_elem(%s_fault_elem[%d:0]), .fault_kind(%s_fault_kind),' % (pre, few - 1, pre))


def player_port(pre, px, v):
    """A GSEN engine's player write port from the group's shared ports (pre: e or x)."""
    n, ns = v['N'], clog2(v['N'])
    paw = max(1, clog2(max(1, v['PL'])))
    pw = n + 4 * ((ns + 3) // 4)
    return ('    .pl_wr_en(%s_pl_wr_en & %ssel), .pl_wr_addr(%s_pl_wr_addr[%d:0]),'
            ' .pl_wr_data(%s_pl_wr_data[%d:0]),' % (pre, px, pre, paw - 1, pre, pw - 1))


def selector(pre, default_lines, variants, case_lines):
    """The always block that drives group pre's outputs from the selected variant."""
    L = ['  always @* begin'] + default_lines + ['    case (%s_sel)' % pre]
    for k, v in enumerate(variants):
        L.append("      8'd%d: begin" % k)
        L += case_lines(k, v)
        L.append('      end')
    return L + ['      default: ;', '    endcase', '  end']


def fabric_instance(k, v):
    """Fabric variant k: its wires and its gsen_fabric / banyan_fabric instance."""
    n, w, c, p = v['N'], v['W'], v['C'], v['P']
    ns = clog2(n)
    h = n // 2
    cw = ns * h if c == CTRL['indiv'] else ns
    mod = 'gsen_fabric' if v['net'] == 'gsen' else 'banyan_fabric'
    px = 'fv%d_' % k
    r = v['R']
    L = ['  // fabric variant %d: %s N=%d W=%d CONTROL=%d PIPELINE=%d ROUND_VALID=%d' %
         (k, mod, n, w, c, p, r),
         '  wire [%d:0] %sov;' % (n * w - 1, px),
         '  wire [%d:0] %sv;' % (n - 1, px),
         '  wire [%d:0] %sx;' % (ns * h - 1, px)]
    rv = ', .ROUND_VALID(1)' if r else ''
    L.append('  %s #(.N(%d), .W(%d), .CONTROL(%d), .PIPELINE(%d)%s) u_%sdut (' %
             (mod, n, w, c, p, rv, px))
    # ROUND_VALID variants assert full-or-empty rounds: only the selected one sees f_in_valid
    vin = ("f_sel == 8'd%d ? f_in_valid[%d:0] : {%d{1'b0}}" % (k, n - 1, n) if r else
           'f_in_valid[%d:0]' % (n - 1))
    L.append('    .clk(clk), .rst(rst), .in_valid(%s), .in_data(f_in_data[%d:0]),' %
             (vin, n * w - 1))
    L.append('    .in_cfg(f_in_cfg[%d:0]), .in_tag(f_in_tag[%d:0]),' % (cw - 1, n * ns - 1))
    if v['net'] == 'banyan':
        L += ['    ' + x for x in fault_ports('f', ns)]
    L.append('    .out_valid(%sv), .out_data(%sov), .out_conflict(%sx));' % (px, px, px))
    return L


def fabric_selector(fab, lw):
    def case(k, v):
        n, w, px = v['N'], v['W'], 'fv%d_' % k
        return ['        f_out_valid[%d:0] = %sv;' % (n - 1, px),
                '        f_out_data[%d:0] = %sov;' % (n * w - 1, px),
                '        f_out_conflict[%d:0] = %sx;' % (clog2(n) * (n // 2) - 1, px)]
    return selector('f', ["    f_out_valid = {%d{1'b0}}; f_out_data = {%d{1'b0}}; "
                          "f_out_conflict = {%d{1'b0}};" % (lw['nmax'], lw['dmax'], lw['cmax'])],
                    fab, case)


def engine_instance(k, v):
    """Engine variant k: its wires and its gsen_a2a_engine / banyan_a2a_engine instance."""
    n, w, p, t = v['N'], v['W'], v['P'], v['T']
    ns = clog2(n)
    px = 'ev%d_' % k
    L = ['  // engine variant %d: %s N=%d W=%d B=%d SCHED=%d PIPELINE=%d USE_TAGS=%d PC=%d '
         'PL=%d' % (k, v['net'], n, w, v['B'], v['S'], p, t, v['PC'], v['PL']),
         '  wire %sbusy, %sdone;' % (px, px),
         '  wire [31:0] %scycles, %sdelivered, %serrors, %serr_dst, %serr_payload, '
         '%serr_dup, %smissing, %sconflicts;' % ((px,) * 8),
         "  wire %ssel = e_sel == 8'd%d;" % (px, k)]
    if v['net'] == 'gsen':
        L.append('  gsen_a2a_engine #(.N(%d), .W(%d), .B(%d), .SCHED(%d), .PIPELINE(%d), '
                 '.USE_TAGS(%d), .PLAYER_CONTROL(%d), .PLAYER_LEN(%d)) u_%sdut (' %
                 (n, w, v['B'], v['S'], p, t, v['PC'], max(1, v['PL']), px))
        L.append('    .clk(clk), .rst(rst), .start(e_start & %ssel),' % px)
        L.append(player_port('e', px, v))
    else:
        L.append('  banyan_a2a_engine #(.N(%d), .W(%d), .B(%d), .PIPELINE(%d), .USE_TAGS(%d)) '
                 'u_%sdut (' % (n, w, v['B'], p, t, px))
        L.append('    .clk(clk), .rst(rst), .start(e_start & %ssel),' % px)
        L.append('    ' + ' '.join(fault_ports('e', ns)))
    L.append('    .busy(%sbusy), .done(%sdone), .cycles(%scycles), .delivered(%sdelivered),' %
             ((px,) * 4))
    L.append('    .errors(%serrors), .err_dst(%serr_dst), .err_payload(%serr_payload),' %
             ((px,) * 3))
    L.append('    .err_dup(%serr_dup), .missing(%smissing), .conflicts(%sconflicts));' %
             ((px,) * 3))
    return L


def engine_selector(eng, lw):
    defaults = ["    e_busy = 1'b0; e_done = 1'b0; e_inject = 1'b0;"]
    for sig in ('cycles', 'delivered', 'errors', 'err_dst', 'err_payload', 'err_dup',
                'missing', 'conflicts'):
        defaults.append("    e_%s = 32'd0;" % sig)
    defaults.append("    e_round = 16'd0; e_cfg = 16'd0;")
    for sig, wd in (('valid', lw['nmax']), ('dst', lw['tmax']), ('tag', lw['tmax']),
                    ('out_valid', lw['nmax']), ('out_data', lw['dmax']),
                    ('out_conflict', lw['cmax'])):
        defaults.append("    e_%s = {%d{1'b0}};" % (sig, wd))

    def case(k, v):
        n, w = v['N'], v['W']
        ns = clog2(n)
        px = 'ev%d_' % k
        d = 'u_%sdut.u_xchg' % px
        L = ['        e_%s = %s%s;' % (s, px, s)
             for s in ('busy', 'done', 'cycles', 'delivered', 'errors', 'err_dst', 'err_payload',
                       'err_dup', 'missing', 'conflicts')]
        L.append('        e_inject = %s.issue;' % d)
        if v['net'] == 'banyan' or v['S'] == SCHED['alt']:
            rounds = n
        elif v['S'] == SCHED['stage']:
            rounds = 1 << ns
        else:
            rounds = max(1, v['PL'])
        L += ['        e_round[%d:0] = %s.round;' % (clog2(rounds + 1) - 1, d),
              '        e_cfg[%d:0] = %s.s_cfg;' % (ns - 1, d),
              '        e_valid[%d:0] = %s.s_valid;' % (n - 1, d),
              '        e_dst[%d:0] = %s.s_dst;' % (n * ns - 1, d),
              '        e_tag[%d:0] = %s.s_tag;' % (n * ns - 1, d),
              '        e_out_valid[%d:0] = %s.f_valid;' % (n - 1, d),
              '        e_out_data[%d:0] = %s.f_data;' % (n * w - 1, d),
              '        e_out_conflict[%d:0] = %s.f_conflict;' % (ns * (n // 2) - 1, d)]
        return L
    return selector('e', defaults, eng, case)


def xchg_instance(k, v):
    """Data engine variant k: its wires and its gsen_a2a_xchg / banyan_a2a_xchg instance."""
    n, dw, b, p, t = v['N'], v['DW'], v['B'], v['P'], v['T']
    ns = clog2(n)
    aw = max(1, clog2(n * b))
    px = 'xv%d_' % k
    L = ['  // xchg variant %d: %s N=%d DW=%d B=%d SCHED=%d PIPELINE=%d USE_TAGS=%d PC=%d '
         'PL=%d%s' % (k, v['net'], n, dw, b, v['S'], p, t, v['PC'], v['PL'],
                      ' SRC_LAT=%d' % v['L'] if v['L'] != 1 else '')]
    # SRC_LAT only where it is not the default (the other tops' text stays the same)
    lat = ', .SRC_LAT(%d)' % v['L'] if v['L'] != 1 else ''
    L += ['  wire %sbusy, %sdone;' % (px, px),
          '  wire [31:0] %scycles, %sdelivered, %serr_dst, %serr_dup, %smissing, '
          '%sconflicts;' % ((px,) * 6),
          '  wire [%d:0] %srd_en, %swr_en;' % (n - 1, px, px),
          '  wire [%d:0] %srd_addr, %swr_addr;' % (n * aw - 1, px, px),
          '  wire [%d:0] %swr_data;' % (n * dw - 1, px),
          "  wire %ssel = x_sel == 8'd%d;" % (px, k)]
    if v['net'] == 'gsen':
        L.append('  gsen_a2a_xchg #(.N(%d), .DW(%d), .B(%d), .SCHED(%d), .PIPELINE(%d), '
                 '.USE_TAGS(%d), .PLAYER_CONTROL(%d), .PLAYER_LEN(%d)%s) u_%sdut (' %
                 (n, dw, b, v['S'], p, t, v['PC'], max(1, v['PL']), lat, px))
        L.append(player_port('x', px, v))
    else:
        L.append('  banyan_a2a_xchg #(.N(%d), .DW(%d), .B(%d), .PIPELINE(%d), .USE_TAGS(%d)%s) '
                 'u_%sdut (' % (n, dw, b, p, t, lat, px))
        L.append('    ' + ' '.join(fault_ports('x', ns)))
    L.append('    .clk(clk), .rst(rst), .start(x_start & %ssel),' % px)
    L.append('    .src_rd_en(%srd_en), .src_rd_addr(%srd_addr), '
             '.src_rd_data(x_src_rd_data[%d:0]),' % (px, px, n * dw - 1))
    L.append('    .snk_wr_en(%swr_en), .snk_wr_addr(%swr_addr), .snk_wr_data(%swr_data),' %
             ((px,) * 3))
    L.append('    .busy(%sbusy), .done(%sdone), .cycles(%scycles), .delivered(%sdelivered),' %
             ((px,) * 4))
    L.append('    .err_dst(%serr_dst), .err_dup(%serr_dup), .missing(%smissing), '
             '.conflicts(%sconflicts));' % ((px,) * 4))
    return L


def xchg_selector(xch, xw):
    defaults = ["    x_busy = 1'b0; x_done = 1'b0; x_inject = 1'b0;"]
    for sig in ('cycles', 'delivered', 'err_dst', 'err_dup', 'missing', 'conflicts'):
        defaults.append("    x_%s = 32'd0;" % sig)
    for sig, wd in (('src_rd_en', xw['xn']), ('src_rd_addr', xw['xa']),
                    ('snk_wr_en', xw['xn']), ('snk_wr_addr', xw['xa']),
                    ('snk_wr_data', xw['xd'])):
        defaults.append("    x_%s = {%d{1'b0}};" % (sig, wd))

    def case(k, v):
        n, dw = v['N'], v['DW']
        aw = max(1, clog2(n * v['B']))
        px = 'xv%d_' % k
        L = ['        x_%s = %s%s;' % (s_, px, s_)
             for s_ in ('busy', 'done', 'cycles', 'delivered', 'err_dst', 'err_dup', 'missing',
                        'conflicts')]
        return L + ['        x_inject = u_%sdut.issue;' % px,
                    '        x_src_rd_en[%d:0] = %srd_en;' % (n - 1, px),
                    '        x_src_rd_addr[%d:0] = %srd_addr;' % (n * aw - 1, px),
                    '        x_snk_wr_en[%d:0] = %swr_en;' % (n - 1, px),
                    '        x_snk_wr_addr[%d:0] = %swr_addr;' % (n * aw - 1, px),
                    '        x_snk_wr_data[%d:0] = %swr_data;' % (n * dw - 1, px)]
    return selector('x', defaults, xch, case)


def sweep_verilog(name, fab, eng, xch):
    """The sweep top: header and ports, then per group its instances and output selector."""
    lw = lane_widths(fab + eng + xch)
    xw = xchg_widths(xch) if xch else None
    L = module_header(name, fab, eng, xch)
    if fab:
        L += fabric_ports(lw)
    if eng:
        L += engine_ports(lw)
    if xch:
        L += xchg_ports(xw)
    for k, v in enumerate(fab):
        L += fabric_instance(k, v)
    if fab:
        L += fabric_selector(fab, lw)
    for k, v in enumerate(eng):
        L += engine_instance(k, v)
    if eng:
        L += engine_selector(eng, lw)
    for k, v in enumerate(xch):
        L += xchg_instance(k, v)
    if xch:
        L += xchg_selector(xch, xw)
    L.append('endmodule')
    L.append('`default_nettype wire')
    return '\n'.join(L) + '\n'


def manifest_json(name, fab, eng, xch):
    """The manifest: what the model holds, for the harness (tb/a2a/a2a_rtl.cpp)."""
    def entry(k, v):
        e = dict(sel=k, net=v['net'], N=v['N'], W=v['W'], pipeline=v['P'])
        if v['group'] == 'F':
            e.update(control=v['C'], round_valid=v['R'])
        else:
            e.update(sched=v['S'], use_tags=v['T'], player_control=v['PC'],
                     player_len=v['PL'], B=v['B'])
        if v['group'] == 'X':
            e.update(DW=v['DW'], src_lat=v['L'])
        return e
    manifest = dict(generator='tb/a2a/gen_sweep.py', top=name,
                    fabrics=[entry(k, v) for k, v in enumerate(fab)],
                    engines=[entry(k, v) for k, v in enumerate(eng)],
                    xchgs=[entry(k, v) for k, v in enumerate(xch)])
    return json.dumps(manifest, indent=1, sort_keys=True) + '\n'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--name', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('specs', nargs='+')
    a = ap.parse_args()
    fab, eng, xch = [], [], []
    for s in a.specs:
        for v in parse_spec(s):
            {'F': fab, 'E': eng, 'X': xch}[v['group']].append(v)
    if len(fab) > 256 or len(eng) > 256 or len(xch) > 256:
        sys.exit('gen_sweep: at most 256 fabric, engine and xchg variants per top')
    write_if_changed(os.path.join(a.out, a.name + '.v'), sweep_verilog(a.name, fab, eng, xch))
    write_if_changed(os.path.join(a.out, a.name + '.json'), manifest_json(a.name, fab, eng, xch))


if __name__ == '__main__':
    main()
