// R(N) bounds under individual control (issue 28; algo/gsen/gsen_rbound.hpp): the SAT search
// pinned on small N, the counting lower bound against the paper's proven values, every
// committed certificate (docs/research/gsen_r<N>_k<K>.json) verified by the coverage checker,
// and the CLI's bad input.
#include "minforge/algo/gsen/gsen_rbound.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "common/cli_run.hpp"
#include "minforge/algo/gsen/gsen_coverage.hpp"

namespace minforge::gsen {
namespace {

namespace fs = std::filesystem;
using test::expect_cli_error;
using test::run_cli;

// The verification of a certificate file: "" when it holds K configurations of the N x N
// GSEN that route all N^2 pairs (and its name's N and K agree), else the reason.
std::string verify_certificate(const fs::path& file) {
  std::smatch m;
  const std::string name = file.filename().string();
  if (!std::regex_match(name, m, std::regex(R"(gsen_r(\d+)_k(\d+)\.json)")))
    return "name is not gsen_r<N>_k<K>.json";
  RboundCertificate c;
  try {
    c = read_rbound_certificate(file.string());
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  if (c.ports != std::stoi(m[1]) || c.configs != std::stoi(m[2])) return "N or K differs from name";
  const Coverage cov = check_coverage(Topology(c.ports), c.set);
  if (!cov.covers)
    return std::to_string(cov.missing.size()) + " pairs missing, first (" +
           std::to_string(cov.missing[0].first) + "," + std::to_string(cov.missing[0].second) + ")";
  return "";
}

std::vector<fs::path> certificates() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(MINFORGE_SOURCE_DIR) / "docs/research"))
    if (e.path().filename().string().rfind("gsen_r", 0) == 0) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(GsenRbound, SatAndUnsatPinnedOnSmallN) {
  // R(4) = 4, R(8) = 8 (Theorem 5.4 / N = 2^n): K below is unsat, K at the optimum is sat
  // and its set covers.
  for (auto [N, K, sat] :
       {std::tuple{4, 3, false}, std::tuple{4, 4, true}, std::tuple{8, 7, false},
        std::tuple{8, 8, true}, std::tuple{6, 5, false}, std::tuple{6, 6, true}}) {
    SCOPED_TRACE("N=" + std::to_string(N) + " K=" + std::to_string(K));
    const Topology t(N);
    const RboundResult r = rbound_search(t, K, 60);
    ASSERT_EQ(r.status, sat ? SatStatus::Sat : SatStatus::Unsat);
    if (!sat) continue;
    ASSERT_EQ(r.set.size(), static_cast<size_t>(K));
    EXPECT_TRUE(check_coverage(t, r.set).covers);
    // symmetry breaking: configuration j routes (0, j)
    for (int j = 0; j < N; ++j) EXPECT_EQ(route(t, r.set[static_cast<size_t>(j)], 0).dest, j);
  }
  // Without symmetry breaking the answers agree.
  EXPECT_EQ(rbound_search(Topology(4), 3, 60, false).status, SatStatus::Unsat);
  EXPECT_EQ(rbound_search(Topology(8), 8, 60, false).status, SatStatus::Sat);
}

TEST(GsenRbound, SatR12At16) {
  // The issue's scale check: R(12) = 16 (Theorem 5.4); the SAT finds 16 in about a second.
  const Topology t(12);
  const RboundResult r = rbound_search(t, 16, 120);
  ASSERT_EQ(r.status, SatStatus::Sat);
  EXPECT_TRUE(check_coverage(t, r.set).covers);
}

TEST(GsenRbound, BadConfigurationCount) {
  EXPECT_THROW(rbound_search(Topology(12), 0, 1), InvalidArgument);
  EXPECT_THROW(rbound_search(Topology(12), 17, 1), InvalidArgument);
}

TEST(GsenRbound, CoverageOfMatricesAgreesWithNumbered) {
  // The individual-control checker on the matrices of a numbered set gives the numbered
  // checker's answer (the paper's R(20) set covers; without configuration 31 it does not).
  const Topology t(20);
  auto configs = paper_set_configs(paper_sets()[0], true);
  ASSERT_EQ(paper_sets()[0].ports, 20);
  for (int drop = 0; drop < 2; ++drop) {
    std::vector<Configuration> m;
    for (size_t k = 0; k + static_cast<size_t>(drop) < configs.size(); ++k)
      m.push_back(Configuration::from_control(t, Ctrl::Alt2, configs[k]));
    const auto span = std::span<const uint32_t>(configs.data(), m.size());
    const Coverage a = check_coverage(t, Ctrl::Alt2, span);
    const Coverage b = check_coverage(t, m);
    EXPECT_EQ(a.covers, drop == 0);
    EXPECT_EQ(a.covers, b.covers);
    EXPECT_EQ(a.pairs_covered, b.pairs_covered);
    EXPECT_EQ(a.missing, b.missing);
    EXPECT_EQ(a.necessary, b.necessary);
  }
}

TEST(GsenRlower, ReproducesTheorem54AndPins) {
  // Every N = 0 mod 4 up to 48 where the paper proves R(N) = 2^n: the counting bound reaches
  // it.  (`minforge gsen rlower` up to N = 100 in docs/research.md: the same.)
  for (int N = 4; N <= 48; N += 4) {
    SCOPED_TRACE("N=" + std::to_string(N));
    const Topology t(N);
    const RLower r = rlower(t);
    for (const auto& c : r.classes) EXPECT_TRUE(c.exact);
    if (theorem_5_4_applies(N)) {
      EXPECT_EQ(r.lower_bound, static_cast<int>(t.power()));
    }
    EXPECT_LE(r.lower_bound, static_cast<int>(t.power()));
  }
  // R(44) >= 48: all 1056 unique paths, at most 22 per configuration (with the paper's
  // doubly alternating 48, R(44) = 48).  R(20): the counting gives 16, below the trivial 20;
  // Theorem 5.5's 24 comes from the repeated-request bound (GsenRlower.RepeatedRequests).
  const RLower r44 = rlower(Topology(44));
  EXPECT_EQ(r44.lower_bound, 48);
  EXPECT_EQ(r44.witness.prefix_bits, 0);
  EXPECT_EQ(r44.witness.paths, 1056);
  EXPECT_EQ(r44.witness.max_carried, 22);
  EXPECT_TRUE(r44.witness.exact);
  const RLower r20 = rlower(Topology(20));
  EXPECT_EQ(r20.lower_bound, 24);
  EXPECT_EQ(r20.counting, 16);
  EXPECT_EQ(r20.repeat, 24);
}

// The best repeated-request bound over the stages.
RepeatBound best_repeat(int N) {
  RepeatBound best;
  for (const RepeatBound& b : repeat_bounds(Topology(N)))
    if (b.bound > best.bound) best = b;
  return best;
}

TEST(GsenRlower, RepeatedRequests) {
  // Theorem 5.5's proof, computed: at N = 20 the unique paths force 16 configurations per
  // state on each of stage 2's switches, 320 path instances that route at most 240 distinct
  // pairs: 80 repeats, 20 K >= 400 + 80, R(20) >= 24.
  const RepeatBound b20 = best_repeat(20);
  EXPECT_EQ(b20.stage, 2);
  EXPECT_EQ(b20.forced, 320);
  EXPECT_EQ(b20.distinct, 240);
  EXPECT_EQ(b20.repeats, 80);
  EXPECT_EQ(b20.bound, 24);
  // N = 12 (Theorem 5.4's 16) also follows from it.
  EXPECT_EQ(best_repeat(12).bound, 16);
  // The open N (docs/research.md): R(84) >= 96 meets the paper's set of 96 (R(84) = 96),
  // R(76) >= 80; 36, 68, 72: no repeats are forced, the trivial N.
  const std::vector<std::pair<int, int>> open = {{36, 36}, {68, 68}, {72, 72}, {76, 80}, {84, 96}};
  for (auto [N, bound] : open) {
    SCOPED_TRACE("N=" + std::to_string(N));
    const RepeatBound b = best_repeat(N);
    EXPECT_EQ(b.bound, bound);
    EXPECT_EQ(b.repeats, b.forced - b.distinct);
  }
  const RepeatBound b84 = best_repeat(84);
  EXPECT_EQ(b84.stage, 2);
  EXPECT_EQ(b84.repeats, 1008);
}

TEST(GsenRlower, RepeatedRequestsBelowEveryKnownSet) {
  // Soundness: the bound never exceeds a configuration set that is known to route all pairs
  // (the paper's alternating N for N = 2 mod 4, its section 6 sets, and 2^n: stage control).
  for (int N = 4; N <= 64; N += 2) {
    SCOPED_TRACE("N=" + std::to_string(N));
    int upper = N % 4 == 2 ? N : r_sc(N);
    for (const PaperSet& p : paper_sets())
      if (p.ports == N) upper = std::min(upper, p.bound);
    EXPECT_LE(best_repeat(N).bound, upper);
    EXPECT_GE(best_repeat(N).bound, N);
  }
}

TEST(GsenRlower, MaxCarriedOfTheorem54Class) {
  // N = 12 (k = 2): the prefix 01 class (F 4..7) carries N / 2^k = 3 per configuration
  // (Lemma 5.1), so R(12) >= 48 / 3 = 16.
  const Topology t(12);
  std::vector<std::pair<int, uint32_t>> paths;
  for (int i = 0; i < 12; ++i)
    for (uint32_t F = 4; F < 8; ++F) paths.emplace_back(i, F);
  const UniqueClass c = max_carried(t, paths, 10);
  EXPECT_EQ(c.matching, 3);
  EXPECT_EQ(c.max_carried, 3);
  EXPECT_EQ(c.found, 3);
  EXPECT_TRUE(c.exact);
}

TEST(GsenRboundCertificates, EveryCommittedSetCovers) {
  const auto files = certificates();
  ASSERT_FALSE(files.empty());
  for (const auto& f : files) EXPECT_EQ(verify_certificate(f), "") << f;
}

TEST(GsenRboundCertificates, CorruptedCertificateFails) {
  // Planted bug: the smallest committed certificate with one configuration replaced by a
  // copy of another (its unique pairs go missing) must fail the verification; so must one
  // with a configuration dropped, a state 2, or "configs" that disagrees with the name.
  const auto files = certificates();
  ASSERT_FALSE(files.empty());
  const fs::path src = files.front();
  nlohmann::json j = nlohmann::json::parse(test::slurp(src));
  const auto dir = test::scratch_dir();
  auto write = [&](const nlohmann::json& v) {
    const fs::path p = dir / src.filename();
    std::ofstream(p) << v.dump();
    return verify_certificate(p);
  };
  EXPECT_EQ(write(j), "");
  nlohmann::json copy = j;
  copy["set"][0] = copy["set"][1];
  EXPECT_NE(write(copy).find("pairs missing"), std::string::npos);
  nlohmann::json dropped = j;
  dropped["set"].erase(dropped["set"].size() - 1);
  EXPECT_NE(write(dropped), "");
  nlohmann::json two = j;
  two["set"][0][0][0] = 2;
  EXPECT_NE(write(two), "");
  fs::remove_all(dir);
}

TEST(GsenRboundCli, JsonOutputs) {
  const auto r = run_cli("gsen rbound --ports 8 --configs 8 --json");
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(test::json_keys(j), (std::set<std::string>{"ports", "stages", "configs", "status",
                                                       "seconds", "variables", "clauses", "set"}));
  EXPECT_EQ(j["status"], "sat");
  ASSERT_EQ(j["set"].size(), 8u);
  EXPECT_EQ(j["set"][0].size(), 3u);
  EXPECT_EQ(j["set"][0][0].size(), 4u);
  const auto u = nlohmann::json::parse(run_cli("gsen rbound --ports 8 --configs 7 --json").out);
  EXPECT_EQ(u["status"], "unsat");
  EXPECT_FALSE(u.contains("set"));
  const auto l = run_cli("gsen rlower --ports 12 --json");
  ASSERT_EQ(l.rc, 0) << l.err;
  const auto lj = nlohmann::json::parse(l.out);
  EXPECT_EQ(lj["lower_bound"], 16);
  EXPECT_EQ(lj["unique_paths"], 96);
  EXPECT_EQ(lj["paper"], 16);
  EXPECT_EQ(lj["repeat"], 16);
  EXPECT_EQ(lj["repeat_stages"].size(), 4u);
  EXPECT_EQ(lj["repeat_witness"]["repeats"], 48);
}

TEST(GsenRboundCli, BadArguments) {
  expect_cli_error("gsen rbound --ports 12", "configs");
  expect_cli_error("gsen rbound --ports 7 --configs 8");
  expect_cli_error("gsen rbound --ports 12 --configs 0", "configs");
  expect_cli_error("gsen rbound --ports 12 --configs 17", "configs");
  expect_cli_error("gsen rbound --ports 130 --configs 8", "ports");
  expect_cli_error("gsen rbound --ports 12 --configs 16 --timeout -1", "timeout");
  expect_cli_error("gsen rbound --ports 12 --configs 16 --bogus 1", "bogus");
  expect_cli_error("gsen rbound --ports 4 --configs 4 --out /nonexistent/dir/x.json",
                   "cannot write");
  expect_cli_error("gsen rlower --ports 2", "ports");
  expect_cli_error("gsen rlower --ports 130", "ports");
  expect_cli_error("gsen rlower --ports 13");
}

}  // namespace
}  // namespace minforge::gsen
