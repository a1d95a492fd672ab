// minforge harness core: the regression mains' option reader (options.hpp).
#include "core/options.hpp"

#include <cstdio>

namespace minforge::tb {

const char* OptionValue::value() {
  if (at_ + 1 >= argc_) throw OptionError("missing value for " + name_);
  return argv_[++at_];
}

int usage_error(const std::string& prog, const std::string& why) {
  if (prog.empty())
    std::fprintf(stderr, "%s\n", why.c_str());
  else
    std::fprintf(stderr, "%s: %s\n", prog.c_str(), why.c_str());
  return 2;
}

int read_options(int argc, char** argv, const std::string& prog, CommonOptions& o,
                 const FamilyOptions& family) {
  if (const char* s = std::getenv("MINFORGE_SEED"); s && *s) o.seed = std::strtoull(s, nullptr, 0);
  try {
    for (int a = 1; a < argc; ++a) {
      const std::string s = argv[a];
      OptionValue v(argc, argv, a, s);
      if (family) {
        const Opt r = family(s, v);
        if (r == Opt::Exit0) return 0;
        if (r == Opt::Taken) continue;
      }
      if (s == "--quiet") {
        o.quiet = true;
      } else if (s == "--seed") {
        o.seed = v.u64();
        o.seed_given = true;
      } else if (s == "--wave") {
        o.run.wave = v.value();
      } else if (s == "--wave-dir") {
        o.run.wave_dir = v.value();
      } else if (s == "--inject-mismatch") {
        o.run.inject = v.i64();
      } else {
        return usage_error(prog, "unknown option " + s);
      }
    }
  } catch (const OptionError& e) {
    return usage_error(prog, e.what());
  }
  return -1;
}

void report_failure(const RunOutcome& r) {
  const std::string t = r.first.text();
  std::printf("%s\n", t.c_str());
  std::fprintf(stderr, "%s\n", t.c_str());
  if (!r.wave.empty()) {
    std::printf("waveform: %s\n", r.wave.c_str());
    std::fprintf(stderr, "waveform: %s\n", r.wave.c_str());
  }
}

}  // namespace minforge::tb
