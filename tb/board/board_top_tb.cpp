// The board-top test (tb/board/CMakeLists.txt builds one per (board, design) of the board
// table): the top's model linked in, the expectations from the table, the checks of
// board_rtl.hpp.  Exit 0 when the top's report, LEDs and timing agree with the models.
#include <cstdio>

#include "board/board_rtl.hpp"

#define MF_STR2(x) #x
#define MF_STR(x) MF_STR2(x)

namespace minforge::tb::models {
const Model& BOARD_TOP();  // the adapter of the linked top (tb/core/vl_adapter.py)
}

// RN1 top: seed and dead links of the top as built (CMakeLists.txt passes the same values to
// Verilator as -GSEED / -GFLT_LINK_DEAD); BOARD_RN1_DEAD_LINKS is a list of link numbers.
#ifndef BOARD_RN1_SEED
#define BOARD_RN1_SEED minforge::params::kSelftestSeed
#endif
#ifndef BOARD_RN1_DEAD_LINKS
#define BOARD_RN1_DEAD_LINKS
#endif

int main() {
  minforge::tb::BoardExpect e;
  e.top = BOARD_TOP_NAME;
  e.design = BOARD_ENGINE;
  e.ports = BOARD_N;
  e.width = BOARD_W;
  e.sched = BOARD_SCHED;
  e.clk_hz = BOARD_CLK_HZ;
  e.baud = BOARD_BAUD;
  e.line_period = BOARD_LINE_PERIOD;
  e.led_active_low = BOARD_LED_ACTIVE_LOW != 0;
  e.rn1_seed = static_cast<uint16_t>(BOARD_RN1_SEED);
  e.lcan_d = BOARD_D;
  e.lcan_u = BOARD_U;
#ifdef BOARD_LCAN_PIPE
  e.lcan_pipe = BOARD_LCAN_PIPE;
#endif
#ifdef BOARD_XPOSE
  e.xpose = BOARD_XPOSE != 0;
#endif
#ifdef BOARD_B  // axis: words per (source, destination)
  e.words = BOARD_B;
#endif
#ifdef BOARD_PLAN_FILE  // banyan_ft: the dead element and the plan image the top loads
  e.ft_stage = BOARD_FT_STAGE;
  e.ft_elem = BOARD_FT_ELEM;
  e.plan_file = BOARD_PLAN_FILE;
#endif
  for (int l : {BOARD_RN1_DEAD_LINKS - 1})
    if (l >= 0) e.rn1_dead_links.push_back(l);
  const auto r = minforge::tb::board_top_run(minforge::tb::models::BOARD_TOP(), e);
  for (const auto& l : r.lines)
    std::printf("uart @%lld: %s", static_cast<long long>(l.cycle), l.text.c_str());
  for (const auto& n : r.notes) std::printf("%s\n", n.c_str());
  for (const auto& f : r.failures) std::printf("FAIL: %s\n", f.c_str());
  std::printf("%s\n", r.failures.empty() ? "board top test passed" : "board top test FAILED");
  return r.failures.empty() ? 0 : 1;
}
