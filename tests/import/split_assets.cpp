#include "split_assets.h"

#include <stdlib.h>
#include <cctype>
#include <cstring>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <assimp/cexport.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include "import_test_support.h"

namespace anim::import::test_support {
namespace {

namespace fs = std::filesystem;

// aiCopyScene's copies must go back through aiFreeScene, which knows how they were allocated.
struct SceneCopyDeleter {
  void operator()(aiScene* scene) const { aiFreeScene(scene); }
};
using SceneCopy = std::unique_ptr<aiScene, SceneCopyDeleter>;

SceneCopy copy_scene(const aiScene& source) {
  aiScene* copy = nullptr;
  aiCopyScene(&source, &copy);
  return SceneCopy(copy);
}

Error split_error(Error::Code code, std::string message, const std::string& path) {
  Error error;
  error.code = code;
  error.message = std::move(message);
  error.path = path;
  return error;
}

// Deletes every element of an owned pointer array and the array itself, leaving it empty, the way
// aiScene's destructor would have; afterwards the destructor sees a null array and a zero count.
template <class T>
void free_array(T**& array, unsigned& count) {
  if (array != nullptr) {
    for (unsigned i = 0; i < count; ++i) delete array[i];
    delete[] array;
  }
  array = nullptr;
  count = 0;
}

void drop_animations(aiScene& scene) { free_array(scene.mAnimations, scene.mNumAnimations); }

// Keeps animation `keep` alone, in a freshly allocated one-element array.
void keep_only_animation(aiScene& scene, unsigned keep) {
  aiAnimation* kept = scene.mAnimations[keep];
  scene.mAnimations[keep] = nullptr;  // delete of null is a no-op, so free_array skips it.
  free_array(scene.mAnimations, scene.mNumAnimations);
  scene.mAnimations = new aiAnimation* [1] { kept };
  scene.mNumAnimations = 1;
}

void drop_node_meshes(aiNode& node) {
  delete[] node.mMeshes;
  node.mMeshes = nullptr;
  node.mNumMeshes = 0;
  for (unsigned i = 0; i < node.mNumChildren; ++i) drop_node_meshes(*node.mChildren[i]);
}

// A clip file carries the hierarchy and its animation only: meshes (and with them bones) go, and
// so do cameras and lights, which name nodes that the prefix may rename. Materials stay: they
// cost nothing and the exporter does not have to cope with a scene that has none.
void drop_meshes(aiScene& scene) {
  free_array(scene.mMeshes, scene.mNumMeshes);
  if (scene.mRootNode != nullptr) drop_node_meshes(*scene.mRootNode);
  free_array(scene.mCameras, scene.mNumCameras);
  free_array(scene.mLights, scene.mNumLights);
  // A scene without meshes is what assimp calls incomplete; the validator wants the flag said.
  scene.mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
}

void prefix_string(aiString& name, const std::string& prefix) { name.Set(prefix + name.C_Str()); }

void prefix_node_names(aiNode& node, const std::string& prefix) {
  prefix_string(node.mName, prefix);
  for (unsigned i = 0; i < node.mNumChildren; ++i) prefix_node_names(*node.mChildren[i], prefix);
}

// Every name that refers to a node: the nodes themselves, the channels' targets and (for
// completeness, although clip files keep no meshes) the bones.
void prefix_names(aiScene& scene, const std::string& prefix) {
  if (prefix.empty()) return;
  if (scene.mRootNode != nullptr) prefix_node_names(*scene.mRootNode, prefix);
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    aiAnimation& animation = *scene.mAnimations[a];
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
      prefix_string(animation.mChannels[c]->mNodeName, prefix);
    }
  }
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    aiMesh& mesh = *scene.mMeshes[m];
    for (unsigned b = 0; b < mesh.mNumBones; ++b) prefix_string(mesh.mBones[b]->mName, prefix);
  }
}

// A file-name-safe form of an animation name: letters, digits, '-', '_' and '.' stay, anything
// else becomes '_'.
std::string sanitize(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const bool safe =
        std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
    out += safe ? c : '_';
  }
  return out;
}

// File-name parts for every animation, unique among themselves: unnamed animations are called
// "anim<index>" and a part already taken gets "_<index>" appended.
std::vector<std::string> clip_file_parts(const aiScene& scene) {
  std::vector<std::string> parts;
  std::set<std::string> taken;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    std::string part = sanitize(scene.mAnimations[a]->mName.C_Str());
    if (part.empty()) part = "anim" + std::to_string(a);
    if (taken.count(part) != 0) part += "_" + std::to_string(a);
    taken.insert(part);
    parts.push_back(part);
  }
  return parts;
}

Status export_scene(const aiScene& scene, const std::string& path) {
  Assimp::Exporter exporter;
  if (exporter.Export(&scene, kSplitExportFormat, path) != aiReturn_SUCCESS) {
    return split_error(Error::Code::kIo,
                       std::string("assimp could not export: ") + exporter.GetErrorString(), path);
  }
  return Ok{};
}

bool exporter_knows_format() {
  Assimp::Exporter exporter;
  for (std::size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
    const aiExportFormatDesc* format = exporter.GetExportFormatDescription(i);
    if (format != nullptr && std::strcmp(format->id, kSplitExportFormat) == 0) return true;
  }
  return false;
}

}  // namespace

Result<SplitFiles> split_model(const std::string& source, const std::string& dir,
                               const SplitOptions& options) {
  if (!exporter_knows_format()) {
    return split_error(Error::Code::kInvalidArgument,
                       std::string("assimp has no \"") + kSplitExportFormat + "\" exporter", "");
  }
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return split_error(Error::Code::kNotFound, "not a directory", dir);
  }
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(source, kImportFlags);
  if (scene == nullptr) {
    return split_error(Error::Code::kParse,
                       std::string("assimp could not read: ") + importer.GetErrorString(), source);
  }

  const std::string stem = fs::path(source).stem().string();
  SplitFiles files;
  files.mesh_file = (fs::path(dir) / (stem + ".gltf")).string();
  {
    SceneCopy mesh_scene = copy_scene(*scene);
    if (!mesh_scene) return split_error(Error::Code::kInvalidData, "aiCopyScene failed", source);
    drop_animations(*mesh_scene);
    if (Status s = export_scene(*mesh_scene, files.mesh_file); !s.ok()) return s.error();
  }

  const std::vector<std::string> parts = clip_file_parts(*scene);
  for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
    SceneCopy clip_scene = copy_scene(*scene);
    if (!clip_scene) return split_error(Error::Code::kInvalidData, "aiCopyScene failed", source);
    keep_only_animation(*clip_scene, a);
    drop_meshes(*clip_scene);
    prefix_names(*clip_scene, options.name_prefix);
    if (!options.clip_file_animation_name.empty()) {
      clip_scene->mAnimations[0]->mName.Set(options.clip_file_animation_name);
    }
    const std::string path = (fs::path(dir) / (stem + "@" + parts[a] + ".gltf")).string();
    if (Status s = export_scene(*clip_scene, path); !s.ok()) return s.error();
    files.clip_files.push_back(path);
    files.clip_names.push_back(scene->mAnimations[a]->mName.C_Str());
  }
  return files;
}

TempDir::TempDir() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "animscope_split_XXXXXX").string();
  if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

}  // namespace anim::import::test_support
