#include "cli.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace minforge::cli {

std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}

void alias_note(std::string_view old_spelling, std::string_view family) {
  std::cerr << "minforge: note: `minforge " << old_spelling << "` is an alias of `minforge sim "
            << family << "`, kept for one release\n";
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

double parse_double(std::string_view text, std::string_view what, double lo, double hi,
                    bool lo_open) {
  std::ostringstream rs;
  rs << (lo_open ? "(" : "[") << lo << ", " << hi << "]";
  const std::string range = rs.str();
  double v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v,
                                   std::chars_format::fixed | std::chars_format::scientific);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end || !std::isfinite(v))
    throw UsageError(std::string(what) + ": '" + std::string(text) + "' is not a decimal number");
  if (ec == std::errc::result_out_of_range || v < lo || (lo_open && v == lo) || v > hi)
    throw UsageError(std::string(what) + ": " + std::string(text) + " is out of range " + range);
  return v;
}

std::string escape(std::string_view text) {
  std::string r;
  r.reserve(text.size());
  for (unsigned char c : text) {
    if (c == '\n') {
      r += "\\n";
    } else if (c == '\r') {
      r += "\\r";
    } else if (c == '\t') {
      r += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      r += "\\x";
      r += hex[c >> 4];
      r += hex[c & 15];
    } else {
      r += static_cast<char>(c);
    }
  }
  return r;
}

std::string format_bytes(uint64_t b) {
  std::ostringstream os;
  os.precision(3);
  if (b >= (uint64_t{1} << 30))
    os << static_cast<double>(b) / static_cast<double>(uint64_t{1} << 30) << " GiB";
  else if (b >= (uint64_t{1} << 20))
    os << static_cast<double>(b) / static_cast<double>(uint64_t{1} << 20) << " MiB";
  else if (b >= 1024)
    os << static_cast<double>(b) / 1024.0 << " KiB";
  else
    os << b << " bytes";
  return os.str();
}

namespace {

// The open descriptor of a regular file of at most max_bytes, and its size; a directory,
// device, FIFO, missing or larger file is an InvalidArgument naming `what`.
struct InputFile {
  int fd = -1;
  uint64_t size = 0;
  InputFile(const std::string& path, std::string_view what, uint64_t max_bytes,
            std::string_view why) {
    const std::string w = std::string(what) + " '" + path + "'";
    // O_NONBLOCK: opening a FIFO with no writer must not hang; regular files ignore it.
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      throw InvalidArgument(w + ": cannot read, cannot open it (" + std::strerror(errno) + ")");
    struct stat st {};
    if (::fstat(fd, &st) != 0) fail(w + ": cannot stat (" + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode))
      fail(w + ": not a regular file (" +
           (S_ISDIR(st.st_mode)    ? "a directory"
            : S_ISCHR(st.st_mode)  ? "a character device"
            : S_ISBLK(st.st_mode)  ? "a block device"
            : S_ISFIFO(st.st_mode) ? "a FIFO"
                                   : "not a file") +
           ")");
    size = static_cast<uint64_t>(st.st_size);
    if (size > max_bytes)
      fail(w + ": " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) +
           " read at most (" + std::string(why) + ")");
  }
  ~InputFile() {
    if (fd >= 0) ::close(fd);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  [[noreturn]] void fail(const std::string& msg) {
    ::close(fd);
    fd = -1;
    throw InvalidArgument(msg);
  }
};

}  // namespace

void check_input_file(const std::string& path, std::string_view what, uint64_t max_bytes,
                      std::string_view why) {
  const InputFile in(path, what, max_bytes, why);
}

std::string read_input_file(const std::string& path, std::string_view what, uint64_t max_bytes,
                            std::string_view why) {
  const std::string w = std::string(what) + " '" + path + "'";
  const InputFile in(path, what, max_bytes, why);
  const int fd = in.fd;
  std::string text;
  text.resize(static_cast<size_t>(in.size));
  size_t got = 0;
  // Read one byte past the size seen by fstat: a file that grows meanwhile is still capped.
  std::string extra(1, '\0');
  for (;;) {
    char* dst = got < text.size() ? text.data() + got : extra.data();
    const size_t room = got < text.size() ? text.size() - got : 1;
    const ssize_t n = ::read(fd, dst, room);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InvalidArgument(w + ": read error (" + std::strerror(errno) + ")");
    }
    if (n == 0) break;
    if (got >= text.size())
      throw InvalidArgument(w + ": grew past " + std::to_string(text.size()) +
                            " bytes while being read");
    got += static_cast<size_t>(n);
  }
  text.resize(got);
  return text;
}

std::string read_perm_text(const std::string& path, uint64_t entries) {
  const uint64_t digits = std::to_string(entries > 0 ? entries - 1 : 0).size();
  const uint64_t cap = entries * (digits + 2) + (uint64_t{1} << 20);
  return read_input_file(path, "--perm", cap,
                         std::to_string(entries) + " destinations of at most " +
                             std::to_string(digits) + " digits, plus 1 MiB of comments");
}

namespace {
std::string write_error(int err) {
  return err == ENXIO ? "a FIFO with no reader" : std::strerror(err);
}
}  // namespace

void check_output_file(const std::string& path, std::string_view what) {
  namespace fs = std::filesystem;
  const std::string w = std::string(what) + " '" + path + "'";
  if (path.empty()) throw InvalidArgument(std::string(what) + ": empty file name");
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InvalidArgument(w + ": cannot write, it is a directory");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) {
    const auto s = fs::status(parent, ec);
    if (!fs::exists(s))
      throw InvalidArgument(w + ": cannot write, folder '" + parent.string() +
                            "' does not exist (no folder is created)");
    if (!fs::is_directory(s))
      throw InvalidArgument(w + ": cannot write, '" + parent.string() + "' is not a directory");
  }
  // Try it: an existing file is opened without truncating it, a new one created and removed
  // again.  O_NONBLOCK: a FIFO nobody reads is refused (ENXIO) instead of blocking; one with
  // a reader stays open until the process ends, so that the reader sees no end of file
  // before the real write.
  struct stat st {};
  const bool existed = ::stat(path.c_str(), &st) == 0;
  const int fd = ::open(path.c_str(),
                        O_WRONLY | O_NONBLOCK | O_CLOEXEC | (existed ? 0 : O_CREAT | O_EXCL), 0644);
  if (fd < 0) throw InvalidArgument(w + ": cannot write (" + write_error(errno) + ")");
  if (existed && S_ISFIFO(st.st_mode)) {
    static std::vector<int> held;
    held.push_back(fd);
    return;
  }
  ::close(fd);
  if (!existed) ::unlink(path.c_str());
}

void write_output_file(const std::string& path, std::string_view text, std::string_view what) {
  check_output_file(path, what);
  const std::string w = std::string(what) + " '" + path + "'";
  // O_NONBLOCK: a FIFO nobody reads is refused (ENXIO) instead of blocking for ever; it is
  // cleared once open, so that a pipe with a reader is written like a file.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) throw InvalidArgument(w + ": cannot write (" + write_error(errno) + ")");
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw InvalidArgument(w + ": write failed (" + std::strerror(n < 0 ? errno : EIO) + ")");
    done += static_cast<size_t>(n);
  }
}

void check_output_dir(const std::string& dir, std::string_view what) {
  namespace fs = std::filesystem;
  const std::string w = std::string(what) + " '" + dir + "'";
  if (dir.empty()) throw UsageError(std::string(what) + ": expected a directory");
  std::error_code ec;
  const auto s = fs::status(dir, ec);
  if (!fs::exists(s)) {
    // Say which part is wrong: a missing folder, or a path through a file.
    fs::path p = fs::path(dir).parent_path();
    while (!p.empty() && !fs::exists(p, ec)) p = p.parent_path();
    if (!p.empty() && !fs::is_directory(p, ec))
      throw InvalidArgument(w + ": not a directory ('" + p.string() + "' is a file)");
    throw InvalidArgument(w +
                          ": not a directory (it does not exist; create it first, no "
                          "folder is created)");
  }
  if (!fs::is_directory(s)) throw InvalidArgument(w + ": not a directory");
  const std::string probe =
      (fs::path(dir) / (".minforge-probe-" + std::to_string(::getpid()))).string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw InvalidArgument(w + ": cannot write in it (" + std::strerror(errno) + ")");
  ::close(fd);
  ::unlink(probe.c_str());
}

uint64_t get_max_mem(Args& a) {
  const auto v = a.get("max-mem");
  if (!v) return kDefaultMaxMem;
  std::string_view t = *v;
  uint64_t mult = 1;
  if (!t.empty()) {
    switch (t.back()) {
      case 'K':
      case 'k':
        mult = uint64_t{1} << 10;
        break;
      case 'M':
      case 'm':
        mult = uint64_t{1} << 20;
        break;
      case 'G':
      case 'g':
        mult = uint64_t{1} << 30;
        break;
      case 'T':
      case 't':
        mult = uint64_t{1} << 40;
        break;
      default:
        break;
    }
    if (mult != 1) t.remove_suffix(1);
  }
  uint64_t n = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
  if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || n == 0 ||
      n > (uint64_t{1} << 50) / mult)
    throw UsageError("--max-mem: '" + *v +
                     "' is not a size (a positive whole number of bytes, or with K, M, G, T)");
  return n * mult;
}

void check_memory(uint64_t estimate, uint64_t limit, std::string_view what) {
  if (estimate <= limit) return;
  throw UsageError(std::string(what) + " needs an estimated " + format_bytes(estimate) +
                   " of memory, more than the limit of " + format_bytes(limit) +
                   " (raise it with --max-mem SIZE, e.g. --max-mem " +
                   std::to_string((estimate >> 30) + 1) + "G)");
}

namespace {
double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
std::string fmt_duration(double s) {
  std::ostringstream os;
  if (s < 60)
    os << static_cast<int>(std::ceil(s)) << " s";
  else if (s < 3600)
    os << static_cast<int>(s / 60) << " min " << static_cast<int>(std::fmod(s, 60)) << " s";
  else
    os << static_cast<int>(s / 3600) << " h " << static_cast<int>(std::fmod(s, 3600) / 60)
       << " min";
  return os.str();
}
}  // namespace

Progress::Progress(std::string label, uint64_t total, std::string unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      active_(::isatty(STDERR_FILENO) == 1),
      start_(now_seconds()) {
  if (active_) draw(0, "");
}

Progress::~Progress() {
  if (active_) std::cerr << "\r\033[K" << std::flush;
}

void Progress::update(uint64_t done, std::string_view note) {
  if (!active_) return;
  const double t = now_seconds();
  if (done < total_ && last_ >= 0 && t - last_ < 0.2) return;
  draw(done, note);
}

void Progress::draw(uint64_t done, std::string_view note) {
  last_ = now_seconds();
  const double el = last_ - start_;
  const double rate = el > 0 ? static_cast<double>(done) / el : 0;
  std::ostringstream os;
  os << "\r\033[K" << label_ << ": " << done << "/" << total_;
  if (!unit_.empty()) os << " " << unit_;
  os << " (";
  if (total_ > 0) os << (100 * std::min(done, total_) / total_) << " %, ";
  os.precision(3);
  os << rate << "/s, ";
  if (done > 0 && rate > 0)
    os << fmt_duration(static_cast<double>(total_ - std::min(done, total_)) / rate) << " left)";
  else
    os << "time left unknown)";
  if (!note.empty()) os << " " << escape(note);
  std::cerr << os.str() << std::flush;
}

Heartbeat::Heartbeat(std::string label, std::string note)
    : label_(std::move(label)), note_(std::move(note)) {
  if (::isatty(STDERR_FILENO) != 1) return;
  thread_ = std::thread([this] {
    const double start = now_seconds();
    std::unique_lock<std::mutex> lock(mu_);
    while (!cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) {
      std::cerr << "\r\033[K" << label_ << ": running, " << fmt_duration(now_seconds() - start)
                << " elapsed" << (note_.empty() ? "" : " (" + escape(note_) + ")") << std::flush;
    }
    std::cerr << "\r\033[K" << std::flush;
  });
}

Heartbeat::~Heartbeat() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  thread_.join();
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
