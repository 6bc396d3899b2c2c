#pragma once
// An imported model: skeleton, skin, merged mesh and clips. Immutable once built and shared by
// every character that shows it.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/skinning_palette.h"

namespace anim {

constexpr int kMaxInfluences = 4;

struct Vertex {
  glm::vec3 position{0.0f};  // Bind pose, in the space its skin entries' inverse binds expect.
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  glm::vec2 uv{0.0f};
  uint16_t joints[kMaxInfluences] = {0, 0, 0, 0};  // Skin (palette) entries.
  float weights[kMaxInfluences] = {0, 0, 0, 0};    // Sorted descending, sum 1 (or all 0).
  float truncated_weight = 0.0f;  // Weight dropped by the 4-influence limit, before renormalizing.
};

// A source mesh inside the merged buffers: indices are relative to base_vertex.
struct SubMesh {
  std::string name;
  uint32_t first_index = 0;
  uint32_t index_count = 0;
  uint32_t base_vertex = 0;
  uint32_t vertex_count = 0;
};

struct Mesh {
  std::vector<Vertex> vertices;
  std::vector<uint32_t> indices;  // Triangles.
  std::vector<SubMesh> submeshes;

  std::size_t triangle_count() const { return indices.size() / 3; }
};

// A clip read from another file than the model's (a clip library): where it came from and how
// its tracks bound to the model's joints.
struct ClipSource {
  int clip = -1;     // Index into Model::clips.
  std::string file;  // The file, as the user gave it (setup entries: resolved path).
  int entry = -1;    // Index of the setup's "animations" entry (or --anim option) it came from.
  std::vector<std::string> bound_joints;    // Keyed joints of the file that drive a model joint.
  std::vector<std::string> unbound_joints;  // Keyed joints of the file that drive none.
  bool retargeted = false;                  // False: same rig, channels play as authored.
};

// Which axis of the model space points up, as the file says: assimp's UpAxis and UpAxisSign
// scene metadata (FBX's global settings). Collada's <up_axis> needs none: assimp turns such a
// scene Y-up as it reads it, and the importer reports +Y for it.
struct FileUpAxis {
  int8_t axis = -1;  // 0 X, 1 Y, 2 Z; -1: the file does not say.
  int8_t sign = 1;   // +1 or -1.

  bool known() const { return axis >= 0; }
  bool operator==(const FileUpAxis& o) const { return axis == o.axis && sign == o.sign; }
};

struct Model {
  std::string source_path;
  Skeleton skeleton;  // Empty for a static model (vertices then lie in model space).
  Skin skin;
  Mesh mesh;
  std::vector<Clip> clips;
  std::vector<ClipSource> clip_sources;  // One per clip from another file, in clip order.
  int max_influences = 0;                // Most influences any vertex had in the source.
  std::size_t truncated_vertices = 0;    // Vertices that had more than kMaxInfluences.
  FileUpAxis up_axis;                    // Unknown for files that do not say.

  // Index of the clip called `name`, or -1.
  int find_clip(const std::string& name) const;
  // Where clip `clip` came from, or nullptr for a clip of the model's own file.
  const ClipSource* clip_source(int clip) const;
  // Number of joints some skin entry follows.
  std::size_t skinned_joint_count() const;
  // Number of vertices each joint influences with a non-zero weight (one entry per joint).
  std::vector<uint32_t> influenced_vertex_counts() const;
};

}  // namespace anim
