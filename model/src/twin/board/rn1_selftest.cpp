// Cycle twin of rtl/board/rn1_selftest.v and of the board top's reporter handshake.
#include "minforge/twin/board/rn1_selftest.hpp"

namespace minforge::twin {

Rn1Selftest::Rn1Selftest(int ne) : ne_(ne) {
  eb_ = 0;
  while ((1 << eb_) < ne_) ++eb_;
  xb_ = 16 - 2 * eb_;
  kd_.assign(ne_, 0);
  fd_.assign(ne_, 0);
  seen_.assign(static_cast<size_t>(ne_) * ne_, 0);
}

void Rn1Selftest::user_inputs(Rn1Net::UserIn* in) const {
  in->tx_valid.assign(ne_, 0);
  in->tx_dst.assign(ne_, 0);
  in->tx_payload.assign(ne_, 0);
  for (int e = 0; e < ne_; ++e) {
    const int dst = (e + kd_[e]) & (ne_ - 1);
    in->tx_valid[e] = busy_ && kd_[e] != 0;
    in->tx_dst[e] = static_cast<uint8_t>(dst);
    in->tx_payload[e] = payload(e, dst);
  }
}

void Rn1Selftest::edge(bool start, const Rn1Net::UserIn& in, const std::vector<uint8_t>& tx_ready,
                       const std::vector<Rn1Pulse>& dlv, const std::vector<uint8_t>& ev_valid,
                       const std::vector<uint8_t>& ev_ok) {
  if (start && !busy_) {
    busy_ = true;
    done_ = false;
    cyc_ = 0;
    xn_ = (xn_ + 1) & ((1u << xb_) - 1);
    kd_.assign(ne_, 1);
    fd_.assign(ne_, 1);
    seen_.assign(seen_.size(), 0);
    cur_ = Rn1Exchange{};
    return;
  }
  // checker: deliveries
  std::vector<uint8_t> set(seen_.size(), 0);
  uint32_t n_good = 0, n_bad = 0, n_dup = 0, n_fail = 0, n_miss = 0;
  for (int d = 0; d < ne_; ++d) {
    bool good0 = false;
    uint8_t src0 = 0;
    for (int p = 0; p < 2; ++p) {
      const Rn1Pulse& q = dlv[2 * d + p];
      const bool in_range = (q.src >> eb_) == 0;
      const int s = q.src & (ne_ - 1);
      const bool ok = in_range && s != d && q.payload == payload(s, d);
      const bool dup =
          seen_[static_cast<size_t>(ne_) * d + s] != 0 || (p == 1 && good0 && q.src == src0);
      const bool good = q.valid && ok && !dup;
      if (q.valid && !ok) ++n_bad;
      if (q.valid && ok && dup) ++n_dup;
      if (good) {
        ++n_good;
        set[static_cast<size_t>(ne_) * d + s] = 1;
      }
      if (p == 0) {
        good0 = good;
        src0 = q.src;
      }
    }
  }
  // checker: completions (against the registered table)
  for (int e = 0; e < ne_; ++e) {
    if (!ev_valid[e]) continue;
    const int dst = (e + fd_[e]) & (ne_ - 1);
    if (fd_[e] == 0) {
      ++n_miss;
    } else if (!ev_ok[e]) {
      ++n_fail;
    } else if (!seen_[static_cast<size_t>(ne_) * dst + e]) {
      ++n_miss;
    }
  }
  const bool last = busy_ && all_finished();
  if (busy_) {
    ++cyc_;
    if (last) {
      busy_ = false;
      done_ = true;
    }
  }
  for (int e = 0; e < ne_; ++e) {
    if (in.tx_valid[e] && tx_ready[e]) kd_[e] = (kd_[e] + 1) & (ne_ - 1);
    if (ev_valid[e] && fd_[e] != 0) fd_[e] = (fd_[e] + 1) & (ne_ - 1);
  }
  for (size_t k = 0; k < seen_.size(); ++k) seen_[k] |= set[k];
  cur_.delivered += n_good;
  cur_.bad += n_bad;
  cur_.dup += n_dup;
  cur_.failed += n_fail;
  cur_.missing += n_miss;
  cur_.errors += n_bad + n_dup + n_fail + n_miss;
  cur_.cycles = cyc_;
}

bool Rn1Selftest::all_finished() const {
  for (int e = 0; e < ne_; ++e) {
    if (fd_[e] != 0) return false;
  }
  return true;
}

void rn1_model_pulses(const Rn1Net& net, std::vector<uint8_t>* tx_ready, std::vector<Rn1Pulse>* dlv,
                      std::vector<uint8_t>* ev_valid, std::vector<uint8_t>* ev_ok) {
  const int ne = net.spec().endpoints;
  tx_ready->assign(ne, 0);
  dlv->assign(2 * ne, Rn1Pulse{});
  ev_valid->assign(ne, 0);
  ev_ok->assign(ne, 0);
  for (int e = 0; e < ne; ++e) {
    const Rn1Endpoint& ep = net.endpoint(e);
    (*tx_ready)[e] = ep.tx_ready();
    for (int p = 0; p < 2; ++p) {
      (*dlv)[2 * e + p] = {ep.dlv_valid(p), ep.dlv_src(p), ep.dlv_payload(p)};
    }
    (*ev_valid)[e] = ep.ev_valid();
    (*ev_ok)[e] = ep.ev_ok();
  }
}

std::vector<Rn1Exchange> rn1_board_exchanges(const rn1::NetSpec& spec, const rn1::FaultSet& faults,
                                             uint16_t seed, size_t count, uint64_t max_edges) {
  Rn1Net net(spec, faults);
  net.reset(seed);
  Rn1Selftest st(spec.endpoints);
  std::vector<Rn1Exchange> out;
  bool eng_start = false, waiting = false;
  Rn1Net::UserIn in;
  std::vector<uint8_t> rdy, evv, evo;
  std::vector<Rn1Pulse> dlv;
  for (uint64_t edge = 1; edge <= max_edges && out.size() < count; ++edge) {
    st.user_inputs(&in);
    rn1_model_pulses(net, &rdy, &dlv, &evv, &evo);
    const bool was_done = st.done();
    // board_reporter: start pulse when idle, waiting from the edge that takes it
    bool next_start = false, next_waiting = waiting;
    if (!waiting && !eng_start) {
      next_start = true;
    } else if (eng_start) {
      next_waiting = true;
    } else if (st.done()) {
      next_waiting = false;
    }
    st.edge(eng_start, in, rdy, dlv, evv, evo);
    net.step(in);
    eng_start = next_start;
    waiting = next_waiting;
    if (!was_done && st.done()) {
      Rn1Exchange x = st.counters();
      x.end_edge = edge;
      out.push_back(x);
    }
  }
  return out;
}

}  // namespace minforge::twin
