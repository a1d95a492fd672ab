// minforge golden model, hypercube (paper 004, sections 2 and 3): PARTITION and CONSTRUCT
// written out as the paper states them, on explicit structures (the psi sequences, the
// relation S and its classes with heads and tails, Marked, the graph G' and its components,
// L(C), I) and explicit vertex lists (the eight cases of CONSTRUCT).  This is the reference
// form: REALIZE (hypercube_realize.hpp) computes the same I in one linear pass over the whole
// cube per level and stores paths in compact form; the tests check that both agree, path for
// path.
//
// Notation (docs/hypercube.md): pi is an n-permutation, n = 2m, on the local vertices
// 0 .. n-1 of a d-cube; H_1 = {0 .. m-1}, H_2 = {m .. n-1}, i' = i + m.  Indices i in
// M = {0 .. m-1}.  The choices the paper leaves open are fixed as follows:
//   * a class of case 2 (a cyclic sequence) is broken at its smallest index, p_1 = min D;
//   * the classes of a component C of G' are numbered v_1, v_2, ... along the cycle (or the
//     single edge) starting with the class holding C's smallest index; (2.3) then picks the
//     odd-numbered classes when their Marked weight is not larger, else the even ones (the
//     direction around the cycle does not change which classes are odd);
//   * |Marked(D)| counts slots: psi_1(p_j) with psi_1(p_j) = pi(p_j) and psi_2(p_j) with
//     psi_2(p_j) = pi(p_j + m) - m each count once, even when both carry the same value (the
//     printed set union would count such a value once and break Lemma 3.3; the tests show a
//     permutation where it does).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "minforge/algo/hypercube/hypercube.hpp"

namespace minforge::hypercube {

// One equivalence class D = {p_1 .. p_k} of the transitive closure of S.
struct PartitionClass {
  std::vector<uint32_t> members;  // p_1 .. p_k in the order of (I): psi_1(p_{j+1}) = psi_2(p_j)
  uint32_t head = 0;              // hd(D) = psi_1(p_1)
  uint32_t tail = 0;              // tl(D) = psi_2(p_k)
  bool cyclic = false;            // case 2: psi_1(p_1) = psi_2(p_k)
  int marked = 0;                 // omega(D) = |Marked(D)|, counted per slot
  int marked_values = 0;          // |Marked(D)| read as a set of values (the printed union)
};

enum class ComponentKind { kIsolated, kEdge, kCycle };

// One connected component of G' (Lemma 2.1: an isolated vertex, a single edge or an even
// cycle).
struct PartitionComponent {
  ComponentKind kind = ComponentKind::kIsolated;
  std::vector<int> classes;  // v_1, v_2, ..., v_2p in cycle order (indices into classes)
  std::vector<char> marks;   // marks[j]: 'h' or 't', the edge v_{j+1} - v_{j+2 mod 2p}
  bool odd_chosen = false;   // L(C) = D_1 u D_3 u ... (else D_2 u D_4 u ...); edges and cycles
};

struct Partition {
  uint32_t m = 0;
  std::vector<uint32_t> psi1, psi2;  // (2.1)
  std::vector<PartitionClass> classes;
  std::vector<int> class_of;  // class_of[i] = the class holding index i
  // E' of G': (a, b, 'h' or 't') with a < b, hd(D_a) = hd(D_b) or tl(D_a) = tl(D_b); a pair
  // sharing both its head and its tail (a single edge of Lemma 2.1) is listed twice.
  struct Edge {
    int a, b;
    char mark;
  };
  std::vector<Edge> edges;
  std::vector<PartitionComponent> components;
  std::vector<uint8_t> in_I;  // in_I[i] = 1 when i is in I = L(C_1) u ... u L(C_t)
  Perm pi1;                   // (2.2), on H_1: pi_1(i)
  Perm pi2;                   // (2.2), on H_2 in its own numbering: i' -> pi_2(i)'
};

// Which reading of Marked(D) decides (2.3): per slot (the one that proves Lemma 3.3, used
// everywhere) or the printed set union of values (for the documentation's counterexample).
enum class MarkedReading { kSlots, kValues };

// PARTITION(pi) for an n-permutation pi on the local vertices of a d-cube, d >= 1
// (n = pi.size() a power of two >= 2; throws InvalidArgument otherwise).
Partition partition(const Perm& pi, MarkedReading reading = MarkedReading::kSlots);

// Explicit paths (vertex lists) of a realization, paths[v] from v to pi(v).
using PathSet = std::vector<std::vector<uint32_t>>;

// CONSTRUCT: combines R_1 (r1[i] = path_1(i, pi_1(i)) on H_1 = {0 .. m-1}) and R_2 (r2[i] =
// path_2(i', pi_2(i)') written in H_2's own numbering 0 .. m-1) into R with the eight cases;
// cases[v] = the case (1..8) that built path(v, pi(v)).
struct Constructed {
  PathSet paths;
  std::vector<int> cases;
};
Constructed construct(const Perm& pi, const Partition& p, const PathSet& r1, const PathSet& r2);

// REALIZE(pi, H^d) on explicit vertex lists with partition() and construct() (slow: for the
// tests, which compare it path for path with realize()).  The base d <= 3 uses the same
// shortest 1-realization as realize() (hypercube_base.hpp).
PathSet realize_reference(int d, const Perm& pi);

}  // namespace minforge::hypercube
