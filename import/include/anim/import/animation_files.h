#pragma once
// Clip libraries: clips read from other files than the model's (a setup's "animations", the
// tool's File > Add animations, --anim), named, bound to the model's joints by name and
// retargeted where the rigs differ.
#include <optional>
#include <string>
#include <vector>

#include "anim/import/model_reader.h"
#include "anim/import/joint_binding.h"
#include "anim/model.h"
#include "anim/diagnostic.h"
#include "anim/result.h"

namespace anim::import {

// One file to take clips from.
struct AnimationFile {
  std::string path;                  // Where to read it from the working folder.
  std::string pointer;               // Where its problems point ("/animations/3"); may be empty.
  std::optional<std::string> clip;   // Only this animation of the file (by its name).
  std::optional<std::string> alias;  // The name of the one clip the file gives.
  JointMap joint_map;                // Empty: bind by name.
};

bool operator==(const AnimationFile& a, const AnimationFile& b);
inline bool operator!=(const AnimationFile& a, const AnimationFile& b) { return !(a == b); }

// The name a clip of `path` gets by default. A file with one animation is named after what
// follows '@' in its file name, else after its stem ("Hero@Walk.fbx" -> "Walk", "take_07.bvh"
// -> "take_07"), never after the animation's own name, which is often the same in every file
// ("mixamo.com"). A file with several animations gives "stem/animation".
std::string default_clip_name(const std::string& path, const std::string& animation,
                              std::size_t animations_in_file);

// Unity's convention: the clip files beside `model_path` named "<stem>@<anything>" with the
// same extension (case aside), sorted by name. "Hero.fbx" finds "Hero@Walk.fbx" and
// "Hero@Run.FBX", not "Hero@Walk.png" or "Heroine@Walk.fbx". Empty when the folder cannot be read.
std::vector<std::string> find_companion_clip_files(const std::string& model_path);

// What became of one file given to load_animations().
struct FileOutcome {
  bool read = false;      // The reader read it.
  bool has_mesh = false;  // It brings triangles of its own (a model rather than a clip file).
  int clips = 0;          // Clips it added.
  std::vector<int> diagnostics;  // Indices into AnimationSet::diagnostics of its problems.
};

// Clips taken from files, for one model.
struct AnimationSet {
  std::vector<Clip> clips;              // Bound to the model's skeleton, named.
  std::vector<ClipSource> sources;      // One per clip; `clip` indexes `clips`.
  std::vector<Diagnostic> diagnostics;  // Errors and warnings, located by each file's pointer.
  std::vector<FileOutcome> files;       // load_animations(): one per file given.
  bool has_errors() const;
};

// Adds the clips of one file, already read into `file_model`, to `set`: picks and names them
// (a name that the model or an earlier clip has is an error), binds each to the model's joints
// and retargets where the rest poses differ. A file whose keyed joints bind to none is an
// error; one binding under half of them a warning, each naming the unbound joints.
void add_animation_file(const Model& model, const AnimationFile& file, int entry,
                        const Model& file_model, AnimationSet& set);

// Reads every file with `read`, several at once on worker threads, then adds them in order
// (add_animation_file). A file that cannot be read is an error at "<pointer>/file"; the others
// still load. `progress` gets the mean fraction done over all files, from the worker threads
// one at a time; returning false cancels, and the result is then a kCancelled Error.
Result<AnimationSet> load_animations(const Model& model, const std::vector<AnimationFile>& files,
                                     const ModelReader& read,
                                     const ProgressCallback& progress = {});

// Appends the set's clips to the model, with their sources.
void add_to_model(AnimationSet set, Model& model);

}  // namespace anim::import
