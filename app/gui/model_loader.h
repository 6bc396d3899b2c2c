#pragma once
// What the tool loads in the background (background_job.h): a file to open, with its setup's
// clip files and, for a model, the Unity-style "Model@Clip" files beside it; or the clip files
// of the open model after they were added, removed or changed on disk.
#include <string>
#include <vector>

#include <cstdint>
#include <optional>

#include "anim/import/animation_files.h"
#include "anim/ui/model/recovery.h"
#include "gui/background_job.h"
#include "loading/input_loading.h"

namespace anim::app {

struct OpenedFile {
  LoadedInput input;
  std::vector<std::string> companions;  // Clip files found beside the model and loaded with it.
  // Opened from a package (load_package_input): its clips were decoded for display, and its
  // setup, when it has one, was made from its state machine and exists in no file yet.
  bool package = false;
  // Opened from a recovery copy (start_restore): the setup is the recovered one, to attach with
  // unsaved changes under its file.
  struct Recovered {
    std::string file;                           // The copy.
    std::optional<std::int64_t> base_mtime_ns;  // See RecoveryCopy.
    std::int64_t written_ms = 0;
  };
  std::optional<Recovered> recovered;
};
using ModelLoader = BackgroundJob<OpenedFile>;

// Opens `path`: a model file, "builtin:demo", a setup .json or a package (.animpack).
Result<OpenedFile> open_in_tool(const std::string& path, const import::ProgressCallback& progress);
void start_open(ModelLoader& loader, const std::string& path);
// Opens what the recovery copy `file` holds: its model and clip files, with its setup as the
// setup (input.setup_path its file, empty for one in no file yet).
Result<OpenedFile> open_recovered(const std::string& file, const ui::RecoveryCopy& copy,
                                  const import::ProgressCallback& progress);
void start_restore(ModelLoader& loader, const std::string& file, ui::RecoveryCopy copy);

struct LoadedClipFiles {
  std::vector<import::AnimationFile> files;  // What was asked for.
  import::AnimationSet set;
};
using ClipFilesLoader = BackgroundJob<LoadedClipFiles>;

// Loads `files` for a model with `skeleton` whose own clips are `own_clips` (their names are
// taken). Copies what it needs, so the open model may change meanwhile.
void start_clip_files(ClipFilesLoader& loader, const Skeleton& skeleton,
                      std::vector<Clip> own_clips, std::vector<import::AnimationFile> files);

}  // namespace anim::app
