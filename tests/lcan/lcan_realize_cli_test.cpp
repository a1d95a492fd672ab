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

#include "minforge/algo/lcan/lcan_realize.hpp"

namespace minforge::lcan {
namespace {

using nlohmann::json;

struct Result {
  int rc;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::filesystem::path scratch_dir() {
  static int counter = 0;
  auto dir =
      std::filesystem::temp_directory_path() /
      ("minforge_lcan_realize_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  return dir;
}

Result run(const std::string& args) {
  const auto dir = scratch_dir();
  const std::string cmd = std::string(MINFORGE_CLI) + " " + args + " >" + (dir / "out").string() +
                          " 2>" + (dir / "err").string() + " </dev/null";
  const int status = std::system(cmd.c_str());
  Result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  return r;
}

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

void expect_bad(const std::string& args) {
  SCOPED_TRACE(args);
  const Result r = run(args);
  EXPECT_EQ(r.rc, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "expected exactly one line: " << r.err;
  EXPECT_EQ(r.err.rfind("minforge: error: ", 0), 0u) << r.err;
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
    const Result r =
        run(std::string("lcan realize --network ") + w.net + " --class random --seed 7 --json");
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
  EXPECT_EQ(run("lcan realize --network cb:16,2,2 --class random --seed 7 --json").out,
            run("lcan realize --network cb:16,2,2 --class random --seed 7 --json").out);
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
    const Result r =
        run(std::string("lcan realize --network ") + k.net + " " + k.rest + " --seed 3 --json");
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
    const Result r = run("lcan realize --network cb:64,2,2 --perm " + f.path.string() + " --json");
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
    const Result r = run("lcan realize --network cb:64,2,2 --method nassimi-sahni --perm " +
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
  const Result r = run("lcan realize --network cb:8,2,2 --class bpc --seed 2");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("CB-LCAN(8,2,2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified by routing the settings through the model: yes"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("cycle 0 (8 pairs)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("level 0 switch 0"), std::string::npos) << r.out;
  const Result h = run("lcan realize --help");
  EXPECT_EQ(h.rc, 0);
  EXPECT_NE(h.out.find("usage: minforge lcan realize"), std::string::npos);
  EXPECT_TRUE(h.err.empty());
}

TEST(LcanRealizeCli, BadInput) {
  expect_bad("lcan realize --class random");                      // no network
  expect_bad("lcan realize --network cb:16,2,2");                 // no permutation
  expect_bad("lcan realize --network cb:16,2,2 --class nosuch");  // unknown class
  expect_bad("lcan realize --network cb:16,2,2 --class random --method looping");
  expect_bad("lcan realize --network cb:16,2,2 --class random --seed x");
  expect_bad("lcan realize --network cb:12,2,2 --class random");      // N not a power of d
  expect_bad("lcan realize --network t:16,4,2 --class random");       // T-LCAN
  expect_bad("lcan realize --network cb:16,2,2,2 --class random");    // truncated
  expect_bad("lcan realize --network cb:131072,2,2 --class random");  // N too large
  expect_bad("lcan realize --network cb:27,3,3 --method nassimi-sahni --class bpc");
  expect_bad("lcan realize --network cb:16,4,2 --method raghavendra-boppana --class bpc");
  expect_bad("lcan realize --network cb:16,2,2 --method nassimi-sahni --class random");
  expect_bad("lcan realize --network cb:16,2,2 --method nassimi-sahni --class linear");
  expect_bad("lcan realize --network cb:16,2,2 --method raghavendra-boppana --class root");
  expect_bad("lcan realize --network cb:27,3,3 --class linear");  // N not 2^L
  expect_bad("lcan realize --network cb:16,2,2 --class random --bogus 1");
  expect_bad("lcan realize --network cb:16,2,2 --perm /nonexistent/perm.txt");
  {
    const PermFile f(perm_text({0, 1, 2, 3}));
    expect_bad("lcan realize --network cb:16,2,2 --perm " + f.path.string());  // length
    expect_bad("lcan realize --network cb:4,2,2 --perm " + f.path.string() + " --class random");
    expect_bad("lcan realize --network cb:4,2,2 --perm " + f.path.string() + " --seed 3");
  }
  {
    const PermFile f(perm_text({0, 1, 1, 3}));
    expect_bad("lcan realize --network cb:4,2,2 --perm " + f.path.string());  // repeated
  }
  {
    const PermFile f(perm_text({0, 1, 2, 4}));
    expect_bad("lcan realize --network cb:4,2,2 --perm " + f.path.string());  // out of range
  }
}

}  // namespace
}  // namespace minforge::lcan
