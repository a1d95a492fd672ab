// minforge command line: `minforge <group> <command> [options]`.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <new>
#include <sstream>

#include "cli.hpp"

namespace {

void print_overview(std::ostream& os) {
  os << "minforge: multistage interconnection networks, golden model and RTL drivers\n\n"
        "usage: minforge <group> <command> [options]   (minforge <group> <command> --help)\n\n";
  // Grouped by family (the registry holds commands in static-initialisation order).
  std::vector<const minforge::cli::Command*> cmds;
  for (const auto& c : minforge::cli::registry()) cmds.push_back(&c);
  std::stable_sort(cmds.begin(), cmds.end(),
                   [](const auto* x, const auto* y) { return x->group < y->group; });
  for (const auto* cp : cmds) {
    const auto& c = *cp;
    os << "  " << c.group << " " << c.name;
    for (size_t k = c.group.size() + c.name.size(); k < 22; ++k) os << ' ';
    os << c.summary << "\n";
  }
}

// The families of `minforge sim <family>` (every RTL run), from the registry: one line for
// the error of a missing or unknown family.
std::string sim_families() {
  std::vector<std::string> names;
  for (const auto& c : minforge::cli::registry())
    if (c.group == "sim") names.push_back(c.name);
  std::sort(names.begin(), names.end());
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace minforge::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  // Every message goes through escape(): user input in it cannot add lines or drive the
  // terminal; a message longer than 1,000 bytes (a huge token of a file) is cut.
  auto fail = [](std::string msg) {
    if (msg.size() > 1000)
      msg = msg.substr(0, 1000) + "... (" + std::to_string(msg.size() - 1000) + " bytes cut)";
    std::cerr << "minforge: error: " << escape(msg) << "\n";
    return 2;
  };
  if (args.empty())
    return fail(
        "missing command (usage: minforge <group> <command> [options]; "
        "minforge --help lists the commands)");
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_overview(std::cout);
    return 0;
  }
  if (args[0] == "sim" && args.size() >= 2 && (args[1] == "--help" || args[1] == "-h")) {
    std::cout << "usage: minforge sim <family> [options]   (minforge sim <family> --help)\n"
                 "runs the RTL of a family (Verilator, built on demand) in lockstep with its "
                 "twin; families: "
              << sim_families() << "\n";
    return 0;
  }
  if (args[0] == "sim" && (args.size() < 2 || args[1].rfind('-', 0) == 0))
    return fail("missing family: minforge sim <family> [options], family one of " + sim_families());
  if (args.size() < 2) return fail("missing command after '" + args[0] + "' (see minforge --help)");
  for (const auto& c : registry()) {
    if (c.group != args[0] || c.name != args[1]) continue;
    std::ostringstream out;
    try {
      Args a(c.group + " " + c.name, std::vector<std::string>(args.begin() + 2, args.end()));
      if (a.help()) {
        std::cout << c.usage;
        return 0;
      }
      int rc = c.run(a, out);
      std::cout << out.str();
      return rc;
    } catch (const minforge::InvalidArgument& e) {
      return fail(e.what());
    } catch (const std::filesystem::filesystem_error& e) {
      // What the user pointed at (a path) failed; not a bug of minforge.
      return fail(e.what());
    } catch (const minforge::EnvironmentError& e) {
      // Valid input the machine could not serve (a tool failed; the message names its log).
      std::cerr << "minforge: error: " << escape(e.what()) << "\n";
      return 4;
    } catch (const std::bad_alloc&) {
      return fail(
          "out of memory (the input needs more memory than this machine gives; "
          "see --max-mem where the command has it)");
    } catch (const std::exception& e) {
      std::cerr << "minforge: internal error: " << escape(e.what()) << "\n";
      return 3;
    }
  }
  if (args[0] == "sim")
    return fail("unknown family '" + args[1] +
                "': minforge sim <family> [options], family one of " + sim_families());
  return fail("unknown command '" + args[0] + " " + args[1] + "' (see minforge --help)");
}
