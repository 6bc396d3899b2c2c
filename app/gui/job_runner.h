#pragma once
// Where the tool's background work runs, and the clock it is timed by. The tool runs each job on
// a thread of its own and reads the steady clock; a replayable test (the monkey) runs jobs when it
// chooses, on its own thread between frames, and advances a clock of its own, so that the same
// input takes the same path whatever the machine's load.
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <thread>

namespace anim::app {

// Seconds on a monotonic clock.
using SecondsClock = std::function<double()>;
// The steady clock's seconds (the tool's).
double steady_seconds();
// Milliseconds since the Unix epoch: the calendar time that times for people ("12:07",
// "yesterday 12:03") are told against.
using WallClock = std::function<std::int64_t()>;

class JobRunner {
 public:
  // One started task; wait() returns once it has run (it runs it now if it has not started).
  class Task {
   public:
    virtual ~Task() = default;
    virtual void wait() = 0;
  };
  virtual ~JobRunner() = default;
  virtual std::unique_ptr<Task> start(std::function<void()> work) = 0;
};

// A thread per task (the tool).
class ThreadJobRunner final : public JobRunner {
 public:
  std::unique_ptr<Task> start(std::function<void()> work) override;
};
// The one the tool's jobs use unless told otherwise.
JobRunner& thread_job_runner();

// Tasks wait in a queue until the owner runs them (the monkey): run_next() runs the oldest on the
// caller's thread. A task waited for before its turn runs at once, out of turn (a job replaced by
// a newer one is cancelled first, so it stops at its first progress report).
class ManualJobRunner final : public JobRunner {
 public:
  std::unique_ptr<Task> start(std::function<void()> work) override;
  // Runs the oldest waiting task; false when none waits.
  bool run_next();
  std::size_t waiting() const { return queue_.size(); }

 private:
  struct Slot {
    std::function<void()> work;
    bool done = false;
    void run();
  };
  class ManualTask;
  std::deque<std::shared_ptr<Slot>> queue_;
};

}  // namespace anim::app
