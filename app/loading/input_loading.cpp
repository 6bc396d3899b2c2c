#include "loading/input_loading.h"

#include <algorithm>

#include "anim/setup/clip_files.h"
#include "loading/model_source.h"

namespace anim::app {
namespace {

// `progress` over the part [from, to] of the bar: the model and each clip file count as one.
anim::import::ProgressCallback scaled(const anim::import::ProgressCallback& progress, float from,
                                      float to) {
  if (!progress) return {};
  return [progress, from, to](float f) { return progress(from + (to - from) * f); };
}

}  // namespace

bool LoadedInput::has_errors() const {
  return std::any_of(problems.begin(), problems.end(), [](const Diagnostic& d) {
    return d.severity == Diagnostic::Severity::kError;
  });
}

std::vector<anim::import::AnimationFile> plain_animation_files(
    const std::vector<std::string>& paths) {
  std::vector<import::AnimationFile> files;
  for (const std::string& path : paths) files.push_back({path, "", {}, {}, {}});
  return files;
}

Result<LoadedInput> load_model_and_clips(LoadedInput input,
                                         const std::vector<import::AnimationFile>& extra,
                                         const import::ProgressCallback& progress) {
  std::vector<import::AnimationFile> files;
  if (input.setup) files = clip_files_of(input.setup->animations, input.setup_path);
  files.insert(files.end(), extra.begin(), extra.end());
  const float model_share = 1.0f / static_cast<float>(files.size() + 1);
  Result<Model> model = load_model_source(input.model_path, scaled(progress, 0.0f, model_share));
  if (!model.ok()) return model.error();
  input.model = std::move(model).value();
  if (!files.empty()) {
    Result<import::AnimationSet> set = import::load_animations(input.model, files, model_reader(),
                                                               scaled(progress, model_share, 1.0f));
    if (!set.ok()) return set.error();
    input.problems = set.value().diagnostics;
    import::add_to_model(std::move(set).value(), input.model);
  }
  return input;
}

Result<LoadedInput> load_input(const std::string& path,
                               const std::vector<import::AnimationFile>& extra,
                               const import::ProgressCallback& progress,
                               std::vector<Diagnostic>* setup_diagnostics) {
  LoadedInput input;
  input.model_path = path;
  if (is_setup_path(path)) {
    Result<setup::Setup> setup = setup::load_setup(path, setup_diagnostics);
    if (!setup.ok()) return setup.error();
    input.model_path = setup::resolve_model_path(path, setup.value().model);
    input.setup = std::move(setup).value();
    input.setup_path = path;
  }
  const std::string model_path = input.model_path;
  const bool has_setup = input.setup.has_value();
  Result<LoadedInput> loaded = load_model_and_clips(std::move(input), extra, progress);
  if (!loaded.ok() && has_setup && loaded.error().code != Error::Code::kCancelled) {
    return Error{loaded.error().code,
                 "/model: cannot load \"" + model_path + "\": " + loaded.error().message, path};
  }
  return loaded;
}

}  // namespace anim::app
