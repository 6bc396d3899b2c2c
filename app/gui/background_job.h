#pragma once
// One job at a time on a worker thread, so the UI stays responsive: progress, cancellation,
// and a result handed out once. Starting another job cancels the running one. Where the work runs
// and the clock it is timed by are the JobRunner's and the SecondsClock's (job_runner.h).
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "anim/import/model_reader.h"
#include "anim/result.h"
#include "gui/job_runner.h"

namespace anim::app {

template <class T>
class BackgroundJob {
 public:
  // The work: reports progress through the callback and stops when it returns false.
  using Work = std::function<Result<T>(const import::ProgressCallback& progress)>;

  BackgroundJob() = default;
  ~BackgroundJob() {
    cancel_ = true;
    join();
  }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  // Later jobs run on `runner` and are timed by `clock` (both outlive this job); by default a
  // thread per job and the steady clock.
  void use(JobRunner& runner, SecondsClock clock) {
    runner_ = &runner;
    clock_ = std::move(clock);
  }

  // Runs `work` on the worker; `label` names it in the UI (a file path).
  void start(const std::string& label, Work work) {
    cancel_ = true;
    join();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      result_.reset();
    }
    cancel_ = false;
    busy_ = true;
    progress_ = 0.0f;
    label_ = label;
    started_ = clock_();
    task_ = runner_->start([this, label, work = std::move(work)] {
      Result<T> result = run_guarded(work, label);
      std::lock_guard<std::mutex> lock(mutex_);
      result_ = std::move(result);
      busy_ = false;
    });
  }
  void cancel() { cancel_ = true; }
  bool cancelling() const { return busy_ && cancel_; }
  bool busy() const { return busy_; }
  float progress() const { return progress_; }
  const std::string& label() const { return label_; }
  // Seconds since the running job started; 0 when idle.
  float elapsed() const {
    if (!busy_) return 0.0f;
    return static_cast<float>(clock_() - started_);
  }
  // The finished result, once; nothing while working or after it was taken.
  std::optional<Result<T>> take() {
    if (busy_) return std::nullopt;
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<Result<T>> out = std::move(result_);
    result_.reset();
    if (out) join();
    return out;
  }

 private:
  void join() {
    if (task_) task_->wait();
    task_.reset();
  }
  // Runs `work`; an exception it lets out (which would end the whole tool from a worker
  // thread) becomes an error naming the job.
  Result<T> run_guarded(const Work& work, const std::string& label) {
    const import::ProgressCallback progress = [this](float fraction) {
      progress_ = fraction;
      return !cancel_.load();
    };
    try {
      return work(progress);
    } catch (const std::bad_alloc&) {
      return Error{Error::Code::kIo, "ran out of memory while loading", label};
    } catch (const std::exception& e) {
      return Error{Error::Code::kInvalidData, std::string("unexpected error: ") + e.what(), label};
    } catch (...) {
      return Error{Error::Code::kInvalidData, "unexpected error of unknown kind", label};
    }
  }
  JobRunner* runner_ = &thread_job_runner();
  SecondsClock clock_ = steady_seconds;
  std::unique_ptr<JobRunner::Task> task_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> busy_{false};
  std::atomic<float> progress_{0.0f};
  std::string label_;
  double started_ = 0.0;
  std::mutex mutex_;
  std::optional<Result<T>> result_;
};

}  // namespace anim::app
