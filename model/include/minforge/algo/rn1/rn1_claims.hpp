// minforge model, RN1 (paper 002, sections 20.3-20.5 and 20.8.2): the chapter's
// fault-tolerance claims that follow from the wiring alone, checked exhaustively.  No
// hardware state: connectivity of every ordered endpoint pair under a fault set, endpoints
// cut off, every k-subset of the first-stage routers (the isolation counts of Figs. 20.4
// and 20.5), every single and every pair of faulty components (no single critical
// component; n failures can isolate an endpoint; m/d with a dilated last stage), and the
// exact expected number of attempts of a message when one component is dead and the
// routers choose among free outputs at random (no other traffic).
//
// The simulated claims (exactly-once delivery under every single fault, attempts measured,
// throughput) are in minforge/twin/rn1/rn1_experiments.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "minforge/algo/claims.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"

namespace minforge::rn1 {

// The chapter's claims that `minforge rn1 claims` judges: the paper's words beside the verdict
// the project measures (the same on every network a claim is checked on), which the tests
// assert, so a claim measured false stays false.  `simulated`: judged on the cycle model
// only (left out with --static).
struct ClaimSpec {
  std::string id;
  std::string paper;
  minforge::Verdict expected;
  bool simulated;
  std::string why;
};
const std::vector<ClaimSpec>& claim_specs();
const ClaimSpec& claim_spec(const std::string& id);  // throws InvalidArgument if unknown

// One component: router `index` or link `index`.
struct Site {
  bool router = true;
  int index = 0;
  bool operator==(const Site&) const = default;
};
std::string site_name(const Site& s);  // "router 3", "link 17"
// Every router then every link of the network.
std::vector<Site> all_sites(const NetSpec& s);
// The fault set with the given components dead.
FaultSet dead_sites(const NetSpec& s, const std::vector<Site>& sites);

// reach[src] bit dst: a usable path (pair_paths > 0) exists from src to dst under f.
// Networks of at most 64 endpoints.
std::vector<uint64_t> reachability(const NetSpec& s, const FaultSet& f);
// Ordered pairs src != dst without a usable path.
long disconnected_pairs(const NetSpec& s, const FaultSet& f);
// Endpoints cut off: they reach no other endpoint, or no other endpoint reaches them.
std::vector<int> isolated_endpoints(const NetSpec& s, const FaultSet& f);

// Every k-subset of the first-stage routers failing (k = 0..kmax).
struct IsolationRow {
  int k = 0;
  long sets = 0;            // C(first-stage routers, k)
  long isolating_sets = 0;  // sets that cut off at least one endpoint
  int max_isolated = 0;     // most endpoints one set cuts off
  std::vector<int> worst;   // one set that cuts off max_isolated (router numbers)
};
std::vector<IsolationRow> first_stage_isolation(const NetSpec& s, int kmax);
// Endpoints cut off when only the first-stage routers marked in `dead` (per router) fail:
// those whose every input enters a dead router.
int first_stage_cut(const NetSpec& s, const std::vector<uint8_t>& dead);
// The largest number of first-stage routers that can fail together without cutting off an
// endpoint (section 20.3: "as many as half of the routing components in Figure 20.4").
int first_stage_survivable(const NetSpec& s);

// Every single component dead: the critical ones (some connected pair disconnected).
struct SingleFaultSummary {
  long sites = 0;
  long critical = 0;            // sites whose failure disconnects some pair
  long disconnected_pairs = 0;  // summed over the critical sites
  int max_isolated = 0;         // most endpoints one single fault cuts off
  std::vector<Site> critical_sites;
};
SingleFaultSummary single_faults(const NetSpec& s);

// The fewest dead components (routers or links) that cut off an endpoint, searched
// exhaustively over all sets of size 1, then 2 (size 3 and more are not searched: kmax <= 2);
// 0 if none of size <= kmax cuts one off.
struct MinCut {
  int size = 0;
  std::vector<Site> example;
  std::vector<int> isolated;  // endpoints the example cuts off
  long sets_checked = 0;
};
MinCut min_isolating_set(const NetSpec& s, int kmax);

// Exact expected attempts of one message src -> dst with component `site` dead and no
// other traffic: the source picks each of its inputs with probability 1/n, each router one
// of the d outputs of the requested direction with probability 1/d; an attempt succeeds
// iff its path avoids the dead component; attempts are independent, so the expectation is
// 1 / P(success).  Returns 0 for a disconnected pair, 1 for an unaffected one.
double expected_attempts(const NetSpec& s, const Site& site, int src, int dst);
// Mean of expected_attempts over the pairs a dead component affects (P(success) < 1), per
// stage of the component: routers of stage s, and links into stage s (s = stages + 1: the
// links into the endpoints).  Pairs it disconnects are left out (and counted).
struct StageAttempts {
  int stage = 0;
  bool routers = true;
  long components = 0, affected_pairs = 0, disconnected_pairs = 0;
  double mean_attempts = 0;  // over affected, still connected (component, pair)
  double max_attempts = 0;
};
std::vector<StageAttempts> expected_attempts_by_stage(const NetSpec& s);

}  // namespace minforge::rn1
