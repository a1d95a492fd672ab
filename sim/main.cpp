// minforge command line: `minforge <group> <command> [options]`.
#include <algorithm>
#include <iostream>
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

}  // namespace

int main(int argc, char** argv) {
  using namespace minforge::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_overview(std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args.size() < 2) {
    std::cerr << "minforge: error: missing command after '" << args[0]
              << "' (see minforge --help)\n";
    return 2;
  }
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
      std::cerr << "minforge: error: " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "minforge: internal error: " << e.what() << "\n";
      return 3;
    }
  }
  std::cerr << "minforge: error: unknown command '" << args[0] << " " << args[1]
            << "' (see minforge --help)\n";
  return 2;
}
