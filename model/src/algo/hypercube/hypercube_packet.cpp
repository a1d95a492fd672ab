// Corollary 3.5 (paper 004): the packet schedule and the step simulator.
#include "minforge/algo/hypercube/hypercube_packet.hpp"

#include "minforge/algo/hypercube/hypercube_base.hpp"

namespace minforge::hypercube {

int schedule_steps(int d) { return path_bound(d); }

void schedule_row(const Realization& r, int t, std::vector<uint32_t>& row) {
  const int d = r.dim;
  const int bl = base_level(d);
  const int upper = d - bl;  // levels above the base
  const uint32_t n = r.vertices();
  if (t < 0 || t >= 2 * upper + bl)
    throw InvalidArgument("schedule step " + std::to_string(t) + " out of range 0.." +
                          std::to_string(2 * upper + bl - 1));
  row.resize(n);
  if (t < upper) {  // first step of level k: the holder u swaps when u's index is in I
    const int k = d - t;
    for (uint32_t v = 0; v < n; ++v) row[v] = v ^ (r.pre[v] & (uint32_t{1} << (k - 1)));
  } else if (t < upper + bl) {  // base step s inside every 2^bl-block
    const int s = t - upper;
    for (uint32_t x = 0; x < n; ++x) {
      const int code = base::move_code(r.base_moves[x], s);
      row[x] = code == 0 ? x : x ^ (uint32_t{1} << (code - 1));
    }
  } else {  // last step of level k: the holder moves to the packet's level-k destination
    const int k = bl + 1 + (t - upper - bl);
    for (uint32_t x = 0; x < n; ++x) row[x] = x ^ (r.post_at[x] & (uint32_t{1} << (k - 1)));
  }
}

Schedule expand_schedule(const Realization& r) {
  Schedule s;
  s.dim = r.dim;
  s.moves.resize(schedule_steps(r.dim));
  for (int t = 0; t < static_cast<int>(s.moves.size()); ++t) schedule_row(r, t, s.moves[t]);
  return s;
}

Schedule packet_schedule(int d, const Perm& pi) { return expand_schedule(realize(d, pi)); }

int move_dimension(uint32_t from, uint32_t to) {
  if (from == to) return -1;
  return adjacent(from, to) ? __builtin_ctz(from ^ to) : -2;
}

bool apply_step(int d, int t, const std::vector<uint32_t>& move,
                const std::vector<uint32_t>& held_before, std::vector<uint32_t>& held_after,
                std::string* error) {
  const uint32_t n = uint32_t{1} << d;
  auto fail = [&](std::string msg) {
    if (error) *error = "step " + std::to_string(t) + ": " + msg;
    return false;
  };
  if (move.size() != n)
    return fail("has " + std::to_string(move.size()) +
                " moves, expected 2^d = " + std::to_string(n));
  if (held_before.size() != n) return fail("state has the wrong size");
  held_after.assign(n, UINT32_MAX);
  std::vector<uint32_t> from(n, UINT32_MAX);
  for (uint32_t v = 0; v < n; ++v) {
    const uint32_t to = move[v];
    if (to >= n)
      return fail("vertex " + std::to_string(v) + " sends to " + std::to_string(to) +
                  ", not a vertex");
    if (to != v && !adjacent(v, to))
      return fail("vertex " + std::to_string(v) + " sends to " + std::to_string(to) +
                  ", not a neighbour (packets travel along cube edges only)");
    if (from[to] != UINT32_MAX)
      return fail("vertices " + std::to_string(from[to]) + " and " + std::to_string(v) +
                  " both move their packets to " + std::to_string(to) +
                  " (at most one received, no buffering)");
    from[to] = v;
    held_after[to] = held_before[v];
  }
  return true;  // n packets into n distinct vertices: every vertex holds exactly one
}

StepRun run_steps(int d, const Perm& pi, const Schedule& s) {
  validate_perm(d, pi);
  const uint32_t n = uint32_t{1} << d;
  StepRun run;
  run.held.emplace_back(n);
  for (uint32_t v = 0; v < n; ++v) run.held[0][v] = v;
  if (s.dim != d) {
    run.error = "schedule is for d = " + std::to_string(s.dim) + ", not " + std::to_string(d);
    return run;
  }
  for (size_t t = 0; t < s.moves.size(); ++t) {
    std::vector<uint32_t> after;
    if (!apply_step(d, static_cast<int>(t), s.moves[t], run.held.back(), after, &run.error))
      return run;
    run.held.push_back(std::move(after));
  }
  const auto& last = run.held.back();
  for (uint32_t v = 0; v < n; ++v)
    if (last[pi[v]] != v) {
      run.error = "after " + std::to_string(s.moves.size()) + " steps the packet of " +
                  std::to_string(v) + " is not at pi(" + std::to_string(v) +
                  ") = " + std::to_string(pi[v]) + " (vertex " + std::to_string(pi[v]) +
                  " holds the packet of " + std::to_string(last[pi[v]]) + ")";
      return run;
    }
  run.ok = true;
  return run;
}

StepCheck check_schedule(const Realization& r) {
  const int d = r.dim;
  validate_perm(d, r.pi);
  const uint32_t n = r.vertices();
  StepCheck c;
  std::vector<uint32_t> held(n), after, row;
  for (uint32_t v = 0; v < n; ++v) held[v] = v;
  for (int t = 0; t < schedule_steps(d); ++t) {
    schedule_row(r, t, row);
    if (!apply_step(d, t, row, held, after, &c.error)) return c;
    held.swap(after);
    c.steps = t + 1;
  }
  for (uint32_t v = 0; v < n; ++v)
    if (held[r.pi[v]] != v) {
      c.error = "after " + std::to_string(c.steps) + " steps the packet of " + std::to_string(v) +
                " is not at pi(" + std::to_string(v) + ") = " + std::to_string(r.pi[v]);
      return c;
    }
  c.ok = true;
  return c;
}

}  // namespace minforge::hypercube
