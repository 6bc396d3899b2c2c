#pragma once
// Small rigs built by hand: skeletons of a few joints with their rest poses, and Models made of a
// skeleton and its clips (skin and mesh left to the suite that needs them). Needs anim_core only.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim::testutil {

// Joints `names` under `parents` (parents first), every joint at rest on the identity.
inline Skeleton Rig(std::vector<std::string> names, std::vector<int16_t> parents) {
  Skeleton s;
  s.names = std::move(names);
  s.parents = std::move(parents);
  s.rest.assign(s.parents.size(), Transform{});
  return s;
}

// The same with every joint but the first standing `offset` from its parent at rest.
inline Skeleton Rig(std::vector<std::string> names, std::vector<int16_t> parents,
                    const glm::vec3& offset) {
  Skeleton s = Rig(std::move(names), std::move(parents));
  for (std::size_t j = 1; j < s.rest.size(); ++j) s.rest[j].translation = offset;
  return s;
}

// One joint, at rest on the identity.
inline Skeleton OneJoint(const std::string& name = "root") { return Rig({name}, {-1}); }

// A chain: joint i hangs from joint i - 1 and stands `offset` from it at rest (the root on the
// identity).
inline Skeleton ChainRig(std::vector<std::string> names,
                         const glm::vec3& offset = glm::vec3(0.0f, 1.0f, 0.0f)) {
  std::vector<int16_t> parents(names.size());
  for (std::size_t j = 0; j < parents.size(); ++j)
    parents[j] = static_cast<int16_t>(static_cast<int>(j) - 1);
  return Rig(std::move(names), std::move(parents), offset);
}

// root with spine (head, arm -> hand) and leg: the body of the layer and mask suites.
inline Skeleton Body() {
  return Rig({"root", "spine", "head", "arm", "hand", "leg"}, {-1, 0, 1, 1, 3, 0});
}

// A Model read from `source_path` (a test:// name) of `skeleton` and `clips`; no skin or mesh.
inline Model ModelOf(const std::string& source_path, Skeleton skeleton,
                     std::vector<Clip> clips = {}) {
  Model model;
  model.source_path = source_path;
  model.skeleton = std::move(skeleton);
  model.clips = std::move(clips);
  return model;
}

}  // namespace anim::testutil
