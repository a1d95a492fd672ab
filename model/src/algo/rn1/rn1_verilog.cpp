// RN1 network tops as Verilog, from the model's NetSpec (the writer that replaced
// scripts/gen_rn1_nets.py).  Every name is declared before its first use, as the standard
// asks (slang rejects a use before the declaration; scripts/frontends.py checks it).
#include "minforge/algo/rn1/rn1_verilog.hpp"

#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "minforge/algo/rn1/rn1_localise.hpp"

namespace minforge::rn1 {

namespace {

const char* kind_name(RouterKind k) {
  switch (k) {
    case RouterKind::kCore:
      return "core";
    case RouterKind::kRn1Single:
      return "rn1s";
    case RouterKind::kRn1Dual:
      return "rn1d";
  }
  return "?";
}

// "[width-1:0]"
std::string bus(long width) {
  std::ostringstream s;
  s << '[' << width - 1 << ":0]";
  return s.str();
}

// "[hi:lo]" of field `idx` of `width` bits.
std::string field(int width, int idx) {
  std::ostringstream s;
  s << '[' << width * idx + width - 1 << ':' << width * idx << ']';
  return s.str();
}

std::string hex4(uint16_t v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04X", v);
  return buf;
}

// "p3, p2, p1" for ids {1, 2, 3}: a Verilog concatenation lists the highest index first.
std::string concat_down(const char* prefix, const std::vector<int>& ids) {
  std::ostringstream s;
  for (size_t k = ids.size(); k-- > 0;) s << prefix << ids[k] << (k ? ", " : "");
  return s.str();
}

std::vector<int> iota(int n) {
  std::vector<int> v(n);
  for (int k = 0; k < n; ++k) v[k] = k;
  return v;
}

using PortKey = std::tuple<bool, int, int>;  // (endpoint, node, port)

// A constant bit vector written as a Verilog literal "<width>'h<hex>".
class Bits {
 public:
  explicit Bits(int width) : b_(static_cast<size_t>(width), 0) {}
  void set(int off, int width, long v) {
    for (int k = 0; k < width; ++k) b_[static_cast<size_t>(off + k)] = ((v >> k) & 1) != 0;
  }
  // "<w>'h<hex>" of bits [lo, lo + w).
  std::string literal(int lo, int w) const {
    std::string hex;
    for (int d = (w + 3) / 4 - 1; d >= 0; --d) {
      int v = 0;
      for (int k = 3; k >= 0; --k) {
        const int i = 4 * d + k;
        v = 2 * v + (i < w && b_[static_cast<size_t>(lo + i)] ? 1 : 0);
      }
      hex += "0123456789abcdef"[v];
    }
    return std::to_string(w) + "'h" + hex;
  }
  std::string literal() const { return literal(0, static_cast<int>(b_.size())); }
  // A long vector as a concatenation of literals of at most 320 bits, one per line.
  std::string wrapped(const std::string& indent) const {
    const int w = static_cast<int>(b_.size());
    if (w <= 320) return literal();
    std::string out = "{";
    for (int hi = w; hi > 0; hi -= 320) {
      const int lo = hi > 320 ? hi - 320 : 0;
      out += literal(lo, hi - lo);
      if (lo) {
        out += ",\n";
        out += indent;
        out += ' ';
      } else {
        out += '}';
      }
    }
    return out;
  }

 private:
  std::vector<uint8_t> b_;
};

// What the sections of a network top share: the network, its decode tables, its counts and
// which link each port is wired to.
struct Top {
  explicit Top(const NetSpec& n)
      : net(n),
        nr(static_cast<int>(n.routers.size())),
        nl(static_cast<int>(n.links.size())),
        ne(n.endpoints),
        P(n.payload),
        eb(ceil_log2(static_cast<uint64_t>(n.endpoints))),
        dt(decode_tables(n)) {
    for (const RouterSpec& r : net.routers) nout += r.radix * r.dilation;
    for (int l = 0; l < nl; ++l) {
      const LinkSpec& ls = net.links[l];
      lsrc[{ls.src.endpoint, ls.src.node, ls.src.port}] = l;
      ldst[{ls.dst.endpoint, ls.dst.node, ls.dst.port}] = l;
    }
  }
  // The link an output port drives (lsrc) or the link into an input port (ldst).
  static int link_of(const std::map<PortKey, int>& m, bool endpoint, int node, int port) {
    auto it = m.find({endpoint, node, port});
    if (it == m.end()) throw std::logic_error("rn1 verilog: unconnected port");
    return it->second;
  }

  const NetSpec& net;
  const int nr, nl, ne, P;
  const int eb;  // endpoint index bits (the verdict arbiter)
  const DecodeTables dt;
  int nout = 0;  // router outputs: the width of cfg_en and en_eff
  std::map<PortKey, int> lsrc, ldst;
};

// The header comment and the module's parameters.
void emit_header(std::ostream& o, const Top& t) {
  const NetSpec& net = t.net;
  // Router kinds in order of first appearance, with their counts.
  std::vector<std::pair<std::tuple<RouterKind, int, int, int>, int>> counts;
  for (const RouterSpec& r : net.routers) {
    const auto key = std::make_tuple(r.kind, r.inputs, r.radix, r.dilation);
    bool found = false;
    for (auto& c : counts) {
      if (c.first == key) {
        ++c.second;
        found = true;
      }
    }
    if (!found) counts.push_back({key, 1});
  }
  o << "// " << net.rtl_top << ": the " << net.name << " network of paper 002 (" << t.ne
    << " endpoints, " << net.stages << " stages,\n"
    << "// " << t.nr << " routers, " << t.nl << " links): ";
  for (size_t k = 0; k < counts.size(); ++k) {
    const auto& [key, c] = counts[k];
    o << (k ? ", " : "") << c << " x " << kind_name(std::get<0>(key)) << ' ' << std::get<1>(key)
      << 'x' << std::get<2>(key) << "/d" << std::get<3>(key);
  }
  o << ".\n"
    << "// GENERATED by `minforge rn1 verilog --topology " << net.name
    << "` (make rn1-verilog) from the\n"
    << "// model's wiring (minforge::rn1::net_spec, model/src/algo/rn1/rn1_topology.cpp); do not "
       "edit.\n"
    << "// Its cycle twin is minforge::twin::Rn1Net.  Protocol: docs/rn1_protocol.md.\n"
    << "//\n"
    << "// Parameters\n"
    << "//   MAX_ATT          attempts per message before a source gives up\n"
    << "//   MON_TH           the fault monitor's declaration threshold (rn1_monitor TH)\n"
    << "// Ports\n"
    << "//   clk, rst, seed   clock, synchronous reset, random seed (xored per router/endpoint)\n"
    << "//   flt_router_dead  per router: all its outputs read 0 (answers nothing)\n"
    << "//   flt_link_*       per link: dead, or one data bit stuck (rn1_link)\n"
    << "//   cfg_en           per router output enable bits (router r at the running offset)\n"
    << "//   mon_switch       1: the monitor's declared links are switched off (en_eff = cfg_en\n"
    << "//                    & ~declared; an endpoint stops choosing a declared input); 0:\n"
    << "//                    cfg_en alone (the enables tied on, as before the monitor)\n"
    << "//   tx_*, dlv_*, ev_*  per endpoint user interface (rn1_endpoint)\n"
    << "//   probe_fwd/bwd    every link as driven (forward by upstream, backward by "
       "downstream)\n"
    << "//   vd_fin, vd_kind, vd_pend  per endpoint's decoder (rn1_decoder): attempt read, its\n"
    << "//                    verdict (0 ok, 1 blocked, 2 suspect), a verdict waiting\n"
    << "//   mon_v_*          the verdict the monitor takes this cycle (round robin: the first\n"
    << "//                    endpoint at or after the pointer with a verdict waiting; the\n"
    << "//                    pointer then moves past it), with its endpoint (mon_v_src)\n"
    << "//   mon_decl_*       the monitor's declaration pulse and link (rn1_monitor)\n"
    << "//   en_eff, in_en    the router output enables and endpoint input enables applied\n"
    << "// Timing: a verdict in cycle t is counted at the edge ending t, its declaration shows\n"
    << "// from t + 1 and switches the output off from t + 1 (registered).\n"
    << "`default_nettype none\n"
    << "module " << net.rtl_top << " #(\n"
    << "    parameter MAX_ATT = " << net.max_attempts << ",\n"
    << "    parameter MON_TH = 2\n"
    << ") (\n";
}

// The port list, one port a line, ranges right-aligned.
void emit_ports(std::ostream& o, const Top& t) {
  struct Port {
    const char* dir;
    std::string range;
    const char* name;
  };
  const int nr = t.nr, nl = t.nl, ne = t.ne, P = t.P;
  const std::vector<Port> ports = {
      {"input ", "", "clk"},
      {"input ", "", "rst"},
      {"input ", "[15:0]", "seed"},
      {"input ", bus(nr), "flt_router_dead"},
      {"input ", bus(nl), "flt_link_dead"},
      {"input ", bus(nl), "flt_link_stuck"},
      {"input ", bus(nl), "flt_link_dir"},
      {"input ", bus(3L * nl), "flt_link_bit"},
      {"input ", bus(nl), "flt_link_val"},
      {"input ", bus(t.nout), "cfg_en"},
      {"input ", "", "mon_switch"},
      {"input ", bus(ne), "tx_valid"},
      {"input ", bus(8L * ne), "tx_dst"},
      {"input ", bus(8L * P * ne), "tx_payload"},
      {"output", bus(ne), "tx_ready"},
      {"output", bus(2L * ne), "dlv_valid"},
      {"output", bus(16L * ne), "dlv_src"},
      {"output", bus(32L * ne), "dlv_seq"},
      {"output", bus(16L * P * ne), "dlv_payload"},
      {"output", bus(ne), "ev_valid"},
      {"output", bus(ne), "ev_ok"},
      {"output", bus(8L * ne), "ev_attempts"},
      {"output", bus(9L * nl), "probe_fwd"},
      {"output", bus(9L * nl), "probe_bwd"},
      {"output", bus(ne), "vd_fin"},
      {"output", bus(2L * ne), "vd_kind"},
      {"output", bus(ne), "vd_pend"},
      {"output", "", "mon_v_valid"},
      {"output", "[7:0]", "mon_v_src"},
      {"output", "[3:0]", "mon_v_n"},
      {"output", bus(static_cast<long>(t.dt.lw) * t.dt.maxc), "mon_v_cand"},
      {"output", "", "mon_decl_valid"},
      {"output", bus(t.dt.lw), "mon_decl_link"},
      {"output", bus(t.nout), "en_eff"},
      {"output", bus(2L * ne), "in_en"},
  };
  for (size_t k = 0; k < ports.size(); ++k) {
    const Port& p = ports[k];
    const size_t pad = p.range.size() < 12 ? 12 - p.range.size() : 0;
    o << "    " << p.dir << " wire " << std::string(pad, ' ') << p.range << ' ' << p.name
      << (k + 1 < ports.size() ? "," : "") << "\n";
  }
  o << ");\n";
}

// The link wires, the monitor's and the verdict arbiter's variables, the probe outputs.
void emit_declarations(std::ostream& o, const Top& t) {
  // One 9-bit wire per link and direction (no wide flat buses: they make Verilator slow).
  for (int l = 0; l < t.nl; ++l) {
    o << "  wire [8:0] lfd" << l << ", lfr" << l << ", lbd" << l << ", lbr" << l << ";\n";
  }
  o << "  wire " << bus(t.nl) << " mon_declared;\n";
  o << "  wire " << bus(t.nr) << " unused_dual;\n";
  // The verdict arbiter's variables (its logic is at the end): declared before the decoders,
  // whose .grant reads arb_gnt, since a name must be declared before its first use.
  o << "  // the verdict arbiter's variables (its logic is at the end; .grant reads arb_gnt)\n"
    << "  reg  [" << t.eb - 1 << ":0] arb_rr, arb_sel, arb_j;\n"
    << "  reg  " << bus(t.ne) << " arb_gnt;\n"
    << "  reg         arb_any;\n"
    << "  integer     arb_i;\n"
    << "  assign probe_fwd = {" << concat_down("lfd", iota(t.nl)) << "};\n"
    << "  assign probe_bwd = {" << concat_down("lbd", iota(t.nl)) << "};\n"
    << "\n";
}

// The wiring as the decoders read it (rn1::decode_tables; rtl/rn1/rn1_decoder.v).
void emit_decode_tables(std::ostream& o, const Top& t) {
  const DecodeTables& dt = t.dt;
  const int nl = t.nl, nr = t.nr;
  Bits cons(32), rb(32), no(32), dil2(8), dual(8), ldst(nl * (dt.rw + 3)), olink(nr * 8 * dt.lw);
  for (int k = 0; k < dt.stages; ++k) {
    cons.set(4 * k, 4, dt.cons[static_cast<size_t>(k)]);
    rb.set(4 * k, 4, dt.rb[static_cast<size_t>(k)]);
    no.set(4 * k, 4, dt.nout[static_cast<size_t>(k)]);
    dil2.set(k, 1, dt.dil2[static_cast<size_t>(k)]);
    dual.set(k, 1, dt.dual[static_cast<size_t>(k)]);
  }
  for (int l = 0; l < nl; ++l) {
    ldst.set((dt.rw + 3) * l, 3, dt.link_port[static_cast<size_t>(l)]);
    ldst.set((dt.rw + 3) * l + 3, dt.rw, dt.link_router[static_cast<size_t>(l)]);
  }
  for (int k = 0; k < 8 * nr; ++k) olink.set(dt.lw * k, dt.lw, dt.out_link[static_cast<size_t>(k)]);
  const std::string ind(6, ' ');
  o << "  // the wiring as the decoders read it (rn1::decode_tables)\n"
    << "  localparam [31:0] DEC_CONS = " << cons.literal() << ";\n"
    << "  localparam [31:0] DEC_RB = " << rb.literal() << ";\n"
    << "  localparam [31:0] DEC_NO = " << no.literal() << ";\n"
    << "  localparam [7:0] DEC_DIL2 = " << dil2.literal() << ";\n"
    << "  localparam [7:0] DEC_DUAL = " << dual.literal() << ";\n"
    << "  localparam " << bus(static_cast<long>(nl) * (dt.rw + 3)) << " DEC_LINK_DST =\n"
    << ind << ldst.wrapped(ind) << ";\n"
    << "  localparam " << bus(static_cast<long>(nr) * 8 * dt.lw) << " DEC_OUT_LINK =\n"
    << ind << olink.wrapped(ind) << ";\n"
    << "\n";
}

// One rn1_link per link, with its fault inputs.
void emit_links(std::ostream& o, const Top& t) {
  o << "  // links\n";
  for (int l = 0; l < t.nl; ++l) {
    o << "  rn1_link u_l" << l << " (.fwd_in(lfd" << l << "), .fwd_out(lfr" << l << "), .bwd_in(lbd"
      << l << "), .bwd_out(lbr" << l << "),\n"
      << "      .dead(flt_link_dead[" << l << "]), .stuck(flt_link_stuck[" << l
      << "]), .dir(flt_link_dir[" << l << "]),\n"
      << "      .bitsel(flt_link_bit" << field(3, l) << "), .val(flt_link_val[" << l << "]));\n";
  }
  o << "\n";
}

// Router r (its output enables start at en_eff[eoff]): its enables, the rn1_xbar_core or rn1
// instance, its outputs onto the links (0 when the router is dead).
void emit_router(std::ostream& o, const Top& t, int r, int eoff) {
  const RouterSpec& rs = t.net.routers[r];
  const int ni = rs.inputs, no = rs.radix * rs.dilation;
  std::vector<int> ins, outs;
  for (int i = 0; i < ni; ++i) ins.push_back(Top::link_of(t.ldst, false, r, i));
  for (int k = 0; k < no; ++k) outs.push_back(Top::link_of(t.lsrc, false, r, k));
  o << "  // router " << r << ": stage " << rs.stage << ", " << kind_name(rs.kind) << ' ' << ni
    << 'x' << rs.radix << "/d" << rs.dilation << "\n"
    << "  wire " << bus(9L * ni) << " r" << r << "_bo;\n"
    << "  wire " << bus(9L * no) << " r" << r << "_fo;\n";
  const std::string seed = std::string("seed ^ 16'h").append(hex4(rs.seed_xor));
  std::ostringstream en;
  en << "en_eff[" << eoff + no - 1 << ':' << eoff << ']';
  for (int k = 0; k < no; ++k) {
    o << "  assign en_eff[" << eoff + k << "] = cfg_en[" << eoff + k
      << "] & ~(mon_switch & mon_declared[" << outs[k] << "]);\n";
  }
  if (rs.kind == RouterKind::kCore) {
    o << "  rn1_xbar_core #(.NI(" << ni << "), .R(" << rs.radix << "), .D(" << rs.dilation
      << ")) u_r" << r << " (\n"
      << "      .clk(clk), .rst(rst), .seed(" << seed << "), .en(" << en.str() << "),\n"
      << "      .fwd_in({" << concat_down("lfr", ins) << "}), .bwd_out(r" << r << "_bo), .fwd_out(r"
      << r << "_fo),\n"
      << "      .bwd_in({" << concat_down("lbr", outs) << "}));\n"
      << "  assign unused_dual[" << r << "] = 1'b0;\n";
  } else {
    o << "  rn1 #(.MODE_SEL(" << (rs.kind == RouterKind::kRn1Single ? 2 : 3) << ")) u_r" << r
      << " (\n"
      << "      .clk(clk), .rst(rst), .seed(" << seed << "), .cfg_we(1'b0), .cfg_dual(1'b0),\n"
      << "      .cfg_en(" << en.str() << "), .fwd_in({" << concat_down("lfr", ins)
      << "}), .bwd_out(r" << r << "_bo), .fwd_out(r" << r << "_fo),\n"
      << "      .bwd_in({" << concat_down("lbr", outs) << "}), .dual_o(unused_dual[" << r
      << "]));\n";
  }
  for (int k = 0; k < no; ++k) {
    o << "  assign lfd" << outs[k] << " = flt_router_dead[" << r << "] ? 9'd0 : r" << r << "_fo"
      << field(9, k) << ";\n";
  }
  for (int i = 0; i < ni; ++i) {
    o << "  assign lbd" << ins[i] << " = flt_router_dead[" << r << "] ? 9'd0 : r" << r << "_bo"
      << field(9, i) << ";\n";
  }
}

void emit_routers(std::ostream& o, const Top& t) {
  o << "  // routers\n";
  int eoff = 0;
  for (int r = 0; r < t.nr; ++r) {
    emit_router(o, t, r, eoff);
    eoff += t.net.routers[r].radix * t.net.routers[r].dilation;
  }
  o << "\n";
}

// Endpoint e: its rn1_endpoint, its links, its input enables and its rn1_decoder.
void emit_endpoint(std::ostream& o, const Top& t, int e) {
  const NetSpec& net = t.net;
  const DecodeTables& dt = t.dt;
  // A single-port endpoint (Fig. 20.3) has its port 1 tied off: inputs 0, outputs unused.
  const bool one = net.endpoint_ports == 1;
  const int si[2] = {Top::link_of(t.lsrc, true, e, 0), one ? -1 : Top::link_of(t.lsrc, true, e, 1)};
  const int di[2] = {Top::link_of(t.ldst, true, e, 0), one ? -1 : Top::link_of(t.ldst, true, e, 1)};
  auto wire_or_zero = [](const char* prefix, int l) {
    return l < 0 ? std::string("9'd0") : prefix + std::to_string(l);
  };
  std::string E = std::to_string(e);
  E.insert(E.begin(), 'e');
  o << "  wire [17:0] " << E << "_sf, " << E << "_db;\n"
    << "  wire [1:0] " << E << "_dv;\n"
    << "  wire [15:0] " << E << "_ds;\n"
    << "  wire [31:0] " << E << "_dq;\n"
    << "  wire " << bus(16L * t.P) << ' ' << E << "_dp;\n"
    << "  wire [7:0] " << E << "_ea;\n"
    << "  wire " << E << "_tr, " << E << "_ev, " << E << "_eo;\n"
    << "  rn1_endpoint #(.NE(" << t.ne << "), .NSTAGES(" << net.stages << "), .P(" << t.P
    << "), .MAX_ATT(MAX_ATT)" << (one ? ", .NPORT(1)" : "") << ") u_" << E << " (\n"
    << "      .clk(clk), .rst(rst), .ep_id(8'd" << e << "), .seed(seed ^ 16'h"
    << hex4(net.endpoint_seed_xor[e]) << "),\n"
    << "      .tx_valid(tx_valid[" << e << "]),\n"
    << "      .tx_dst(tx_dst" << field(8, e) << "), .tx_payload(tx_payload" << field(8 * t.P, e)
    << "),\n"
    << "      .tx_ready(" << E << "_tr), .in_en(in_en" << field(2, e) << "), .src_fwd(" << E
    << "_sf), .src_bwd({" << wire_or_zero("lbr", si[1]) << ", lbr" << si[0] << "}),\n"
    << "      .dst_fwd({" << wire_or_zero("lfr", di[1]) << ", lfr" << di[0] << "}), .dst_bwd(" << E
    << "_db), .dlv_valid(" << E << "_dv),\n"
    << "      .dlv_src(" << E << "_ds), .dlv_seq(" << E << "_dq), .dlv_payload(" << E
    << "_dp), .ev_valid(" << E << "_ev),\n"
    << "      .ev_ok(" << E << "_eo), .ev_attempts(" << E << "_ea));\n";
  for (int k = 0; k < (one ? 1 : 2); ++k) {
    o << "  assign lfd" << si[k] << " = " << E << "_sf" << field(9, k) << ";\n"
      << "  assign lbd" << di[k] << " = " << E << "_db" << field(9, k) << ";\n";
  }
  if (one) {
    o << "  wire [17:0] " << E << "_unused = {" << E << "_sf[17:9], " << E << "_db[17:9]};\n";
  }
  auto en_of = [](int l) {
    return l < 0 ? std::string("1'b1") : "~(mon_switch & mon_declared[" + std::to_string(l) + "])";
  };
  o << "  assign in_en" << field(2, e) << " = {" << en_of(si[1]) << ", " << en_of(si[0]) << "};\n"
    << "  wire [3:0] " << E << "_vn;\n"
    << "  wire " << bus(static_cast<long>(dt.lw) * dt.maxc) << ' ' << E << "_vc;\n"
    << "  rn1_decoder #(.NSTAGES(" << net.stages << "), .NPORT(" << net.endpoint_ports << "), .NL("
    << t.nl << "), .LW(" << dt.lw << "), .NR(" << t.nr << "), .RW(" << dt.rw << "), .MAXC("
    << dt.maxc << "),\n"
    << "      .ST_CONS(DEC_CONS), .ST_RB(DEC_RB), .ST_NO(DEC_NO), .ST_DIL2(DEC_DIL2), "
       ".ST_DUAL(DEC_DUAL),\n"
    << "      .LINK_DST(DEC_LINK_DST), .OUT_LINK(DEC_OUT_LINK)) u_d" << e << " (\n"
    << "      .clk(clk), .rst(rst), .src_link({" << dt.lw << "'d" << (si[1] < 0 ? 0 : si[1]) << ", "
    << dt.lw << "'d" << si[0] << "}), .sf(" << E << "_sf),\n"
    << "      .sb({" << wire_or_zero("lbr", si[1]) << ", lbr" << si[0] << "}), .grant(arb_gnt[" << e
    << "]), .fin(vd_fin[" << e << "]), .kind(vd_kind" << field(2, e) << "),\n"
    << "      .pend(vd_pend[" << e << "]), .vn(" << E << "_vn), .vcand(" << E << "_vc));\n";
}

// "e<ne-1><suf>, ..., e0<suf>": one wire of every endpoint, the highest first.
std::string endpoint_concat(int ne, const char* suf) {
  std::string v;
  for (int e = ne - 1; e >= 0; --e) {
    v += 'e';
    v += std::to_string(e);
    v += suf;
    if (e) v += ", ";
  }
  return v;
}

// The per-endpoint user outputs gathered into the module's ports.
void emit_user_outputs(std::ostream& o, const Top& t) {
  const std::pair<const char*, const char*> user[] = {
      {"tx_ready", "_tr"},    {"dlv_valid", "_dv"}, {"dlv_src", "_ds"}, {"dlv_seq", "_dq"},
      {"dlv_payload", "_dp"}, {"ev_valid", "_ev"},  {"ev_ok", "_eo"},   {"ev_attempts", "_ea"}};
  for (const auto& [port, suf] : user) {
    o << "  assign " << port << " = {" << endpoint_concat(t.ne, suf) << "};\n";
  }
}

// Fault localisation: round-robin arbitration of the decoders' verdicts into the monitor.
void emit_localisation(std::ostream& o, const Top& t) {
  const int cw = t.dt.lw * t.dt.maxc, eb = t.eb, ne = t.ne;
  o << "\n"
    << "  // fault localisation: one verdict per cycle into the monitor, round robin (the first\n"
    << "  // endpoint at or after arb_rr, cyclically, with a verdict waiting; arb_rr then moves\n"
    << "  // past it; its variables are declared at the top)\n"
    << "  always @* begin\n"
    << "    arb_any = 1'b0;\n"
    << "    arb_sel = " << eb << "'d0;\n"
    << "    arb_j   = " << eb << "'d0;\n"
    << "    for (arb_i = 0; arb_i < " << ne << "; arb_i = arb_i + 1) begin\n"
    << "      arb_j = arb_rr + arb_i[" << eb - 1 << ":0];\n"
    << "      if (!arb_any && vd_pend[arb_j]) begin\n"
    << "        arb_any = 1'b1;\n"
    << "        arb_sel = arb_j;\n"
    << "      end\n"
    << "    end\n"
    << "    arb_gnt = {" << ne - 1 << "'d0, arb_any} << arb_sel;\n"
    << "  end\n"
    << "  always @(posedge clk) begin\n"
    << "    if (rst) arb_rr <= " << eb << "'d0;\n"
    << "    else if (arb_any) arb_rr <= arb_sel + " << eb << "'d1;\n"
    << "  end\n"
    << "  wire " << bus(4L * ne) << " arb_vn = {" << endpoint_concat(ne, "_vn") << "};\n"
    << "  wire " << bus(static_cast<long>(cw) * ne) << " arb_vc = {" << endpoint_concat(ne, "_vc")
    << "};\n"
    << "  assign mon_v_valid = arb_any;\n"
    << "  assign mon_v_src = {" << 8 - eb << "'d0, arb_sel};\n"
    << "  assign mon_v_n = arb_vn[4*arb_sel +: 4];\n"
    << "  assign mon_v_cand = arb_vc[" << cw << "*arb_sel +: " << cw << "];\n"
    << "  rn1_monitor #(.NL(" << t.nl << "), .LW(" << t.dt.lw << "), .MAXC(" << t.dt.maxc
    << "), .CW(4), .TH(MON_TH)) u_mon (\n"
    << "      .clk(clk), .rst(rst), .v_valid(mon_v_valid), .v_n(mon_v_n), .v_cand(mon_v_cand),\n"
    << "      .decl_valid(mon_decl_valid), .decl_link(mon_decl_link), "
       ".declared(mon_declared));\n";
}

}  // namespace

std::string net_verilog(const NetSpec& net) {
  if (net.rtl_top.empty()) {
    throw InvalidArgument("rn1 verilog: " + net.name + " is a model-only network (no RTL top)");
  }
  const Top t(net);
  std::ostringstream o;
  emit_header(o, t);
  emit_ports(o, t);
  emit_declarations(o, t);
  emit_decode_tables(o, t);
  emit_links(o, t);
  emit_routers(o, t);
  o << "  // endpoints\n";
  for (int e = 0; e < t.ne; ++e) emit_endpoint(o, t, e);
  emit_user_outputs(o, t);
  emit_localisation(o, t);
  o << "endmodule\n";
  return o.str();
}

}  // namespace minforge::rn1
