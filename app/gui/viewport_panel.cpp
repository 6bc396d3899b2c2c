#include "gui/viewport_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <SDL_scancode.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/clip_sample_rate.h"
#include "anim/ui/model/clip_extent.h"
#include "anim/ui/scene/follow_camera.h"
#include "anim/ui/scene/joint_picking.h"
#include "anim/ui/scene/vertex_influences.h"
#include "anim/ui/scene/vertex_picking.h"
#include "anim/ui/scene/weight_legend.h"
#include "anim/ui/views/animate/viewport_overlay.h"

namespace anim::app {
namespace {

constexpr float kPickRadiusPx = 12.0f;
constexpr float kGizmoTolerancePx = 6.0f;

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label).x;
}
float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}
float ramp_combo_width() {
  return ImGui::CalcTextSize(ui::ramp_name(ui::Ramp::kBlender)).x + ImGui::GetFrameHeight() +
         2.0f * ImGui::GetStyle().FramePadding.x;
}

// The colour ramp of the ramp shadings; disabled (its place kept) under the others.
void ramp_combo(ui::ViewportSettings& s) {
  ImGui::BeginDisabled(s.shading == ui::Shading::kLit || s.shading == ui::Shading::kDominantJoint);
  ImGui::SetNextItemWidth(ramp_combo_width());
  if (ImGui::BeginCombo("##ramp", ui::ramp_name(s.ramp))) {
    for (int i = 0; i < ui::kRampCount; ++i) {
      const auto ramp = static_cast<ui::Ramp>(i);
      if (ImGui::Selectable(ui::ramp_name(ramp), ramp == s.ramp)) s.ramp = ramp;
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Colour ramp of the weight, influence and truncation shadings");
  }
}

// One of the toolbar's switches: on the row while it fits, else in its "More" menu.
struct ToolbarSwitch {
  const char* label;
  bool* value;
  const char* tooltip;
  bool disabled = false;
};

void draw_switch(const ToolbarSwitch& item, bool in_menu) {
  ImGui::BeginDisabled(item.disabled);
  if (in_menu) {
    ImGui::MenuItem(item.label, nullptr, item.value);
  } else {
    ImGui::Checkbox(item.label, item.value);
  }
  ImGui::EndDisabled();
  if (item.tooltip && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", item.tooltip);
  }
}

}  // namespace

void ViewportPanel::frame_model(const ui::Document& doc) {
  ground_ = ui::playback_extent(doc, ui::display_transform(settings.up_axis));
  camera.frame(ground_, aspect_);
}

ui::OverlayRequest ViewportPanel::overlay_request() const {
  ui::OverlayRequest request;
  request.ghosts = settings.show_ghosts;
  request.onion_frames = settings.onion_frames;
  request.onion_step = static_cast<float>(settings.onion_step_frames) / kDefaultSampleRate;
  return request;
}

void ViewportPanel::follow_pose(const ui::Document& doc, const ui::Selection& selection) {
  const float dt = doc.playing() ? ImGui::GetIO().DeltaTime * std::abs(doc.speed()) : 0.0f;
  const Span<const glm::mat4> joints = doc.posed().model_space;
  trails_.update(doc.stamp().document, doc.model(), joints, selection.joint, settings.trail_seconds,
                 dt);
  const int root = ui::trail_root_joint(doc.model());
  if (!settings.follow_root || root < 0 || static_cast<std::size_t>(root) >= joints.size()) return;
  const glm::vec3 at(ui::display_transform(settings.up_axis) * joints[root][3]);
  ui::follow_root(at, camera, &ground_);
}

// One row whatever the width and the shading: the shading and its ramp and Unlit (their places
// kept under every shading), the switches that fit, then at the right "More" with those that did
// not and Frame, so nothing wraps or moves when the shading changes.
void ViewportPanel::toolbar(const ui::Document& doc, ui::Commands& cmds) {
  rects.clear();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_left = ImGui::GetCursorPosX();
  const float row_right = row_left + ImGui::GetContentRegionAvail().x;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("Influence count").x + ImGui::GetFrameHeight() +
                          2.0f * style.FramePadding.x);
  if (ImGui::BeginCombo("##shading", ui::shading_name(settings.shading))) {
    for (int i = 0; i <= static_cast<int>(ui::Shading::kTruncatedWeight); ++i) {
      const auto mode = static_cast<ui::Shading>(i);
      if (ImGui::Selectable(ui::shading_name(mode), mode == settings.shading)) {
        settings.shading = mode;
      }
    }
    ImGui::EndCombo();
  }
  rects.record("shading");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Shading (keys 1-5)");

  const bool lit = settings.shading == ui::Shading::kLit;
  std::vector<ToolbarSwitch> switches = {
      {"Unlit", &settings.unlit, "Data colours exactly as the legend shows them, without lighting",
       lit},
      {"Mesh", &settings.show_mesh, nullptr},
      {"Skeleton", &settings.show_skeleton, nullptr},
      {"Axes", &settings.show_joint_axes, nullptr},
      {"Names", &settings.show_joint_names, nullptr},
      {"Rotate", &settings.show_rotate_gizmo,
       "Rings around the selected joint: drag one to turn the joint and see the skin follow (R)"},
  };
  if (doc.state_machine() != nullptr && doc.state_machine()->def().has_ik()) {
    switches.push_back({"IK", &settings.show_ik,
                        "The IK targets (drag one to move it), the bones they move coloured by "
                        "reach, the feet's ground hits and the ground"});
  }
  // The right end: [Reset pose] More Frame, each right-aligned; More's place is kept.
  const bool overrides = doc.has_rotation_overrides();
  const float spacing = style.ItemSpacing.x;
  const float frame_w = button_width("Frame");
  const float more_w = button_width("More");
  const float reset_w = overrides ? button_width("Reset pose") + spacing : 0.0f;
  const float right_start = row_right - frame_w - spacing - more_w - reset_w;

  // The ramp first (the shading's own), then the switches while they fit before the right end.
  std::vector<const ToolbarSwitch*> overflow;
  float x = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + spacing;
  const bool ramp_fits = x + ramp_combo_width() <= right_start - spacing;
  if (ramp_fits) {
    ImGui::SameLine();
    ramp_combo(settings);
    rects.record("ramp");
    x += ramp_combo_width() + spacing;
  }
  for (const ToolbarSwitch& item : switches) {
    const float w = checkbox_width(item.label);
    if (!overflow.empty() || x + w > right_start - spacing) {
      overflow.push_back(&item);
      continue;
    }
    ImGui::SameLine();
    draw_switch(item, false);
    rects.record(item.label);
    x += w + spacing;
  }
  ImGui::SameLine(right_start);
  if (overrides) {
    if (ImGui::Button("Reset pose")) cmds.clear_rotation_overrides();
    rects.record("reset_pose");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Undo every turn made with the rotate gizmo");
    ImGui::SameLine();
  }
  if (!overflow.empty() || !ramp_fits) {
    if (ImGui::Button("More")) ImGui::OpenPopup("##toolbar_more");
    rects.record("more");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The view's switches that do not fit here");
    if (ImGui::BeginPopup("##toolbar_more")) {
      if (!ramp_fits) {
        ImGui::TextDisabled("Ramp");
        ImGui::SameLine();
        ramp_combo(settings);
      }
      for (const ToolbarSwitch* item : overflow) draw_switch(*item, true);
      ImGui::EndPopup();
    }
  }
  ImGui::SameLine(row_right - frame_w);
  if (ImGui::Button("Frame")) frame_model(doc);
  rects.record("frame");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Fit the whole clip in the view (F): every pose it takes");
}

void ViewportPanel::handle_input(const ui::Document& doc, ui::Commands& cmds,
                                 ui::Selection& selection, const glm::vec2& origin,
                                 const glm::vec2& size) {
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  const glm::vec2 mouse(io.MousePos.x - origin.x, io.MousePos.y - origin.y);
  if (hovered && io.MouseWheel != 0.0f) camera.zoom(io.MouseWheel);
  if (settings.show_ik && ik_gizmos_.input(doc, cmds, gizmo_view(size), mouse, hovered)) {
    dragging_ = true;  // Its release picks no joint.
    return;
  }
  if (gizmo_input(doc, cmds, selection, mouse, size)) return;
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) dragging_ = false;
  if (ImGui::IsItemActive()) {
    const ImVec2 d = io.MouseDelta;
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f)) {
      dragging_ = true;
      if (io.KeyShift) {
        camera.pan(d.x, d.y, size.y);
      } else {
        camera.orbit(d.x, d.y);
      }
    }
  }
  if (hovered && (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 1.0f) ||
                  ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 1.0f))) {
    camera.pan(io.MouseDelta.x, io.MouseDelta.y, size.y);
  }
  // A click without a drag picks the nearest joint (or clears the selection); with Alt, the
  // vertex under the mouse.
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !dragging_) {
    if (io.KeyAlt) {
      selection.vertex = ui::pick_vertex(doc.model().mesh, doc.posed().palette,
                                         model_to_screen(size), size, mouse, kPickRadiusPx);
      // Alt pressed and released alone moves the keyboard focus to the menu layer: not after
      // an Alt+click.
      ImGui::GetCurrentContext()->NavWindowingToggleLayer = false;
    } else {
      selection.joint = ui::pick_joint(doc.posed().model_space, model_to_screen(size), size, mouse,
                                       kPickRadiusPx);
    }
  }
  // The view's keys work wherever the focus is (as the timeline's do), but not while a text
  // field takes the keys, with Ctrl or Alt held, or under a popup such as the file dialog.
  const bool popup =
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  if (!io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && !popup) {
    // ImGui 1.86 names only a few keys; the SDL backend indexes the rest by scancode.
    if (!frame_key_taken && ImGui::IsKeyPressed(SDL_SCANCODE_F)) frame_model(doc);
    if (ImGui::IsKeyPressed(SDL_SCANCODE_R))
      settings.show_rotate_gizmo = !settings.show_rotate_gizmo;
    for (int i = 0; i < 5; ++i) {
      if (ImGui::IsKeyPressed(SDL_SCANCODE_1 + i)) settings.shading = static_cast<ui::Shading>(i);
    }
  }
}

ui::GizmoView ViewportPanel::gizmo_view(const glm::vec2& size) const {
  return {camera.view() * ui::display_transform(settings.up_axis),
          camera.projection(size.x / size.y), size};
}

float ViewportPanel::gizmo_radius() const {
  return (ground_.valid() ? ground_.radius() : 1.0f) * 0.12f;
}

bool ViewportPanel::gizmo_input(const ui::Document& doc, ui::Commands& cmds,
                                const ui::Selection& selection, const glm::vec2& mouse,
                                const glm::vec2& size) {
  const int joint = selection.joint;
  const bool shown = settings.show_rotate_gizmo && joint >= 0 &&
                     static_cast<std::size_t>(joint) < doc.posed().model_space.size();
  if (!shown) {
    gizmo_axis_ = -1;
    return false;
  }
  const glm::mat4& m = doc.posed().model_space[joint];
  const ui::GizmoView view = gizmo_view(size);
  if (ImGui::IsItemHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    gizmo_axis_ = ui::gizmo_hit(m, gizmo_radius(), view, mouse, kGizmoTolerancePx);
    gizmo_last_ = mouse;
  }
  if (gizmo_axis_ < 0) return false;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    gizmo_axis_ = -1;
    dragging_ = true;  // The release ends a gizmo drag, not a click that picks a joint.
    return true;
  }
  const float angle = ui::gizmo_drag_angle(m, gizmo_axis_, view, gizmo_last_, mouse);
  if (angle != 0.0f) {
    glm::vec3 axis(0.0f);
    axis[gizmo_axis_] = 1.0f;
    cmds.set_rotation_override(joint, doc.rotation_override(joint) * glm::angleAxis(angle, axis));
  }
  gizmo_last_ = mouse;
  dragging_ = true;
  return true;
}

void ViewportPanel::draw_gizmo(const ui::Document& doc, const ui::Selection& selection,
                               const glm::vec2& origin, const glm::vec2& size,
                               const glm::vec2& mouse) const {
  const int joint = selection.joint;
  if (!settings.show_rotate_gizmo || joint < 0 ||
      static_cast<std::size_t>(joint) >= doc.posed().model_space.size()) {
    return;
  }
  const glm::mat4& m = doc.posed().model_space[joint];
  const ui::GizmoView view = gizmo_view(size);
  const int hot = gizmo_axis_ >= 0 ? gizmo_axis_
                  : ImGui::IsItemHovered()
                      ? ui::gizmo_hit(m, gizmo_radius(), view, mouse, kGizmoTolerancePx)
                      : -1;
  const ImU32 colors[3] = {IM_COL32(230, 70, 60, 255), IM_COL32(90, 200, 80, 255),
                           IM_COL32(70, 120, 240, 255)};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(ImVec2(origin.x, origin.y), ImVec2(origin.x + size.x, origin.y + size.y));
  for (int axis = 0; axis < 3; ++axis) {
    const std::vector<glm::vec2> ring = ui::gizmo_ring(m, axis, gizmo_radius(), view);
    std::vector<ImVec2> points;
    points.reserve(ring.size());
    for (const glm::vec2& p : ring) points.emplace_back(origin.x + p.x, origin.y + p.y);
    const bool is_hot = axis == hot;
    draw->AddPolyline(points.data(), static_cast<int>(points.size()),
                      is_hot ? IM_COL32(255, 220, 60, 255) : colors[axis], ImDrawFlags_None,
                      is_hot ? 3.5f : 2.0f);
  }
  draw->PopClipRect();
}

glm::mat4 ViewportPanel::model_to_screen(const glm::vec2& size) const {
  const ui::GizmoView view = gizmo_view(size);
  return view.projection * view.view;
}

// Joint names: every joint's with "Names" on, the hovered joint's as a tooltip, and the
// selected joint's in the corner; the picked vertex's marker and the data shading's legend.
void ViewportPanel::draw_labels(const ui::Document& doc, const ui::Selection& selection,
                                const glm::vec2& origin, const glm::vec2& size) const {
  const Skeleton& skeleton = doc.model().skeleton;
  const Span<const glm::mat4> joints = doc.posed().model_space;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 selected_color = IM_COL32(255, 170, 80, 255);
  const glm::mat4 vp = model_to_screen(size);
  draw->PushClipRect(ImVec2(origin.x, origin.y), ImVec2(origin.x + size.x, origin.y + size.y));
  if (settings.show_joint_names) {
    ui::draw_joint_names(draw, ImVec2(origin.x, origin.y), size, skeleton, joints, vp,
                         selection.joint);
  }
  const int vertex = selection.vertex;
  glm::vec2 at;
  if (vertex >= 0 && static_cast<std::size_t>(vertex) < doc.model().mesh.vertices.size() &&
      ui::project_to_viewport(
          ui::skinned_position(doc.model().mesh.vertices[vertex], doc.posed().palette), vp, size,
          &at)) {
    ui::draw_vertex_marker(draw, ImVec2(origin.x + at.x, origin.y + at.y), vertex);
  }
  if (settings.show_legend) {
    ui::draw_legend(draw, ImVec2(origin.x, origin.y), size,
                    ui::make_legend(doc.model(), settings, selection.vertex));
  }
  draw->PopClipRect();
  if (ImGui::IsItemHovered() && !ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
      alt_hover_vertex_ < 0) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int hovered = ui::pick_joint(
        joints, vp, size, glm::vec2(mouse.x - origin.x, mouse.y - origin.y), kPickRadiusPx);
    if (hovered >= 0 && static_cast<std::size_t>(hovered) < skeleton.joint_count()) {
      ImGui::SetTooltip("%s\nclick to select, Alt+click a vertex", skeleton.names[hovered].c_str());
    }
  }
  if (selection.joint >= 0 && static_cast<std::size_t>(selection.joint) < skeleton.joint_count()) {
    ui::outlined_text(draw, ImVec2(origin.x + 8, origin.y + 6), selected_color,
                      skeleton.names[selection.joint].c_str());
  } else if (settings.shading == ui::Shading::kWeightHeatmap) {
    // In the view, not the toolbar: the toolbar keeps its places whatever the shading.
    ui::outlined_text(draw, ImVec2(origin.x + 8, origin.y + 6), IM_COL32(200, 200, 200, 255),
                      "select a joint to see its weights");
  }
}

void ViewportPanel::preview_vertex_pick(const ui::Document& doc, const glm::vec2& origin,
                                        const glm::vec2& size) {
  alt_hover_vertex_ = -1;
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyAlt || !ImGui::IsItemHovered() || ImGui::IsMouseDown(ImGuiMouseButton_Left)) return;
  const glm::mat4 vp = model_to_screen(size);
  const glm::vec2 mouse(io.MousePos.x - origin.x, io.MousePos.y - origin.y);
  const Model& model = doc.model();
  alt_hover_vertex_ =
      ui::pick_vertex(model.mesh, doc.posed().palette, vp, size, mouse, kPickRadiusPx);
  if (alt_hover_vertex_ < 0) return;
  glm::vec2 at;
  if (ui::project_to_viewport(
          ui::skinned_position(model.mesh.vertices[alt_hover_vertex_], doc.posed().palette), vp,
          size, &at)) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 p(origin.x + at.x, origin.y + at.y);
    draw->AddCircle(p, 7.0f, IM_COL32(0, 0, 0, 220), 16, 4.0f);
    draw->AddCircle(p, 7.0f, IM_COL32(255, 255, 255, 255), 16, 2.0f);
  }
  std::string tip = "vertex " + std::to_string(alt_hover_vertex_);
  for (const ui::VertexInfluence& k : ui::vertex_influences(model, alt_hover_vertex_).kept) {
    char line[160];
    std::snprintf(line, sizeof(line), "\n%s  %.3f",
                  static_cast<std::size_t>(k.joint) < model.skeleton.joint_count()
                      ? model.skeleton.names[k.joint].c_str()
                      : "?",
                  k.weight);
    tip += line;
  }
  ImGui::SetTooltip("%s\nAlt+click to pick it", tip.c_str());
}

void ViewportPanel::draw(const ui::Document& doc, ui::Commands& cmds, ui::Selection& selection,
                         ViewRenderer& renderer) {
  toolbar(doc, cmds);
  settings.selected_joint = selection.joint;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const glm::vec2 size(avail.x > 16.0f ? avail.x : 16.0f, avail.y > 16.0f ? avail.y : 16.0f);
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;

  follow_pose(doc, selection);  // Before the camera is handed over.
  FrameInputs frame;
  frame.model = &doc.model();
  frame.model_id = doc.stamp().document;
  frame.palette = doc.posed().palette;
  frame.joint_model = doc.posed().model_space;
  frame.camera = camera;
  frame.bounds = ground_;
  frame.display = ui::display_transform(settings.up_axis);
  frame.aspect = aspect_ = size.x / size.y;
  frame.ghosts = &doc.overlays().ghosts();
  frame.onion = doc.overlays().onion();
  frame.joint_trail = settings.trail_seconds > 0.0f ? &trails_.joint : nullptr;
  frame.root_trail = settings.trail_seconds > 0.0f ? &trails_.root : nullptr;
  const float extent = ground_.valid() ? ground_.radius() : 1.0f;
  ground_lines_ =
      settings.show_ik ? ui::ik_ground_lines(doc, extent) : std::vector<ui::GroundLine>{};
  frame.ground_lines = ground_lines_;
  frame.ground_place = ui::ik_ground_place(doc, frame.display);
  const unsigned image =
      renderer.draw(frame, settings, std::max(1, static_cast<int>(size.x * scale)),
                    std::max(1, static_cast<int>(size.y * scale)));

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const auto texture = reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(image));
  ImGui::Image(texture, ImVec2(size.x, size.y), ImVec2(0, 1), ImVec2(1, 0));
  // The image is not interactive by itself: an invisible button over it takes the input.
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("##viewport", ImVec2(size.x, size.y),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  handle_input(doc, cmds, selection, glm::vec2(origin.x, origin.y), size);
  preview_vertex_pick(doc, glm::vec2(origin.x, origin.y), size);
  draw_labels(doc, selection, glm::vec2(origin.x, origin.y), size);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (settings.show_ik) {
    ik_gizmos_.draw(ImGui::GetWindowDrawList(), origin, doc, gizmo_view(size),
                    glm::vec2(mouse.x - origin.x, mouse.y - origin.y), ImGui::IsItemHovered(),
                    extent);
  }
  draw_gizmo(doc, selection, glm::vec2(origin.x, origin.y), size,
             glm::vec2(mouse.x - origin.x, mouse.y - origin.y));
}

}  // namespace anim::app
