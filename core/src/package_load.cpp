#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "anim/find_by_name.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "package_bytes.h"
#include "package_ik_sections.h"
#include "package_transition_sections.h"

namespace anim {
namespace {

using package::Reader;

static_assert(sizeof(ConstantTrack) == 20, "ConstantTrack is stored as is");
static_assert(sizeof(CompressedTrack) == 52, "CompressedTrack is stored as is");
// RotationGroup's size is checked beside it, in compressed_clip.h.

bool finite(const float* v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(v[i])) return false;
  }
  return true;
}

bool read_transform(Reader& r, Transform& t) {
  float v[10];
  for (float& x : v) r.get(x);
  if (!r.ok()) return false;
  if (!finite(v, 10)) return r.fail("a rest transform is not finite");
  t.translation = glm::vec3(v[0], v[1], v[2]);
  t.rotation = glm::quat(v[6], v[3], v[4], v[5]);
  t.scale = glm::vec3(v[7], v[8], v[9]);
  return true;
}

bool read_matrix(Reader& r, glm::mat4& m) {
  float v[16];
  for (float& x : v) r.get(x);
  if (!r.ok()) return false;
  if (!finite(v, 16)) return r.fail("a matrix is not finite");
  for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = v[i];
  return true;
}

bool read_skeleton(Reader& r, Skeleton& s) {
  uint32_t n = 0;
  r.get_count(n, 2 + 40 + 4);  // A parent, a transform and a name's length each.
  r.get_array(s.parents, n);
  s.rest.resize(r.ok() ? n : 0);
  for (Transform& t : s.rest) read_transform(r, t);
  s.names.resize(r.ok() ? n : 0);
  for (std::string& name : s.names) r.get_string(name);
  if (!r.ok()) return false;
  Status valid = s.validate();
  return valid.ok() || r.fail(valid.error().message);
}

bool read_skin(Reader& r, Skin& skin, std::size_t joints) {
  uint32_t n = 0;
  r.get_count(n, 2 + 64);
  r.get_array(skin.joints, n);
  skin.inverse_bind.resize(r.ok() ? n : 0);
  for (glm::mat4& m : skin.inverse_bind) read_matrix(r, m);
  if (!r.ok()) return false;
  for (int16_t j : skin.joints) {
    if (j < 0 || static_cast<std::size_t>(j) >= joints) return r.fail("skin joint out of range");
  }
  return true;
}

bool read_mesh(Reader& r, Mesh& mesh, std::size_t skin_entries) {
  uint32_t vertices = 0, indices = 0, submeshes = 0;
  r.get_count(vertices, sizeof(Vertex));
  r.get_array(mesh.vertices, vertices);  // Stored as is (see package_format.h).
  if (!r.ok()) return false;
  for (std::size_t n = 0; n < mesh.vertices.size(); ++n) {
    const Vertex& v = mesh.vertices[n];
    if (!finite(&v.position.x, 3) || !finite(&v.normal.x, 3) || !finite(&v.uv.x, 2) ||
        !finite(v.weights, kMaxInfluences) || !std::isfinite(v.truncated_weight)) {
      return r.fail("vertex " + std::to_string(n) + ": a value is not finite");
    }
    for (int i = 0; i < kMaxInfluences; ++i) {
      if (v.weights[i] != 0.0f && v.joints[i] >= skin_entries) {
        return r.fail("vertex " + std::to_string(n) + " names a skin entry the skin lacks");
      }
    }
  }
  r.get_count(indices, 4);
  r.get_array(mesh.indices, indices);
  if (!r.ok()) return false;
  if (indices % 3 != 0) return r.fail("index count is not a multiple of 3");
  for (uint32_t i : mesh.indices) {
    if (i >= vertices) return r.fail("an index past the last vertex");
  }
  r.get_count(submeshes, 4 * 5);
  mesh.submeshes.resize(r.ok() ? submeshes : 0);
  for (SubMesh& s : mesh.submeshes) {
    r.get_string(s.name);
    r.get(s.first_index);
    r.get(s.index_count);
    r.get(s.base_vertex);
    r.get(s.vertex_count);
    if (!r.ok()) return false;
    if (uint64_t{s.first_index} + s.index_count > indices ||
        uint64_t{s.base_vertex} + s.vertex_count > vertices) {
      return r.fail("a submesh reaches past the mesh");
    }
  }
  return true;
}

bool read_clip(Reader& r, CompressedClip& c, std::size_t joints, bool segmented) {
  r.get_string(c.name);
  r.get(c.duration);
  r.get(c.ticks_per_second);
  r.get(c.joint_count);
  uint32_t constants = 0, groups = 0, tracks = 0, frames8 = 0, times16 = 0, bits = 0;
  for (uint32_t* n : {&constants, &groups, &tracks, &frames8, &times16, &bits}) r.get(*n);
  r.align(16);
  r.get_array(c.rotation_groups, groups);
  r.get_array(c.constants, constants);
  r.get_array(c.tracks, tracks);
  r.get_array(c.frames8, frames8);
  r.get_array(c.times16, times16);
  r.get_array(c.bits, bits);
  if (segmented) {
    uint32_t tracks = 0, ranges = 0, starts = 0;
    r.get(c.frame_count);
    r.get(c.segment_samples);
    r.get_count(tracks, sizeof(SegmentedTrack));
    r.get_count(ranges, sizeof(SegmentRange));
    r.get_count(starts, sizeof(uint32_t));
    r.get_array(c.segmented, tracks);
    r.get_array(c.segment_ranges, ranges);
    r.get_array(c.segment_bits, starts);
    if (r.ok() && tracks == 0) return r.fail("a segmented clip without segmented tracks");
  }
  if (!r.ok()) return false;
  Status valid = c.validate(joints);
  return valid.ok() || r.fail(valid.error().message);
}

template <class V>
bool read_tracks(Reader& r, KeyTracks<V>& tracks, std::size_t joints) {
  uint32_t ranges = 0, keys = 0;
  r.get_count(ranges, sizeof(TrackRange));
  if (r.ok() && ranges != joints) return r.fail("a clip's track count is not the joint count");
  r.get_array(tracks.ranges, ranges);
  r.get_count(keys, sizeof(float) + sizeof(V));
  r.get_array(tracks.times, keys);
  r.get_array(tracks.values, keys);  // Stored as is (see package_format.h).
  return r.ok();
}

bool read_key_clip(Reader& r, Clip& c, std::size_t joints) {
  r.get_string(c.name);
  r.get(c.duration);
  read_tracks(r, c.translations, joints);
  read_tracks(r, c.rotations, joints);
  read_tracks(r, c.scales, joints);
  if (r.remaining() >= sizeof(float)) r.get(c.sample_rate);  // Since 1.5.
  if (!r.ok()) return false;
  Status valid = c.validate(joints);  // Ranges inside the arrays, times rising, values finite.
  return valid.ok() || r.fail(valid.error().message);
}

bool read_import_info(Reader& r, Package& p) {
  int32_t max_influences = 0;
  r.get(max_influences);
  r.get(p.truncated_vertices);
  if (r.ok() && max_influences < 0) return r.fail("a negative influence count");
  p.max_influences = max_influences;
  if (r.remaining() >= 2 * sizeof(int32_t)) {  // Since 1.5: the file's up axis.
    int32_t axis = -1, sign = 1;
    r.get(axis);
    r.get(sign);
    if (r.ok() && (axis < -1 || axis > 2 || (sign != 1 && sign != -1))) {
      return r.fail("a bad up axis");
    }
    p.up_axis.axis = static_cast<int8_t>(axis);
    p.up_axis.sign = static_cast<int8_t>(sign);
  }
  return r.ok();
}

// States as the state machine and each layer store them. 2D blend spaces follow in the BS2D
// section, so indices of kind 2 are checked once all sections are read.
bool read_states(Reader& r, std::vector<StateDef>& states, const StateMachineDef& m,
                 std::size_t clips) {
  uint32_t n = 0;
  r.get_count(n, 4 + 20);
  states.resize(r.ok() ? n : 0);
  for (StateDef& s : states) {
    uint32_t kind = 0, loop = 0;
    r.get_string(s.name);
    r.get(kind);
    r.get(s.motion.index);
    r.get(s.speed);
    r.get(loop);
    if (!r.ok()) return false;
    const std::size_t targets = kind == 0 ? clips : kind == 1 ? m.blend_spaces.size() : SIZE_MAX;
    if (kind > 2 || s.motion.index < 0 || static_cast<std::size_t>(s.motion.index) >= targets ||
        !std::isfinite(s.speed) || loop > 1) {
      return r.fail("state \"" + s.name + "\": bad motion or speed");
    }
    s.motion.kind = kind == 0   ? MotionRef::Kind::kClip
                    : kind == 1 ? MotionRef::Kind::kBlendSpace
                                : MotionRef::Kind::kBlendSpace2D;
    s.loop = loop == 1;
  }
  return r.ok();
}

bool read_transitions(Reader& r, std::vector<TransitionDef>& transitions, std::size_t state_count,
                      const std::vector<ParameterDef>& parameters) {
  uint32_t n = 0;
  r.get_count(n, 4 * 9);
  transitions.resize(r.ok() ? n : 0);
  const auto states = static_cast<int>(state_count);
  for (TransitionDef& t : transitions) {
    uint32_t conditions = 0, has_exit = 0, interruption = 0;
    r.get(t.from);
    r.get(t.to);
    r.get_count(conditions, 12);
    t.conditions.resize(r.ok() ? conditions : 0);
    for (ConditionDef& c : t.conditions) {
      uint32_t op = 0;
      r.get(c.parameter);
      r.get(op);
      r.get(c.value);
      if (!r.ok()) return false;
      if (c.parameter < 0 || static_cast<std::size_t>(c.parameter) >= parameters.size() ||
          parameters[c.parameter].type == ParameterType::kVector3 ||
          op > static_cast<uint32_t>(ConditionOp::kTriggerSet) || !std::isfinite(c.value)) {
        return r.fail("a transition condition is out of range");
      }
      c.op = static_cast<ConditionOp>(op);
    }
    r.get(has_exit);
    r.get(t.exit_time);
    r.get(t.duration);
    r.get(t.offset);
    r.get(interruption);
    if (!r.ok()) return false;
    const float values[3] = {t.exit_time, t.duration, t.offset};
    if (t.from < -1 || t.from >= states || t.to < 0 || t.to >= states || has_exit > 1 ||
        interruption > static_cast<uint32_t>(Interruption::kDestination) || !finite(values, 3) ||
        t.duration < 0.0f) {
      return r.fail("a transition is out of range");
    }
    t.has_exit_time = has_exit == 1;
    t.interruption = static_cast<Interruption>(interruption);
  }
  return r.ok();
}

bool read_machine(Reader& r, StateMachineDef& m, std::size_t clips) {
  uint32_t n = 0;
  r.get_count(n, 4 + 20);
  m.parameters.resize(r.ok() ? n : 0);
  for (ParameterDef& p : m.parameters) {
    uint32_t type = 0;
    r.get_string(p.name);
    r.get(type);
    r.get(p.default_value);
    r.get(p.min);
    r.get(p.max);
    r.get(p.rate);
    if (!r.ok()) return false;
    // A vector3 parameter is stored as a float here, and named in the VEC3 section.
    if (type > static_cast<uint32_t>(ParameterType::kTrigger))
      return r.fail("unknown parameter type");
    p.type = static_cast<ParameterType>(type);
    const float values[4] = {p.default_value, p.min, p.max, p.rate};
    if (!finite(values, 4) || p.rate < 0.0f || p.min > p.max) {
      return r.fail("parameter \"" + p.name +
                    "\": bad values (not finite, min above max, or a "
                    "negative rate)");
    }
  }
  r.get_count(n, 4 + 4 + 4);
  m.blend_spaces.resize(r.ok() ? n : 0);
  for (BlendSpace1DDef& b : m.blend_spaces) {
    uint32_t points = 0;
    r.get_string(b.name);
    r.get(b.parameter);
    r.get_count(points, 8);
    r.get_array(b.clips, points);
    r.get_array(b.positions, points);
    if (!r.ok()) return false;
    if (b.parameter < 0 || static_cast<std::size_t>(b.parameter) >= m.parameters.size() ||
        points == 0) {
      return r.fail("blend space \"" + b.name + "\": bad parameter or no points");
    }
    for (uint32_t i = 0; i < points; ++i) {
      if (b.clips[i] < 0 || static_cast<std::size_t>(b.clips[i]) >= clips ||
          !std::isfinite(b.positions[i]) || (i > 0 && !(b.positions[i] > b.positions[i - 1]))) {
        return r.fail("blend space \"" + b.name + "\": bad point");
      }
    }
  }
  if (!read_states(r, m.states, m, clips)) return false;
  if (!read_transitions(r, m.transitions, m.states.size(), m.parameters)) return false;
  r.get(m.default_state);
  if (!r.ok()) return false;
  if (m.states.empty() || m.default_state < 0 ||
      m.default_state >= static_cast<int>(m.states.size())) {
    return r.fail("no states, or the default state is out of range");
  }
  return true;
}

// The first state, of the base or a layer, that plays a 2D blend space the machine does not
// have (all of them without a BS2D section), or null.
const StateDef* missing_2d_space(const StateMachineDef& m) {
  const auto check = [&](const std::vector<StateDef>& states) -> const StateDef* {
    for (const StateDef& s : states) {
      if (s.motion.kind == MotionRef::Kind::kBlendSpace2D &&
          static_cast<std::size_t>(s.motion.index) >= m.blend_spaces_2d.size()) {
        return &s;
      }
    }
    return nullptr;
  };
  if (const StateDef* s = check(m.states)) return s;
  for (const LayerDef& layer : m.layers) {
    if (const StateDef* s = check(layer.states)) return s;
  }
  return nullptr;
}

bool read_blend_space_2d(Reader& r, BlendSpace2DDef& b, const StateMachineDef& m,
                         std::size_t clips) {
  uint32_t points = 0;
  r.get_string(b.name);
  r.get(b.parameter_x);
  r.get(b.parameter_y);
  r.get_count(points, 4 + sizeof(Point2));
  r.get_array(b.clips, points);
  r.get_array(b.positions, points);  // Stored as is (see package_format.h).
  if (!r.ok()) return false;
  const std::string what = "2D blend space \"" + b.name + "\": ";
  const auto numeric = [&](int p) {
    if (p < 0 || static_cast<std::size_t>(p) >= m.parameters.size()) return false;
    const ParameterType type = m.parameters[p].type;
    return type == ParameterType::kFloat || type == ParameterType::kInt;
  };
  if (!numeric(b.parameter_x) || !numeric(b.parameter_y) || b.parameter_x == b.parameter_y) {
    return r.fail(what + "bad parameters");
  }
  if (points == 0) return r.fail(what + "no points");
  for (uint32_t i = 0; i < points; ++i) {
    const Point2 p = b.positions[i];
    if (b.clips[i] < 0 || static_cast<std::size_t>(b.clips[i]) >= clips || !std::isfinite(p.x) ||
        !std::isfinite(p.y)) {
      return r.fail(what + "bad point " + std::to_string(i));
    }
    for (uint32_t j = 0; j < i; ++j) {
      if (b.positions[j].x == p.x && b.positions[j].y == p.y) {
        return r.fail(what + "points " + std::to_string(j) + " and " + std::to_string(i) +
                      " are at the same position");
      }
    }
  }
  prepare_blend_space_2d(b);
  return true;
}

bool read_blend_spaces_2d(Reader& r, StateMachineDef& m, std::size_t clips) {
  uint32_t n = 0;
  r.get_count(n, 4 + 4 + 4 + 4);
  m.blend_spaces_2d.resize(r.ok() ? n : 0);
  for (BlendSpace2DDef& b : m.blend_spaces_2d) {
    if (!read_blend_space_2d(r, b, m, clips)) return false;
  }
  if (const StateDef* s = missing_2d_space(m)) {
    return r.fail("state \"" + s->name + "\" names 2D blend space " +
                  std::to_string(s->motion.index) + " of " + std::to_string(n));
  }
  return r.ok();
}

bool read_names(Reader& r, std::vector<std::string>& names) {
  uint32_t n = 0;
  r.get_count(n, 4);
  names.resize(r.ok() ? n : 0);
  for (std::string& name : names) r.get_string(name);
  return r.ok();
}

bool read_layers(Reader& r, StateMachineDef& m, std::size_t clips) {
  uint32_t n = 0;
  r.get_count(n, 4 * 10);
  m.layers.resize(r.ok() ? n : 0);
  for (LayerDef& layer : m.layers) {
    uint32_t blend = 0;
    r.get_string(layer.name);
    r.get(blend);
    r.get(layer.weight);
    r.get(layer.weight_parameter);
    r.get(layer.reference_clip);
    if (!r.ok()) return false;
    const std::string what = "layer \"" + layer.name + "\": ";
    const int parameters = static_cast<int>(m.parameters.size());
    const bool float_parameter = layer.weight_parameter >= 0 &&
                                 layer.weight_parameter < parameters &&
                                 m.parameters[layer.weight_parameter].type == ParameterType::kFloat;
    if (blend > static_cast<uint32_t>(LayerBlend::kAdditive) || !std::isfinite(layer.weight) ||
        layer.weight < 0.0f || layer.weight > 1.0f ||
        (layer.weight_parameter != -1 && !float_parameter) || layer.reference_clip < -1 ||
        layer.reference_clip >= static_cast<int>(clips)) {
      return r.fail(what + "bad blend, weight, weight parameter or reference clip");
    }
    layer.blend = static_cast<LayerBlend>(blend);
    if (!read_names(r, layer.mask.include) || !read_names(r, layer.mask.exclude)) return false;
    if (!read_states(r, layer.states, m, clips)) return false;
    if (!read_transitions(r, layer.transitions, layer.states.size(), m.parameters)) {
      return false;
    }
    r.get(layer.default_state);
    if (!r.ok()) return false;
    if (layer.states.empty() || layer.default_state < 0 ||
        layer.default_state >= static_cast<int>(layer.states.size())) {
      return r.fail(what + "no states, or the default state is out of range");
    }
  }
  return r.ok();
}

bool read_events(Reader& r, std::vector<EventDef>& events,
                 const std::vector<CompressedClip>& clips) {
  uint32_t n = 0;
  r.get_count(n, 4 + 4 + 4 + 4);
  events.resize(r.ok() ? n : 0);
  for (EventDef& e : events) {
    r.get_string(e.name);
    r.get(e.clip);
    r.get(e.time);
    r.get_string(e.payload);
    if (!r.ok()) return false;
    if (e.clip < 0 || static_cast<std::size_t>(e.clip) >= clips.size() || !std::isfinite(e.time) ||
        e.time < 0.0f || e.time > clips[e.clip].duration) {
      return r.fail("event \"" + e.name + "\": bad clip or time");
    }
  }
  return true;
}

bool read_root_motion(Reader& r, Package& p) {
  int32_t joint = -1;
  r.get(joint);
  uint32_t n = 0;
  r.get_count(n, 1);
  std::vector<uint8_t> moves;
  r.get_array(moves, n);
  if (!r.ok()) return false;
  if (joint < 0 || static_cast<std::size_t>(joint) >= p.skeleton.joint_count()) {
    return r.fail("root motion joint out of range");
  }
  if (n != p.state_machine.states.size()) {
    return r.fail("root motion flags for " + std::to_string(n) + " states, the machine has " +
                  std::to_string(p.state_machine.states.size()));
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (moves[i] > 1) return r.fail("a state's root motion flag is neither 0 nor 1");
    p.state_machine.states[i].root_motion = moves[i] == 1;
  }
  r.get_count(n, 4 + 12);
  if (r.ok() && n != p.clips.size()) {
    return r.fail("root motion for " + std::to_string(n) + " clips, the package has " +
                  std::to_string(p.clips.size()));
  }
  p.root_motion.resize(r.ok() ? n : 0);
  for (std::size_t c = 0; c < p.root_motion.size(); ++c) {
    RootMotionTrack& t = p.root_motion[c];
    const std::string what = "clip " + std::to_string(c) + "'s root motion: ";
    uint32_t keys = 0;
    r.get_count(keys, 4 + 12 + 16);
    float pivot[3] = {};
    for (float& x : pivot) r.get(x);
    r.get_array(t.times, keys);
    std::vector<float> values;
    r.get_array(values, uint64_t{keys} * 7);
    if (!r.ok()) return false;
    t.duration = p.clips[c].duration;
    if (!finite(pivot, 3) || !finite(values.data(), values.size())) {
      return r.fail(what + "a value is not finite");
    }
    t.pivot = glm::vec3(pivot[0], pivot[1], pivot[2]);
    for (std::size_t k = 0; k < keys; ++k) {
      const float time = t.times[k];
      if (!(time >= 0.0f && time <= t.duration) || (k > 0 && !(time > t.times[k - 1]))) {
        return r.fail(what + "key times must rise from 0 to the clip's duration");
      }
      const float* v = values.data() + 3 * k;
      t.translations.emplace_back(v[0], v[1], v[2]);
      const float* q = values.data() + 3 * keys + 4 * k;
      const glm::quat rotation(q[3], q[0], q[1], q[2]);
      if (std::fabs(glm::length(rotation) - 1.0f) > 1e-3f) {
        return r.fail(what + "a rotation is not of unit length");
      }
      t.rotations.push_back(glm::normalize(rotation));
    }
    t.turn_axis = turn_axis_of(t);
  }
  p.state_machine.root_motion_joint = joint;
  return r.ok();
}

Error error_at(const std::string& where, const std::string& what) {
  return Error{Error::Code::kInvalidData, what, where};
}

std::string section_name(uint32_t kind, std::size_t index) {
  std::string name(4, ' ');
  for (int i = 0; i < 4; ++i) {
    const char c = static_cast<char>((kind >> (8 * i)) & 0xffu);
    name[i] = c >= 32 && c < 127 ? c : '?';
  }
  return "section " + std::to_string(index) + " (" + name + ")";
}

// Where a section may come, given the sections read before it (`seen`, their kinds) and what
// they made of `out`; empty when it may.
std::string order_problem(uint32_t kind, const std::vector<uint32_t>& seen, const Package& out) {
  const auto read = [&seen](uint32_t k) {
    return std::find(seen.begin(), seen.end(), k) != seen.end();
  };
  const bool again = read(kind);
  const bool machine = out.has_state_machine;
  switch (kind) {
    case package::kSkeleton:
      return again ? "a second skeleton" : "";
    case package::kSkin:
      return again ? "a second skin" : "";
    case package::kMesh:
      return again || !read(package::kSkin) ? "a mesh before the skin, or a second" : "";
    case package::kClip:
    case package::kSegmentedClip:
      return machine ? "a clip after the state machine" : "";
    case package::kMachine:
      return again ? "a second state machine" : "";
    case package::kBlendSpaces2D:
      return !machine || again ? "2D blend spaces before the state machine, or a second set" : "";
    case package::kEvents:
      return !machine || again || !out.state_machine.events.empty()
                 ? "events before the state machine, or a second events section"
                 : "";
    case package::kLayers:
      return !machine || again || read(package::kTransitionBlends) || read(package::kSyncGroups) ||
                     read(package::kIk)
                 ? "layers before the state machine or after its transition blends, sync groups "
                   "or IK entries, or a second layers section"
                 : "";
    case package::kTransitionBlends:
      return !machine || again ? "transition blends before the state machine, or a second" : "";
    case package::kRootMotion:
      return !machine || again ? "root motion before the state machine, or a second" : "";
    case package::kHalfLives:
      return !machine || again || !read(package::kTransitionBlends)
                 ? "half-lives before the transition blends, or a second set"
                 : "";
    case package::kSync:
      return !machine || again || !out.state_machine.markers.empty()
                 ? "sync markers before the state machine, or a second set"
                 : "";
    case package::kSyncGroups:
      return !machine || again ? "sync groups before the state machine, or a second set" : "";
    case package::kVectorParameters:
      return !machine || again || seen.back() != package::kMachine
                 ? "vector parameters not directly after the state machine, or a second set"
                 : "";
    case package::kIk:
      return !machine || again || read(package::kIkPlantMarkers)
                 ? "IK entries before the state machine or after their plant markers, or a "
                   "second set"
                 : "";
    case package::kIkPlantMarkers:
      return !read(package::kIk) || !read(package::kSync) || again
                 ? "plant markers before the IK entries or the sync markers, or a second set"
                 : "";
    case package::kImportInfo:
      return again ? "a second import info" : "";
    default:
      return "";
  }
}

// Reads a section of `kind` into `out`; false for a kind this reader does not know (a section of
// a newer minor version, skipped). What it finds wrong is left in `r`.
bool read_section(uint32_t kind, Reader& r, Package& out) {
  const std::size_t joints = out.skeleton.joint_count();
  switch (kind) {
    case package::kSkeleton:
      read_skeleton(r, out.skeleton);
      return true;
    case package::kSkin:
      read_skin(r, out.skin, joints);
      return true;
    case package::kMesh:
      read_mesh(r, out.mesh, out.skin.size());
      return true;
    case package::kClip:
    case package::kSegmentedClip:
      out.clips.emplace_back();
      read_clip(r, out.clips.back(), joints, kind == package::kSegmentedClip);
      return true;
    case package::kMachine:
      read_machine(r, out.state_machine, out.clips.size());
      out.has_state_machine = true;
      return true;
    case package::kBlendSpaces2D:
      read_blend_spaces_2d(r, out.state_machine, out.clips.size());
      return true;
    case package::kEvents:
      read_events(r, out.state_machine.events, out.clips);
      return true;
    case package::kLayers:
      read_layers(r, out.state_machine, out.clips.size());
      return true;
    case package::kRootMotion:
      read_root_motion(r, out);
      return true;
    case package::kTransitionBlends:
      package::read_transition_blends(r, out.state_machine);
      return true;
    case package::kHalfLives:
      package::read_half_lives(r, out.state_machine);
      return true;
    case package::kSync:
      package::read_sync(r, out.state_machine, out.clips);
      return true;
    case package::kSyncGroups:
      package::read_sync_groups(r, out.state_machine);
      return true;
    case package::kVectorParameters:
      package::read_vector_parameters(r, out.state_machine);
      return true;
    case package::kIk:
      package::read_ik(r, out.state_machine, out.skeleton);
      return true;
    case package::kIkPlantMarkers:
      package::read_ik_plant_markers(r, out.state_machine);
      return true;
    case package::kKeyClip:
      out.key_clips.emplace_back();
      read_key_clip(r, out.key_clips.back(), joints);
      return true;
    case package::kImportInfo:
      read_import_info(r, out);
      return true;
    default:
      return false;
  }
}

// The header's problem, or where its section table ends.
Result<uint64_t> check_header(Span<const uint8_t> bytes, package::Header& header) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return error_at("header", "packages are little-endian; this machine is not");
#endif
  if (bytes.size() < sizeof(header)) return error_at("header", "too short to be a package");
  std::memcpy(&header, bytes.data(), sizeof(header));
  if (std::memcmp(header.magic, package::kMagic, sizeof(header.magic)) != 0) {
    return error_at("header", "not an animscope package (bad magic)");
  }
  if (header.major != package::kMajorVersion) {
    return error_at("header", "format version " + std::to_string(header.major) + "." +
                                  std::to_string(header.minor) + "; this reader reads " +
                                  std::to_string(package::kMajorVersion) + ".x");
  }
  if (header.file_size != bytes.size()) {
    return error_at("header", "says " + std::to_string(header.file_size) + " bytes, the file has " +
                                  std::to_string(bytes.size()) + " (truncated?)");
  }
  const uint64_t table_end =
      sizeof(header) + uint64_t{header.section_count} * sizeof(package::SectionEntry);
  if (table_end > bytes.size()) return error_at("header", "section table ends past the file");
  return table_end;
}

// The section table, read once (check_header has seen that it fits in the file).
std::vector<package::SectionEntry> read_table(Span<const uint8_t> bytes,
                                              const package::Header& header) {
  std::vector<package::SectionEntry> table(header.section_count);
  if (!table.empty()) {
    std::memcpy(table.data(), bytes.data() + sizeof(header),
                table.size() * sizeof(package::SectionEntry));
  }
  return table;
}

// Whether a section's bytes lie after the section table and inside the file.
bool inside_file(const package::SectionEntry& e, uint64_t table_end, std::size_t file_size) {
  return e.offset >= table_end && e.offset <= file_size && e.size <= file_size - e.offset;
}

// Every byte after the section table belongs to one section, or is zero (the writer's padding,
// which no CRC covers): sections may not overlap, and a damaged byte between them is found.
// Sections lying outside the file are left to the section loop, which names them.
Status check_layout(Span<const uint8_t> bytes, const std::vector<package::SectionEntry>& table,
                    uint64_t table_end) {
  std::vector<std::pair<uint64_t, uint64_t>> spans;  // [begin, end) of each section.
  spans.reserve(table.size());
  for (const package::SectionEntry& e : table) {
    if (!inside_file(e, table_end, bytes.size())) return Ok{};
    spans.emplace_back(e.offset, e.offset + e.size);
  }
  std::sort(spans.begin(), spans.end());
  uint64_t at = table_end;  // The first byte no section checked so far covers.
  for (std::size_t i = 0; i <= spans.size(); ++i) {
    const uint64_t begin = i < spans.size() ? spans[i].first : bytes.size();
    if (begin < at) {
      return error_at("header", "sections overlap at byte " + std::to_string(begin));
    }
    for (uint64_t b = at; b < begin; ++b) {
      if (bytes[static_cast<std::size_t>(b)] != 0) {
        return error_at("header", "byte " + std::to_string(b) +
                                      ", between sections, is not zero (damaged file)");
      }
    }
    if (i < spans.size()) at = spans[i].second;
  }
  return Ok{};
}

// Kind-2 states of the base or a layer need their space, from a BS2D section read before or
// after them: the problem, named at the section of the state that lacks it, or Ok.
Status check_2d_spaces(const Package& out, bool have_spaces, const std::string& machine_where,
                       const std::string& layers_where) {
  const StateDef* s = missing_2d_space(out.state_machine);
  if (s == nullptr) return Ok{};
  const std::vector<StateDef>& base = out.state_machine.states;
  const bool in_base = s >= base.data() && s < base.data() + base.size();
  return error_at(
      in_base ? machine_where : layers_where,
      have_spaces
          ? "state \"" + s->name + "\" plays 2D blend space " + std::to_string(s->motion.index) +
                ", which the BS2D section lacks"
          : "state \"" + s->name + "\" plays a 2D blend space, but there is no BS2D section");
}

}  // namespace

int Package::find_clip(const std::string& name) const { return find_by_name(clips, name); }

Result<Package> load_package(Span<const uint8_t> bytes) {
  package::Header header;
  Result<uint64_t> table_end = check_header(bytes, header);
  if (!table_end.ok()) return table_end.error();
  const std::vector<package::SectionEntry> table = read_table(bytes, header);
  Status layout = check_layout(bytes, table, table_end.value());
  if (!layout.ok()) return layout.error();
  Package out;
  std::vector<uint32_t> seen;               // The kinds read so far.
  std::string machine_where, layers_where;  // For problems found after those sections.
  for (std::size_t i = 0; i < table.size(); ++i) {
    const package::SectionEntry& e = table[i];
    const std::string where = section_name(e.kind, i);
    if (!inside_file(e, table_end.value(), bytes.size())) {
      return error_at(where, "lies outside the file");
    }
    const uint8_t* data = bytes.data() + e.offset;
    const auto size = static_cast<std::size_t>(e.size);
    if (package::crc32(data, size) != e.crc) return error_at(where, "CRC mismatch (damaged file)");
    if (e.kind != package::kSkeleton &&
        std::find(seen.begin(), seen.end(), package::kSkeleton) == seen.end()) {
      return error_at(where, "comes before the skeleton");
    }
    const std::string problem = order_problem(e.kind, seen, out);
    if (!problem.empty()) return error_at(where, problem);
    Reader r(data, size);
    if (!read_section(e.kind, r, out)) {
      // Only a newer minor version may add kinds this reader skips; in one it knows, an unknown
      // kind is a damaged entry (a section silently lost otherwise).
      if (header.minor <= package::kMinorVersion) return error_at(where, "unknown section kind");
      continue;
    }
    if (!r.ok()) {
      return error_at(where + " at byte " + std::to_string(e.offset + r.offset()), r.problem());
    }
    seen.push_back(e.kind);
    if (e.kind == package::kMachine) machine_where = where;
    if (e.kind == package::kLayers) layers_where = where;
  }
  if (std::find(seen.begin(), seen.end(), package::kSkeleton) == seen.end()) {
    return error_at("header", "no skeleton section");
  }
  if (!out.has_state_machine) return out;
  const bool have_spaces =
      std::find(seen.begin(), seen.end(), package::kBlendSpaces2D) != seen.end();
  Status spaces = check_2d_spaces(out, have_spaces, machine_where, layers_where);
  if (!spaces.ok()) return spaces.error();
  return out;
}

}  // namespace anim
