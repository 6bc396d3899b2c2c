#include "anim/bake/package_writer.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "anim/package_format.h"

namespace anim::bake {
namespace {

// Appends values as the loader reads them.
class Writer {
 public:
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable<T>::value, "written as bytes");
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void put_count(std::size_t n) { put(static_cast<uint32_t>(n)); }
  void put_string(const std::string& s) {
    put_count(s.size());
    bytes_.insert(bytes_.end(), s.begin(), s.end());
    align(4);
  }
  template <class T>
  void put_array(const std::vector<T>& v, std::size_t alignment = 4) {
    static_assert(std::is_trivially_copyable<T>::value, "written as bytes");
    const auto* p = reinterpret_cast<const uint8_t*>(v.data());
    bytes_.insert(bytes_.end(), p, p + v.size() * sizeof(T));
    align(alignment);
  }
  void align(std::size_t alignment) {
    while (bytes_.size() % alignment != 0) bytes_.push_back(0);
  }
  std::vector<uint8_t> take() { return std::move(bytes_); }

 private:
  std::vector<uint8_t> bytes_;
};

void put_transform(Writer& w, const Transform& t) {
  const float v[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x,
                       t.rotation.y,    t.rotation.z,    t.rotation.w,    t.scale.x,
                       t.scale.y,       t.scale.z};
  for (float x : v) w.put(x);
}

std::vector<uint8_t> skeleton_section(const Skeleton& s) {
  Writer w;
  w.put_count(s.joint_count());
  w.put_array(s.parents);
  for (const Transform& t : s.rest) put_transform(w, t);
  for (const std::string& name : s.names) w.put_string(name);
  return w.take();
}

std::vector<uint8_t> skin_section(const Skin& skin) {
  Writer w;
  w.put_count(skin.size());
  w.put_array(skin.joints);
  for (const glm::mat4& m : skin.inverse_bind) {
    for (int i = 0; i < 16; ++i) w.put(m[i / 4][i % 4]);
  }
  return w.take();
}

std::vector<uint8_t> mesh_section(const Mesh& mesh) {
  Writer w;
  w.put_count(mesh.vertices.size());
  w.put_array(mesh.vertices);  // Stored as is: package_format.h checks the layout.
  w.put_count(mesh.indices.size());
  w.put_array(mesh.indices);
  w.put_count(mesh.submeshes.size());
  for (const SubMesh& s : mesh.submeshes) {
    w.put_string(s.name);
    w.put(s.first_index);
    w.put(s.index_count);
    w.put(s.base_vertex);
    w.put(s.vertex_count);
  }
  return w.take();
}

std::vector<uint8_t> clip_section(const CompressedClip& c) {
  Writer w;
  w.put_string(c.name);
  w.put(c.duration);
  w.put(c.ticks_per_second);
  w.put(c.joint_count);
  for (std::size_t n : {c.constants.size(), c.rotation_groups.size(), c.tracks.size(),
                        c.frames8.size(), c.times16.size(), c.bits.size()}) {
    w.put_count(n);
  }
  w.align(16);
  w.put_array(c.rotation_groups);
  w.put_array(c.constants);
  w.put_array(c.tracks);
  w.put_array(c.frames8);
  w.put_array(c.times16);
  w.put_array(c.bits);
  if (!c.segmented.empty()) {  // A CLPV section (see package_format.h).
    w.put(c.frame_count);
    w.put(c.segment_samples);
    w.put_count(c.segmented.size());
    w.put_count(c.segment_ranges.size());
    w.put_count(c.segment_bits.size());
    w.put_array(c.segmented);
    w.put_array(c.segment_ranges);
    w.put_array(c.segment_bits);
  }
  return w.take();
}

template <class V>
void put_tracks(Writer& w, const KeyTracks<V>& tracks) {
  w.put_count(tracks.ranges.size());
  w.put_array(tracks.ranges);
  w.put_count(tracks.times.size());
  w.put_array(tracks.times);
  w.put_array(tracks.values);  // Stored as is (see package_format.h).
}

std::vector<uint8_t> key_clip_section(const Clip& c) {
  Writer w;
  w.put_string(c.name);
  w.put(c.duration);
  put_tracks(w, c.translations);
  put_tracks(w, c.rotations);
  put_tracks(w, c.scales);
  w.put(c.sample_rate);
  return w.take();
}

std::vector<uint8_t> import_info_section(const Package& p) {
  Writer w;
  w.put(static_cast<int32_t>(p.max_influences));
  w.put(p.truncated_vertices);
  w.put(static_cast<int32_t>(p.up_axis.axis));
  w.put(static_cast<int32_t>(p.up_axis.sign));
  return w.take();
}

// A state's motion kind as stored: 0 clip, 1 1D blend space, 2 2D blend space (since 1.2).
uint32_t motion_kind_code(MotionRef::Kind kind) {
  switch (kind) {
    case MotionRef::Kind::kClip:
      return 0;
    case MotionRef::Kind::kBlendSpace:
      return 1;
    case MotionRef::Kind::kBlendSpace2D:
      return 2;
  }
  return 0;
}

std::vector<uint8_t> blend_spaces_2d_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.blend_spaces_2d.size());
  for (const BlendSpace2DDef& b : m.blend_spaces_2d) {
    w.put_string(b.name);
    w.put(static_cast<int32_t>(b.parameter_x));
    w.put(static_cast<int32_t>(b.parameter_y));
    w.put_count(b.clips.size());
    w.put_array(b.clips);
    w.put_array(b.positions);  // Stored as is (see package_format.h).
  }
  return w.take();
}

void put_states(Writer& w, const std::vector<StateDef>& states) {
  w.put_count(states.size());
  for (const StateDef& s : states) {
    w.put_string(s.name);
    w.put(static_cast<uint32_t>(motion_kind_code(s.motion.kind)));
    w.put(static_cast<int32_t>(s.motion.index));
    w.put(s.speed);
    w.put(static_cast<uint32_t>(s.loop ? 1 : 0));
  }
}

void put_transitions(Writer& w, const std::vector<TransitionDef>& transitions) {
  w.put_count(transitions.size());
  for (const TransitionDef& t : transitions) {
    w.put(static_cast<int32_t>(t.from));
    w.put(static_cast<int32_t>(t.to));
    w.put_count(t.conditions.size());
    for (const ConditionDef& c : t.conditions) {
      w.put(static_cast<int32_t>(c.parameter));
      w.put(static_cast<uint32_t>(c.op));
      w.put(c.value);
    }
    w.put(static_cast<uint32_t>(t.has_exit_time ? 1 : 0));
    w.put(t.exit_time);
    w.put(t.duration);
    w.put(t.offset);
    w.put(static_cast<uint32_t>(t.interruption));
  }
}

void put_names(Writer& w, const std::vector<std::string>& names) {
  w.put_count(names.size());
  for (const std::string& name : names) w.put_string(name);
}

std::vector<uint8_t> layers_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.layers.size());
  for (const LayerDef& layer : m.layers) {
    w.put_string(layer.name);
    w.put(static_cast<uint32_t>(layer.blend));
    w.put(layer.weight);
    w.put(static_cast<int32_t>(layer.weight_parameter));
    w.put(static_cast<int32_t>(layer.reference_clip));
    put_names(w, layer.mask.include);
    put_names(w, layer.mask.exclude);
    put_states(w, layer.states);
    put_transitions(w, layer.transitions);
    w.put(static_cast<int32_t>(layer.default_state));
  }
  return w.take();
}

std::vector<uint8_t> machine_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.parameters.size());
  for (const ParameterDef& p : m.parameters) {
    w.put_string(p.name);
    // A vector3 parameter as a float; the VEC3 section says which are vector3 ones.
    const ParameterType stored = p.type == ParameterType::kVector3 ? ParameterType::kFloat : p.type;
    w.put(static_cast<uint32_t>(stored));
    w.put(p.default_value);
    w.put(p.min);
    w.put(p.max);
    w.put(p.rate);
  }
  w.put_count(m.blend_spaces.size());
  for (const BlendSpace1DDef& b : m.blend_spaces) {
    w.put_string(b.name);
    w.put(static_cast<int32_t>(b.parameter));
    w.put_count(b.clips.size());
    w.put_array(b.clips);
    w.put_array(b.positions);
  }
  put_states(w, m.states);
  put_transitions(w, m.transitions);
  w.put(static_cast<int32_t>(m.default_state));
  return w.take();
}

std::vector<uint8_t> events_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.events.size());
  for (const EventDef& e : m.events) {
    w.put_string(e.name);
    w.put(static_cast<int32_t>(e.clip));
    w.put(e.time);
    w.put_string(e.payload);
  }
  return w.take();
}

std::vector<uint8_t> root_motion_section(const Package& p) {
  Writer w;
  w.put(static_cast<int32_t>(p.state_machine.root_motion_joint));
  std::vector<uint8_t> moves;
  for (const StateDef& s : p.state_machine.states) moves.push_back(s.root_motion ? 1 : 0);
  w.put_count(moves.size());
  w.put_array(moves);
  w.put_count(p.root_motion.size());
  for (const RootMotionTrack& t : p.root_motion) {
    w.put_count(t.times.size());
    for (int i = 0; i < 3; ++i) w.put(t.pivot[i]);
    w.put_array(t.times);
    for (const glm::vec3& v : t.translations) {
      for (int i = 0; i < 3; ++i) w.put(v[i]);
    }
    for (const glm::quat& q : t.rotations) {
      for (float x : {q.x, q.y, q.z, q.w}) w.put(x);
    }
  }
  return w.take();
}

// Per machine (the base first, then each layer) its transitions' `value`s, as
// package_format.h lays out TBLD, DEAD and the end of SYNC.
template <class T, class Value>
void put_per_transition(Writer& w, const StateMachineDef& m, Value value) {
  const auto put = [&](const std::vector<TransitionDef>& transitions) {
    std::vector<T> values;
    for (const TransitionDef& t : transitions) values.push_back(value(t));
    w.put_count(values.size());
    w.put_array(values);
  };
  w.put_count(1 + m.layers.size());
  put(m.transitions);
  for (const LayerDef& layer : m.layers) put(layer.transitions);
}

std::vector<uint8_t> transition_blends_section(const StateMachineDef& m) {
  Writer w;
  put_per_transition<uint8_t>(w, m, [](const TransitionDef& t) { return uint8_t(t.blend); });
  return w.take();
}

std::vector<uint8_t> half_lives_section(const StateMachineDef& m) {
  Writer w;
  put_per_transition<float>(w, m, [](const TransitionDef& t) { return t.half_life; });
  return w.take();
}

template <class Space>
void put_space_syncs(Writer& w, const std::vector<Space>& spaces) {
  std::vector<uint8_t> modes;
  for (const Space& s : spaces) modes.push_back(static_cast<uint8_t>(s.sync));
  w.put_count(modes.size());
  w.put_array(modes);
}

std::vector<uint8_t> sync_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.marker_names.size());
  for (const std::string& name : m.marker_names) w.put_string(name);
  w.put_count(m.markers.size());
  w.put_array(m.markers);
  put_space_syncs(w, m.blend_spaces);
  put_space_syncs(w, m.blend_spaces_2d);
  put_per_transition<uint8_t>(w, m, [](const TransitionDef& t) { return uint8_t(t.sync); });
  return w.take();
}

// The group names, then per machine (the base first) its states' groups and roles, as
// package_format.h lays out GRUP.
std::vector<uint8_t> sync_groups_section(const StateMachineDef& m) {
  Writer w;
  w.put_count(m.sync_groups.size());
  for (const std::string& name : m.sync_groups) w.put_string(name);
  const auto put = [&w](const std::vector<StateDef>& states) {
    std::vector<int32_t> groups;
    std::vector<uint8_t> roles;
    for (const StateDef& s : states) {
      groups.push_back(s.sync_group);
      roles.push_back(static_cast<uint8_t>(s.sync_role));
    }
    w.put_count(states.size());
    w.put_array(groups);
    w.put_array(roles);
  };
  w.put_count(1 + m.layers.size());
  put(m.states);
  for (const LayerDef& layer : m.layers) put(layer.states);
  return w.take();
}

void put_vec3(Writer& w, const glm::vec3& v) {
  w.put(v.x);
  w.put(v.y);
  w.put(v.z);
}

// The vector3 parameters' indices and defaults, as package_format.h lays out VEC3.
std::vector<uint8_t> vector_parameters_section(const StateMachineDef& m) {
  Writer w;
  std::size_t n = 0;
  for (const ParameterDef& p : m.parameters) n += p.type == ParameterType::kVector3;
  w.put_count(n);
  for (std::size_t i = 0; i < m.parameters.size(); ++i) {
    if (m.parameters[i].type != ParameterType::kVector3) continue;
    w.put(static_cast<int32_t>(i));
    put_vec3(w, m.parameters[i].default_vector);
  }
  return w.take();
}

void put_ik_entry(Writer& w, const IkEntryDef& e) {
  w.put_string(e.name);
  w.put(static_cast<uint32_t>(e.type));
  w.put(e.weight.value);
  w.put(static_cast<int32_t>(e.weight.parameter));
  w.put_count(e.joints.size());
  w.put_array(e.joints);
  put_vec3(w, e.target.value);
  w.put(static_cast<int32_t>(e.target.parameter));
  put_vec3(w, e.pole.value);
  w.put(static_cast<int32_t>(e.pole.parameter));
  w.put(e.twist);
  w.put(e.soften);
  put_vec3(w, e.bend_axis);
  w.put_count(e.shares.size());
  w.put_array(e.shares);
  put_vec3(w, e.forward);
  put_vec3(w, e.up);
  put_vec3(w, e.offset);
  w.put_count(e.legs.size());
  w.put_array(e.legs);  // Stored as is (see package_format.h).
  w.put(static_cast<int32_t>(e.pelvis));
  w.put(e.foot_height);
  w.put(e.max_pelvis_drop);
  w.put(e.lift_height);
  put_vec3(w, e.ground_up);
}

// The top level's IK entries, then each layer's, as package_format.h lays out IKEN.
std::vector<uint8_t> ik_section(const StateMachineDef& m) {
  Writer w;
  const auto put = [&w](const std::vector<IkEntryDef>& entries) {
    w.put_count(entries.size());
    for (const IkEntryDef& e : entries) put_ik_entry(w, e);
  };
  w.put_count(1 + m.layers.size());
  put(m.ik);
  for (const LayerDef& layer : m.layers) put(layer.ik);
  return w.take();
}

// Every IK list's entries' plant markers, as package_format.h lays out IKPM.
std::vector<uint8_t> ik_plant_markers_section(const StateMachineDef& m) {
  Writer w;
  const auto put = [&w](const std::vector<IkEntryDef>& entries) {
    w.put_count(entries.size());
    for (const IkEntryDef& e : entries) {
      w.put_count(e.plant_markers.size());
      w.put_array(e.plant_markers);
    }
  };
  w.put_count(1 + m.layers.size());
  put(m.ik);
  for (const LayerDef& layer : m.layers) put(layer.ik);
  return w.take();
}

bool has_plant_markers(const StateMachineDef& m) {
  const auto any = [](const std::vector<IkEntryDef>& entries) {
    return std::any_of(entries.begin(), entries.end(),
                       [](const IkEntryDef& e) { return !e.plant_markers.empty(); });
  };
  return any(m.ik) ||
         std::any_of(m.layers.begin(), m.layers.end(), [&](const LayerDef& l) { return any(l.ik); });
}

// Whether any transition of the base or a layer passes `test`.
template <class Test>
bool any_transition(const StateMachineDef& m, Test test) {
  return std::any_of(m.transitions.begin(), m.transitions.end(), test) ||
         std::any_of(m.layers.begin(), m.layers.end(), [&](const LayerDef& l) {
           return std::any_of(l.transitions.begin(), l.transitions.end(), test);
         });
}

bool needs_sync(const StateMachineDef& m) {
  const auto synced = [](const auto& s) { return s.sync != SyncMode::kNormalized; };
  return !m.markers.empty() || std::any_of(m.blend_spaces.begin(), m.blend_spaces.end(), synced) ||
         std::any_of(m.blend_spaces_2d.begin(), m.blend_spaces_2d.end(), synced) ||
         any_transition(m, synced);
}

}  // namespace

std::vector<uint8_t> write_package(const Package& p) {
  std::vector<std::pair<uint32_t, std::vector<uint8_t>>> sections;
  sections.emplace_back(package::kSkeleton, skeleton_section(p.skeleton));
  if (p.skin.size() > 0 || !p.mesh.vertices.empty()) {
    sections.emplace_back(package::kSkin, skin_section(p.skin));
  }
  if (!p.mesh.vertices.empty()) sections.emplace_back(package::kMesh, mesh_section(p.mesh));
  for (const CompressedClip& c : p.clips) {
    sections.emplace_back(c.segmented.empty() ? package::kClip : package::kSegmentedClip,
                          clip_section(c));
  }
  if (p.has_state_machine) {
    sections.emplace_back(package::kMachine, machine_section(p.state_machine));
    const auto vector = [](const ParameterDef& q) { return q.type == ParameterType::kVector3; };
    if (std::any_of(p.state_machine.parameters.begin(), p.state_machine.parameters.end(), vector)) {
      sections.emplace_back(package::kVectorParameters, vector_parameters_section(p.state_machine));
    }
    if (!p.state_machine.blend_spaces_2d.empty()) {
      sections.emplace_back(package::kBlendSpaces2D, blend_spaces_2d_section(p.state_machine));
    }
    if (!p.state_machine.events.empty()) {
      sections.emplace_back(package::kEvents, events_section(p.state_machine));
    }
    if (!p.state_machine.layers.empty()) {
      sections.emplace_back(package::kLayers, layers_section(p.state_machine));
    }
    if (p.state_machine.root_motion_joint >= 0) {
      sections.emplace_back(package::kRootMotion, root_motion_section(p));
    }
    const StateMachineDef& m = p.state_machine;
    if (any_transition(m, [](const TransitionDef& t) { return switches_at_once(t.blend); })) {
      sections.emplace_back(package::kTransitionBlends, transition_blends_section(m));
    }
    if (any_transition(
            m, [](const TransitionDef& t) { return t.blend == TransitionBlend::kDeadBlend; })) {
      sections.emplace_back(package::kHalfLives, half_lives_section(m));
    }
    if (needs_sync(m)) sections.emplace_back(package::kSync, sync_section(m));
    if (!m.sync_groups.empty()) {
      sections.emplace_back(package::kSyncGroups, sync_groups_section(m));
    }
    if (m.has_ik()) sections.emplace_back(package::kIk, ik_section(m));
    if (has_plant_markers(m)) {
      sections.emplace_back(package::kIkPlantMarkers, ik_plant_markers_section(m));
    }
  }
  for (const Clip& c : p.key_clips) sections.emplace_back(package::kKeyClip, key_clip_section(c));
  if (p.max_influences != 0 || p.truncated_vertices != 0 || p.up_axis.known()) {
    sections.emplace_back(package::kImportInfo, import_info_section(p));
  }

  package::Header header;
  std::memcpy(header.magic, package::kMagic, sizeof(header.magic));
  header.major = package::kMajorVersion;
  header.minor = package::kMinorVersion;
  header.section_count = static_cast<uint32_t>(sections.size());
  auto aligned = [](uint64_t n) {
    return (n + package::kSectionAlignment - 1) / package::kSectionAlignment *
           package::kSectionAlignment;
  };
  uint64_t offset = aligned(sizeof(header) + sections.size() * sizeof(package::SectionEntry));
  std::vector<package::SectionEntry> table;
  for (const auto& [kind, bytes] : sections) {
    table.push_back({kind, package::crc32(bytes.data(), bytes.size()), offset, bytes.size()});
    offset = aligned(offset + bytes.size());
  }
  header.file_size = offset;

  std::vector<uint8_t> out(offset, 0);
  std::memcpy(out.data(), &header, sizeof(header));
  std::memcpy(out.data() + sizeof(header), table.data(), table.size() * sizeof(table[0]));
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const std::vector<uint8_t>& bytes = sections[i].second;
    if (!bytes.empty()) std::memcpy(out.data() + table[i].offset, bytes.data(), bytes.size());
  }
  return out;
}

}  // namespace anim::bake
