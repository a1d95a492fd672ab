// Least Common Ancestor Networks (paper 003, section 2): the topology.
//
// An LCAN is a stack of levels 0 .. l-1 of switches.  A switch of level i has d_i downers and
// u_i uppers, all bi-directional: each one is a connector made of an upward link and a
// downward link, and a circuit uses one direction of it.  The N PEs hang from the downers of
// level 0; upper k of a level-i switch is wired to one downer of a level-(i+1) switch (the
// "level interconnect" Pi); the uppers of the top level are unconnected.  A connection may
// enter a switch from a downer and leave through an upper or another downer; entering from an
// upper it can only leave through a downer (Fig. 1).
//
// Two wirings (section 2.1):
//  * complete bipartite, CB-LCAN(N, d, u): PEs are labelled with log_d N base-d digits
//    p_{n-1} .. p_0; a level-i switch with n-1 digits w_{n-2} .. w_0 of which the n-1-i most
//    significant are base d and the i least significant base u.  PE p_{n-1}..p_1 p_0 is on
//    downer p_0 of level-0 switch p_{n-1}..p_1; upper k of level-i switch
//    w_{n-2}..w_{i+1} w_i w_{i-1}..w_0 goes to downer w_i of level-(i+1) switch
//    w_{n-2}..w_{i+1} w_{i-1}..w_0 k.  Levels: log_d N (Corollary 1).
//  * (d/u)-ary tree, T-LCAN(N, d, u), d a multiple of u, d != u: the switches form a k-ary
//    tree, k = d/u, each tree edge being u parallel connectors: upper m of level-i switch s
//    goes to downer (s mod k) u + m of level-(i+1) switch s / k.  Levels: log_{d/u}(N/u)
//    (Corollary 2).  T-LCAN(N, d, 1) is CB-LCAN(N, d, 1).
//
// Switch numbering: a label read as a mixed-radix number (the paper labels switches
// "consecutively"), so in a CB-LCAN switch s of level i is H u^i + Lo with H the base-d part
// (w_{n-2}..w_i) and Lo the base-u part (w_{i-1}..w_0).  PE p is the number p.
//
// Per-level generalisation (fat-trees, the CM-5; section 2, "switch sizes that vary by
// level"): a vector of (d_i, u_i).  CB wiring: PE labels are mixed-radix with digit i of radix
// d_i (digit 0 least significant), N = d_0 d_1 .. d_{l-1}; a level-i switch is labelled by
// the PE digits above i (radices d_{l-1} .. d_{i+1}, most significant first) followed by one
// upper digit per lower level (radices u_0 .. u_{i-1}, u_0 most significant, the digit
// appended last is the least significant), so S_i = d_{i+1}..d_{l-1} u_0..u_{i-1}; upper k
// of level-i switch (H, Lo) goes to downer H mod d_{i+1} of level-(i+1) switch
// (H / d_{i+1}, Lo u_i + k).  With all (d_i, u_i) equal this is exactly the paper's labelling.
// T wiring: d_i = k_i u_{i-1} downers for i >= 1 (k_i >= 2 children with u_{i-1} connectors
// each), one root switch, N = d_0 k_1 .. k_{l-1}.
//
// Everything a simulator needs per step is O(1): the wires are flat tables built once.
// Limits: N <= 2^24, at most 2^24 switch ports in all (InvalidArgument beyond).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "minforge/common.hpp"

namespace minforge::lcan {

enum class Wiring { CB, T };

// Switch size of one level: d downers, u uppers.
struct LevelSize {
  int d;
  int u;
  bool operator==(const LevelSize&) const = default;
};

// The far end of a wire, seen from a switch port: the switch in the adjacent level and the
// port index there (a downer index when looking up, an upper index when looking down).
// Below level 0 the far end is a PE: sw = PE number, port = -1.
struct End {
  int sw;
  int port;
  bool operator==(const End&) const = default;
};

// A port of a switch: a downer or an upper, and its index.
struct PortRef {
  enum Side : uint8_t { Down, Up };
  Side side;
  int index;
  bool operator==(const PortRef&) const = default;
};

// One switch of a path: where the connection enters and where it leaves.
struct Hop {
  int level;
  int sw;
  PortRef in;
  PortRef out;
  bool operator==(const Hop&) const = default;
};

inline constexpr int kMaxPes = 1 << 24;
inline constexpr int64_t kMaxPorts = int64_t{1} << 24;

// Theorem 1: the largest number of levels of a connected LCAN(N, d, u, l, Pi): the smallest
// L such that N/d (u/d)^(L-1) is an integer and N/d (u/d)^L is not.  nullopt when every term
// is an integer (unbounded: exactly when d divides u, e.g. d = u).  Needs d >= 2, u >= 1, N a
// multiple of d.
std::optional<int> l_max(int64_t N, int d, int u);

// Equation 1: S_i = N/d (u/d)^i switches in level i, or nullopt when not an integer.
std::optional<int64_t> switches_eq1(int64_t N, int d, int u, int level);

// Corollary 1: log_d N levels of a CB-LCAN (N must be a power of d).
int levels_cb(int64_t N, int d);
// Corollary 2: log_{d/u}(N/u) levels of a T-LCAN (u < d, u divides d, N/u a power of d/u,
// at least one level).
int levels_t(int64_t N, int d, int u);

class Network {
 public:
  // CB-LCAN(N, d, u) with log_d N levels (Corollary 1), or with `levels` levels, 1 <= levels
  // <= log_d N (fewer levels: a partitioned network of N / d^levels disconnected parts).
  // d >= 2, u >= 1 (u > d is allowed: section 4.1 treats d < u).
  static Network cb(int N, int d, int u, int levels = 0);
  // T-LCAN(N, d, u) with log_{d/u}(N/u) levels (Corollary 2), or `levels` <= that (a forest);
  // more levels than l_max are refused (Theorem 1).
  static Network t(int N, int d, int u, int levels = 0);
  static Network make(Wiring w, int N, int d, int u, int levels = 0);
  // Per-level switch sizes, level 0 first (see the header comment for the labelling).
  static Network cb_levels(const std::vector<LevelSize>& sizes);
  static Network t_levels(const std::vector<LevelSize>& sizes);

  // Named instances (section 2.2).
  static Network baseline(int N);                           // CB-LCAN(N, 2, 2)
  static Network trac(int N);                               // CB-LCAN(N, 3, 2)
  static Network sw_banyan(int N, int fanout, int spread);  // (f, s, log_f N) SW-banyan
  static Network kyklos(int N, int d);                      // u = 1: CB-LCAN(N, d, 1)
  static Network cm5(int N);  // CB wiring, levels 0 and 1: d = 4, u = 2; above: d = u = 4

  // Parses a network specification (the CLI's --network):
  //   cb:N,d,u[,l]   t:N,d,u[,l]            uniform CB-LCAN / T-LCAN
  //   cb:d/u,d/u,..  t:d/u,d/u,..           per-level sizes, level 0 first
  //   baseline:N  trac:N  swbanyan:N,f,s  kyklos:N,d  cm5:N
  static Network parse(std::string_view spec);

  Wiring wiring() const { return wiring_; }
  int N() const { return N_; }
  int levels() const { return static_cast<int>(size_.size()); }
  // All levels have the same (d, u).
  bool uniform() const { return uniform_; }
  int d(int level = 0) const { return size_.at(level).d; }
  int u(int level = 0) const { return size_.at(level).u; }
  const std::vector<LevelSize>& sizes() const { return size_; }
  int switches(int level) const { return S_.at(level); }
  const std::vector<int>& switches_per_level() const { return S_; }
  int64_t total_switches() const;
  // Theorem 1 for a uniform network (nullopt: unbounded or a per-level network).
  std::optional<int> l_max() const;
  // Levels of the complete network (Corollary 1 / 2); equals levels() unless truncated.
  int full_levels() const { return full_levels_; }
  // "CB-LCAN(27,3,2)", "T-LCAN(16,4,2)", "CB-LCAN(27,3,2,l=2)", "CB-LCAN(4/2,4/2,4/4)".
  std::string name() const;

  // ---- wires --------------------------------------------------------------------------
  // Upper k of switch sw at `level` (level < levels()-1): the level+1 switch and its downer.
  End up(int level, int sw, int k) const {
    return up_[up_off_[level] + int64_t{sw} * size_[level].u + k];
  }
  // Downer j of switch sw at `level`: the level-1 switch and its upper, or at level 0 the PE.
  End down(int level, int sw, int j) const {
    return down_[down_off_[level] + int64_t{sw} * size_[level].d + j];
  }
  // PE -> (level-0 switch, downer).
  End attach(int pe) const { return End{pe / size_[0].d, pe % size_[0].d}; }
  // Flat tables: up_table(i)[sw * u_i + k], down_table(i)[sw * d_i + j].  The top level has
  // no up table (nullptr).
  const End* up_table(int level) const {
    return level + 1 < levels() ? up_.data() + up_off_[level] : nullptr;
  }
  const End* down_table(int level) const { return down_.data() + down_off_[level]; }
  // Checked versions of up()/down() for user input (throw InvalidArgument).
  End up_checked(int level, int sw, int k) const;
  End down_checked(int level, int sw, int j) const;

  // ---- labels ---------------------------------------------------------------------------
  // PE labels: mixed radix, digit 0 least significant.  CB: base d (per-level: digit i has
  // radix d_i).  T: digit 0 = downer of the level-0 switch (radix d_0), digit i >= 1 = the
  // child index at level i (radix d_i / u_{i-1}); above the top level, one more digit for the
  // tree of a forest when truncated.
  int pe_digits() const { return static_cast<int>(pe_radix_.size()); }
  int pe_radix(int pos) const { return pe_radix_.at(pos); }
  int digit(int pe, int pos) const { return (pe / pe_div_[pos]) % pe_radix_[pos]; }
  // Digits most significant first.
  std::vector<int> pe_label(int pe) const;
  // CB: the paper's switch label w_{n-2} .. w_0 (most significant first) and the radix of
  // each digit.  T: the switch's path from the root: child index per level (radix k_j), most
  // significant first; empty for the root.
  std::vector<int> switch_label(int level, int sw) const;
  std::vector<int> switch_label_radices(int level) const;
  // Digits as a string: concatenated when every radix <= 10, else separated by '.'.
  static std::string label_string(const std::vector<int>& digits, const std::vector<int>& radices);

  // ---- least common ancestors --------------------------------------------------------------
  // The LCA level of PEs s and t: CB: the most significant digit where the labels differ
  // (0 when s == t: a fixed point turns in its level-0 switch); T: the lowest level whose
  // switch is a tree ancestor of both.  Returns levels() when s and t are in different parts of
  // a truncated network (not connected).
  int lca_level(int s, int t) const;
  // The LCA switches of (s, t) (all reachable from s, Lemmas 2 and 3), in ascending order.
  std::vector<int> lca_switches(int s, int t) const;
  // Number of LCA switches of a pair with LCA level L (CB: u_0..u_{L-1}, T: 1).
  int64_t lca_switch_count(int L) const;
  // Going down towards PE t at a switch of `level` that is an ancestor of t, the downers
  // that lead towards t are down_group(level, t) * down_group_size(level) + 0 .. size-1.
  // CB: size 1, the group is digit `level` of t.  T: size u_{level-1} (the parallel
  // connectors of a tree edge; 1 at level 0).
  int down_group(int level, int t) const;
  int down_group_size(int level) const { return group_size_[level]; }
  // The number of the level-i switch above PE s in T, or the H part of it in CB (the PE digits
  // above i): s / (PEs under one level-i switch subtree).
  int above(int level, int s) const { return s / pe_div_[level + 1]; }
  // CB: the number of Lo values of level i (u_0 .. u_{i-1}); T: 1.
  int64_t lo_count(int level) const { return U_.at(level); }

  // Root permutations: every pair has LCA level levels()-1.  PEs are in `parts` connected
  // parts of `part_size` PEs, and within a part in blocks of `block_size` PEs (the subtrees
  // under the top level); a root pair leaves its block and stays in its part.
  int part_size() const { return part_size_; }
  int block_size() const { return block_size_; }

  // ---- one path ---------------------------------------------------------------------------
  // The path of (s, t) up to the `via`-th LCA switch (index into lca_switches; in CB the upper
  // taken at level j is digit j of via in radices u_0 .. u_{L-1}, u_0 most significant; in T
  // the connector), then down by the destination (first connector of each tree edge in T).
  // One hop per switch visited, level 0 first.  Throws InvalidArgument for bad s, t, via or a
  // pair that is not connected.
  std::vector<Hop> route(int s, int t, int64_t via = 0) const;

  // Validates a PE number (InvalidArgument "PE x out of range [0, N)").
  void check_pe(int pe, std::string_view what = "PE") const;

 private:
  Network() = default;
  void build(Wiring w, int N, std::vector<LevelSize> sizes, int full_levels,
             std::vector<int> pe_radix);
  std::string name_of_size_limit() const;

  Wiring wiring_ = Wiring::CB;
  int N_ = 0;
  bool uniform_ = true;
  int full_levels_ = 0;
  std::vector<LevelSize> size_;
  std::vector<int> S_;                  // switches per level
  std::vector<int64_t> U_;              // CB: product u_0 .. u_{i-1} (number of Lo values)
  std::vector<int> pe_radix_, pe_div_;  // pe_div_[i] = radix_0 .. radix_{i-1}
  std::vector<int> group_size_;
  std::vector<int64_t> up_off_, down_off_;
  std::vector<End> up_, down_;
  int part_size_ = 0, block_size_ = 0;
};

}  // namespace minforge::lcan
