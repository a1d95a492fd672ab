// RN1 fault localisation (paper 002, section 20.9): see the header.
#include "minforge/algo/rn1/rn1_localise.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace minforge::rn1 {

namespace {

// Header bits consumed before stage k (1-based), from the radix of each stage.
std::vector<int> consumed_bits(const NetSpec& s) {
  std::vector<int> c(static_cast<size_t>(s.stages + 2), 0);
  for (int k = 1; k <= s.stages; ++k) {
    int rb = 0;
    for (const RouterSpec& rs : s.routers) {
      if (rs.stage == k) rb = ceil_log2(static_cast<uint64_t>(rs.radix));
    }
    c[static_cast<size_t>(k + 1)] = c[static_cast<size_t>(k)] + rb;
  }
  return c;
}

int src_link(const NetSpec& s, int e, int port) {
  for (size_t l = 0; l < s.links.size(); ++l) {
    const NodeRef& n = s.links[l].src;
    if (n.endpoint && n.node == e && n.port == port) return static_cast<int>(l);
  }
  return -1;
}

int out_link(const NetSpec& s, int r, int o) {
  for (size_t l = 0; l < s.links.size(); ++l) {
    const NodeRef& n = s.links[l].src;
    if (!n.endpoint && n.node == r && n.port == o) return static_cast<int>(l);
  }
  return -1;
}

}  // namespace

Verdict decode_attempt(const NetSpec& s, int src, int sel, const std::vector<uint8_t>& sent,
                       const std::vector<uint8_t>& reply) {
  if (src < 0 || src >= s.endpoints || sel < 0 || sel >= s.endpoint_ports || sent.empty()) {
    throw InvalidArgument("rn1: decode_attempt needs a source, its input and the words sent");
  }
  const std::vector<int> consumed = consumed_bits(s);
  const int N = s.stages;
  int link = src_link(s, src, sel);
  std::vector<int> path;  // links into stages 1..k
  auto lost = [&](int k) {
    Verdict v{Verdict::kSuspect, k, link, true, std::vector<int>{link}};
    return v;
  };
  auto suspect = [&](int, int k) {
    Verdict v{Verdict::kSuspect, k, link, false, std::vector<int>(path)};
    return v;
  };
  for (int k = 1; k <= N; ++k) {
    const size_t i = static_cast<size_t>(2 * (k - 1));
    path.push_back(link);
    if (reply.size() < i + 2) return lost(k);  // lost at or before stage k
    const LinkSpec& ls = s.links[static_cast<size_t>(link)];
    const int r = ls.dst.node;
    const RouterSpec& rs = s.routers[static_cast<size_t>(r)];
    const int rb = ceil_log2(static_cast<uint64_t>(rs.radix));
    // The words as stage k received them: the header shifted by the earlier digits.
    const uint8_t hdr = static_cast<uint8_t>(
        (static_cast<unsigned>(sent[0]) << consumed[static_cast<size_t>(k)]) & 0xFF);
    uint8_t cks = crc8(0, hdr);
    for (size_t w = 1; w < sent.size(); ++w) cks = crc8(cks, sent[w]);
    const int digit = hdr >> (8 - rb);
    const uint8_t st = reply[i];
    if (reply[i + 1] != cks) return suspect(link, k);
    if ((st & 7) != ls.dst.port) return suspect(link, k);
    if ((st >> 6) == 1) {  // dropped: intact only with the requested direction
      Status d;
      d.connected = false;
      d.direction = digit;
      d.in_port = ls.dst.port;
      if (st != encode_status(d, rs.radix)) return suspect(link, k);
      return Verdict{Verdict::kBlocked, k, -1, false, {}};
    }
    if ((st >> 6) != 2) return suspect(link, k);
    const int out = (st >> 3) & 7;
    bool allowed = false;
    if (rs.kind == RouterKind::kRn1Dual) {
      allowed = out == (ls.dst.port / 4) * 4 + digit;
    } else {
      allowed = out / rs.dilation == digit && out < rs.radix * rs.dilation;
    }
    if (!allowed) return suspect(link, k);
    link = out_link(s, r, out);
  }
  // The destination: ACK, crc, ~crc of the message (sent[W-2], sent[W-1]).
  const size_t i = static_cast<size_t>(2 * N);
  const uint8_t c1 = sent[sent.size() - 2], c2 = sent[sent.size() - 1];
  path.push_back(link);
  if (reply.size() < i + 3) return lost(N + 1);
  if (reply.size() != i + 3 || reply[i] != kAck || reply[i + 1] != c1 || reply[i + 2] != c2) {
    return suspect(link, N + 1);
  }
  return Verdict{Verdict::kOk, 0, -1, false, {}};
}

DecodeTables decode_tables(const NetSpec& s) {
  DecodeTables t;
  t.stages = s.stages;
  t.nport = s.endpoint_ports;
  t.nl = static_cast<int>(s.links.size());
  t.nr = static_cast<int>(s.routers.size());
  t.lw = std::max(1, ceil_log2(static_cast<uint64_t>(t.nl)));
  t.rw = std::max(1, ceil_log2(static_cast<uint64_t>(t.nr)));
  t.maxc = s.stages + 1;
  const std::vector<int> consumed = consumed_bits(s);
  t.cons.assign(static_cast<size_t>(s.stages), -1);
  t.rb.assign(static_cast<size_t>(s.stages), -1);
  t.nout.assign(static_cast<size_t>(s.stages), -1);
  t.dil2.assign(static_cast<size_t>(s.stages), 0);
  t.dual.assign(static_cast<size_t>(s.stages), 0);
  for (const RouterSpec& rs : s.routers) {
    const size_t k = static_cast<size_t>(rs.stage - 1);
    const int rb = ceil_log2(static_cast<uint64_t>(rs.radix));
    const int no = rs.radix * rs.dilation;
    const uint8_t dual = rs.kind == RouterKind::kRn1Dual ? 1 : 0;
    if (t.rb[k] >= 0 && (t.rb[k] != rb || t.nout[k] != no || t.dil2[k] != (rs.dilation == 2) ||
                         t.dual[k] != dual)) {
      throw std::logic_error("rn1: the routers of a stage differ (decoder tables)");
    }
    if (rs.dilation > 2 || no > 8)
      throw std::logic_error("rn1: decoder tables need d <= 2, <= 8 outputs");
    t.cons[k] = consumed[k + 1];
    t.rb[k] = rb;
    t.nout[k] = no;
    t.dil2[k] = rs.dilation == 2 ? 1 : 0;
    t.dual[k] = dual;
  }
  t.link_router.assign(static_cast<size_t>(t.nl), 0);
  t.link_port.assign(static_cast<size_t>(t.nl), 0);
  t.out_link.assign(static_cast<size_t>(8 * t.nr), 0);
  t.src_link.assign(static_cast<size_t>(s.endpoints), {0, 0});
  for (int l = 0; l < t.nl; ++l) {
    const LinkSpec& ls = s.links[static_cast<size_t>(l)];
    if (!ls.dst.endpoint) {
      t.link_router[static_cast<size_t>(l)] = ls.dst.node;
      t.link_port[static_cast<size_t>(l)] = ls.dst.port;
    }
    if (ls.src.endpoint) {
      t.src_link[static_cast<size_t>(ls.src.node)][static_cast<size_t>(ls.src.port)] = l;
    } else {
      t.out_link[static_cast<size_t>(8 * ls.src.node + ls.src.port)] = l;
    }
  }
  return t;
}

std::pair<int, int> driving_output(const NetSpec& s, int link) {
  const NodeRef& n = s.links.at(static_cast<size_t>(link)).src;
  if (n.endpoint) return {-1, -1};
  return {n.node, n.port};
}

bool declaration_correct(const NetSpec& s, const FaultSet& truth, int link) {
  const LinkFault& lf = truth.links.at(static_cast<size_t>(link));
  if (lf.dead || lf.stuck) return true;
  const NodeRef& d = s.links[static_cast<size_t>(link)].dst;
  return !d.endpoint && truth.router_dead[static_cast<size_t>(d.node)] != 0;
}

FaultMonitor::FaultMonitor(const NetSpec& s, int threshold)
    : s_(s),
      threshold_(threshold),
      count_(s.links.size(), 0),
      is_declared_(s.links.size(), 0),
      en_(s.routers.size(), 0xFF) {
  if (threshold < 1 || threshold > 1000) throw InvalidArgument("rn1: threshold must be 1..1000");
}

bool FaultMonitor::report(const Verdict& v) {
  if (v.kind != Verdict::kSuspect) return false;
  for (int l : v.candidates) {
    if (is_declared_.at(static_cast<size_t>(l))) return false;  // explained
  }
  // Every candidate counted; the one with the highest count is declared once that count
  // reaches the threshold and no other candidate of this verdict ties with it (one fault's
  // verdicts all name its link; links that only share some of its paths fall behind).
  int best = -1, top = 0, ties = 0;
  for (int l : v.candidates) {
    const int c = ++count_[static_cast<size_t>(l)];
    if (c > top) {
      top = c;
      best = l;
      ties = 1;
    } else if (c == top) {
      ++ties;
    }
  }
  if (top < threshold_ || ties != 1) return false;
  declared_.push_back(best);
  is_declared_[static_cast<size_t>(best)] = 1;
  const auto [r, o] = driving_output(s_, best);
  if (r >= 0)
    en_[static_cast<size_t>(r)] = static_cast<uint8_t>(en_[static_cast<size_t>(r)] & ~(1u << o));
  return true;
}

}  // namespace minforge::rn1
