#include "anim/ui/model/recovery.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "anim/files/file_io.h"
#include "anim/ui/model/document.h"

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

// The first line of a small file under /proc; empty when it cannot be read.
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

std::string current_boot_id() { return first_line("/proc/sys/kernel/random/boot_id"); }

struct ProcStat {
  char state = '?';
  std::uint64_t start_ticks = 0;
};

// /proc/PID/stat: the state (field 3) and the start time (field 22). The command name (field 2)
// may hold spaces and parentheses, so the fields are counted from its last ')'.
bool read_proc_stat(int pid, ProcStat* out) {
  const std::string line = first_line("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t close = line.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream fields(line.substr(close + 1));
  std::string field;
  for (int index = 3; fields >> field; ++index) {
    if (index == 3) out->state = field.empty() ? '?' : field[0];
    if (index == 22) {
      try {
        out->start_ticks = std::stoull(field);
      } catch (const std::exception&) {
        return false;
      }
      return true;
    }
  }
  return false;
}

Error bad_copy(const std::string& message, const std::string& path) {
  return Error{Error::Code::kInvalidData, message, path};
}

// `path` made absolute and tidy; unchanged when empty or when there is no working folder.
std::string absolute_path(const std::string& path) {
  if (path.empty()) return path;
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  return ec ? path : absolute.lexically_normal().string();
}

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

std::tm local_time(std::int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&seconds, &tm);
  return tm;
}

bool same_day(const std::tm& a, const std::tm& b) {
  return a.tm_year == b.tm_year && a.tm_mon == b.tm_mon && a.tm_mday == b.tm_mday;
}

std::string format_time(const std::tm& tm, const char* format) {
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, format, &tm);
  return std::string(text, n);
}

}  // namespace

ProcessIdentity this_process() {
  ProcessIdentity p;
  p.pid = static_cast<int>(::getpid());
  ProcStat stat;
  if (read_proc_stat(p.pid, &stat)) p.start_ticks = stat.start_ticks;
  p.boot_id = current_boot_id();
  return p;
}

bool process_running(const ProcessIdentity& process) {
  if (process.pid <= 0) return false;
  if (!process.boot_id.empty()) {
    const std::string boot = current_boot_id();
    if (!boot.empty() && boot != process.boot_id) return false;  // Rebooted since.
  }
  // EPERM: it runs, as another user.
  if (::kill(static_cast<pid_t>(process.pid), 0) != 0 && errno != EPERM) return false;
  ProcStat stat;
  if (read_proc_stat(process.pid, &stat)) {
    if (stat.state == 'Z' || stat.state == 'X') return false;  // Dead, not yet reaped.
    if (process.start_ticks != 0 && stat.start_ticks != process.start_ticks) return false;
  }
  return true;
}

std::string recovery_text(const RecoveryCopy& copy) {
  setup::Json out = setup::Json::object();
  out["format"] = kRecoveryFormat;
  out["version"] = kRecoveryVersion;
  out["setup_path"] = copy.setup_path.empty() ? setup::Json() : setup::Json(copy.setup_path);
  out["model_path"] = copy.model_path;
  out["written_ms"] = copy.written_ms;
  out["base_mtime_ns"] = copy.base_mtime_ns ? setup::Json(*copy.base_mtime_ns) : setup::Json();
  out["pid"] = copy.writer.pid;
  out["process_start_ticks"] = copy.writer.start_ticks;
  out["boot_id"] = copy.writer.boot_id;
  // The setup as Save writes it (to_json_text), parsed back only to nest it.
  out["setup"] = setup::Json::parse(to_json_text(copy.setup));
  return out.dump(2, ' ', false, setup::Json::error_handler_t::replace) + "\n";
}

Result<RecoveryCopy> parse_recovery(const std::string& text, const std::string& path) {
  setup::Json json;
  try {
    json = setup::Json::parse(text);
  } catch (const std::exception& e) {
    return Error{Error::Code::kParse, std::string("not a recovery copy: ") + e.what(), path};
  }
  if (!json.is_object() || json.value("format", setup::Json()) != kRecoveryFormat) {
    return bad_copy("not a recovery copy (no \"format\": \"animscope.recovery\")", path);
  }
  if (json.value("version", setup::Json()) != kRecoveryVersion) {
    return bad_copy("a recovery copy of another version", path);
  }
  RecoveryCopy copy;
  try {
    const setup::Json& setup_path = json.at("setup_path");
    if (!setup_path.is_null()) copy.setup_path = setup_path.get<std::string>();
    copy.model_path = json.at("model_path").get<std::string>();
    copy.written_ms = json.at("written_ms").get<std::int64_t>();
    const setup::Json& base = json.at("base_mtime_ns");
    if (!base.is_null()) copy.base_mtime_ns = base.get<std::int64_t>();
    copy.writer.pid = json.at("pid").get<int>();
    copy.writer.start_ticks = json.at("process_start_ticks").get<std::uint64_t>();
    copy.writer.boot_id = json.at("boot_id").get<std::string>();
  } catch (const std::exception& e) {
    return bad_copy(std::string("a recovery copy with bad metadata: ") + e.what(), path);
  }
  if (!json.contains("setup")) return bad_copy("a recovery copy without a setup", path);
  Result<setup::Setup> setup = setup::parse_setup(json["setup"].dump(), path);
  if (!setup.ok()) return setup.error();
  copy.setup = std::move(setup).value();
  return copy;
}

Status write_recovery_copy(const std::string& file, const RecoveryCopy& copy) {
  std::string text;
  try {
    text = recovery_text(copy);
  } catch (const std::exception& e) {
    return Error{Error::Code::kIo, std::string("cannot format the recovery copy: ") + e.what(),
                 file};
  }
  return files::write_file_atomically(file, text);
}

Result<RecoveryCopy> read_recovery_copy(const std::string& file) {
  Result<std::string> text = files::read_file(file);
  if (!text.ok()) return text.error();
  return parse_recovery(text.value(), file);
}

Status remove_recovery_copy(const std::string& file) {
  if (::unlink(file.c_str()) != 0 && errno != ENOENT) {
    return Error{Error::Code::kIo,
                 "cannot remove the recovery copy: " +
                     std::error_code(errno, std::generic_category()).message(),
                 file};
  }
  return Ok{};
}

RecoveryCopy recovery_copy_of(const Document& doc) {
  RecoveryCopy copy;
  copy.model_path = setup::is_builtin_model(doc.path()) ? doc.path() : absolute_path(doc.path());
  if (!doc.has_setup()) return copy;
  copy.setup = *doc.setup();
  if (!doc.setup_path().empty()) {
    // Its paths are relative to its folder, which an absolute setup path keeps.
    copy.setup_path = absolute_path(doc.setup_path());
  } else {
    // Its paths are as seen from this process's working folder: pin them down.
    setup::Setup& setup = copy.setup;
    if (!setup::is_builtin_model(setup.model)) setup.model = absolute_path(setup.model);
    for (setup::SetupAnimation& a : setup.animations) a.file = absolute_path(a.file);
  }
  return copy;
}

std::vector<FoundRecovery> abandoned_recovery_copies(const std::string& folder,
                                                     std::vector<std::string>* problems) {
  std::vector<FoundRecovery> found;
  if (folder.empty()) return found;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    // Temporary files of a write that never finished end in ".tmp-XXXXXX": not copies.
    if (it->path().extension() != ".json" || !it->is_regular_file(ec)) continue;
    const std::string file = it->path().string();
    Result<RecoveryCopy> copy = read_recovery_copy(file);
    if (!copy.ok()) {
      if (problems != nullptr) problems->push_back(copy.error().to_string());
      continue;
    }
    if (process_running(copy.value().writer)) continue;  // Another open animscope's.
    found.push_back({file, std::move(copy).value()});
  }
  std::sort(found.begin(), found.end(), [](const FoundRecovery& a, const FoundRecovery& b) {
    if (a.copy.written_ms != b.copy.written_ms) return a.copy.written_ms > b.copy.written_ms;
    return a.file < b.file;
  });
  return found;
}

std::optional<std::int64_t> file_mtime_ns(const std::string& path) {
  struct stat info {};
  if (path.empty() || ::stat(path.c_str(), &info) != 0) return std::nullopt;
  return static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string clock_text(std::int64_t ms, std::int64_t now) {
  const std::tm when = local_time(ms);
  const std::tm today = local_time(now);
  if (same_day(when, today)) return format_time(when, "%H:%M");
  std::tm yesterday = today;
  yesterday.tm_mday -= 1;
  yesterday.tm_isdst = -1;
  std::mktime(&yesterday);  // Normalizes the day before the 1st.
  if (same_day(when, yesterday)) return "yesterday " + format_time(when, "%H:%M");
  return format_time(when, "%Y-%m-%d %H:%M");
}

RecoveryDescription describe_recovery(const RecoveryCopy& copy, std::int64_t now) {
  RecoveryDescription d;
  const bool builtin = setup::is_builtin_model(copy.model_path);
  const std::string model = builtin ? "the built-in demo" : file_name(copy.model_path);
  d.when = "unsaved changes from " + clock_text(copy.written_ms, now);
  if (copy.setup_path.empty()) {
    d.name = "a new setup for " + model;
    d.location = "never saved to a file";
    d.replaces = "Restore brings it back as a new setup; saving then asks where to keep it.";
  } else {
    d.name = file_name(copy.setup_path);
    d.location = copy.setup_path;
    const std::optional<std::int64_t> disk = file_mtime_ns(copy.setup_path);
    auto at = [&](std::int64_t ns) { return clock_text(ns / 1000000, now); };
    if (!disk) {
      d.replaces = d.name +
                   " is no longer on disk: Restore brings the changes back unsaved, and "
                   "saving writes it again.";
      d.warn = true;
    } else if (copy.base_mtime_ns && *disk != *copy.base_mtime_ns) {
      d.replaces = d.name + " changed on disk at " + at(*disk) +
                   ", after these edits began from the version of " + at(*copy.base_mtime_ns) +
                   ": saving the restored changes would replace that newer version.";
      d.warn = true;
    } else {
      d.replaces = "Restore brings them back unsaved; saving replaces " + d.name +
                   " on disk, saved at " + at(*disk) +
                   (copy.base_mtime_ns ? " and unchanged since." : ".");
    }
  }
  std::error_code ec;
  if (!builtin && !fs::exists(copy.model_path, ec)) {
    d.replaces += " The model " + model + " is missing (" + copy.model_path +
                  "): restoring needs it back there.";
    d.warn = true;
  }
  return d;
}

RecoveryKeeper::RecoveryKeeper(const std::string& folder, double delay_seconds)
    : folder_(folder), delay_(delay_seconds), process_(this_process()) {
  // One file per process, named so that a later process with the same pid gets another.
  static std::atomic<int> keepers{0};
  if (!folder_.empty()) {
    file_ = (fs::path(folder_) / (std::to_string(process_.pid) + "-" + std::to_string(now_ms()) +
                                  "-" + std::to_string(keepers++) + ".json"))
                .string();
  }
}

RecoveryKeeper::Seen RecoveryKeeper::seen_of(const Document* doc) {
  Seen seen;
  if (doc == nullptr) return seen;
  seen.document = doc->stamp().document;
  if (doc->has_setup()) {
    seen.revision = doc->setup_history().revision();
    seen.saved = doc->setup_history().saved_revision();
    seen.setup_path = doc->setup_path();
  }
  seen.dirty = doc->setup_dirty();
  return seen;
}

void RecoveryKeeper::observe(const Document* doc, double now) {
  const Seen seen = seen_of(doc);
  if (seen == seen_) return;
  if (seen.document != seen_.document) base_.reset();
  // The file was just read (another document) or written (a save, to the same file or another):
  // the version on disk is the one the edits begin from, even when one came in the same frame.
  // A restored document's base is the copy's instead (adopt).
  const bool synced = seen.document != seen_.document || seen.saved != seen_.saved ||
                      seen.setup_path != seen_.setup_path;
  if (synced && !seen.setup_path.empty()) base_ = file_mtime_ns(seen.setup_path);
  seen_ = seen;
  changed_at_ = now;
  written_ = false;
}

Status RecoveryKeeper::update(const Document* doc, double now_seconds) {
  if (file_.empty()) return Ok{};
  observe(doc, now_seconds);
  if (!seen_.dirty) {
    remove_copy();
    return Ok{};
  }
  if (written_ || now_seconds - changed_at_ < delay_) return Ok{};
  Status written = write(*doc);
  written_ = written.ok();
  if (!written.ok()) changed_at_ = now_seconds;  // Tried again after another delay.
  return written;
}

Status RecoveryKeeper::flush(const Document* doc) {
  if (file_.empty()) return Ok{};
  observe(doc, changed_at_);
  if (!seen_.dirty) {
    remove_copy();
    return Ok{};
  }
  Status written = write(*doc);
  written_ = written.ok();
  return written;
}

Status RecoveryKeeper::adopt(const Document& doc, std::optional<std::int64_t> base) {
  if (file_.empty()) return Error{Error::Code::kIo, "no folder for recovery copies", ""};
  observe(&doc, changed_at_);
  base_ = base;
  Status written = write(doc);
  written_ = written.ok();
  return written;
}

void RecoveryKeeper::remove_copy() {
  written_ = false;
  if (!on_disk_) return;
  on_disk_ = false;
  (void)remove_recovery_copy(file_);  // Best effort: a stray copy is only offered once more.
}

Status RecoveryKeeper::write(const Document& doc) {
  RecoveryCopy copy = recovery_copy_of(doc);
  copy.written_ms = now_ms();
  copy.writer = process_;
  if (!copy.setup_path.empty()) copy.base_mtime_ns = base_;
  Status written = write_recovery_copy(file_, copy);
  if (written.ok()) on_disk_ = true;
  return written;
}

}  // namespace anim::ui
