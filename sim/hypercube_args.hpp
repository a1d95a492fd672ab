// The permutation options every `minforge hypercube` command takes:
//   --dim d (--perm FILE | --class C [--seed S])
// read before Args::finish() (perm_options) and resolved after it (load_perm), so that a
// bad option is reported before any file is read or any model is built.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "cli.hpp"
#include "minforge/algo/hypercube/hypercube.hpp"

namespace minforge::cli {

struct HypercubePermOptions {
  int dim = 0;
  std::optional<std::string> file, cls;
  uint64_t seed = 1;
};

inline HypercubePermOptions hypercube_perm_options(Args& a, int max_dim) {
  HypercubePermOptions o;
  o.dim = static_cast<int>(a.get_int("dim", hypercube::kMinDim, max_dim));
  o.file = a.get("perm");
  o.cls = a.get("class");
  const auto seed = a.get("seed");
  if (o.file && o.cls) throw UsageError("give either --perm FILE or --class C, not both");
  if (!o.file && !o.cls) throw UsageError("missing --perm FILE or --class C");
  if (seed) {
    if (!o.cls || *o.cls != "random") throw UsageError("--seed applies to --class random only");
    o.seed = static_cast<uint64_t>(parse_int(*seed, "--seed", 0, INT64_MAX));
  }
  return o;
}

// The permutation (validated: throws InvalidArgument) and its label for the output.
inline std::pair<hypercube::Perm, std::string> hypercube_load_perm(const HypercubePermOptions& o) {
  if (o.file) {
    const std::string text = read_perm_text(*o.file, uint64_t{1} << o.dim);
    return {hypercube::parse_perm(text, o.dim, "perm file '" + *o.file + "'"), "'" + *o.file + "'"};
  }
  hypercube::Perm pi = hypercube::make_perm(o.dim, *o.cls, o.seed);
  return {pi, *o.cls == "random" ? "random (seed " + std::to_string(o.seed) + ")" : *o.cls};
}

}  // namespace minforge::cli
