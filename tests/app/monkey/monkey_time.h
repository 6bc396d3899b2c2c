#pragma once
// The monkey owns time, so a seed replays exactly on any machine under any load: the tool's clock
// (frame times, load timing) is the sum of the steps' frame times, and so is its calendar from a
// fixed day (whatever the date of the run); every file and folder in the sandbox carries a
// modification time the monkey gave it, counted up each time one changes
// (the tool's "changed on disk" check and the file dialog's Modified column then see the same
// order and the same times in every run, whatever the file system's timestamp granularity).
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace anim::app::monkey {

class MonkeyTime {
 public:
  explicit MonkeyTime(std::string sandbox) : sandbox_(std::move(sandbox)) {}

  // The tool's clock, in seconds.
  double seconds() const { return seconds_; }
  // The tool's calendar, in ms since the Unix epoch: 2024-06-01 12:00 UTC plus seconds(). Months
  // after the times the sandbox's files and recovery copies carry (2023-12-31 and 2024-01-01),
  // so the tool shows them as dates, never as "today" or "yesterday", in every run.
  std::int64_t wall_ms() const;
  void advance(double dt) { seconds_ += dt; }

  // Gives each file and folder under the sandbox that is new or was written since the last call
  // a time of the monkey's: the next one of a fixed sequence (symbolic links and other kinds are
  // left alone; nothing outside the sandbox is touched). Returns how many it stamped.
  int stamp_changes();

 private:
  struct Stamp {
    long long seconds = 0, nanoseconds = 0;
    bool operator==(const Stamp& o) const {
      return seconds == o.seconds && nanoseconds == o.nanoseconds;
    }
  };
  std::string sandbox_;
  double seconds_ = 0.0;
  long long stamps_ = 0;
  std::map<std::string, Stamp> given_;
};

}  // namespace anim::app::monkey
