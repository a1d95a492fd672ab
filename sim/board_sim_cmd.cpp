// `minforge sim board`: a board top (rtl/board/<board>_top.v, the exact top that is flashed)
// run in this process from power-up.  The model of (board, design) is built on demand with
// the regression's own recipe (mf_board_model, tb/board/board.cmake, through
// tb/core/ondemand.hpp: the same -G parameters and manifest as the CTest
// board_top_<board>_<design>_top) into a cache, loaded, and run by the board harness library
// (tb/board/board_rtl.hpp): its UART line decoded like a host decodes it and two report
// lines checked against the twins (for rn1 with --dead-links, the faulty network's).  This file
// only checks the request against the board table (synth/boards/boards.json), before anything is
// built, and prints
//   {"board","design","top","xpose","tag","lines":[{"cycle","text"}],"notes","failures",
//    "pass"}.
// Cache: $MINFORGE_CACHE, else $XDG_CACHE_HOME/minforge/models, else ~/.cache/minforge/models.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "board/board_rtl.hpp"
#include "cli.hpp"
#include "minforge/algo/rn1/rn1_topology.hpp"

namespace minforge::cli {
namespace {

using nlohmann::json;

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

int run_sim_board(Args& a, std::ostream& out) {
  const std::vector<tb::BoardTableRow> table = tb::board_table();
  const std::string board = a.require("board");
  const auto row = std::find_if(table.begin(), table.end(),
                                [&](const tb::BoardTableRow& r) { return r.board == board; });
  if (row == table.end()) {
    std::vector<std::string> names;
    for (const auto& r : table) names.push_back(r.board);
    throw InvalidArgument("--board: unknown board '" + board + "' (one of " + joined(names) +
                          ": synth/boards/boards.json)");
  }
  const std::string design = a.get("design").value_or(row->default_design);
  if (!contains(row->designs, design))
    throw InvalidArgument("--design: board " + board + " has no design '" + design + "' (one of " +
                          joined(row->designs) + ")");
  int xpose = -1;  // the table's
  if (a.get("xpose")) {
    const bool want = a.get_choice("xpose", {"0", "1"}) == "1";
    if (!tb::board_xpose_optional(design))
      throw InvalidArgument("--xpose: the " + design +
                            " design is built one way only (gsen and banyan carry the transpose "
                            "demonstration or the payload self-test)");
    if (want != contains(row->xpose_designs, design)) xpose = want ? 1 : 0;
  }
  std::vector<int> dead_links;  // the RN1 top's FLT_LINK_DEAD
  if (auto d = a.get("dead-links")) {
    if (design != "rn1")
      throw InvalidArgument("--dead-links: only the rn1 design has links (got " + design + ")");
    const auto& spec = rn1::net_spec(rn1::Topology::kFig20_9);
    try {
      for (uint32_t l : parse_config_list(*d, spec.links.size()))
        dead_links.push_back(static_cast<int>(l));
    } catch (const InvalidArgument& x) {
      throw InvalidArgument(std::string("--dead-links (link numbers): ") + x.what());
    }
    std::sort(dead_links.begin(), dead_links.end());
  }
  const bool as_json = a.flag("json");
  a.finish();

  const tb::Model* model = nullptr;
  {
    const Heartbeat alive("sim board", "Verilator model of " + row->top + " for " + design +
                                           ", built once and cached");
    model = &tb::board_model(board, design, xpose, dead_links);
  }
  const tb::BoardExpect e = tb::board_expect(*model);
  std::optional<Progress> progress;
  const tb::BoardResult r = tb::board_top_run(*model, e, [&](int64_t cycle, int64_t limit) {
    if (!progress)
      progress.emplace("sim board " + board + " " + design, static_cast<uint64_t>(limit), "cycles");
    progress->update(static_cast<uint64_t>(cycle));
  });
  progress.reset();
  if (as_json) {
    json lines = json::array();
    for (const auto& l : r.lines) {
      std::string text = l.text;
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
      lines.push_back({{"cycle", l.cycle}, {"text", text}});
    }
    const json j{{"board", board},   {"design", design},        {"top", e.top},
                 {"xpose", e.xpose}, {"tag", tb::board_tag(e)}, {"lines", lines},
                 {"notes", r.notes}, {"failures", r.failures},  {"pass", r.failures.empty()}};
    out << j.dump() << "\n";
  } else {
    out << tb::board_report(r);
  }
  return r.failures.empty() ? 0 : 1;
}

const std::string kUsage =
    "usage: minforge sim board --board B [--design D] [--xpose 0|1] [--dead-links LIST]\n"
    "                          [--json]\n"
    "Verilates the board top rtl/board/<B>_top.v with design D (default: the board's default\n"
    "design) exactly as the regression's test board_top_<B>_<D>_top builds it (the board table\n"
    "synth/boards/boards.json and the harness's timing settings, tb/board/board.cmake; cached)\n"
    "and runs it from power-up: the UART line is decoded like a host decodes it and its two\n"
    "report lines are checked against the twins (cycles per exchange, errors, checksum, the\n"
    "exchange count's growth, the LEDs).  Prints the lines, what the models predict and every\n"
    "failed check; exit 0 when the top passes, 1 when a check fails.\n"
    "--xpose 0|1: gsen and banyan with (1, the table's) or without (0, the payload self-test)\n"
    "the matrix-transpose demonstration.  --dead-links LIST (rn1, e.g. 73,85 or 10-12): those\n"
    "links of the Fig. 20.9 network dead (-GFLT_LINK_DEAD); the report is checked against the\n"
    "faulty network's twin.  The ULX3S N = 64 tops take minutes to build.\n"
    "Cache: $MINFORGE_CACHE or ~/.cache/minforge/models.\n";

const Registrar kSimBoard{Command{"sim", "board",
                                  "run a board top (Verilator) from power-up against the models",
                                  kUsage, run_sim_board}};

}  // namespace
}  // namespace minforge::cli
