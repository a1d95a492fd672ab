// minforge cycle twin of the RN1 network tops rtl/rn1/gen/rn1_net_*.v (written by
// `minforge rn1 verilog` from the same rn1::NetSpec) and of rtl/rn1/rn1_link.v, the link
// with fault injection (apply_fault).  A network is its routers (Rn1XbarCore for the cores
// of Fig. 20.7, Rn1 fixed in single or dual mode), its endpoints (Rn1Endpoint) and its
// links; every component has registered outputs, links are wires (fault muxes only), and one
// step() is one network clock edge (docs/rn1_protocol.md).
// Fault localisation (section 20.9, docs/rn1.md): beside each endpoint a decoder
// (Rn1Decoder) reads its attempts into verdicts; a round-robin arbiter (register `rr`: the
// first endpoint at or after rr, cyclically, whose decoder has a verdict waiting is granted;
// rr then becomes the granted endpoint + 1) passes one verdict per cycle to the monitor
// (Rn1Monitor, NL links, LW bits, MAXC = stages + 1, CW = 4, TH = the top's MON_TH); with
// mon_switch set, every declared link's driving router output has its enable bit cleared
// (en = cfg_en & ~declared) and an endpoint stops choosing an input whose link is declared.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "minforge/algo/rn1/rn1_localise.hpp"
#include "minforge/algo/rn1/rn1_protocol.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"
#include "minforge/twin/rn1/rn1.hpp"
#include "minforge/twin/rn1/rn1_decoder.hpp"
#include "minforge/twin/rn1/rn1_endpoint.hpp"
#include "minforge/twin/rn1/rn1_monitor.hpp"
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
  // `mon_th`: the monitor's threshold (the top's MON_TH, 2 in the generated tops).
  Rn1Net(const rn1::NetSpec& spec, const rn1::FaultSet& faults, int mon_th = 2);
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
  // The top's mon_switch port: the monitor's declarations switch outputs and endpoint inputs
  // off (false after construction: the enables are cfg_en alone, the old behaviour).
  void set_monitor_switch(bool on) { mon_switch_ = on; }
  bool monitor_switch() const { return mon_switch_; }
  // This cycle's values (from the registers): router r's enables as applied (en_eff of the
  // top), endpoint e's in_en, the endpoint granted to the monitor (-1: none).
  uint8_t enable_applied(int r) const;
  std::array<bool, 2> input_enable(int e) const;
  int granted() const;
  const Rn1Decoder& decoder(int e) const { return *decs_[static_cast<size_t>(e)]; }
  const Rn1Monitor& monitor() const { return *mon_; }
  const rn1::DecodeTables& decode_tables() const { return tables_; }

 private:
  struct RouterNode;
  const rn1::NetSpec& spec_;
  rn1::FaultSet faults_;
  std::vector<std::unique_ptr<RouterNode>> routers_;
  std::vector<std::unique_ptr<Rn1Endpoint>> eps_;
  rn1::DecodeTables tables_;
  std::vector<std::unique_ptr<Rn1Decoder>> decs_;
  std::unique_ptr<Rn1Monitor> mon_;
  int rr_ = 0;
  bool mon_switch_ = false;
  std::vector<int> gcand_;
  std::vector<uint8_t> en_;
  std::vector<std::vector<int>> r_in_link_, r_out_link_;
  std::vector<std::array<int, 2>> e_src_link_, e_dst_link_;
  std::vector<rn1::Word> frcv_, brcv_;
  uint64_t cycle_ = 0;
};

}  // namespace minforge::twin
