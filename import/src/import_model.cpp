#include "anim/import/import_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <filesystem>
#include <memory>
#include <sstream>
#include <system_error>

#include <assimp/postprocess.h>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>

#include "lower_case.h"
#include "scene_convert.h"

namespace anim::import {
namespace {

// Share of the progress bar given to assimp's own reading and post-processing.
constexpr float kAssimpShare = 0.9f;

class CallbackProgress : public Assimp::ProgressHandler {
 public:
  explicit CallbackProgress(const ProgressCallback& callback) : callback_(callback) {}
  bool Update(float percentage) override {
    if (!callback_) return true;
    const float f = percentage < 0.0f ? 0.0f : std::min(percentage, 1.0f);
    cancelled_ = !callback_(f * kAssimpShare) || cancelled_;
    return !cancelled_;
  }
  bool cancelled() const { return cancelled_; }

 private:
  const ProgressCallback& callback_;
  bool cancelled_ = false;
};

Error file_error(Error::Code code, const std::string& path, const std::string& message) {
  return Error{code, message, path};
}

// Post-processing for every read: triangles only, shared vertices merged, normals made where the
// file has none, and assimp's own checks of the scene it built.
constexpr unsigned kReadFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                aiProcess_GenSmoothNormals | aiProcess_ValidateDataStructure;

// A file system with no files: what import_model_from_memory gives assimp besides the bytes.
class NoFiles : public Assimp::IOSystem {
 public:
  bool Exists(const char*) const override { return false; }
  char getOsSeparator() const override { return '/'; }
  Assimp::IOStream* Open(const char*, const char*) override { return nullptr; }
  void Close(Assimp::IOStream*) override {}
};

bool finite(const float* v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(v[i])) return false;
  }
  return true;
}

// Every number a model holds must be finite: the runtime computes on them, and a package (what
// the import child sends back) refuses anything else. A file's NaN or infinity (or a value so
// large that decomposing a node's matrix overflows) ends the import here, naming the node, bone
// or mesh, so the file imports the same in this process and through the child.
Status check_finite(const Model& model) {
  const Skeleton& s = model.skeleton;
  for (std::size_t j = 0; j < s.joint_count(); ++j) {
    const Transform& t = s.rest[j];
    const float v[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x,
                         t.rotation.y,    t.rotation.z,    t.rotation.w,    t.scale.x,
                         t.scale.y,       t.scale.z};
    if (!finite(v, 10)) {
      return Error{Error::Code::kInvalidData,
                   "node \"" + s.names[j] + "\": its transform is not finite (or too large)", ""};
    }
  }
  for (std::size_t e = 0; e < model.skin.size(); ++e) {
    if (!finite(&model.skin.inverse_bind[e][0][0], 16)) {
      const int16_t joint = model.skin.joints[e];
      const std::string name =
          joint >= 0 && static_cast<std::size_t>(joint) < s.joint_count() ? s.names[joint] : "?";
      return Error{Error::Code::kInvalidData,
                   "bone \"" + name + "\": its offset matrix is not finite", ""};
    }
  }
  for (const SubMesh& sub : model.mesh.submeshes) {
    for (uint32_t i = 0; i < sub.vertex_count; ++i) {
      const Vertex& v = model.mesh.vertices[sub.base_vertex + i];
      if (!finite(&v.position.x, 3) || !finite(&v.normal.x, 3) || !finite(&v.uv.x, 2) ||
          !finite(v.weights, kMaxInfluences) || !std::isfinite(v.truncated_weight)) {
        return Error{Error::Code::kInvalidData,
                     "mesh \"" + sub.name + "\": vertex " + std::to_string(i) +
                         " has a value that is not finite",
                     ""};
      }
    }
  }
  return Ok{};
}

Result<Model> convert(const aiScene& scene, const std::string& path) {
  Model model;
  model.source_path = path;
  NodeJoints node_joints;
  model.skeleton = build_skeleton(scene, node_joints);
  if (Status s = model.skeleton.validate(); !s.ok()) {
    return file_error(Error::Code::kInvalidData, path, "node hierarchy: " + s.error().message);
  }
  build_mesh(scene, node_joints, model);
  build_clips(scene, node_joints, model);
  model.up_axis = scene_up_axis(scene);
  if (Status s = check_finite(model); !s.ok()) {
    return file_error(Error::Code::kInvalidData, path, s.error().message);
  }
  for (const Clip& clip : model.clips) {
    if (Status s = clip.validate(model.skeleton.joint_count()); !s.ok()) {
      return file_error(Error::Code::kInvalidData, path, s.error().message);
    }
  }
  if (model.mesh.vertices.empty() && model.clips.empty() && model.skeleton.parents.empty()) {
    return file_error(Error::Code::kInvalidData, path, "no triangle meshes or animations");
  }
  return model;
}

// The model of what `importer` read (`scene`, null when it failed), or why there is none.
Result<Model> convert_read(const Assimp::Importer& importer, const aiScene* scene,
                           const std::string& path) {
  if (scene == nullptr) {
    std::string why = importer.GetErrorString();
    if (why.empty()) why = "assimp could not read the file";
    return file_error(Error::Code::kParse, path, why);
  }
  return model_from_scene(*scene, path);
}

}  // namespace

unsigned import_read_flags() { return kReadFlags; }

Result<Model> model_from_scene(const aiScene& scene, const std::string& path) {
  if (scene.mRootNode == nullptr) {
    return file_error(Error::Code::kInvalidData, path, "the scene has no root node");
  }
  return convert(scene, path);
}

Result<Model> import_model(const std::string& path, const ProgressCallback& progress) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) {
    return file_error(Error::Code::kNotFound, path, "no such file");
  }
  if (std::filesystem::is_directory(status)) {
    return file_error(Error::Code::kInvalidArgument, path, "is a directory, not a model file");
  }
  if (!std::filesystem::is_regular_file(status)) {  // /dev/null, a pipe, a device: assimp seeks.
    return file_error(Error::Code::kInvalidArgument, path, "is not a regular file");
  }
  try {
    Assimp::Importer importer;
    auto* handler = new CallbackProgress(progress);
    importer.SetProgressHandler(handler);  // The importer owns and deletes it.
    const aiScene* scene = importer.ReadFile(path, kReadFlags);
    if (handler->cancelled()) return file_error(Error::Code::kCancelled, path, "loading cancelled");
    Result<Model> model = convert_read(importer, scene, path);
    if (model.ok() && progress && !progress(1.0f)) {
      return file_error(Error::Code::kCancelled, path, "loading cancelled");
    }
    return model;
  } catch (const std::exception& e) {
    return file_error(Error::Code::kParse, path, std::string("assimp failed: ") + e.what());
  }
}

Result<Model> import_model_from_memory(Span<const uint8_t> bytes, const std::string& format,
                                       const std::string& name) {
  if (bytes.empty()) return file_error(Error::Code::kParse, name, "no bytes to read");
  try {
    Assimp::Importer importer;
    importer.SetIOHandler(new NoFiles);  // The importer owns and deletes it.
    const aiScene* scene =
        importer.ReadFileFromMemory(bytes.data(), bytes.size(), kReadFlags, format.c_str());
    return convert_read(importer, scene, name);
  } catch (const std::exception& e) {
    return file_error(Error::Code::kParse, name, std::string("assimp failed: ") + e.what());
  }
}

std::vector<std::string> supported_extensions() {
  Assimp::Importer importer;
  std::string list;  // "*.3ds;*.obj;..."
  importer.GetExtensionList(list);
  std::vector<std::string> out;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, ';')) {
    const std::size_t dot = item.find('.');
    if (dot == std::string::npos) continue;
    const std::string ext = lower_case(item.substr(dot + 1));
    if (!ext.empty() && std::find(out.begin(), out.end(), ext) == out.end()) out.push_back(ext);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace anim::import
