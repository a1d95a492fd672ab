// `minforge gsen player`: the memory image of the GSEN engine's schedule player
// (rtl/engine/gsen_sched_player.v) for a configuration list, from the player's twin
// (twin::gsen_sched_player, twin::player_entry): one $readmemh line per round, the send mask
// (N bits, in ceil(N/4) hex digits) followed by the configuration number (ceil(n/4) hex
// digits).  A pair is sent in the first listed configuration that realizes it.
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "cli.hpp"
#include "minforge/twin/engine/a2a_sched.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;

// The entry's bits as a hex number of mask digits + configuration digits.
std::string hex_line(int N, const twin::A2aRound& r) {
  const int n = ceil_log2(static_cast<uint64_t>(N));
  const int digits = (N + 3) / 4 + (n + 3) / 4;
  const std::vector<uint32_t> w = twin::player_entry(N, r);
  std::string s;
  for (int d = digits - 1; d >= 0; --d) {
    const int bit = 4 * d;
    const uint32_t nib = (w[static_cast<size_t>(bit / 32)] >> (bit % 32)) & 0xFu;
    s += "0123456789abcdef"[nib];
  }
  return s;
}

int run_player(Args& a, std::ostream& out) {
  const int N = static_cast<int>(a.get_int("ports", 4, 4096));
  if (N % 2) throw InvalidArgument("--ports must be even (got " + std::to_string(N) + ")");
  const std::string cname = a.get_choice("control", {"stage", "alt", "alt2", "alt4"});
  const params::Ctrl control = *params::ctrl_from_name(cname);  // one of the choices above
  const int n = ceil_log2(static_cast<uint64_t>(N));
  const std::vector<uint32_t> configs = parse_config_list(a.require("configs"), uint64_t{1} << n);
  if (configs.empty()) throw InvalidArgument("--configs: empty list");
  const auto hex = a.get("hex");
  const bool as_json = a.flag("json");
  a.finish();
  const twin::A2aSchedule s = twin::gsen_sched_player(N, control, configs);
  std::string image;
  for (const auto& r : s.rounds) image += hex_line(N, r) + "\n";
  if (hex) {
    write_output_file(*hex, image, "--hex");
  }
  const int64_t pairs = static_cast<int64_t>(N) * N - static_cast<int64_t>(s.missing.size());
  if (as_json) {
    json j{{"ports", N},
           {"control", cname},
           {"rounds", s.rounds.size()},
           {"pairs_covered", pairs},
           {"covers", s.missing.empty()}};
    out << j.dump() << "\n";
  } else {
    if (!hex) out << image;
    out << "# " << s.rounds.size() << " rounds, " << pairs << " of " << N * N << " pairs covered"
        << (hex ? ", written to " + *hex : std::string()) << "\n";
  }
  return 0;
}

const Registrar reg_player{
    {"gsen", "player", "memory image of the engine's schedule player",
     "usage: minforge gsen player --ports N --control stage|alt|alt2|alt4 --configs LIST\n"
     "                            [--hex FILE] [--json]\n"
     "  The $readmemh image of rtl/engine/gsen_sched_player.v (its PLAYER_FILE) for the\n"
     "  listed configurations: per round the send mask (N bits) and the configuration\n"
     "  number, each pair sent in the first listed configuration that realizes it.\n"
     "  Without --hex the image is printed.  JSON: {\"ports\",\"control\",\"rounds\",\n"
     "  \"pairs_covered\",\"covers\"}\n",
     run_player}};

}  // namespace
}  // namespace minforge::cli
