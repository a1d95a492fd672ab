// Models built on demand (ondemand.hpp).
#include "core/ondemand.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "minforge/common.hpp"

#ifndef MINFORGE_SOURCE_DIR
#error "MINFORGE_SOURCE_DIR must be defined (tb/core/CMakeLists.txt)"
#endif
#ifndef MINFORGE_VL_RUNTIME_LIB
#error "MINFORGE_VL_RUNTIME_LIB must be defined (tb/core/CMakeLists.txt)"
#endif
#ifndef MINFORGE_CMAKE_COMMAND
#error "MINFORGE_CMAKE_COMMAND must be defined (tb/core/CMakeLists.txt)"
#endif

namespace minforge::tb {

namespace {

namespace fs = std::filesystem;

uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

std::string hex64(uint64_t v) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(v));
  return b;
}

std::string sh(const std::string& s) {
  std::string o = "'";
  for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return o + "'";
}

// Every file under `dir` with one of the extensions, sorted.
std::vector<fs::path> files_under(const fs::path& dir, std::initializer_list<const char*> exts) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    const std::string x = e.path().extension().string();
    if (std::any_of(exts.begin(), exts.end(), [&](const char* w) { return x == w; }))
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string cmake_project(const OnDemandRequest& r, const fs::path& src) {
  std::ostringstream os;
  os << "# Written by minforge (tb/core/ondemand.cpp): one model built with the regression's\n"
     << "# recipe.\n"
     << "cmake_minimum_required(VERSION 3.20)\n"
     << "project(minforge_ondemand LANGUAGES CXX)\n"
     << "set(CMAKE_CXX_STANDARD 20)\n"
     << "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
     << "set(MF_VL_RUNTIME_LIB \"" << MINFORGE_VL_RUNTIME_LIB << "\")\n"
     << "set(MINFORGE_VERILATED_CXX \"" << MINFORGE_VERILATED_CXX << "\" CACHE FILEPATH \"\")\n"
     << "include(\"" << (src / "tb/core/verilate.cmake").string() << "\")\n"
     << "include(\"" << (src / "tb" / r.family / (r.family + ".cmake")).string() << "\")\n"
     << "add_library(mf_model MODULE)\n"
     << "set_target_properties(mf_model PROPERTIES PREFIX \"\" OUTPUT_NAME model\n"
     << "  LIBRARY_OUTPUT_DIRECTORY \"${CMAKE_CURRENT_SOURCE_DIR}\")\n"
     << r.call << "\n";
  return os.str();
}

int run_shell(const std::string& cmd) {
  const int rc = std::system(cmd.c_str());
  if (rc == -1) return -1;
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

}  // namespace

std::string ondemand_cache_root() {
  if (const char* c = std::getenv("MINFORGE_CACHE"); c && *c) return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return (fs::path(x) / "minforge" / "models").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home ? home : "/tmp") / ".cache" / "minforge" / "models").string();
}

const Model& ondemand_model(const OnDemandRequest& r) {
  static std::mutex mu;
  static std::map<std::string, const Model*> loaded;
  const std::lock_guard<std::mutex> lock(mu);
  const fs::path src(MINFORGE_SOURCE_DIR);
  const std::string project = cmake_project(r, src);
  uint64_t h = fnv1a("v1 " + project);
  std::vector<fs::path> inputs = files_under(src / "rtl", {".v", ".vh", ".core"});
  for (const auto& d : {src / "tb/core", src / "tb" / r.family}) {
    const auto more = files_under(d, {".cmake", ".py", ".hpp", ".json"});
    inputs.insert(inputs.end(), more.begin(), more.end());
  }
  for (const auto& f : r.inputs) inputs.push_back(fs::path(f));
  inputs.push_back(fs::path(MINFORGE_VL_RUNTIME_LIB));
  for (const auto& p : inputs) h = fnv1a(read_file(p), fnv1a(p.string(), h));
  const std::string key = r.label + "_" + hex64(h);
  if (auto it = loaded.find(key); it != loaded.end()) return *it->second;

  const fs::path root(ondemand_cache_root());
  const fs::path dir = root / key;
  const fs::path lib = dir / "model.so";
  // One build per key across processes: a second process asking for the same model (two
  // CTests, two shells) waits on the key's lock file for the first one's build and reuses it.
  // (The lock is taken only to build: a complete cache may be read-only.)
  int lock_fd = -1;
  struct Unlock {
    const int& fd;
    ~Unlock() {
      if (fd >= 0) ::close(fd);  // closing the descriptor releases the flock
    }
  } unlock{lock_fd};
  if (!fs::exists(lib)) {
    fs::create_directories(root);
    const fs::path lock_path = root / (key + ".lock");
    lock_fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd < 0 || ::flock(lock_fd, LOCK_EX) != 0)
      throw minforge::EnvironmentError("cannot lock " + lock_path.string());
  }
  if (!fs::exists(lib)) {
    const fs::path tmp = root / (key + ".tmp" + std::to_string(getpid()));
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    {
      std::ofstream f(tmp / "CMakeLists.txt");
      f << project;
    }
    std::cerr << "minforge: building the Verilated model " << key << " (once; cached in "
              << root.string() << ") ..." << std::endl;
    const fs::path log = tmp / "build.log";
    const std::string cmake = MINFORGE_CMAKE_COMMAND;
    std::string cmd = sh(cmake) + " -S " + sh(tmp.string()) + " -B " +
                      sh((tmp / "build").string()) + " -DCMAKE_BUILD_TYPE=Release";
#ifdef MINFORGE_CMAKE_GENERATOR
    cmd += " -G " + sh(MINFORGE_CMAKE_GENERATOR);
#endif
    cmd += " > " + sh(log.string()) + " 2>&1 && " + sh(cmake) + " --build " +
           sh((tmp / "build").string()) + " -j 2 >> " + sh(log.string()) + " 2>&1";
    if (run_shell(cmd) != 0 || !fs::exists(tmp / "model.so")) {
      const fs::path keep = root / (key + ".failed");
      fs::remove_all(keep);
      fs::rename(tmp, keep);
      throw minforge::EnvironmentError("the Verilator build of " + r.label + " failed; see " +
                                       (keep / "build.log").string());
    }
    fs::remove_all(tmp / "build");  // keep the library, the project and the log
    std::error_code ec;
    fs::rename(tmp, dir, ec);  // another process may have finished the same key first
    if (ec) fs::remove_all(tmp);
  }
  void* handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw minforge::EnvironmentError(std::string("cannot load ") + lib.string() + ": " + dlerror());
  using Entry = const Model* (*)();
  auto entry = reinterpret_cast<Entry>(dlsym(handle, "mf_tb_model"));
  if (!entry) throw minforge::EnvironmentError(lib.string() + " has no mf_tb_model()");
  const Model* m = entry();
  loaded[key] = m;
  return *m;
}

}  // namespace minforge::tb
