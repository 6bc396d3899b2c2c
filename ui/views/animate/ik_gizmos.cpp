#include "anim/ui/views/animate/ik_gizmos.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include <glm/mat4x4.hpp>

#include "anim/root_motion.h"

#include "anim/ui/scene/joint_picking.h"

namespace anim::ui {
namespace {

constexpr ImU32 kHotColor = IM_COL32(255, 220, 60, 255);

bool project(const glm::vec3& p, const GizmoView& view, const ImVec2& origin, ImVec2* out) {
  glm::vec2 at;
  if (!project_to_viewport(p, view.projection * view.view, view.size, &at)) return false;
  *out = ImVec2(origin.x + at.x, origin.y + at.y);
  return true;
}

void diamond(ImDrawList* draw, const ImVec2& c, float r, ImU32 color, bool hot) {
  const ImVec2 p[4] = {{c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}};
  draw->AddQuadFilled(p[0], p[1], p[2], p[3], IM_COL32(0, 0, 0, 140));
  draw->AddQuad(p[0], p[1], p[2], p[3], hot ? kHotColor : color, hot ? 3.0f : 2.0f);
  draw->AddLine(ImVec2(c.x - r * 0.5f, c.y), ImVec2(c.x + r * 0.5f, c.y), color, 1.5f);
  draw->AddLine(ImVec2(c.x, c.y - r * 0.5f), ImVec2(c.x, c.y + r * 0.5f), color, 1.5f);
}

// `view` moved with the character when the document shows it walking in the world: the targets,
// the ground and the hits are in model space (posed().model_space is already moved).
GizmoView placed(const Document& doc, const GizmoView& view) {
  if (!doc.shown_in_world()) return view;
  return GizmoView{view.view * to_matrix(doc.world_place()), view.projection, view.size};
}

// Whether the machine runs a feet entry.
bool runs_feet(const Document& doc) {
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr || doc.mode() != PlaybackMode::kStateMachine) return false;
  const std::vector<IkMarker> markers = ik_markers(*sm);
  return std::any_of(markers.begin(), markers.end(),
                     [](const IkMarker& m) { return m.type == IkType::kFeet; });
}

}  // namespace

std::vector<GroundLine> ik_ground_lines(const Document& doc, float extent) {
  if (!doc.ground().shown || !doc.ground().on || !runs_feet(doc)) return {};
  return ground_grid_lines(doc.ground(), extent);
}

glm::mat4 ik_ground_place(const Document& doc, const glm::mat4& display) {
  return doc.shown_in_world() ? display * to_matrix(doc.world_place()) : display;
}

bool IkGizmos::input(const Document& doc, Commands& cmds, const GizmoView& shown,
                     const glm::vec2& mouse, bool hovered) {
  const GizmoView view = placed(doc, shown);
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr || doc.mode() != PlaybackMode::kStateMachine) {
    dragged_ = -1;
    return false;
  }
  const std::vector<IkMarker> markers = ik_markers(*sm);
  if (dragged_ < 0) {
    if (!hovered || !ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return false;
    const int hit = ik_target_hit(markers, view, mouse, kHitTolerancePx);
    if (hit < 0) return false;
    dragged_ = static_cast<int>(markers[hit].entry);
    value_ = markers[hit].target;
    last_ = mouse;
    return true;
  }
  if (static_cast<std::size_t>(dragged_) >= markers.size()) {
    dragged_ = -1;
    return false;
  }
  const IkMarker& m = markers[dragged_];
  if (mouse != last_) {
    value_ = drag_in_view_plane(value_, view, last_, mouse);
    last_ = mouse;
    if (!m.target_parameter.empty()) cmds.set_vector(m.target_parameter, value_);
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    // Released: a constant target becomes its new value in the setup, one undo step.
    const setup::Setup* current = cmds.setup(doc);
    if (m.target_parameter.empty() && current != nullptr) {
      setup::Setup edited = *current;
      setup::SetupIk* entry = setup_ik_entry(&edited, m);
      if (entry != nullptr && entry->target && entry->target->value != value_) {
        entry->target = setup::SetupIkVector{std::nullopt, value_};
        cmds.edit_setup(std::move(edited), "move IK target");
      }
    }
    dragged_ = -1;
  }
  return true;
}

void IkGizmos::draw(ImDrawList* draw, const ImVec2& origin, const Document& doc,
                    const GizmoView& shown, const glm::vec2& mouse, bool hovered,
                    float extent) const {
  const GizmoView view = placed(doc, shown);
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr || doc.mode() != PlaybackMode::kStateMachine) return;
  const std::vector<IkMarker> markers = ik_markers(*sm);
  if (markers.empty()) return;
  draw->PushClipRect(origin, ImVec2(origin.x + view.size.x, origin.y + view.size.y));
  const Span<const glm::mat4> joints = doc.posed().model_space;
  auto joint_at = [&](int j, ImVec2* out) {
    return j >= 0 && static_cast<std::size_t>(j) < joints.size() &&
           project(glm::vec3(joints[j][3]), shown, origin, out);
  };
  const int hot = dragged_ >= 0 ? dragged_
                  : hovered     ? ik_target_hit(markers, view, mouse, kHitTolerancePx)
                                : -1;
  for (const IkMarker& m : markers) {
    if (!ik_marker_drawn(m)) continue;
    const ImU32 color = ik_reach_color(m);
    for (const auto& [a, b] : m.bones) {
      ImVec2 pa, pb;
      if (joint_at(a, &pa) && joint_at(b, &pb)) draw->AddLine(pa, pb, color, 4.0f);
    }
    for (int j : m.chain) {
      ImVec2 p;
      if (joint_at(j, &p)) draw->AddCircleFilled(p, 4.0f, color);
    }
    for (const IkLegMarker& leg : m.legs) {
      ImVec2 p, q;
      if (!leg.hit || !project(leg.point, view, origin, &p)) continue;
      const ImU32 leg_color = leg.reached ? kIkReachedColor : kIkUnreachedColor;
      draw->AddCircle(p, 6.0f, leg_color, 16, 2.0f);
      if (project(leg.point + leg.normal * (extent * 0.15f), view, origin, &q)) {
        draw->AddLine(p, q, leg_color, 2.0f);
      }
    }
    if (!m.has_target) continue;
    const bool is_hot = static_cast<int>(m.entry) == hot;
    const glm::vec3 target = static_cast<int>(m.entry) == dragged_ ? value_ : m.target;
    ImVec2 t;
    if (!project(target, view, origin, &t)) continue;
    if (!m.chain.empty()) {
      ImVec2 end;
      if (joint_at(m.chain.back(), &end))
        draw->AddLine(end, t, (color & 0x00FFFFFFu) | 0x90000000u, 1.5f);
    }
    diamond(draw, t, 8.0f, color, is_hot);
  }
  draw->PopClipRect();
  if (hot >= 0 && static_cast<std::size_t>(hot) < markers.size() && dragged_ < 0) {
    const IkMarker& m = markers[hot];
    if (m.target_parameter.empty()) {
      ImGui::SetTooltip("%s: %s\ndrag to move the target (a setup edit, one undo step)",
                        m.name.c_str(), m.reached ? "reached" : "not reached");
    } else {
      ImGui::SetTooltip("%s: %s\ndrag to move the target (parameter %s)", m.name.c_str(),
                        m.reached ? "reached" : "not reached", m.target_parameter.c_str());
    }
  }
}

}  // namespace anim::ui
