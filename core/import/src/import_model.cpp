#include "anim/import/import_model.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <filesystem>
#include <memory>
#include <sstream>
#include <system_error>

#include <assimp/postprocess.h>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>

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

}  // namespace

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
    const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                           aiProcess_GenSmoothNormals | aiProcess_ValidateDataStructure;
    const aiScene* scene = importer.ReadFile(path, flags);
    if (handler->cancelled()) return file_error(Error::Code::kCancelled, path, "loading cancelled");
    if (scene == nullptr) {
      std::string why = importer.GetErrorString();
      if (why.empty()) why = "assimp could not read the file";
      return file_error(Error::Code::kParse, path, why);
    }
    if (scene->mRootNode == nullptr) {
      return file_error(Error::Code::kInvalidData, path, "the scene has no root node");
    }
    Result<Model> model = convert(*scene, path);
    if (model.ok() && progress && !progress(1.0f)) {
      return file_error(Error::Code::kCancelled, path, "loading cancelled");
    }
    return model;
  } catch (const std::exception& e) {
    return file_error(Error::Code::kParse, path, std::string("assimp failed: ") + e.what());
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
    std::string ext = item.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!ext.empty() && std::find(out.begin(), out.end(), ext) == out.end()) out.push_back(ext);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace anim::import
