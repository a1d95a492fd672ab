// The switch pipeline shared by GsenFabric and BanyanFabric (staged_fabric.hpp).
#include "minforge/twin/common/staged_fabric.hpp"

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
  // Every stage wired as the GSEN shuffle: the switch loop computes it instead of reading
  // the tables (the same wiring, fewer memory accesses).
  shuffle_ = true;
  for (const Stage& t : st_)
    for (int y = 0; y < H_; ++y) {
      const size_t u = static_cast<size_t>(y);
      if (t.a0[u] != y || t.a1[u] != y + H_ || t.d0[u] != 2 * y || t.d1[u] != 2 * y + 1)
        shuffle_ = false;
    }
  regs_.resize(static_cast<size_t>(n_));
  next_.resize(static_cast<size_t>(n_));
  for (auto& r : regs_) init(r);
  for (auto& r : next_) init(r);
  init(tmp_);
  zero_x_.assign(static_cast<size_t>(n_ * H_), 0);
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

// One stage of switches, from the arrays of `in` (the previous stage's slot, or for stage 0
// the caller's FabricIn: then the data are cut to W bits and the valid bits to 0/1) into
// `out`.  The wiring tables fold in the GSEN shuffle or the banyan tau.  The control mode and
// the GSEN closed-form wiring are template parameters, so that the switch loop of the
// configured and individual modes is branch-free; a faulty banyan element is applied after
// the loop, to the two outputs of that one element.
namespace {

enum Mode { kConfigured, kIndividual, kTagged };

// The hot loop of the configured modes with the GSEN shuffle: switch y takes positions y and
// y + H, drives 2y and 2y + 1, state = configuration bit xor axor[y]; branch-free, with only
// the arrays it needs (so that the compiler keeps everything in registers).
void shuffle_row(int H, uint8_t cbit, const uint8_t* __restrict axor, const uint8_t* __restrict v,
                 const uint64_t* __restrict d, uint8_t* __restrict ov, uint64_t* __restrict od) {
  for (int y = 0; y < H; ++y) {
    const uint8_t st = cbit ^ axor[y];
    const uint64_t m = uint64_t{0} - st;
    const uint64_t x0 = d[y], x1 = d[y + H];
    const uint64_t t = (x0 ^ x1) & m;
    od[2 * y] = x0 ^ t;
    od[2 * y + 1] = x1 ^ t;
    const uint8_t u0 = v[y], u1 = v[y + H];
    const uint8_t tv = static_cast<uint8_t>((u0 ^ u1) & static_cast<uint8_t>(m));
    ov[2 * y] = u0 ^ tv;
    ov[2 * y + 1] = u1 ^ tv;
  }
}

}  // namespace

template <int M, bool Shuffle, bool First>
void StagedFabric::stage_impl(int s, const View& in, Slot& out, const BanyanFault* fault) const {
  const Stage& T = st_[static_cast<size_t>(s)];
  const int H = H_;
  out.cfg = in.cfg;
  if constexpr (M == kIndividual)
    std::memcpy(out.states.data(), in.states, static_cast<size_t>(n_ * H));
  if constexpr (M == kTagged) std::memcpy(out.x.data(), in.x, static_cast<size_t>(n_ * H));
  const int tb = n_ - 1 - s;  // tag / configuration bit of this stage
  const uint8_t cbit = static_cast<uint8_t>((in.cfg >> tb) & 1u);
  const uint8_t* __restrict v = in.v;
  const uint64_t* __restrict d = in.d;
  const uint32_t* __restrict tg = in.tag;
  const uint8_t* __restrict states = M == kIndividual ? in.states + s * H : nullptr;
  uint8_t* __restrict ov = out.v.data();
  uint64_t* __restrict od = out.d.data();
  uint32_t* __restrict ot = out.tag.data();
  uint8_t* __restrict ox = out.x.data() + s * H;
  const int* __restrict A0 = T.a0.data();
  const int* __restrict A1 = T.a1.data();
  const int* __restrict D0 = T.d0.data();
  const int* __restrict D1 = T.d1.data();
  const uint8_t* __restrict AX = T.axor.data();
  const uint64_t wmask = wmask_;
  if constexpr (M == kConfigured && Shuffle && !First) {
    shuffle_row(H, cbit, AX, v, d, ov, od);
  } else {
    for (int y = 0; y < H; ++y) {
      // GSEN: the shuffle in closed form (in-subports y and y + N/2, outputs 2y and 2y + 1)
      const int a0 = Shuffle ? y : A0[y], a1 = Shuffle ? y + H : A1[y];
      const int d0 = Shuffle ? 2 * y : D0[y], d1 = Shuffle ? 2 * y + 1 : D1[y];
      uint8_t v0 = v[a0], v1 = v[a1];
      uint64_t x0 = d[a0], x1 = d[a1];
      if constexpr (First) {
        v0 = v0 != 0;
        v1 = v1 != 0;
        x0 &= wmask;
        x1 &= wmask;
      }
      uint8_t st;
      if constexpr (M == kTagged) {
        const uint8_t f0 = static_cast<uint8_t>((tg[a0] >> tb) & 1u);
        const uint8_t f1 = static_cast<uint8_t>((tg[a1] >> tb) & 1u);
        st = v0 ? f0 : (v1 ? static_cast<uint8_t>(f1 ^ 1u) : 0);
        if (v0 && v1 && f0 == f1) {  // conflict: in-subport 0 wins, in-subport 1 is dropped
          v1 = 0;
          ox[y] = 1;
        }
      } else if constexpr (M == kIndividual) {
        st = states[y] & 1u;
      } else {
        st = cbit ^ AX[y];
      }
      // out-subport f receives in-subport f xor state
      const uint64_t dm = (x0 ^ x1) & (uint64_t{0} - st);
      const uint8_t vm = static_cast<uint8_t>((v0 ^ v1) & (0u - st));
      ov[d0] = v0 ^ vm;
      ov[d1] = v1 ^ vm;
      od[d0] = x0 ^ dm;
      od[d1] = x1 ^ dm;
      if constexpr (M == kTagged) {
        const uint32_t tm = (tg[a0] ^ tg[a1]) & (0u - st);
        ot[d0] = tg[a0] ^ tm;
        ot[d1] = tg[a1] ^ tm;
      }
    }
  }
  if (fault && fault->enabled && fault->stage == s && fault->element >= 0 &&
      fault->element < H) {  // banyan fault ports: element E_(s, y)
    const int y = fault->element;
    const size_t uy = static_cast<size_t>(y);
    const int a0 = T.a0[uy], a1 = T.a1[uy], d0 = T.d0[uy], d1 = T.d1[uy];
    if (fault->dead()) {  // both messages lost
      ov[d0] = 0;
      ov[d1] = 0;
    } else {  // stuck straight / cross, whatever the control says
      const bool cross = fault->kind == params::code(params::Fault::Cross);
      uint8_t v0 = v[a0], v1 = v[a1];
      uint64_t x0 = d[a0], x1 = d[a1];
      if constexpr (First) {
        v0 = v0 != 0;
        v1 = v1 != 0;
        x0 &= wmask;
        x1 &= wmask;
      }
      ov[d0] = cross ? v1 : v0;
      ov[d1] = cross ? v0 : v1;
      od[d0] = cross ? x1 : x0;
      od[d1] = cross ? x0 : x1;
      ot[d0] = cross ? tg[a1] : tg[a0];
      ot[d1] = cross ? tg[a0] : tg[a1];
    }
    if constexpr (M == kTagged) ox[y] = 0;  // a faulty element never flags a conflict
  }
}

template <bool First>
void StagedFabric::stage(int s, const View& in, Slot& out, const BanyanFault* fault) const {
  if (shuffle_) {
    switch (ctrl_) {
      case Ctrl::Tag:
        return stage_impl<kTagged, true, First>(s, in, out, fault);
      case Ctrl::Indiv:
        return stage_impl<kIndividual, true, First>(s, in, out, fault);
      default:
        return stage_impl<kConfigured, true, First>(s, in, out, fault);
    }
  }
  switch (ctrl_) {
    case Ctrl::Tag:
      return stage_impl<kTagged, false, First>(s, in, out, fault);
    case Ctrl::Indiv:
      return stage_impl<kIndividual, false, First>(s, in, out, fault);
    default:
      return stage_impl<kConfigured, false, First>(s, in, out, fault);
  }
}

FabricOut StagedFabric::eval(const FabricIn& in, const BanyanFault* fault) {
  if (!banyan_) fault = nullptr;
  const uint32_t tmask = (1u << n_) - 1u;
  // Stage 0 reads the caller's arrays directly (cutting data to W and valid to 0/1).
  const View first{in.valid.data(),
                   in.data.data(),
                   in.tag.data(),
                   in.cfg & tmask,
                   ctrl_ == Ctrl::Indiv ? in.states.data() : nullptr,
                   zero_x_.data()};
  const Slot* last;
  if (pipeline_) {
    stage<true>(0, first, next_[0], fault);
    for (int s = 1; s < n_; ++s)
      stage<false>(s, view(regs_[static_cast<size_t>(s - 1)]), next_[static_cast<size_t>(s)],
                   fault);
    last = &regs_[static_cast<size_t>(n_ - 1)];
  } else {
    stage<true>(0, first, tmp_, fault);
    const Slot* cur = &tmp_;
    for (int s = 1; s < n_; ++s) {
      Slot& dst = (s % 2 == 0) ? tmp_ : next_[0];
      stage<false>(s, view(*cur), dst, fault);
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
