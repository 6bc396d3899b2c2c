#include "gui/model_loader.h"

#include <memory>

#include "loading/model_source.h"
#include "loading/package_input.h"

namespace anim::app {

Result<OpenedFile> open_in_tool(const std::string& path, const import::ProgressCallback& progress) {
  OpenedFile opened;
  if (is_package_path(path)) {
    Result<LoadedInput> input = load_package_input(path);
    if (!input.ok()) return input.error();
    opened.input = std::move(input).value();
    opened.package = true;
    if (progress) progress(1.0f);
    return opened;
  }
  std::vector<import::AnimationFile> extra;
  if (!is_setup_path(path) && path != kBuiltinDemo) {
    opened.companions = import::find_companion_clip_files(path);
    extra = plain_animation_files(opened.companions);
  }
  Result<LoadedInput> input = load_input(path, extra, progress);
  if (!input.ok()) return input.error();
  opened.input = std::move(input).value();
  return opened;
}

void start_open(ModelLoader& loader, const std::string& path) {
  loader.start(path, [path](const import::ProgressCallback& progress) {
    return open_in_tool(path, progress);
  });
}

Result<OpenedFile> open_recovered(const std::string& file, const ui::RecoveryCopy& copy,
                                  const import::ProgressCallback& progress) {
  LoadedInput input;
  input.model_path = copy.model_path.empty()
                         ? setup::resolve_model_path(copy.setup_path, copy.setup.model)
                         : copy.model_path;
  input.setup = copy.setup;
  input.setup_path = copy.setup_path;
  const std::string model_path = input.model_path;
  Result<LoadedInput> loaded = load_model_and_clips(std::move(input), {}, progress);
  if (!loaded.ok()) {
    if (loaded.error().code == Error::Code::kCancelled) return loaded.error();
    return Error{loaded.error().code,
                 "cannot load its model \"" + model_path + "\": " + loaded.error().message +
                     " (the recovery copy " + file + " is kept)",
                 copy.setup_path.empty() ? model_path : copy.setup_path};
  }
  OpenedFile opened;
  opened.input = std::move(loaded).value();
  opened.recovered = OpenedFile::Recovered{file, copy.base_mtime_ns, copy.written_ms};
  return opened;
}

void start_restore(ModelLoader& loader, const std::string& file, ui::RecoveryCopy copy) {
  const std::string label = copy.setup_path.empty() ? copy.model_path : copy.setup_path;
  loader.start(label, [file, copy = std::move(copy)](const import::ProgressCallback& progress) {
    return open_recovered(file, copy, progress);
  });
}

void start_clip_files(ClipFilesLoader& loader, const Skeleton& skeleton,
                      std::vector<Clip> own_clips, std::vector<import::AnimationFile> files) {
  auto base = std::make_shared<Model>();
  base->skeleton = skeleton;
  base->clips = std::move(own_clips);
  const std::string label =
      files.size() == 1 ? files[0].path : std::to_string(files.size()) + " clip files";
  loader.start(label,
               [base, files = std::move(files)](
                   const import::ProgressCallback& progress) -> Result<LoadedClipFiles> {
                 Result<import::AnimationSet> set = import::load_animations(*base, files, model_reader(), progress);
                 if (!set.ok()) return set.error();
                 return LoadedClipFiles{files, std::move(set).value()};
               });
}

}  // namespace anim::app
