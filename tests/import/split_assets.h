#pragma once
// Test fixtures that turn one animated model into the multi-file layout assets often come in: a
// mesh file (skeleton, skin and meshes, no animations) and one file per animation (the node
// hierarchy and that one animation, no meshes), all written as glTF 2 by assimp's own exporter.
// The files are made at test time, so no model file has to live in the repository. Nothing here
// calls into anim_import: the split is made with assimp alone, so that the importer can be
// checked against it.
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::import::test_support {

struct SplitOptions {
  // Prepended to every node name, animation channel target and bone name of the clip files only
  // (e.g. "mixamorig:"), the way some exporters name one rig differently per file. Empty: none.
  std::string name_prefix;
  // When not empty, every clip file's animation is called this (e.g. "mixamo.com", as Mixamo
  // downloads are); clip_names still gives the original names.
  std::string clip_file_animation_name;
};

struct SplitFiles {
  std::string mesh_file;                // Skeleton, skin and meshes; no animations.
  std::vector<std::string> clip_files;  // One per animation, in the source's animation order.
  std::vector<std::string> clip_names;  // The source's name of each clip file's animation.
};

// Reads `source` with assimp (kImportFlags, as the importer suites do) and writes
// `<dir>/<stem>.gltf` and `<dir>/<stem>@<animation>.gltf` for each animation, each with its
// .bin beside it; `<stem>` is the source's file name without its extension and `<animation>`
// the animation's name made safe for a file name (unnamed or clashing names get an index).
// `dir` must exist. A file assimp cannot read or export gives an Error naming it.
Result<SplitFiles> split_model(const std::string& source, const std::string& dir,
                               const SplitOptions& options = {});

// A fresh folder under the system's temporary folder for split files, removed with everything
// in it by the destructor. path() is empty when it could not be made.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The assimp format id split_model exports with.
inline constexpr const char* kSplitExportFormat = "gltf2";

}  // namespace anim::import::test_support
