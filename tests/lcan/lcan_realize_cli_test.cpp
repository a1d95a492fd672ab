// `minforge lcan realize`: JSON keys and values, the settings it prints routed again through
// the model, text output, --help, and every bad input (exit 2, one line on stderr, nothing
// on stdout).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"
#include "minforge/algo/lcan/lcan_realize.hpp"

namespace minforge::lcan {
namespace {

using namespace minforge::test;

using nlohmann::json;

// A permutation file in a scratch directory (removed by the caller's scope object).
struct PermFile {
  std::filesystem::path dir = scratch_dir();
  std::filesystem::path path = dir / "perm.txt";
  explicit PermFile(const std::string& text) { std::ofstream(path) << text; }
  ~PermFile() { std::filesystem::remove_all(dir); }
};

std::string perm_text(const std::vector<int>& p) {
  std::string s;
  for (int t : p) s += std::to_string(t) + "\n";
  return s;
}

PortRef port_of(const std::string& s) {
  return PortRef{s[0] == 'u' ? PortRef::Up : PortRef::Down, std::stoi(s.substr(1))};
}

// The realization as printed, rebuilt and routed through the model again.
RoutingCheck reroute(const Network& net, const json& j) {
  Realization r;
  r.cycles = j["cycles"].get<int>();
  r.perm = j["perm"].get<std::vector<int>>();
  r.cycle_source_begin = {0};
  r.cycle_hop_begin = {0};
  for (const json& c : j["settings"]) {
    for (int s : c["sources"]) r.sources.push_back(s);
    for (const json& sw : c["switches"])
      for (const json& io : sw["connect"])
        r.hops.push_back(Hop{sw["level"].get<int>(), sw["switch"].get<int>(),
                             port_of(io[0].get<std::string>()), port_of(io[1].get<std::string>())});
    r.cycle_source_begin.push_back(static_cast<int64_t>(r.sources.size()));
    r.cycle_hop_begin.push_back(static_cast<int64_t>(r.hops.size()));
  }
  return route_settings(net, r.perm, r);
}

TEST(LcanRealizeCli, OfflineJsonIsVerifiedAndItsSettingsRouteAgain) {
  struct Want {
    const char* net;
    int N, d, u, cycles;
    json theorem3;
  };
  for (const Want& w : std::vector<Want>{{"cb:16,2,2", 16, 2, 2, 1, 1},
                                         {"cb:64,4,2", 64, 4, 2, 4, 4},
                                         {"cb:27,3,2", 27, 3, 2, 4, nullptr},
                                         {"cb:16,2,4", 16, 2, 4, 1, 1},
                                         {"cb:81,3,3", 81, 3, 3, 1, 1}}) {
    SCOPED_TRACE(w.net);
    const CliResult r =
        run_cli(std::string("lcan realize --network ") + w.net + " --class random --seed 7 --json");
    ASSERT_EQ(r.rc, 0) << r.err;
    const json j = json::parse(r.out);
    std::set<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
    EXPECT_EQ(keys, (std::set<std::string>{"network", "N", "d", "u", "levels", "method", "perm",
                                           "class", "seed", "cycles", "theorem3_cycles", "verified",
                                           "blocked", "check", "settings"}));
    EXPECT_EQ(j["N"], w.N);
    EXPECT_EQ(j["d"], w.d);
    EXPECT_EQ(j["u"], w.u);
    EXPECT_EQ(j["method"], "offline");
    EXPECT_EQ(j["class"], "random");
    EXPECT_EQ(j["seed"], 7);
    EXPECT_EQ(j["cycles"], w.cycles);
    EXPECT_EQ(j["theorem3_cycles"], w.theorem3);
    EXPECT_EQ(j["verified"], true);
    EXPECT_EQ(j["check"]["delivered"], w.N);
    EXPECT_EQ(j["check"]["first_error"], "");
    EXPECT_EQ(j["settings"].size(), static_cast<size_t>(w.cycles));
    const Network net = Network::cb(w.N, w.d, w.u);
    const RoutingCheck c = reroute(net, j);
    EXPECT_TRUE(c.verified) << c.first_error;
  }
  // The same seed gives the same permutation and settings.
  EXPECT_EQ(run_cli("lcan realize --network cb:16,2,2 --class random --seed 7 --json").out,
            run_cli("lcan realize --network cb:16,2,2 --class random --seed 7 --json").out);
}

TEST(LcanRealizeCli, OnlineClassesAreVerified) {
  struct Case {
    const char* net;
    const char* rest;
  };
  for (const Case& k :
       std::vector<Case>{{"cb:64,2,2", "--method nassimi-sahni --class bpc"},
                         {"cb:64,4,4", "--method nassimi-sahni --class inverse-omega"},
                         {"cb:64,2,2", "--method raghavendra-boppana --class linear"},
                         {"cb:256,16,16", "--method raghavendra-boppana --class affine"},
                         {"cb:16,2,4", "--method raghavendra-boppana --class bpc"}}) {
    SCOPED_TRACE(std::string(k.net) + " " + k.rest);
    const CliResult r =
        run_cli(std::string("lcan realize --network ") + k.net + " " + k.rest + " --seed 3 --json");
    ASSERT_EQ(r.rc, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["verified"], true);
    EXPECT_EQ(j["cycles"], 1);
    EXPECT_TRUE(j["blocked"].empty());
    EXPECT_TRUE(reroute(Network::parse(k.net), j).verified);
  }
}

TEST(LcanRealizeCli, PermutationFiles) {
  std::vector<int> p(64);
  for (int s = 0; s < 64; ++s) p[s] = (s * 37 + 11) % 64;  // not in any self-routing class here
  const PermFile f(perm_text(p));
  {  // off-line: verified
    const CliResult r =
        run_cli("lcan realize --network cb:64,2,2 --perm " + f.path.string() + " --json");
    ASSERT_EQ(r.rc, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["perm"], json(p));
    EXPECT_EQ(j["perm_file"], f.path.string());
    EXPECT_EQ(j["verified"], true);
  }
  {  // self-routing outside its class: the JSON says so, exit status 1
    std::vector<int> q(64);
    for (int s = 0; s < 64; ++s) q[s] = s;
    std::swap(q[0], q[63]);
    std::swap(q[1], q[40]);
    const PermFile g(perm_text(q));
    const CliResult r = run_cli("lcan realize --network cb:64,2,2 --method nassimi-sahni --perm " +
                                g.path.string() + " --json");
    ASSERT_EQ(r.rc, 1) << r.err;
    EXPECT_TRUE(r.err.empty());
    const json j = json::parse(r.out);
    EXPECT_EQ(j["verified"], false);
    EXPECT_FALSE(j["blocked"].empty());
    EXPECT_EQ(j["check"]["broken"], j["blocked"].size());
    EXPECT_NE(j["check"]["first_error"], "");
  }
}

TEST(LcanRealizeCli, TextOutputAndHelp) {
  const CliResult r = run_cli("lcan realize --network cb:8,2,2 --class bpc --seed 2");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("CB-LCAN(8,2,2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified by routing the settings through the model: yes"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("cycle 0 (8 pairs)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("level 0 switch 0"), std::string::npos) << r.out;
  const CliResult h = run_cli("lcan realize --help");
  EXPECT_EQ(h.rc, 0);
  EXPECT_NE(h.out.find("usage: minforge lcan realize"), std::string::npos);
  EXPECT_TRUE(h.err.empty());
}

TEST(LcanRealizeCli, BadInput) {
  expect_cli_error("lcan realize --class random");                      // no network
  expect_cli_error("lcan realize --network cb:16,2,2");                 // no permutation
  expect_cli_error("lcan realize --network cb:16,2,2 --class nosuch");  // unknown class
  expect_cli_error("lcan realize --network cb:16,2,2 --class random --method looping");
  expect_cli_error("lcan realize --network cb:16,2,2 --class random --seed x");
  expect_cli_error("lcan realize --network cb:12,2,2 --class random");      // N not a power of d
  expect_cli_error("lcan realize --network t:16,4,2 --class random");       // T-LCAN
  expect_cli_error("lcan realize --network cb:16,2,2,2 --class random");    // truncated
  expect_cli_error("lcan realize --network cb:131072,2,2 --class random");  // N too large
  expect_cli_error("lcan realize --network cb:27,3,3 --method nassimi-sahni --class bpc");
  expect_cli_error("lcan realize --network cb:16,4,2 --method raghavendra-boppana --class bpc");
  expect_cli_error("lcan realize --network cb:16,2,2 --method nassimi-sahni --class random");
  expect_cli_error("lcan realize --network cb:16,2,2 --method nassimi-sahni --class linear");
  expect_cli_error("lcan realize --network cb:16,2,2 --method raghavendra-boppana --class root");
  expect_cli_error("lcan realize --network cb:27,3,3 --class linear");  // N not 2^L
  expect_cli_error("lcan realize --network cb:16,2,2 --class random --bogus 1");
  expect_cli_error("lcan realize --network cb:16,2,2 --perm /nonexistent/perm.txt");
  {
    const PermFile f(perm_text({0, 1, 2, 3}));
    expect_cli_error("lcan realize --network cb:16,2,2 --perm " + f.path.string());  // length
    expect_cli_error("lcan realize --network cb:4,2,2 --perm " + f.path.string() +
                     " --class random");
    expect_cli_error("lcan realize --network cb:4,2,2 --perm " + f.path.string() + " --seed 3");
  }
  {
    const PermFile f(perm_text({0, 1, 1, 3}));
    expect_cli_error("lcan realize --network cb:4,2,2 --perm " + f.path.string());  // repeated
  }
  {
    const PermFile f(perm_text({0, 1, 2, 4}));
    expect_cli_error("lcan realize --network cb:4,2,2 --perm " + f.path.string());  // out of range
  }
}

}  // namespace
}  // namespace minforge::lcan
