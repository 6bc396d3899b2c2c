#include "gui/job_runner.h"

#include <utility>

namespace anim::app {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

namespace {

class ThreadTask final : public JobRunner::Task {
 public:
  explicit ThreadTask(std::function<void()> work) : thread_(std::move(work)) {}
  ~ThreadTask() override { wait(); }
  void wait() override {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
};

}  // namespace

std::unique_ptr<JobRunner::Task> ThreadJobRunner::start(std::function<void()> work) {
  return std::make_unique<ThreadTask>(std::move(work));
}

JobRunner& thread_job_runner() {
  static ThreadJobRunner runner;  // Stateless: shared by every job.
  return runner;
}

void ManualJobRunner::Slot::run() {
  if (done) return;
  done = true;
  std::function<void()> task = std::move(work);
  task();
}

class ManualJobRunner::ManualTask final : public JobRunner::Task {
 public:
  explicit ManualTask(std::shared_ptr<Slot> slot) : slot_(std::move(slot)) {}
  ~ManualTask() override { wait(); }
  void wait() override { slot_->run(); }

 private:
  std::shared_ptr<Slot> slot_;
};

std::unique_ptr<JobRunner::Task> ManualJobRunner::start(std::function<void()> work) {
  auto slot = std::make_shared<Slot>();
  slot->work = std::move(work);
  queue_.push_back(slot);
  return std::make_unique<ManualTask>(std::move(slot));
}

bool ManualJobRunner::run_next() {
  while (!queue_.empty()) {
    std::shared_ptr<Slot> slot = std::move(queue_.front());
    queue_.pop_front();
    if (!slot->done) {
      slot->run();
      return true;
    }
  }
  return false;
}

}  // namespace anim::app
