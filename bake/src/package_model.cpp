#include "anim/bake/package_model.h"

#include <algorithm>

#include "anim/bake/clip_decoding.h"

namespace anim::bake {
namespace {

int influences_of(const Vertex& v) {
  return static_cast<int>(
      std::count_if(std::begin(v.weights), std::end(v.weights), [](float w) { return w > 0.0f; }));
}

}  // namespace

Result<Model> model_from_package(const Package& package, std::string source_path) {
  Model model;
  model.source_path = std::move(source_path);
  model.skeleton = package.skeleton;
  model.skin = package.skin;
  model.mesh = package.mesh;
  for (const Vertex& v : model.mesh.vertices) {
    model.max_influences = std::max(model.max_influences, influences_of(v));
    if (v.truncated_weight > 0.0f) ++model.truncated_vertices;
  }
  model.clips.reserve(package.clips.size());
  for (const CompressedClip& compressed : package.clips) {
    Result<Clip> clip = decode_clip(compressed, package.skeleton);
    if (!clip.ok()) return clip.error();
    model.clips.push_back(std::move(clip).value());
  }
  return model;
}

}  // namespace anim::bake
