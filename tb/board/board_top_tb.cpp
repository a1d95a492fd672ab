// The board-top test (tb/board/CMakeLists.txt builds one per (board, design) of the board
// table with mf_board_model, tb/board/board.cmake): the top's model linked in (BOARD_TOP, its
// entry point V<top>), the expectations from the model's manifest (board_expect), the checks
// of board_rtl.hpp.  Exit 0 when the top's report, LEDs and timing agree with the models.
// `minforge sim board` runs the same model and checks, built on demand.
#include <cstdio>
#include <stdexcept>

#include "board/board_rtl.hpp"

namespace minforge::tb::models {
const Model& BOARD_TOP();  // the adapter of the linked top (tb/core/vl_adapter.py)
}

int main() {
  const minforge::tb::Model& top = minforge::tb::models::BOARD_TOP();
  try {
    const auto r = minforge::tb::board_top_run(top, minforge::tb::board_expect(top));
    std::fputs(minforge::tb::board_report(r).c_str(), stdout);
    return r.failures.empty() ? 0 : 1;
  } catch (const std::runtime_error& e) {  // a manifest the harness cannot read
    std::fprintf(stderr, "board_top_tb: %s\n", e.what());
    return 2;
  }
}
