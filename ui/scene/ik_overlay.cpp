#include "anim/ui/scene/ik_overlay.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>
#include <glm/vec4.hpp>

#include "anim/state_machine.h"
#include "anim/ui/scene/joint_picking.h"

namespace anim::ui {
namespace {

void add_markers(const StateMachineInstance& machine, const std::vector<IkEntryDef>& entries,
                 int layer, std::vector<IkMarker>* out) {
  const StateMachineDef& def = machine.def();
  const Span<const IkEntryResult> results = machine.ik_results();
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const IkEntryDef& e = entries[k];
    IkMarker m;
    m.entry = out->size();
    m.index = k;
    m.layer = layer;
    m.name = e.name;
    m.type = e.type;
    if (m.entry < results.size()) {
      const IkEntryResult& r = results[m.entry];
      m.weight = r.weight;
      m.reached = r.reached;
      m.target = r.target;
      m.pelvis_drop = r.pelvis_drop;
    }
    m.has_target = e.type != IkType::kFeet;
    if (e.target.parameter >= 0 &&
        static_cast<std::size_t>(e.target.parameter) < def.parameters.size()) {
      m.target_parameter = def.parameters[e.target.parameter].name;
    }
    m.weight_value = e.weight.value;
    if (e.weight.parameter >= 0 &&
        static_cast<std::size_t>(e.weight.parameter) < def.parameters.size()) {
      m.weight_parameter = def.parameters[e.weight.parameter].name;
      m.weight_value = std::clamp(machine.value(e.weight.parameter), 0.0f, 1.0f);
    }
    for (int16_t j : e.joints) m.chain.push_back(j);
    for (std::size_t j = 1; j < e.joints.size(); ++j)
      m.bones.emplace_back(e.joints[j - 1], e.joints[j]);
    if (e.type == IkType::kFeet) {
      for (const IkLegDef& leg : e.legs) {
        m.chain.insert(m.chain.end(), {leg.hip, leg.knee, leg.ankle});
        m.bones.emplace_back(leg.hip, leg.knee);
        m.bones.emplace_back(leg.knee, leg.ankle);
      }
      if (m.entry < results.size()) {
        const Span<const FootIkLegResult> legs = machine.ik_legs(m.entry);
        for (std::size_t i = 0; i < legs.size(); ++i) {
          const FootIkLegResult& leg = legs[i];
          IkLegMarker l;
          l.weight = leg.weight;
          if (i < e.plant_markers.size() && e.plant_markers[i] >= 0 &&
              static_cast<std::size_t>(e.plant_markers[i]) < def.marker_names.size()) {
            l.plant_marker = def.marker_names[static_cast<std::size_t>(e.plant_markers[i])];
          }
          l.hit = leg.hit;
          l.reached = leg.reached;
          l.normal = leg.normal;
          l.point = leg.target - leg.normal * e.foot_height;
          m.legs.push_back(l);
        }
      }
    }
    out->push_back(std::move(m));
  }
}

}  // namespace

std::vector<IkMarker> ik_markers(const StateMachineInstance& machine) {
  std::vector<IkMarker> markers;
  const StateMachineDef& def = machine.def();
  add_markers(machine, def.ik, -1, &markers);
  for (std::size_t i = 0; i < def.layers.size(); ++i) {
    add_markers(machine, def.layers[i].ik, static_cast<int>(i), &markers);
  }
  return markers;
}

setup::SetupIk* setup_ik_entry(setup::Setup* setup, const IkMarker& marker) {
  std::vector<setup::SetupIk>* list = &setup->ik;
  if (marker.layer >= 0) {
    if (static_cast<std::size_t>(marker.layer) >= setup->layers.size()) return nullptr;
    list = &setup->layers[marker.layer].ik;
  }
  if (marker.index >= list->size() || (*list)[marker.index].name != marker.name) return nullptr;
  return &(*list)[marker.index];
}

bool ik_marker_drawn(const IkMarker& marker) { return marker.weight > 0.0f || marker.has_target; }

std::uint32_t ik_reach_color(const IkMarker& marker) {
  if (marker.weight <= 0.0f) return kIkIdleColor;
  return marker.reached ? kIkReachedColor : kIkUnreachedColor;
}

int ik_target_hit(const std::vector<IkMarker>& markers, const GizmoView& view,
                  const glm::vec2& mouse, float tolerance_px) {
  const glm::mat4 vp = view.projection * view.view;
  int best = -1;
  float best_distance = std::numeric_limits<float>::infinity();
  for (std::size_t i = 0; i < markers.size(); ++i) {
    if (!markers[i].has_target) continue;
    glm::vec2 at;
    if (!project_to_viewport(markers[i].target, vp, view.size, &at)) continue;
    const float d = glm::length(at - mouse);
    if (d <= tolerance_px && d < best_distance) {
      best = static_cast<int>(i);
      best_distance = d;
    }
  }
  return best;
}

glm::vec3 drag_in_view_plane(const glm::vec3& point, const GizmoView& view, const glm::vec2& from,
                             const glm::vec2& to) {
  const glm::vec4 eye = view.view * glm::vec4(point, 1.0f);
  if (eye.z >= 0.0f) return point;  // Behind the camera (view space looks along -z).
  // Pixels to view-space units at the point's depth: the projection's scale on x and y.
  const float depth = -eye.z;
  const float sx = view.projection[0][0], sy = view.projection[1][1];
  if (sx == 0.0f || sy == 0.0f || view.size.x <= 0.0f || view.size.y <= 0.0f) return point;
  const glm::vec2 d = to - from;
  const float ex = d.x * 2.0f / view.size.x * depth / sx;
  const float ey = -d.y * 2.0f / view.size.y * depth / sy;  // Pixels grow downward.
  const glm::vec4 moved_eye = eye + glm::vec4(ex, ey, 0.0f, 0.0f);
  const glm::vec4 moved = glm::inverse(view.view) * moved_eye;
  return glm::vec3(moved);
}

}  // namespace anim::ui
