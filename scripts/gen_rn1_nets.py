#!/usr/bin/env python3
"""Generates the RN1 network tops (rtl/rn1/rn1_net_*.v) and the matching wiring tables of
the C++ model (model/src/twin/rn1_nets_gen.cpp) from one description, so RTL and model share the
wiring by construction.  Paper 002 (DeHon, Knight, Minsky), sections 20.3-20.6 and 20.11.

Networks (two inputs and two outputs per endpoint, n = m = 2):
  fig20.7  16x16, Fig. 20.7: stages 1-3 of 4x2 dilation-2 crossbars (8 each), stage 4 of
           2x2 dilation-1 crossbars (16); routing digit = 1 destination bit per stage.
  fig20.9  16x16, Fig. 20.9: stage 1 = 4 RN1 in 8x4/dilation-2 mode, stage 2 = 4 RN1 in
           dual 4x4 mode; each 4x4 half of a package serves a different group of endpoints.
  rn1-64   64 endpoints, stages 1-2 = 16 RN1 8x4/dilation-2 each, stage 3 = 16 RN1 dual 4x4.
Wiring rules (expansive, section 20.3-20.4): an endpoint's two inputs enter two different
first-stage routers that form a grid (no two endpoints share both first-stage routers where
the router count allows it); the two outputs of one logical direction of a router always
lead to different next-stage components; the first-stage routers are split into two sets
whose direction outputs reach complementary halves of the next stage, so the paths of one
source fan out over distinct components (full path expansion, Table 20.1).

Usage: scripts/gen_rn1_nets.py [repo_root]   (also: make rn1-nets)
"""
import os
import shutil
import subprocess
import sys

P = 2  # payload bytes per message
MAX_ATT = 64


def router_seed_xor(r):
    return (0x9E37 * (r + 1)) & 0xFFFF


def ep_seed_xor(e):
    return ((0x6A09 * (e + 1)) ^ 0x5555) & 0xFFFF


class Net:
    def __init__(self, name, top, ne, stages):
        self.name, self.top, self.ne, self.stages = name, top, ne, stages
        self.routers = []  # (stage, kind, ni, radix, dil); kind: core | rn1s | rn1d
        self.links = []    # ((kind, node, port), (kind, node, port)); kind 'e' or 'r'

    def add_router(self, stage, kind, ni, radix, dil):
        self.routers.append((stage, kind, ni, radix, dil))
        return len(self.routers) - 1

    def n_out(self, r):
        _, kind, ni, radix, dil = self.routers[r]
        return radix * dil

    def check(self):
        seen_src, seen_dst = set(), set()
        for s, d in self.links:
            assert s not in seen_src and d not in seen_dst, (s, d)
            seen_src.add(s)
            seen_dst.add(d)
        for r, (_, kind, ni, radix, dil) in enumerate(self.routers):
            for i in range(ni):
                assert ('r', r, i) in seen_dst, (self.name, r, i)
            for o in range(radix * dil):
                assert ('r', r, o) in seen_src, (self.name, r, o)
        for e in range(self.ne):
            for k in range(2):
                assert ('e', e, k) in seen_src and ('e', e, k) in seen_dst


def fig20_7():
    net = Net('fig20.7', 'rn1_net_fig20_7', 16, 4)
    s1 = [net.add_router(1, 'core', 4, 2, 2) for _ in range(8)]
    s2 = [net.add_router(2, 'core', 4, 2, 2) for _ in range(8)]  # index 4*b + j
    s3 = [net.add_router(3, 'core', 4, 2, 2) for _ in range(8)]  # index 2*quarter + k
    s4 = [net.add_router(4, 'core', 2, 2, 1) for _ in range(16)]  # index 2*eighth + k
    for e in range(16):
        net.links.append((('e', e, 0), ('r', s1[e // 4], e % 4)))
        net.links.append((('e', e, 1), ('r', s1[4 + e % 4], e // 4)))
    for a in range(8):
        for b in range(2):
            for k in range(2):
                j = k if a < 4 else 2 + k
                net.links.append((('r', s1[a], 2 * b + k), ('r', s2[4 * b + j], a % 4)))
    for b in range(2):
        for j in range(4):
            for b2 in range(2):
                for k in range(2):
                    q = 2 * b + b2
                    net.links.append((('r', s2[4 * b + j], 2 * b2 + k), ('r', s3[2 * q + k], j)))
    for q in range(4):
        for k in range(2):
            for b3 in range(2):
                for k2 in range(2):
                    e8 = 2 * q + b3
                    net.links.append((('r', s3[2 * q + k], 2 * b3 + k2), ('r', s4[2 * e8 + k2], k)))
    for e8 in range(8):
        for k2 in range(2):
            for b4 in range(2):
                net.links.append((('r', s4[2 * e8 + k2], b4), ('e', 2 * e8 + b4, k2)))
    return net


def fig20_9():
    net = Net('fig20.9', 'rn1_net_fig20_9', 16, 2)
    s1 = [net.add_router(1, 'rn1s', 8, 4, 2) for _ in range(4)]
    s2 = [net.add_router(2, 'rn1d', 8, 4, 2) for _ in range(4)]
    cnt = [0] * 4
    for e in range(16):
        a = e % 4
        b = (a + 1 + (e // 4) % 3) % 4
        for k, r in enumerate((a, b)):
            net.links.append((('e', e, k), ('r', s1[r], cnt[r])))
            cnt[r] += 1
    # group g: crossbar k = package (g + k) % 4, half k.
    for a in range(4):
        for g in range(4):
            for k in range(2):
                pkg = (g + k) % 4
                net.links.append((('r', s1[a], 2 * g + k), ('r', s2[pkg], 4 * k + a)))
    for pkg in range(4):
        for half in range(2):
            g = (pkg - half) % 4
            for r in range(4):
                net.links.append((('r', s2[pkg], 4 * half + r), ('e', 4 * g + r, half)))
    return net


def rn1_64():
    net = Net('rn1-64', 'rn1_net_rn1_64', 64, 3)
    s1 = [net.add_router(1, 'rn1s', 8, 4, 2) for _ in range(16)]
    s2 = [net.add_router(2, 'rn1s', 8, 4, 2) for _ in range(16)]  # index 4*q + j
    s3 = [net.add_router(3, 'rn1d', 8, 4, 2) for _ in range(16)]
    for e in range(64):
        net.links.append((('e', e, 0), ('r', s1[e // 8], e % 8)))
        net.links.append((('e', e, 1), ('r', s1[8 + e % 8], e // 8)))
    for a in range(16):
        for q in range(4):
            for k in range(2):
                j = k if a < 8 else 2 + k
                net.links.append((('r', s1[a], 2 * q + k), ('r', s2[4 * q + j], a % 8)))
    # group G = 4q + g: crossbar k = package (G + k) % 16, half k.
    for q in range(4):
        for j in range(4):
            for g in range(4):
                for k in range(2):
                    G = 4 * q + g
                    pkg = (G + k) % 16
                    net.links.append((('r', s2[4 * q + j], 2 * g + k), ('r', s3[pkg], 4 * k + j)))
    for pkg in range(16):
        for half in range(2):
            G = (pkg - half) % 16
            for r in range(4):
                net.links.append((('r', s3[pkg], 4 * half + r), ('e', 4 * G + r, half)))
    return net


def sl(base, width, idx):
    return f'{base}[{width * idx + width - 1}:{width * idx}]'


def gen_verilog(net):
    nr, nl, ne = len(net.routers), len(net.links), net.ne
    nout = sum(net.n_out(r) for r in range(nr))
    lsrc = {s: l for l, (s, d) in enumerate(net.links)}
    ldst = {d: l for l, (s, d) in enumerate(net.links)}
    counts = {}
    for st, kind, ni, radix, dil in net.routers:
        key = (kind, ni, radix, dil)
        counts[key] = counts.get(key, 0) + 1
    desc = ', '.join(f'{c} x {k[0]} {k[1]}x{k[2]}/d{k[3]}' for k, c in counts.items())
    o = []
    w = o.append
    w(f'// {net.top}: the {net.name} network of paper 002 ({ne} endpoints, {net.stages} stages,')
    w(f'// {nr} routers, {nl} links): {desc}.')
    w('// GENERATED by scripts/gen_rn1_nets.py (make rn1-nets); do not edit.  The C++ model')
    w('// reads the same wiring from model/src/twin/rn1_nets_gen.cpp.  Protocol: docs/rn1_protocol.md.')
    w('//')
    w('// Parameters')
    w('//   MAX_ATT          attempts per message before a source gives up')
    w('// Ports')
    w('//   clk, rst, seed   clock, synchronous reset, random seed (xored per router/endpoint)')
    w('//   flt_router_dead  per router: all its outputs read 0 (answers nothing)')
    w('//   flt_link_*       per link: dead, or one data bit stuck (rn1_link)')
    w('//   cfg_en           per router output enable bits (router r at the running offset)')
    w('//   tx_*, dlv_*, ev_*  per endpoint user interface (rn1_endpoint)')
    w('//   probe_fwd/bwd    every link as driven (forward by upstream, backward by downstream)')
    w('`default_nettype none')
    w(f'module {net.top} #(')
    w(f'    parameter MAX_ATT = {MAX_ATT}')
    w(') (')
    ports = [
        ('input ', '', 'clk'), ('input ', '', 'rst'), ('input ', '[15:0]', 'seed'),
        ('input ', f'[{nr - 1}:0]', 'flt_router_dead'),
        ('input ', f'[{nl - 1}:0]', 'flt_link_dead'),
        ('input ', f'[{nl - 1}:0]', 'flt_link_stuck'),
        ('input ', f'[{nl - 1}:0]', 'flt_link_dir'),
        ('input ', f'[{3 * nl - 1}:0]', 'flt_link_bit'),
        ('input ', f'[{nl - 1}:0]', 'flt_link_val'),
        ('input ', f'[{nout - 1}:0]', 'cfg_en'),
        ('input ', f'[{ne - 1}:0]', 'tx_valid'),
        ('input ', f'[{8 * ne - 1}:0]', 'tx_dst'),
        ('input ', f'[{8 * P * ne - 1}:0]', 'tx_payload'),
        ('output', f'[{ne - 1}:0]', 'tx_ready'),
        ('output', f'[{2 * ne - 1}:0]', 'dlv_valid'),
        ('output', f'[{16 * ne - 1}:0]', 'dlv_src'),
        ('output', f'[{32 * ne - 1}:0]', 'dlv_seq'),
        ('output', f'[{16 * P * ne - 1}:0]', 'dlv_payload'),
        ('output', f'[{ne - 1}:0]', 'ev_valid'),
        ('output', f'[{ne - 1}:0]', 'ev_ok'),
        ('output', f'[{8 * ne - 1}:0]', 'ev_attempts'),
        ('output', f'[{9 * nl - 1}:0]', 'probe_fwd'),
        ('output', f'[{9 * nl - 1}:0]', 'probe_bwd'),
    ]
    for k, (d, rng, n) in enumerate(ports):
        sep = ',' if k + 1 < len(ports) else ''
        w(f'    {d} wire {rng:>12} {n}{sep}')
    w(');')
    # One 9-bit wire per link and direction (no wide flat buses: they make Verilator slow).
    for l in range(nl):
        w(f'  wire [8:0] lfd{l}, lfr{l}, lbd{l}, lbr{l};')
    w(f'  wire [{nr - 1}:0] unused_dual;')
    w('  assign probe_fwd = {' + ', '.join(f'lfd{l}' for l in reversed(range(nl))) + '};')
    w('  assign probe_bwd = {' + ', '.join(f'lbd{l}' for l in reversed(range(nl))) + '};')
    w('')
    w('  // links')
    for l in range(nl):
        w(f'  rn1_link u_l{l} (.fwd_in(lfd{l}), .fwd_out(lfr{l}), .bwd_in(lbd{l}), .bwd_out(lbr{l}),')
        w(f'      .dead(flt_link_dead[{l}]), .stuck(flt_link_stuck[{l}]), .dir(flt_link_dir[{l}]),')
        w(f'      .bitsel(flt_link_bit[{3 * l + 2}:{3 * l}]), .val(flt_link_val[{l}]));')
    w('')
    w('  // routers')
    eoff = 0
    for r, (st, kind, ni, radix, dil) in enumerate(net.routers):
        no = radix * dil
        ins = [ldst[('r', r, i)] for i in range(ni)]
        outs = [lsrc[('r', r, k)] for k in range(no)]
        fi = ', '.join(f'lfr{l}' for l in reversed(ins))
        bi = ', '.join(f'lbr{l}' for l in reversed(outs))
        w(f'  // router {r}: stage {st}, {kind} {ni}x{radix}/d{dil}')
        w(f'  wire [{9 * ni - 1}:0] r{r}_bo;')
        w(f'  wire [{9 * no - 1}:0] r{r}_fo;')
        seed = f"seed ^ 16'h{router_seed_xor(r):04X}"
        en = f'cfg_en[{eoff + no - 1}:{eoff}]'
        eoff += no
        if kind == 'core':
            w(f'  rn1_xbar_core #(.NI({ni}), .R({radix}), .D({dil})) u_r{r} (')
            w(f'      .clk(clk), .rst(rst), .seed({seed}), .en({en}),')
            w(f'      .fwd_in({{{fi}}}), .bwd_out(r{r}_bo), .fwd_out(r{r}_fo),')
            w(f'      .bwd_in({{{bi}}}));')
            w(f"  assign unused_dual[{r}] = 1'b0;")
        else:
            mode = 2 if kind == 'rn1s' else 3
            w(f'  rn1 #(.MODE_SEL({mode})) u_r{r} (')
            w(f"      .clk(clk), .rst(rst), .seed({seed}), .cfg_we(1'b0), .cfg_dual(1'b0),")
            w(f'      .cfg_en({en}), .fwd_in({{{fi}}}), .bwd_out(r{r}_bo), .fwd_out(r{r}_fo),')
            w(f'      .bwd_in({{{bi}}}), .dual_o(unused_dual[{r}]));')
        for k, l in enumerate(outs):
            w(f"  assign lfd{l} = flt_router_dead[{r}] ? 9'd0 : r{r}_fo[{9 * k + 8}:{9 * k}];")
        for i, l in enumerate(ins):
            w(f"  assign lbd{l} = flt_router_dead[{r}] ? 9'd0 : r{r}_bo[{9 * i + 8}:{9 * i}];")
    w('')
    w('  // endpoints')
    for e in range(ne):
        si = [lsrc[('e', e, k)] for k in range(2)]
        di = [ldst[('e', e, k)] for k in range(2)]
        w(f'  wire [17:0] e{e}_sf, e{e}_db;')
        w(f'  wire [1:0] e{e}_dv;')
        w(f'  wire [15:0] e{e}_ds;')
        w(f'  wire [31:0] e{e}_dq;')
        w(f'  wire [{16 * P - 1}:0] e{e}_dp;')
        w(f'  wire [7:0] e{e}_ea;')
        w(f'  wire e{e}_tr, e{e}_ev, e{e}_eo;')
        w(f'  rn1_endpoint #(.NE({ne}), .NSTAGES({net.stages}), .P({P}), .MAX_ATT(MAX_ATT)) u_e{e} (')
        w(f"      .clk(clk), .rst(rst), .ep_id(8'd{e}), .seed(seed ^ 16'h{ep_seed_xor(e):04X}),")
        w(f"      .tx_valid(tx_valid[{e}]),")
        w(f"      .tx_dst({sl('tx_dst', 8, e)}), .tx_payload({sl('tx_payload', 8 * P, e)}),")
        w(f"      .tx_ready(e{e}_tr), .src_fwd(e{e}_sf), .src_bwd({{lbr{si[1]}, lbr{si[0]}}}),")
        w(f"      .dst_fwd({{lfr{di[1]}, lfr{di[0]}}}), .dst_bwd(e{e}_db), .dlv_valid(e{e}_dv),")
        w(f"      .dlv_src(e{e}_ds), .dlv_seq(e{e}_dq), .dlv_payload(e{e}_dp), .ev_valid(e{e}_ev),")
        w(f"      .ev_ok(e{e}_eo), .ev_attempts(e{e}_ea));")
        for k in range(2):
            w(f"  assign lfd{si[k]} = e{e}_sf[{9 * k + 8}:{9 * k}];")
            w(f"  assign lbd{di[k]} = e{e}_db[{9 * k + 8}:{9 * k}];")
    rev = list(reversed(range(ne)))
    for port, suf in (('tx_ready', 'tr'), ('dlv_valid', 'dv'), ('dlv_src', 'ds'), ('dlv_seq', 'dq'),
                      ('dlv_payload', 'dp'), ('ev_valid', 'ev'), ('ev_ok', 'eo'),
                      ('ev_attempts', 'ea')):
        w(f'  assign {port} = {{' + ', '.join(f'e{e}_{suf}' for e in rev) + '};')
    w('endmodule')
    return '\n'.join(o) + '\n'


def gen_cpp(nets):
    o = []
    w = o.append
    w('// GENERATED by scripts/gen_rn1_nets.py (make rn1-nets); do not edit.')
    w('// Wiring of the RN1 networks, identical to the generated RTL tops rtl/rn1/rn1_net_*.v.')
    w('#include "minforge/rn1_net.hpp"')
    w('')
    w('namespace minforge::rn1 {')
    w('')
    w('namespace {')
    kinds = {'core': 'RouterKind::kCore', 'rn1s': 'RouterKind::kRn1Single',
             'rn1d': 'RouterKind::kRn1Dual'}
    for net in nets:
        fn = net.top.replace('rn1_net_', 'make_')
        w(f'NetSpec {fn}() {{')
        w('  NetSpec n;')
        w(f'  n.name = "{net.name}";')
        w(f'  n.rtl_top = "{net.top}";')
        w(f'  n.endpoints = {net.ne};')
        w(f'  n.stages = {net.stages};')
        w(f'  n.payload = {P};')
        w(f'  n.max_attempts = {MAX_ATT};')
        w('  n.routers = {')
        for r, (st, kind, ni, radix, dil) in enumerate(net.routers):
            w(f'      {{{st}, {kinds[kind]}, {ni}, {radix}, {dil}, 0x{router_seed_xor(r):04X}}},')
        w('  };')
        w('  n.links = {')
        for s, d in net.links:
            se = 'true' if s[0] == 'e' else 'false'
            de = 'true' if d[0] == 'e' else 'false'
            w(f'      {{{{{se}, {s[1]}, {s[2]}}}, {{{de}, {d[1]}, {d[2]}}}}},')
        w('  };')
        w('  n.endpoint_seed_xor = {' + ', '.join(f'0x{ep_seed_xor(e):04X}' for e in range(net.ne)) + '};')
        w('  return n;')
        w('}')
        w('')
    w('}  // namespace')
    w('')
    w('const NetSpec& net_spec(Topology t) {')
    for net, enum in zip(nets, ('kFig20_7', 'kFig20_9', 'kRn1_64')):
        fn = net.top.replace('rn1_net_', 'make_')
        w(f'  static const NetSpec {fn.replace("make_", "s_")} = {fn}();')
    w('  switch (t) {')
    for net, enum in zip(nets, ('kFig20_7', 'kFig20_9', 'kRn1_64')):
        fn = net.top.replace('rn1_net_', 's_')
        w(f'    case Topology::{enum}:')
        w(f'      return {fn};')
    w('  }')
    w('  return s_fig20_7;')
    w('}')
    w('')
    w('}  // namespace minforge::rn1')
    return '\n'.join(o) + '\n'


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    nets = [fig20_7(), fig20_9(), rn1_64()]
    for net in nets:
        net.check()
        with open(os.path.join(root, 'rtl', 'rn1', net.top + '.v'), 'w') as f:
            f.write(gen_verilog(net))
    cpp = os.path.join(root, 'model', 'src', 'twin', 'rn1_nets_gen.cpp')
    with open(cpp, 'w') as f:
        f.write(gen_cpp(nets))
    if shutil.which('clang-format'):
        subprocess.run(['clang-format', '-i', cpp], check=True)


if __name__ == '__main__':
    main()
