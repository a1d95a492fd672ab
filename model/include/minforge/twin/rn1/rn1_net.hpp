// minforge cycle twin of the RN1 network tops rtl/rn1/gen/rn1_net_*.v (written by
// `minforge rn1 verilog` from the same rn1::NetSpec) and of rtl/rn1/rn1_link.v, the link
// with fault injection (apply_fault).  A network is its routers (Rn1XbarCore for the cores
// of Fig. 20.7, Rn1 fixed in single or dual mode), its endpoints (Rn1Endpoint) and its
// links; every component has registered outputs, links are wires (fault muxes only), and one
// step() is one network clock edge (docs/rn1_protocol.md).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1.hpp"
#include "minforge/twin/rn1/rn1_endpoint.hpp"
#include "minforge/twin/rn1/rn1_xbar_core.hpp"

namespace minforge::twin {

// rtl/rn1/rn1_link.v: the word seen at the far end of a link with fault f (dead: 0; stuck:
// one data bit of the forward or backward channel forced; the ctl bit is never stuck).
rn1::Word apply_fault(const rn1::LinkFault& f, rn1::Word w, bool backward);

class Rn1Net {
 public:
  struct UserIn {
    std::vector<uint8_t> tx_valid, tx_dst;
    std::vector<uint16_t> tx_payload;
  };
  Rn1Net(const rn1::NetSpec& spec, const rn1::FaultSet& faults);
  ~Rn1Net();
  Rn1Net(const Rn1Net&) = delete;
  Rn1Net& operator=(const Rn1Net&) = delete;

  const rn1::NetSpec& spec() const { return spec_; }
  const rn1::FaultSet& faults() const { return faults_; }
  void reset(uint16_t seed);
  void step(const UserIn& in);
  uint64_t cycle() const { return cycle_; }

  // Link l as driven this cycle: forward by its upstream node, backward by its downstream
  // node (a dead router drives 0).  These are the RTL probe_fwd / probe_bwd.
  rn1::Word probe_fwd(int l) const;
  rn1::Word probe_bwd(int l) const;
  // Link l as received at the last step() (after its fault): what its downstream node
  // sampled (forward) and its upstream node sampled (backward) at that clock edge.
  rn1::Word received_fwd(int l) const { return frcv_[static_cast<size_t>(l)]; }
  rn1::Word received_bwd(int l) const { return brcv_[static_cast<size_t>(l)]; }
  const Rn1Endpoint& endpoint(int e) const { return *eps_[e]; }
  int router_outputs(int r) const;
  // Per-output enable of router r (bit o), all set after construction (cfg_en of the tops).
  void set_enable(int r, uint8_t mask) { en_[r] = mask; }
  uint8_t enable(int r) const { return en_[static_cast<size_t>(r)]; }

 private:
  struct RouterNode;
  const rn1::NetSpec& spec_;
  rn1::FaultSet faults_;
  std::vector<std::unique_ptr<RouterNode>> routers_;
  std::vector<std::unique_ptr<Rn1Endpoint>> eps_;
  std::vector<uint8_t> en_;
  std::vector<std::vector<int>> r_in_link_, r_out_link_;
  std::vector<std::array<int, 2>> e_src_link_, e_dst_link_;
  std::vector<rn1::Word> frcv_, brcv_;
  uint64_t cycle_ = 0;
};

}  // namespace minforge::twin
