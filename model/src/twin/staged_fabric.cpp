// The switch pipeline shared by GsenFabric and BanyanFabric (staged_fabric.hpp).
#include "minforge/twin/staged_fabric.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "minforge/common.hpp"

namespace minforge::twin {

void FabricIn::resize(int N, int stages) {
  valid.assign(static_cast<size_t>(N), 0);
  data.assign(static_cast<size_t>(N), 0);
  tag.assign(static_cast<size_t>(N), 0);
  states.assign(static_cast<size_t>(stages * (N / 2)), 0);
  cfg = 0;
}

StagedFabric::StagedFabric(int N, int stages, int W, Ctrl control, bool pipeline,
                           std::vector<Stage> wiring, bool banyan)
    : N_(N),
      n_(stages),
      H_(N / 2),
      W_(W),
      ctrl_(control),
      pipeline_(pipeline),
      banyan_(banyan),
      st_(std::move(wiring)) {
  if (W < 1 || W > 64)
    throw InvalidArgument("fabric twin: W must be 1..64 (got " + std::to_string(W) + ")");
  wmask_ = W == 64 ? ~uint64_t{0} : ((uint64_t{1} << W) - 1);
  regs_.resize(static_cast<size_t>(n_));
  next_.resize(static_cast<size_t>(n_));
  for (auto& r : regs_) init(r);
  for (auto& r : next_) init(r);
  init(in_);
  init(tmp_);
}

void StagedFabric::init(Slot& sl) const {
  sl.v.assign(static_cast<size_t>(N_), 0);
  sl.d.assign(static_cast<size_t>(N_), 0);
  sl.tag.assign(static_cast<size_t>(N_), 0);
  sl.cfg = 0;
  sl.states.assign(ctrl_ == Ctrl::Indiv ? static_cast<size_t>(n_ * H_) : 0, 0);
  sl.x.assign(static_cast<size_t>(n_ * H_), 0);
}

void StagedFabric::reset() {
  for (auto& r : regs_) {
    std::fill(r.v.begin(), r.v.end(), 0);
    std::fill(r.x.begin(), r.x.end(), 0);
  }
}

// One stage of switches (the wiring tables fold in the GSEN shuffle or the banyan tau).
void StagedFabric::stage(int s, const Slot& in, Slot& out, const BanyanFault* fault) const {
  const Stage& T = st_[static_cast<size_t>(s)];
  out.cfg = in.cfg;
  if (ctrl_ == Ctrl::Indiv) std::memcpy(out.states.data(), in.states.data(), in.states.size());
  const bool tag = ctrl_ == Ctrl::Tag;
  if (tag) std::memcpy(out.x.data(), in.x.data(), in.x.size());
  const int tb = n_ - 1 - s;  // tag / configuration bit of this stage
  const uint8_t cbit = static_cast<uint8_t>((in.cfg >> tb) & 1u);
  const int fy = fault && fault->enabled && fault->stage == s ? fault->element : -1;
  const uint8_t* v = in.v.data();
  const uint64_t* d = in.d.data();
  const uint32_t* tg = in.tag.data();
  for (int y = 0; y < H_; ++y) {
    const size_t uy = static_cast<size_t>(y);
    const int a0 = T.a0[uy], a1 = T.a1[uy];
    uint8_t v0 = v[a0], v1 = v[a1];
    uint8_t st;
    bool cf = false;
    if (tag) {
      const uint8_t f0 = static_cast<uint8_t>((tg[a0] >> tb) & 1u);
      const uint8_t f1 = static_cast<uint8_t>((tg[a1] >> tb) & 1u);
      st = v0 ? f0 : (v1 ? static_cast<uint8_t>(f1 ^ 1u) : 0);
      cf = v0 && v1 && f0 == f1;
    } else if (ctrl_ == Ctrl::Indiv) {
      st = in.states[static_cast<size_t>(s * H_ + y)] & 1u;
    } else {
      st = cbit ^ T.axor[uy];
    }
    if (y == fy) {  // banyan fault ports
      if (fault->kind == 0 || fault->kind == 3) {
        v0 = 0;
        v1 = 0;
      } else {
        st = fault->kind == 2 ? 1 : 0;
      }
      cf = false;
    }
    if (cf) {
      v1 = 0;  // in-subport 0 wins, the in-subport 1 message is dropped
      out.x[static_cast<size_t>(s * H_ + y)] = 1;
    }
    // out-subport f receives in-subport f xor state
    const int s0 = st ? a1 : a0, s1 = st ? a0 : a1;
    const int d0 = T.d0[uy], d1 = T.d1[uy];
    out.v[static_cast<size_t>(d0)] = st ? v1 : v0;
    out.v[static_cast<size_t>(d1)] = st ? v0 : v1;
    out.d[static_cast<size_t>(d0)] = d[s0];
    out.d[static_cast<size_t>(d1)] = d[s1];
    out.tag[static_cast<size_t>(d0)] = tg[s0];
    out.tag[static_cast<size_t>(d1)] = tg[s1];
  }
}

FabricOut StagedFabric::eval(const FabricIn& in, const BanyanFault* fault) {
  if (!banyan_) fault = nullptr;
  const bool tag = ctrl_ == Ctrl::Tag;
  const uint32_t tmask = (1u << n_) - 1u;
  for (size_t p = 0; p < static_cast<size_t>(N_); ++p) {
    in_.v[p] = in.valid[p] ? 1 : 0;
    in_.d[p] = in.data[p] & wmask_;
    in_.tag[p] = tag ? (in.tag[p] & tmask) : 0;
  }
  in_.cfg = in.cfg & tmask;
  if (ctrl_ == Ctrl::Indiv) std::memcpy(in_.states.data(), in.states.data(), in_.states.size());
  const Slot* last;
  if (pipeline_) {
    for (int s = 0; s < n_; ++s)
      stage(s, s == 0 ? in_ : regs_[static_cast<size_t>(s - 1)], next_[static_cast<size_t>(s)],
            fault);
    last = &regs_[static_cast<size_t>(n_ - 1)];
  } else {
    const Slot* cur = &in_;
    for (int s = 0; s < n_; ++s) {
      Slot& dst = (s % 2 == 0) ? tmp_ : next_[0];
      stage(s, *cur, dst, fault);
      cur = &dst;
    }
    last = cur;
  }
  return FabricOut{last->v, last->d, last->x};
}

void StagedFabric::clock() {
  if (pipeline_) std::swap(regs_, next_);
}

}  // namespace minforge::twin
