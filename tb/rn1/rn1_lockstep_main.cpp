// CTest driver of the RN1 lockstep runs.
//   rn1_lockstep router <seed> <cycles>
//   rn1_lockstep net <topology> <traffic> <faults>
// Exit 0 when RTL and model agree on every channel every cycle (and, for networks, every
// message is delivered exactly once between connected pairs); the first mismatch is printed
// and an FST waveform of the replay is written to rn1_<case>.fst in the working directory.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "rn1_rtl.hpp"

using namespace minforge::rn1;
using namespace minforge::twin;

int main(int argc, char** argv) {
  if (argc >= 4 && std::string(argv[1]) == "router") {
    const uint64_t seed = std::strtoull(argv[2], nullptr, 10);
    const uint64_t cycles = std::strtoull(argv[3], nullptr, 10);
    const auto r =
        rtl::router_lockstep(seed, cycles, "rn1_router_" + std::to_string(seed) + ".fst");
    std::printf(
        "router seed %llu: %llu cycles, %ld transmissions, %ld drops, %ld config writes, "
        "%ld resets, %ld mismatches\n",
        static_cast<unsigned long long>(seed), static_cast<unsigned long long>(r.cycles),
        r.transmissions, r.drops, r.config_writes, r.resets, r.mismatches);
    if (r.first.found) std::printf("first mismatch: %s\n", r.first.describe().c_str());
    return (r.mismatches == 0 && r.transmissions > 0 && r.drops > 0) ? 0 : 1;
  }
  if (argc >= 5 && std::string(argv[1]) == "net") {
    RunConfig c;
    c.topology = parse_topology(argv[2]);
    c.traffic = parse_traffic(argv[3]);
    c.faults = std::atoi(argv[4]);
    c.load = 0.3;
    c.cycles = c.topology == Topology::kRn1_64 ? 1500 : 3000;
    c.seed = 11 + static_cast<uint64_t>(c.faults);
    const std::string name = std::string(argv[2]) + "_" + argv[3] + "_f" + argv[4];
    const auto r = rtl::net_lockstep(c, "rn1_" + name + ".fst");
    std::printf(
        "%s: %llu cycles, sent %ld delivered %ld lost %ld (connected %ld) duplicates %ld "
        "corrupt %ld unfinished %ld mean attempts %.3f, %ld mismatches\n",
        name.c_str(), static_cast<unsigned long long>(r.cycles), r.rtl.sent, r.rtl.delivered,
        r.rtl.lost, r.rtl.lost_connected, r.rtl.duplicates, r.rtl.corrupt, r.rtl.unfinished,
        r.rtl.mean_attempts, r.mismatches);
    if (r.first.found) std::printf("first mismatch: %s\n", r.first.describe().c_str());
    const bool same = r.rtl.sent == r.model.sent && r.rtl.delivered == r.model.delivered &&
                      r.rtl.mean_attempts == r.model.mean_attempts;
    const bool clean = r.rtl.duplicates == 0 && r.rtl.corrupt == 0 && r.rtl.lost_connected == 0 &&
                       r.rtl.unfinished == 0 && r.rtl.sent > 0;
    return (r.mismatches == 0 && same && clean) ? 0 : 1;
  }
  std::fprintf(stderr, "usage: rn1_lockstep router <seed> <cycles> | net <topo> <traffic> <k>\n");
  return 2;
}
