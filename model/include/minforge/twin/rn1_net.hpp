// minforge golden model: fault-tolerant multipath networks built from RN1 (paper 002,
// sections 20.3-20.9): network wiring, endpoints with the source-responsible protocol, fault
// injection, path expansion (Equations 20.1-20.5) and traffic runs.
//
// The wiring tables (model/src/rn1_nets_gen.cpp) and the RTL tops (rtl/rn1/rn1_net_*.v) are
// generated together by scripts/gen_rn1_nets.py.  Endpoint and network behaviour mirror
// rtl/rn1/rn1_endpoint.v, rn1_link.v and the generated tops cycle for cycle
// (docs/rn1_protocol.md).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/twin/rn1.hpp"

namespace minforge::rn1 {

enum class Topology { kFig20_7, kFig20_9, kRn1_64 };
// "fig20.7", "fig20.9", "rn1-64"; throws InvalidArgument for anything else.
Topology parse_topology(std::string_view name);
std::string topology_name(Topology t);

enum class RouterKind : uint8_t { kCore, kRn1Single, kRn1Dual };
struct RouterSpec {
  int stage;  // 1..stages
  RouterKind kind;
  int inputs, radix, dilation;  // RN1: 8, 4, 2 (dual mode: two 4x4/d1 halves)
  uint16_t seed_xor;            // LFSR seed = network seed ^ seed_xor
};
struct NodeRef {
  bool endpoint;  // endpoint (port = its network input/output 0..1) or router
  int node;
  int port;
};
struct LinkSpec {
  NodeRef src, dst;
};
struct NetSpec {
  std::string name, rtl_top;
  int endpoints = 0;
  int stages = 0;
  int payload = 2;        // payload bytes per message
  int max_attempts = 64;  // attempts before a source gives up
  std::vector<RouterSpec> routers;
  std::vector<LinkSpec> links;
  std::vector<uint16_t> endpoint_seed_xor;
};
const NetSpec& net_spec(Topology t);

constexpr int kEndpointPorts = 2;  // n = m = 2 network inputs and outputs per endpoint
constexpr uint8_t kAck = 0xA5, kNack = 0x5A;
// Words of one message (header, src, dst, seq hi, seq lo, payload, crc, ~crc).
inline int message_words(const NetSpec& s) { return 7 + s.payload; }
// Header word of a message to `dst`: the destination number left-aligned in 8 bits.
uint8_t header_for(const NetSpec& s, int dst);

// ---------------------------------------------------------------- faults
struct LinkFault {
  bool dead = false;
  bool stuck = false;
  bool backward = false;  // stuck wire on the backward channel
  int bit = 0;
  bool value = false;
};
struct FaultSet {
  std::vector<uint8_t> router_dead;  // per router
  std::vector<LinkFault> links;      // per link
  static FaultSet none(const NetSpec& s);
  int count() const;
};
// K distinct random fault sites (router dead; link dead or one data bit stuck) from `seed`.
FaultSet random_faults(const NetSpec& s, int k, uint64_t seed);
// Word seen at the far end of a link with fault f.
Word apply_fault(const LinkFault& f, Word w, bool backward);

// ---------------------------------------------------------------- endpoint
class Endpoint {
 public:
  enum SrcState : uint8_t { kSIdle = 0, kSStart, kSSend, kSWait, kSBack };
  enum DstState : uint8_t { kRIdle = 0, kRRecv, kRA1, kRA2, kRA3 };
  struct In {
    bool tx_valid = false;
    uint8_t tx_dst = 0;
    uint16_t tx_payload = 0;  // byte k at bits 8k+7..8k
    std::array<Word, 2> src_bwd{};
    std::array<Word, 2> dst_fwd{};
  };
  Endpoint(const NetSpec& s, int id);
  void reset(uint16_t seed);
  void step(const In& in);

  bool tx_ready() const { return s_st_ == kSIdle; }
  Word src_fwd(int k) const { return src_fwd_[k]; }
  Word dst_bwd(int k) const { return dst_bwd_[k]; }
  bool dlv_valid(int p) const { return dlv_valid_[p]; }
  uint8_t dlv_src(int p) const { return dlv_src_[p]; }
  uint16_t dlv_seq(int p) const { return dlv_seq_[p]; }
  uint16_t dlv_payload(int p) const { return dlv_payload_[p]; }
  bool ev_valid() const { return ev_valid_; }
  bool ev_ok() const { return ev_ok_; }
  uint8_t ev_attempts() const { return ev_attempts_; }
  SrcState src_state() const { return static_cast<SrcState>(s_st_); }
  bool idle() const;

 private:
  uint8_t word_at(int idx) const;
  int ne_, eb_, id_, stages_, p_, w_, max_att_;
  Lfsr lfsr_;
  // source
  uint8_t s_st_ = 0, sel_ = 0, widx_ = 0, m_dst_ = 0, att_ = 0, crc_s_ = 0, rcnt_ = 0, wcnt_ = 0;
  uint8_t a_code_ = 0, a_crc_ = 0, a_ncrc_ = 0, bcnt_ = 0;
  uint16_t m_pay_ = 0, m_seq_ = 0, seq_ctr_ = 0;
  std::array<Word, 2> src_fwd_{};
  bool ev_valid_ = false, ev_ok_ = false;
  uint8_t ev_attempts_ = 0;
  // destination
  std::vector<uint16_t> last_;
  std::vector<uint8_t> lv_;
  std::array<uint8_t, 2> r_st_{}, r_idx_{}, r_crc_{}, r_src_{}, r_dst_{}, r_c1_{}, r_c2_{};
  std::array<uint16_t, 2> r_seq_{}, r_pay_{};
  std::array<Word, 2> dst_bwd_{};
  std::array<bool, 2> dlv_valid_{};
  std::array<uint8_t, 2> dlv_src_{};
  std::array<uint16_t, 2> dlv_seq_{}, dlv_payload_{};
};

// ---------------------------------------------------------------- network
class Network {
 public:
  struct UserIn {
    std::vector<uint8_t> tx_valid, tx_dst;
    std::vector<uint16_t> tx_payload;
  };
  Network(const NetSpec& spec, const FaultSet& faults);
  ~Network();
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const NetSpec& spec() const { return spec_; }
  const FaultSet& faults() const { return faults_; }
  void reset(uint16_t seed);
  void step(const UserIn& in);
  uint64_t cycle() const { return cycle_; }

  // Link l as driven this cycle: forward by its upstream node, backward by its downstream
  // node (a dead router drives 0).  These are the RTL probe_fwd / probe_bwd.
  Word probe_fwd(int l) const;
  Word probe_bwd(int l) const;
  const Endpoint& endpoint(int e) const { return *eps_[e]; }
  int router_outputs(int r) const;
  // Per-output enable of router r (bit o), all set after construction (cfg_en of the tops).
  void set_enable(int r, uint8_t mask) { en_[r] = mask; }

 private:
  struct RouterNode;
  const NetSpec& spec_;
  FaultSet faults_;
  std::vector<std::unique_ptr<RouterNode>> routers_;
  std::vector<std::unique_ptr<Endpoint>> eps_;
  std::vector<uint8_t> en_;
  std::vector<std::vector<int>> r_in_link_, r_out_link_;
  std::vector<std::array<int, 2>> e_src_link_, e_dst_link_;
  std::vector<Word> frcv_, brcv_;
  uint64_t cycle_ = 0;
};

// ---------------------------------------------------------------- path expansion
struct PathExpansion {
  // Wiring: wires into stage s = 1 .. stages+1 (stages+1 = the destination endpoint) usable
  // by one source-destination pair, min and max over all ordered pairs; paths likewise.
  std::vector<int> per_stage_min, per_stage_max;
  long total_min = 0, total_max = 0;
  // Equations 20.1-20.5 with n, m, r, d, N of the network.
  int n = 2, m = 2, r = 0, d = 0, N = 0;
  double s_turn = 0;  // s' of Equation 20.3
  std::vector<long> per_stage_eq;
  long total_eq = 0;
};
PathExpansion path_expansion(const NetSpec& s);
// Equations 20.1-20.5 alone.  Equation 20.4 at s = s' is read as min(n d^(s-1), m r^(N+1-s))
// (the printed min(d^(s-1), r^(N+1-s)) drops n and m and would give 4, not Table 20.1's 8).
void path_equations(int n, int m, int r, int d, int N, double* s_turn, std::vector<long>* p,
                    long* total);
// Usable wires per stage and path count for one pair under faults (dead routers, dead or
// stuck links are unusable).  Returns the path count (0 = disconnected).
long pair_paths(const NetSpec& s, const FaultSet& f, int src, int dst,
                std::vector<int>* per_stage = nullptr);

// ---------------------------------------------------------------- traffic runs
enum class Traffic { kUniform, kPermutation, kAllToAll };
Traffic parse_traffic(std::string_view name);

// Deterministic 64-bit generator (splitmix64), shared by the model runs and the harness.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next();
  double uniform();                // [0, 1)
  uint64_t below(uint64_t bound);  // [0, bound)
 private:
  uint64_t s_;
};

struct RunStats {
  std::string topology;
  int endpoints = 0;
  long sent = 0, delivered = 0, lost = 0, duplicates = 0, corrupt = 0, unfinished = 0;
  long gave_up = 0, lost_connected = 0;
  double mean_attempts = 0, p99_attempts = 0, mean_latency = 0, p99_latency = 0;
  double throughput = 0;  // delivered words per endpoint per cycle in [0, cycles)
  uint64_t cycles_run = 0;
};

// Generates the users' messages and checks deliveries (exactly once, right content).
// One driver per simulated network; two drivers with the same arguments produce the same
// stimulus, so the Verilator harness runs one on each side.
class TrafficDriver {
 public:
  TrafficDriver(const NetSpec& s, Traffic t, double load, uint64_t seed, uint64_t gen_cycles);
  // Before the clock edge of cycle `cycle`: generate messages, fill the user inputs.
  void before(uint64_t cycle, Network::UserIn* in);
  // Observations of cycle `cycle`: tx_ready sampled with the inputs (acceptance at the
  // edge), then delivery / completion pulses visible after the edge.
  void accepted(int e);
  void delivered(uint64_t cycle, int dst, int port, uint8_t src, uint16_t seq, uint16_t payload);
  void finished(int e, bool ok, int attempts);
  bool quiescent() const;  // nothing queued or in flight
  RunStats stats(uint64_t cycles_run, const FaultSet* faults = nullptr) const;

 private:
  struct Msg {
    int src, dst;
    uint16_t payload;
    uint64_t t_gen;
    int deliveries = 0;
    bool done = false, ok = false;
    uint64_t t_dlv = 0;
  };
  const NetSpec& s_;
  Traffic traffic_;
  double p_msg_;
  uint64_t gen_cycles_;
  Rng rng_;
  std::vector<int> perm_;
  std::vector<int> a2a_next_;
  std::vector<std::vector<int>> queue_;  // message ids per source, FIFO (front at head_)
  std::vector<size_t> head_;
  std::vector<std::vector<int>> by_seq_;  // source -> seq -> message id
  std::vector<size_t> fin_ptr_;           // source -> first possibly unfinished message
  std::vector<Msg> msgs_;
  std::vector<int> attempts_;
  long in_flight_ = 0, duplicates_ = 0, corrupt_ = 0, gave_up_ = 0;
};

struct RunConfig {
  Topology topology = Topology::kFig20_9;
  Traffic traffic = Traffic::kUniform;
  double load = 0.2;
  uint64_t cycles = 2000;
  int faults = 0;
  uint64_t seed = 1;
  uint64_t drain_limit = 50000;  // extra cycles to let queued messages finish
};
void validate(const RunConfig& c);
FaultSet run_faults(const RunConfig& c);
uint16_t net_seed(uint64_t seed);
// Model-only run; one step per cycle.
RunStats run_model(const RunConfig& c);
// Same with an explicit fault set (c.faults is ignored).
RunStats run_model(const RunConfig& c, const FaultSet& f);
// Feeds the user inputs / collects outputs of one cycle between driver and model.
void drive_model_cycle(Network& net, TrafficDriver& drv, Network::UserIn& in);

// ---------------------------------------------------------------- analytic acceptance
// Expected accepted requests per direction for one wave through an unbuffered dilated
// crossbar: E[min(X, d)], X ~ Binomial(n, p / r).
double expected_accepted(int n, int r, int d, double p);
// Iterates the stage formula: probability that a wire entering stage s+1 carries a request,
// given probability p on the wires entering stage 1; returns one value per stage boundary.
std::vector<double> wave_acceptance(const NetSpec& s, double p);

}  // namespace minforge::rn1
