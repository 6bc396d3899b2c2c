#pragma once
// Recovery copies: while the open setup has unsaved changes, the tool keeps a copy of it in the
// user's state folder (recovery_directory() in config_paths.h), so a crash, a kill or a power
// cut costs at most the last few seconds of work. A copy is one JSON file, written atomically
// (write_file_atomically: a temporary file, then a rename), holding the setup exactly as Save
// writes it and what the next start needs to offer it back: the setup's file, the model, when,
// and which process wrote it. A copy whose process still runs belongs to another open animscope
// and is not offered. No ImGui here: the tool's dialog and the tests use the same functions.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim/result.h"
#include "anim/setup/setup.h"

namespace anim::ui {

class Document;

// A process, told apart from a later one that was given the same pid.
struct ProcessIdentity {
  int pid = 0;
  std::uint64_t start_ticks = 0;  // When it started, in clock ticks since boot; 0: unknown.
  std::string boot_id;            // The boot it ran in; empty: unknown.
};

// This process.
ProcessIdentity this_process();
// Whether `process` still runs. A zombie does not; nor does one from an earlier boot, nor one
// whose pid now belongs to a process that started at another time.
bool process_running(const ProcessIdentity& process);

// The "animscope.recovery" file: a setup with unsaved changes and where it belongs.
constexpr const char* kRecoveryFormat = "animscope.recovery";
constexpr int kRecoveryVersion = 1;

struct RecoveryCopy {
  setup::Setup setup;      // As the user had it; its paths are relative to setup_path's folder.
  std::string setup_path;  // Its file (absolute); empty for a setup in no file yet.
  std::string model_path;  // The model it belongs to: absolute, or a built-in model's name.
  std::int64_t written_ms = 0;  // When the copy was written, in ms since the Unix epoch.
  // setup_path's modification time (ns since the epoch) when the edits began from it: the
  // version on disk that Save would replace. None without a file, or when it is unknown.
  std::optional<std::int64_t> base_mtime_ns;
  ProcessIdentity writer;
};

// The file's text: the metadata, then the setup as to_json_text() (Save) writes it.
std::string recovery_text(const RecoveryCopy& copy);
// Reads that text back; `path` names the file in errors.
Result<RecoveryCopy> parse_recovery(const std::string& text, const std::string& path);
// Writes `copy` to `file` atomically: a reader sees the old copy or the new one, never half.
Status write_recovery_copy(const std::string& file, const RecoveryCopy& copy);
Result<RecoveryCopy> read_recovery_copy(const std::string& file);
// Deletes the copy; a copy that is already gone is no error.
Status remove_recovery_copy(const std::string& file);

// What the document holds now, as a copy (paths made absolute: the next start may run in
// another working folder). Without a setup, an empty Setup. The caller fills the writer, the
// time and the base.
RecoveryCopy recovery_copy_of(const Document& doc);

struct FoundRecovery {
  std::string file;  // The copy's file, for restoring or discarding it.
  RecoveryCopy copy;
};
// The copies in `folder` whose writer no longer runs: work left by an animscope that did not
// exit normally. Newest first. Files that cannot be read are skipped, each with a line in
// *problems when given.
std::vector<FoundRecovery> abandoned_recovery_copies(const std::string& folder,
                                                     std::vector<std::string>* problems = nullptr);

// A file's modification time in ns since the epoch; none when it cannot be read.
std::optional<std::int64_t> file_mtime_ns(const std::string& path);
// Now, in ms since the epoch.
std::int64_t now_ms();
// A time for people, in local time: "12:03" today, "yesterday 12:03", else "2024-05-01 12:03".
std::string clock_text(std::int64_t ms, std::int64_t now_ms);

// How the offer to restore a copy describes it.
struct RecoveryDescription {
  std::string name;      // "walk.json", or "a new setup for Testwuson.X".
  std::string location;  // The setup's full path, or what happens without one.
  std::string when;      // "unsaved changes from 12:07".
  // What restoring, then saving, would overwrite: "Restore brings them back unsaved; saving
  // replaces walk.json on disk, saved at 12:03 and unchanged since."
  std::string replaces;
  // The file on disk changed or went away after the edits began (a warning), or the model is
  // missing (restoring will fail): say it louder.
  bool warn = false;
};
RecoveryDescription describe_recovery(const RecoveryCopy& copy, std::int64_t now_ms);

// Keeps this process's recovery copy of the open document's setup up to date: written a few
// seconds after the last change while the setup has unsaved changes, removed once it has none
// (saved, undone to the saved version, discarded, another document opened).
class RecoveryKeeper {
 public:
  RecoveryKeeper() = default;  // Keeps no copies.
  // Copies go into `folder` (empty: none are kept), `delay_seconds` after the last change.
  explicit RecoveryKeeper(const std::string& folder, double delay_seconds = 3.0);

  // Every frame, with the open document (or null) and a monotonic time in seconds. The Status
  // is a failed write (tried again after the delay); Ok otherwise.
  Status update(const Document* doc, double now_seconds);
  // Writes the copy now when the setup has unsaved changes, else removes it: for an exit on a
  // signal, which must leave the latest changes behind.
  Status flush(const Document* doc);
  // `doc` was just restored from a recovery copy whose edits began from the disk version
  // `base`: writes this process's copy of it at once (then the old one may go).
  Status adopt(const Document& doc, std::optional<std::int64_t> base);
  // Deletes this process's copy, if one is on disk: a clean exit.
  void remove_copy();

  const std::string& folder() const { return folder_; }
  // Where this process's copy goes; empty when none are kept.
  const std::string& file() const { return file_; }
  // A copy of the setup as it is now is on disk.
  bool up_to_date() const { return on_disk_ && written_; }

 private:
  struct Seen {
    std::uint64_t document = 0, revision = 0, saved = 0;
    std::string setup_path;
    bool dirty = false;
    bool operator==(const Seen& o) const {
      return document == o.document && revision == o.revision && saved == o.saved &&
             setup_path == o.setup_path && dirty == o.dirty;
    }
    bool operator!=(const Seen& o) const { return !(*this == o); }
  };
  static Seen seen_of(const Document* doc);
  // Notes a change of the document or its setup at `now`; the base when a file was just read
  // or written.
  void observe(const Document* doc, double now);
  Status write(const Document& doc);

  std::string folder_, file_;
  double delay_ = 3.0;
  ProcessIdentity process_;
  Seen seen_;
  double changed_at_ = 0.0;
  bool written_ = false;  // The current changes are written (or were tried: see update).
  bool on_disk_ = false;  // This process's copy exists.
  std::optional<std::int64_t> base_;
};

}  // namespace anim::ui
