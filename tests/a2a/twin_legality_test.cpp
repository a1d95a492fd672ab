// Parameter legality written once (issue 26): every twin's constructor refuses exactly the
// parameter sets its RTL module refuses.  The RTL's rules are its MF_PARAM_ERROR_IF checks,
// read and evaluated by scripts/rtl_legal.py (--verdicts: one JSON line per parameter set of a
// grid, with the first check that fires); each test builds the twin for every set and
// compares.  The grids stay inside what the twins' types and 64-bit words can hold (a bool
// pipeline, a Ctrl / Sched code, fabric words <= 64 bits): there the twins say so
// themselves, and the RTL has no such limit.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common/cli_run.hpp"
#include "minforge/twin/banyan/banyan_fabric.hpp"
#include "minforge/twin/engine/banyan_a2a_xchg.hpp"
#include "minforge/twin/engine/banyan_ft_engine.hpp"
#include "minforge/twin/engine/gsen_a2a_xchg.hpp"
#include "minforge/twin/gsen/gsen_fabric.hpp"
#include "minforge/twin/hypercube/hypercube_net.hpp"
#include "minforge/twin/lcan/lcan_engine.hpp"

namespace minforge::twin {
namespace {

using Params = std::map<std::string, int>;

// (parameter set, the RTL's first error or "") of `module` over `grid` ("N=0-20 W=1,8").
std::vector<std::pair<Params, std::string>> rtl_verdicts(const std::string& module,
                                                         const std::string& grid) {
  const auto dir = test::scratch_dir();
  const std::string cmd = "python3 '" + std::string(MINFORGE_SOURCE_DIR) +
                          "/scripts/rtl_legal.py' --verdicts " + module + " " + grid + " >'" +
                          (dir / "out").string() + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::vector<std::pair<Params, std::string>> out;
  std::istringstream lines(test::slurp(dir / "out"));
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    out.emplace_back(j.at("params").get<Params>(),
                     j.at("error").is_null() ? "" : j.at("error").get<std::string>());
  }
  std::filesystem::remove_all(dir);
  EXPECT_FALSE(out.empty()) << cmd;
  return out;
}

// "NAME=c1,c2,..": a grid parameter over every code of a group (params::k<Group>Names), or
// over the codes named.
template <class Names>
std::string codes(const std::string& name, const Names& names) {
  std::string s = name + "=";
  for (const auto& n : names) s += std::to_string(params::code(n.code)) + ",";
  s.pop_back();
  return s;
}
template <class... Code>
std::string codes_of(const std::string& name, Code... c) {
  std::string s = name + "=";
  ((s += std::to_string(params::code(c)) + ","), ...);
  s.pop_back();
  return s;
}

std::string describe(const Params& p) {
  std::string s;
  for (const auto& [k, v] : p) s += k + "=" + std::to_string(v) + " ";
  return s;
}

// Every set of the grid: the twin built by `make` throws InvalidArgument exactly when the RTL
// refuses the set.
void expect_same_legality(const std::string& module, const std::string& grid,
                          const std::function<void(const Params&)>& make) {
  int legal = 0, illegal = 0;
  for (const auto& [p, error] : rtl_verdicts(module, grid)) {
    bool thrown = false;
    try {
      make(p);
    } catch (const InvalidArgument&) {
      thrown = true;
    }
    EXPECT_EQ(thrown, !error.empty())
        << module << " " << describe(p) << (error.empty() ? "RTL accepts" : "RTL: " + error);
    ++(error.empty() ? legal : illegal);
  }
  // the grid reaches both sides of the rules
  EXPECT_GT(legal, 0) << module;
  EXPECT_GT(illegal, 0) << module;
}

TEST(TwinLegality, GsenFabric) {
  expect_same_legality("gsen_fabric",
                       "N=0-12,22 W=0,1,64 PIPELINE=0,1 " + codes("CONTROL", params::kCtrlNames),
                       [](const Params& p) {
                         GsenFabric f(p.at("N"), p.at("W"), static_cast<Ctrl>(p.at("CONTROL")),
                                      p.at("PIPELINE") != 0);
                       });
}

TEST(TwinLegality, BanyanFabric) {
  expect_same_legality(
      "banyan_fabric",
      "N=0-9,12,16,32 W=0,1,64 PIPELINE=0,1 " + codes("CONTROL", params::kCtrlNames),
      [](const Params& p) {
        BanyanFabric f(p.at("N"), p.at("W"), static_cast<Ctrl>(p.at("CONTROL")),
                       p.at("PIPELINE") != 0);
      });
}

TEST(TwinLegality, GsenA2aXchg) {
  // alt and stage (the player's table comes from outside the constructor)
  expect_same_legality("gsen_a2a_xchg",
                       "N=0-14,22 DW=0,1 B=0,3 USE_TAGS=0,1 SRC_LAT=0-3 " +
                           codes_of("SCHED", Sched::Alt, Sched::Stage),
                       [](const Params& p) {
                         GsenA2aXchg x(p.at("N"), p.at("DW"), p.at("B"),
                                       static_cast<Sched>(p.at("SCHED")), true,
                                       p.at("USE_TAGS") != 0, Ctrl::Alt, {}, p.at("SRC_LAT"));
                       });
}

TEST(TwinLegality, BanyanA2aXchg) {
  expect_same_legality("banyan_a2a_xchg", "N=0-9,16,24,32 DW=0,1 B=0,3 USE_TAGS=0,1 SRC_LAT=0-3",
                       [](const Params& p) {
                         BanyanA2aXchg x(p.at("N"), p.at("DW"), p.at("B"), true,
                                         p.at("USE_TAGS") != 0, p.at("SRC_LAT"));
                       });
}

TEST(TwinLegality, BanyanFtEngine) {
  expect_same_legality("banyan_ft_engine",
                       "N=0-9,16,24 DW=0,1 B=0,3 PLAN_DEPTH=0,1 RELAY_DEPTH=0,2 SRC_LAT=0-3",
                       [](const Params& p) {
                         BanyanFtEngine e(p.at("N"), p.at("DW"), p.at("B"), true,
                                          p.at("PLAN_DEPTH"), p.at("RELAY_DEPTH"), p.at("SRC_LAT"));
                       });
}

TEST(TwinLegality, HypercubeNet) {
  expect_same_legality("hypercube_net", "D=0-8 STEPS=0,1,5 W=0,1,8", [](const Params& p) {
    HypercubeNet n(p.at("D"), p.at("STEPS"), p.at("W"));
  });
}

TEST(TwinLegality, LcanEngine) {
  // (U <= 4: CB-LCAN(64, 2, 16) has more than the model's 2^24 switch ports)
  expect_same_legality("lcan_engine", "N=1-9,16,64 D=1-4,16 U=1-4 W=0,1,32,33 PIPE=0-2",
                       [](const Params& p) {
                         LcanEngine e(p.at("N"), p.at("D"), p.at("U"), p.at("W"), p.at("PIPE"));
                       });
}

}  // namespace
}  // namespace minforge::twin
