#pragma once
// Helpers shared by the importer suites: where the assimp sample files are, reading a scene with
// assimp directly (the same post-processing the importer asks for), the animated corpus, and a
// few measurements of an imported Model. Nothing here calls into anim_import.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <assimp/matrix4x4.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/local_to_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "anim/skinning_palette.h"
#include "anim/transform.h"

namespace anim::import::test_support {

// The post-processing import_model asks assimp for; the tests read scenes with the same flags so
// that vertex counts and orders match.
constexpr unsigned kImportFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_GenSmoothNormals | aiProcess_ValidateDataStructure;

// Absolute path of a file of the assimp sample corpus, e.g. "X/Testwuson.X".
inline std::string model_path(const std::string& relative) {
  return std::string(ANIMSCOPE_ASSIMP_MODELS) + "/" + relative;
}

// An aiScene together with the Importer that owns it.
struct LoadedScene {
  std::unique_ptr<Assimp::Importer> importer;
  const aiScene* scene = nullptr;
  std::string error;
};

inline LoadedScene read_scene(const std::string& path) {
  LoadedScene loaded;
  loaded.importer = std::make_unique<Assimp::Importer>();
  loaded.scene = loaded.importer->ReadFile(path, kImportFlags);
  if (loaded.scene == nullptr) loaded.error = loaded.importer->GetErrorString();
  return loaded;
}

// assimp matrices are row-major (a1 a2 a3 a4 is the first row); glm's m[column][row].
inline glm::dmat4 to_dmat4(const aiMatrix4x4& m) {
  glm::dmat4 out(1.0);
  for (unsigned row = 0; row < 4; ++row) {
    for (unsigned column = 0; column < 4; ++column) out[column][row] = m[row][column];
  }
  return out;
}

// The largest absolute difference between two matrices' entries.
inline double max_abs_difference(const glm::mat4& a, const glm::dmat4& b) {
  double worst = 0.0;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      const double d = std::fabs(static_cast<double>(a[c][r]) - b[c][r]);
      worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(worst, d);
    }
  }
  return worst;
}

inline float box_diagonal(const std::vector<glm::vec3>& points) {
  if (points.empty()) return 0.0f;
  glm::vec3 lo = points.front(), hi = points.front();
  for (const glm::vec3& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  return glm::length(hi - lo);
}

// Model-space matrices of the skeleton's rest pose, chained by hand (parents come first).
inline std::vector<glm::mat4> rest_globals(const Skeleton& skeleton) {
  std::vector<glm::mat4> globals(skeleton.joint_count());
  for (std::size_t i = 0; i < globals.size(); ++i) {
    const glm::mat4 local = to_matrix(skeleton.rest[i]);
    const int parent = skeleton.parents[i];
    globals[i] = parent < 0 ? local : globals[static_cast<std::size_t>(parent)] * local;
  }
  return globals;
}

inline float mesh_box_diagonal(const Model& model) {
  std::vector<glm::vec3> points;
  points.reserve(model.mesh.vertices.size());
  for (const Vertex& v : model.mesh.vertices) points.push_back(v.position);
  return box_diagonal(points);
}

inline float rest_joint_box_diagonal(const Model& model) {
  std::vector<glm::vec3> points;
  for (const glm::mat4& m : rest_globals(model.skeleton)) points.emplace_back(m[3]);
  return box_diagonal(points);
}

// The scale the tolerances are relative to: the larger of the bind-pose mesh's bounding-box
// diagonal and the rest-pose joint positions' bounding-box diagonal.
inline float model_size(const Model& model) {
  return std::max(mesh_box_diagonal(model), rest_joint_box_diagonal(model));
}

// The runtime's model-space pose of `clip` at `seconds` (SamplingJob, then LocalToModelJob);
// the rest pose when `clip` is null. Returns an empty vector if a job refuses to run.
inline std::vector<glm::mat4> runtime_pose(const Model& model, const Clip* clip, float seconds,
                                           SamplingCursor& cursor) {
  std::vector<Transform> local = model.skeleton.rest;
  if (clip != nullptr) {
    if (cursor.joint_count() != clip->joint_count()) cursor.resize(clip->joint_count());
    SamplingJob sampling;
    sampling.clip = clip;
    sampling.rest = model.skeleton.rest;
    sampling.time = seconds;
    sampling.cursor = &cursor;
    sampling.output = local;
    if (!sampling.run()) return {};
  }
  std::vector<glm::mat4> globals(model.skeleton.joint_count());
  LocalToModelJob to_model;
  to_model.parents = model.skeleton.parents;
  to_model.local = local;
  to_model.output = globals;
  if (!to_model.run()) return {};
  return globals;
}

// The skinning palette for a model-space pose (SkinningPaletteJob); empty if it refuses to run.
inline std::vector<glm::mat4> runtime_palette(const Model& model,
                                              const std::vector<glm::mat4>& pose) {
  std::vector<glm::mat4> palette(model.skin.size());
  SkinningPaletteJob job;
  job.model = pose;
  job.joints = model.skin.joints;
  job.inverse_bind = model.skin.inverse_bind;
  job.output = palette;
  if (!job.run()) return {};
  return palette;
}

// A vertex deformed on the CPU the way a skinning shader does it: the weighted sum of its
// palette matrices applied to its bind position.
inline glm::vec3 skin_position(const Vertex& v, const std::vector<glm::mat4>& palette) {
  glm::vec4 sum(0.0f);
  for (int k = 0; k < kMaxInfluences; ++k) {
    if (v.weights[k] > 0.0f)
      sum += v.weights[k] * (palette[v.joints[k]] * glm::vec4(v.position, 1));
  }
  return glm::vec3(sum);
}

// The first way in which `model` breaks the Model's documented shape, or "" when none does:
// skeleton and clips validate, the skin's arrays agree and follow existing joints, every weighted
// vertex influence names a skin entry, and every submesh and index stays inside the buffers.
inline std::string model_problem(const Model& model) {
  if (Status s = model.skeleton.validate(); !s.ok()) return "skeleton: " + s.error().message;
  const std::size_t joints = model.skeleton.joint_count();
  for (const Clip& clip : model.clips) {
    if (Status s = clip.validate(joints); !s.ok()) return "clip: " + s.error().message;
  }
  if (model.skin.inverse_bind.size() != model.skin.joints.size()) {
    return "skin joints and inverse binds differ in count";
  }
  for (std::size_t s = 0; s < model.skin.size(); ++s) {
    if (model.skin.joints[s] < 0 || static_cast<std::size_t>(model.skin.joints[s]) >= joints) {
      return "skin entry " + std::to_string(s) + " follows joint " +
             std::to_string(model.skin.joints[s]) + " of " + std::to_string(joints);
    }
  }
  const std::size_t vertex_count = model.mesh.vertices.size();
  for (std::size_t i = 0; i < vertex_count; ++i) {
    const Vertex& v = model.mesh.vertices[i];
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] != 0.0f && v.joints[k] >= model.skin.size()) {
        return "vertex " + std::to_string(i) + " names skin entry " + std::to_string(v.joints[k]) +
               " of " + std::to_string(model.skin.size());
      }
    }
  }
  if (model.mesh.indices.size() % 3 != 0) return "index count is not a multiple of 3";
  for (const SubMesh& sub : model.mesh.submeshes) {
    if (static_cast<uint64_t>(sub.first_index) + sub.index_count > model.mesh.indices.size() ||
        static_cast<uint64_t>(sub.base_vertex) + sub.vertex_count > vertex_count) {
      return "submesh \"" + sub.name + "\" runs past the buffers";
    }
    for (uint32_t k = sub.first_index; k < sub.first_index + sub.index_count; ++k) {
      if (model.mesh.indices[k] >= sub.vertex_count) {
        return "submesh \"" + sub.name + "\" index " + std::to_string(k) + " is " +
               std::to_string(model.mesh.indices[k]) + ", past its " +
               std::to_string(sub.vertex_count) + " vertices";
      }
    }
  }
  return "";
}

// Every file of the assimp sample corpus that assimp reads with bones or animations, found by
// loading every file of /usr/share/assimp/models (assimp 5.2.5) and keeping those whose scene
// has mNumAnimations > 0 or a mesh with mNumBones > 0.
inline const std::vector<std::string>& animated_corpus() {
  static const std::vector<std::string> files = {
      "3DS/CameraRollAnim.3ds",
      "3DS/CameraRollAnimWithChildObject.3ds",
      "3DS/RotatingCube.3DS",
      "3DS/TargetCameraAnim.3ds",
      "ASE/CameraRollAnim.ase",
      "ASE/CameraRollAnimWithChildObject.ase",
      "ASE/MotionCaptureROM.ase",
      "ASE/RotatingCube.ASE",
      "ASE/TargetCameraAnim.ase",
      "ASE/ThreeCubesGreen_UTF16BE.ASE",
      "ASE/ThreeCubesGreen_UTF16LE.ASE",
      "ASE/anim.ASE",
      "ASE/anim2.ASE",
      "BVH/01_01.bvh",
      "BVH/01_03.bvh",
      "BVH/Boxing_Toes.bvh",
      "CSM/ThomasFechten.csm",
      "Collada/anims_with_full_rotations_between_keys.DAE",
      "Collada/box_nested_animation.dae",
      "Collada/cameras.dae",
      "Collada/lights.dae",
      "FBX/animation_with_skeleton.fbx",
      "FBX/huesitos.fbx",
      "LWS/move_x.lws",
      "LWS/move_x_oldformat_56.lws",
      "LWS/move_x_oldformat_6.lws",
      "LWS/move_x_post_constant.lws",
      "LWS/move_x_post_linear.lws",
      "LWS/move_x_post_offset_repeat.lws",
      "LWS/move_x_post_repeat.lws",
      "LWS/move_x_post_reset.lws",
      "LWS/move_xz_bezier.lws",
      "LWS/move_xz_hermite.lws",
      "LWS/move_xz_linear.lws",
      "LWS/move_xz_spline.lws",
      "LWS/move_xz_stepped.lws",
      "LWS/move_y_pre_ofrep_post_osc.lws",
      "MD5/SimpleCube.md5mesh",
      "MDL/MDL (HL1)/alpha_test.mdl",
      "MDL/MDL (HL1)/blend_additive.mdl",
      "MDL/MDL (HL1)/chrome_sphere.mdl",
      "MDL/MDL (HL1)/duplicate_bodyparts.mdl",
      "MDL/MDL (HL1)/duplicate_sequence_groups/duplicate_sequence_groups.mdl",
      "MDL/MDL (HL1)/duplicate_sequences.mdl",
      "MDL/MDL (HL1)/duplicate_submodels.mdl",
      "MDL/MDL (HL1)/man.mdl",
      "MDL/MDL (HL1)/sequence_transitions.mdl",
      "MDL/MDL (HL1)/unnamed_bodyparts.mdl",
      "MDL/MDL (HL1)/unnamed_bones.mdl",
      "MDL/MDL (HL1)/unnamed_sequence_groups/unnamed_sequence_groups.mdl",
      "MDL/MDL (HL1)/unnamed_sequences.mdl",
      "SMD/WusonSMD.smd",
      "SMD/holy_grailref.smd",
      "SMD/triangle.smd",
      "X/BCN_Epileptic.X",
      "X/Testwuson.X",
      "X/anim_test.x",
      "X/test_cube_binary.x",
      "X/test_cube_compressed.x",
      "X/test_cube_text.x",
      "glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
      "glTF2/simple_skin/simple_skin.gltf",
  };
  return files;
}

// A GoogleTest parameter name for a relative path: letters and digits kept, the rest "_".
inline std::string param_name(const std::string& relative) {
  std::string name;
  for (const char c : relative) {
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return name;
}

}  // namespace anim::import::test_support
