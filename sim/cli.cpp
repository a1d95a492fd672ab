#include "cli.hpp"

#include <charconv>

namespace minforge::cli {

std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}

int64_t parse_int(std::string_view text, std::string_view what, int64_t lo, int64_t hi) {
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != text.data() + text.size())
    throw UsageError(std::string(what) + ": '" + std::string(text) + "' is not an integer");
  if (ec == std::errc::result_out_of_range || v < lo || v > hi)
    throw UsageError(std::string(what) + ": " + std::string(text) + " is out of range [" +
                     std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

Args::Args(std::string command, std::vector<std::string> argv) : command_(std::move(command)) {
  for (size_t k = 0; k < argv.size(); ++k) {
    const std::string& a = argv[k];
    if (a == "-h" || a == "--help") {
      help_ = true;
      continue;
    }
    if (a.size() < 3 || a.rfind("--", 0) != 0)
      throw UsageError("unexpected argument '" + a + "' (options start with --)");
    std::string name = a.substr(2);
    std::string value;
    bool has_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    } else if (k + 1 < argv.size() && (argv[k + 1].rfind("--", 0) != 0)) {
      value = argv[++k];
      has_value = true;
    }
    if (values_.count(name) || flags_.count(name))
      throw UsageError("option --" + name + " given twice");
    if (has_value)
      values_[name] = value;
    else
      flags_.insert(name);
  }
}

bool Args::flag(std::string_view name) {
  used_.insert(std::string(name));
  if (values_.count(name)) throw UsageError("option --" + std::string(name) + " takes no value");
  return flags_.count(name) > 0;
}

std::optional<std::string> Args::get(std::string_view name) {
  used_.insert(std::string(name));
  if (flags_.count(name)) throw UsageError("option --" + std::string(name) + " needs a value");
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::require(std::string_view name) {
  auto v = get(name);
  if (!v) throw UsageError("missing required option --" + std::string(name));
  return *v;
}

int64_t Args::get_int(std::string_view name, int64_t lo, int64_t hi) {
  return parse_int(require(name), "--" + std::string(name), lo, hi);
}

int64_t Args::get_int_or(std::string_view name, int64_t fallback, int64_t lo, int64_t hi) {
  auto v = get(name);
  return v ? parse_int(*v, "--" + std::string(name), lo, hi) : fallback;
}

std::string Args::get_choice(std::string_view name, const std::vector<std::string>& choices) {
  std::string v = require(name);
  for (const auto& c : choices)
    if (c == v) return v;
  std::string list;
  for (const auto& c : choices) list += (list.empty() ? "" : "|") + c;
  throw UsageError("--" + std::string(name) + ": unknown value '" + v + "' (expected " + list +
                   ")");
}

void Args::finish() const {
  for (const auto& [k, v] : values_)
    if (!used_.count(k)) throw UsageError("unknown option --" + k + " for '" + command_ + "'");
  for (const auto& k : flags_)
    if (!used_.count(k)) throw UsageError("unknown option --" + k + " for '" + command_ + "'");
}

}  // namespace minforge::cli
