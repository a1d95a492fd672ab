// Permutations for LCAN routing (paper 003, section 3): the three classes of the paper's
// experiments (root, bit-permute-complement, uniformly random) and a text file format.
//
// A permutation is a vector p of N destinations: source PE s sends to PE p[s].
//
// File format (read by read_permutation_file / parse_permutation, written by
// format_permutation), plain text:
//   * '#' starts a comment that runs to the end of its line;
//   * otherwise the file is a list of decimal integers separated by any whitespace (spaces,
//     tabs, newlines: one per line or all on one line, both are fine);
//   * the k-th integer (counting from 0) is the destination of source PE k, so the file holds
//     exactly N integers, each of 0 .. N-1 exactly once.
// Example (N = 4, the permutation 0->2, 1->3, 2->0, 3->1):
//   # root permutation of CB-LCAN(4,2,2)
//   2 3 0 1
// Anything else (a non-integer, a negative number, a value >= N, a value twice, an empty
// file) is refused with InvalidArgument naming the line and the value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "minforge/algo/lcan/lcan_topology.hpp"
#include "minforge/common.hpp"

namespace minforge::lcan {

using Permutation = std::vector<int>;

// Throws InvalidArgument unless p is a permutation of 0 .. N-1 (N = p.size() when N < 0).
void check_permutation(const Permutation& p, int N = -1);
// check_permutation with N = net.N(), and every pair connected (a truncated network refuses
// pairs between its parts).
void check_for_network(const Network& net, const Permutation& p);

Permutation parse_permutation(std::string_view text, std::string_view source = "permutation");
Permutation read_permutation_file(const std::string& path);
// The file format above: a comment line, then one destination per line.
std::string format_permutation(const Permutation& p, std::string_view comment = "");
void write_permutation_file(const std::string& path, const Permutation& p,
                            std::string_view comment = "");

// ---- classes -------------------------------------------------------------------------------
enum class PermClass { Root, Bpc, Random };
PermClass parse_class(std::string_view name);  // "root" | "bpc" | "random"
std::string class_name(PermClass c);

// Uniformly random permutation of each connected part of the network (of all N PEs when the
// network is complete).
Permutation random_permutation(const Network& net, Rng& rng);
// Bit-permute-complement: destination bit sigma(k) = source bit k xor c_k, with sigma a
// uniformly random permutation of the log2(part) address bits of a part and c uniform
// (n! 2^n equally likely BPC permutations); needs the part size to be a power of 2.
Permutation random_bpc(const Network& net, Rng& rng);
// The BPC permutation with the given bit map and complement mask (sigma[k] = destination bit
// of source bit k), on n = sigma.size() bits.
Permutation bpc(const std::vector<int>& sigma, uint32_t complement);
// Root permutation: every pair has LCA level l-1 (it leaves the subtree under the top level
// that holds its source).  With two subtrees per part the draw is exactly uniform (a uniform
// bijection between the two halves each way); with more it is a Metropolis chain of random
// transpositions and 3-cycles of destinations (2 P ceil(ln P) proposals per part of P PEs,
// from a repaired uniform draw), whose stationary law is uniform over the root permutations
// (checked against exact counts by a chi-square test on small networks).  With one level every
// permutation inside a part is a root permutation.
Permutation random_root(const Network& net, Rng& rng);
bool is_root(const Network& net, const Permutation& p);
bool is_bpc(const Permutation& p);

Permutation generate(const Network& net, PermClass c, Rng& rng);

}  // namespace minforge::lcan
