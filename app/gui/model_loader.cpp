#include "gui/model_loader.h"

#include "cli/model_source.h"
#include "cli/setup_loading.h"

namespace anim::app {
namespace {

Result<ModelLoader::Loaded> load(const std::string& path,
                                 const import::ProgressCallback& progress) {
  ModelLoader::Loaded loaded;
  std::string model_path = path;
  if (is_setup_path(path)) {
    std::vector<Diagnostic> diagnostics;
    Result<Setup> setup = load_setup(path, &diagnostics);
    if (!setup.ok()) return setup.error();
    model_path = resolve_model_path(path, setup.value().model);
    loaded.setup = std::move(setup).value();
    loaded.setup_path = path;
  }
  Result<Model> model = load_model_source(model_path, progress);
  if (!model.ok()) return model.error();
  loaded.model = std::move(model).value();
  loaded.model_path = model_path;
  return loaded;
}

}  // namespace

ModelLoader::~ModelLoader() {
  cancel_ = true;
  join();
}

void ModelLoader::join() {
  if (worker_.joinable()) worker_.join();
}

void ModelLoader::start(const std::string& path) {
  cancel_ = true;
  join();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    result_.reset();
  }
  cancel_ = false;
  busy_ = true;
  progress_ = 0.0f;
  path_ = path;
  started_ = std::chrono::steady_clock::now();
  worker_ = std::thread([this, path] {
    Result<Loaded> result = load(path, [this](float fraction) {
      progress_ = fraction;
      return !cancel_.load();
    });
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = std::move(result);
    busy_ = false;
  });
}

float ModelLoader::elapsed() const {
  if (!busy_) return 0.0f;
  return std::chrono::duration<float>(std::chrono::steady_clock::now() - started_).count();
}

std::optional<Result<ModelLoader::Loaded>> ModelLoader::take() {
  if (busy_) return std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<Result<Loaded>> out = std::move(result_);
  result_.reset();
  if (out) join();
  return out;
}

}  // namespace anim::app
