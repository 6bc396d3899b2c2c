#pragma once
// Loads a model (and optionally a setup) on a worker thread so the UI stays responsive, with
// progress and cancellation.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "anim/model.h"
#include "anim/result.h"
#include "anim/setup.h"

namespace anim::app {

class ModelLoader {
 public:
  struct Loaded {
    Model model;
    std::string model_path;
    std::optional<Setup> setup;  // When a setup file was opened.
    std::string setup_path;
  };

  ModelLoader() = default;
  ~ModelLoader();  // Cancels and joins a running load.
  ModelLoader(const ModelLoader&) = delete;
  ModelLoader& operator=(const ModelLoader&) = delete;

  // Starts loading `path` (a model file, "builtin:demo", or a setup .json with its model).
  // A load already running is cancelled first.
  void start(const std::string& path);
  void cancel() { cancel_ = true; }
  bool cancelling() const { return busy_ && cancel_; }
  // Seconds since the running load started; 0 when idle.
  float elapsed() const;
  bool busy() const { return busy_; }
  float progress() const { return progress_; }
  const std::string& path() const { return path_; }
  // The finished result, once; nothing while loading or after it was taken.
  std::optional<Result<Loaded>> take();

 private:
  void join();
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> busy_{false};
  std::atomic<float> progress_{0.0f};
  std::string path_;
  std::chrono::steady_clock::time_point started_;
  std::mutex mutex_;
  std::optional<Result<Loaded>> result_;
};

}  // namespace anim::app
