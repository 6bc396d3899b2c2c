#include "anim/ui/views/animate/bone_tree_panel.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include <imgui.h>
#include <imgui_internal.h>

#include "anim/setup/layer_edits.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

std::string lowercase(const std::string& text) {
  std::string out = text;
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Start of `needle` (already lowercase) inside `name`, ignoring case; npos when absent.
std::size_t find_ignoring_case(const std::string& name, const std::string& needle) {
  return lowercase(name).find(needle);
}

void* joint_id(int joint) { return reinterpret_cast<void*>(static_cast<intptr_t>(joint)); }

// How many vertices the hovered joint moves, or that it moves none.
// The hovered joint's tooltip: its full name when the panel cuts it (`cut`), then how many
// vertices it moves.
void joint_tooltip(const Document& doc, int joint, bool moves_nothing, bool cut,
                   const char* label) {
  const std::vector<uint32_t>& influenced = doc.influenced_vertices();
  std::string text = cut ? std::string(label) + "\n" : std::string();
  if (moves_nothing) {
    text += "influences no vertex";
  } else if (!doc.model().mesh.vertices.empty() &&
             static_cast<std::size_t>(joint) < influenced.size()) {
    text += "Joint " + std::to_string(joint) + ": influences " + format_count(influenced[joint]) +
            " vertices";
  } else if (cut) {
    text.pop_back();  // The name alone.
  }
  if (!text.empty()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace

void BoneTreePanel::rebuild(const Model& model) {
  const Skeleton& skeleton = model.skeleton;
  parents_ = skeleton.parents;
  children_.assign(skeleton.joint_count(), {});
  roots_.clear();
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    const int parent = skeleton.parents[j];
    if (parent >= 0 && static_cast<std::size_t>(parent) < j) {
      children_[parent].push_back(static_cast<int>(j));
    } else {
      roots_.push_back(static_cast<int>(j));
    }
  }
  applied_filter_.clear();
  shown_.clear();
  last_selection_ = -1;
  reveal_ = -1;
}

void BoneTreePanel::apply_filter(const Skeleton& skeleton) {
  const std::string needle = lowercase(filter);
  if (needle == applied_filter_ && shown_.size() == skeleton.joint_count()) return;
  applied_filter_ = needle;
  shown_.assign(skeleton.joint_count(), 0);
  matched_.assign(skeleton.joint_count(), 0);
  match_count_ = 0;
  force_open_ = true;
  if (needle.empty()) return;
  // Parents come first, so walking each match up to its root marks every ancestor.
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    if (find_ignoring_case(skeleton.names[j], needle) == std::string::npos) continue;
    matched_[j] = 1;
    ++match_count_;
    for (int a = static_cast<int>(j); a >= 0 && !shown_[a]; a = skeleton.parents[a]) {
      shown_[a] = 1;
    }
  }
}

void BoneTreePanel::draw(const Document& doc, Commands& cmds, Selection& sel) {
  rects.clear();
  const Model& model = doc.model();
  const Skeleton& skeleton = model.skeleton;
  if (document_ != doc.stamp().document || parents_ != skeleton.parents) {
    // Another file: its joints have other names, so an old search would only hide them.
    if (document_ != doc.stamp().document) filter[0] = '\0';
    document_ = doc.stamp().document;
    rebuild(model);
  }
  const int joint_count = static_cast<int>(skeleton.joint_count());

  if (joint_count == 0) {
    ImGui::TextDisabled("No skeleton: this is a static model.");
    return;
  }

  // A selection that changed since last frame came from elsewhere: reveal it once.
  if (sel.joint != last_selection_) {
    last_selection_ = sel.joint;
    reveal_ = sel.joint >= 0 && sel.joint < joint_count ? sel.joint : -1;
    reveal_path_.assign(joint_count, 0);
    for (int a = reveal_ >= 0 ? skeleton.parents[reveal_] : -1; a >= 0; a = skeleton.parents[a]) {
      reveal_path_[a] = 1;
    }
  }

  const bool entered = search_field();
  apply_filter(skeleton);
  const bool filtering = !applied_filter_.empty();
  // Enter selects the one joint that matches (several: Enter does nothing, the list shows them).
  if (entered && filtering && match_count_ == 1) {
    for (int j = 0; j < joint_count; ++j) {
      if (matched_[j]) sel.joint = j;
    }
  }
  count_line(joint_count, filtering);

  const bool masking = mask_header(doc, sel);
  toggled_ = -1;
  if (ImGui::BeginChild("##joints", ImVec2(0.0f, 0.0f), false,
                        ImGuiWindowFlags_HorizontalScrollbar)) {
    // The filtered view keeps its own open/closed states, so clearing the search brings the
    // tree back as the user left it.
    ImGui::PushID(filtering ? "filtered" : "tree");
    for (int root : roots_) draw_joint(root, doc, sel, filtering);
    ImGui::PopID();
  }
  ImGui::EndChild();
  if (masking && toggled_ >= 0) edit_mask(doc, cmds, sel);
  if (filtering) force_open_ = false;
  open_all_ = 0;
  reveal_ = -1;
}

bool BoneTreePanel::search_field() {
  // With a clear button while it holds text.
  const bool has_text = filter[0] != '\0';
  const float clear_width = ImGui::GetFrameHeight();
  ImGui::SetNextItemWidth(has_text ? ImGui::GetContentRegionAvail().x - clear_width -
                                         ImGui::GetStyle().ItemInnerSpacing.x
                                   : -FLT_MIN);
  const bool entered = ImGui::InputTextWithHint("##filter", "Search joints", filter, sizeof(filter),
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  rects.record("filter");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Enter selects the joint when one matches");
  if (has_text) {
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    if (ImGui::Button("x##clear_filter", ImVec2(clear_width, 0.0f))) filter[0] = '\0';
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clear the search");
  }
  return entered;
}

void BoneTreePanel::count_line(int joint_count, bool filtering) {
  if (filtering) {
    if (match_count_ == 0) {
      ImGui::TextColored(colors::warning(), "No joint matches \"%s\"", filter);
    } else {
      ImGui::TextDisabled("%d of %d joints match", match_count_, joint_count);
    }
    return;
  }
  ImGui::TextDisabled("%d joints", joint_count);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("Expand all").x +
                        ImGui::CalcTextSize("Collapse all").x + style.FramePadding.x * 4.0f +
                        style.ItemSpacing.x;
  const float after_text =
      ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + style.ItemSpacing.x;
  ImGui::SameLine(std::max(after_text, ImGui::GetWindowContentRegionMax().x - buttons));
  if (ImGui::SmallButton("Expand all")) open_all_ = 1;
  rects.record("expand");
  ImGui::SameLine();
  if (ImGui::SmallButton("Collapse all")) open_all_ = -1;
  rects.record("collapse");
}

void BoneTreePanel::edit_mask(const Document& doc, Commands& cmds, const Selection& sel) {
  const Skeleton& skeleton = doc.model().skeleton;
  setup::Setup changed = *doc.setup();
  setup::SetupLayer& layer = changed.layers[mask_layer_];
  const bool include = !mask_[toggled_];
  if (set_joint_in_mask(layer, skeleton, toggled_, include)) {
    cmds.edit_setup(std::move(changed), std::string(include ? "add " : "remove ") +
                                            skeleton.names[toggled_] + (include ? " to" : " from") +
                                            " the mask of layer " + sel.mask_layer);
  }
}

bool BoneTreePanel::mask_header(const Document& doc, Selection& sel) {
  mask_layer_ = -1;
  if (sel.mask_layer.empty() || doc.setup() == nullptr) return false;
  const std::vector<setup::SetupLayer>& layers = doc.setup()->layers;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    if (layers[i].name == sel.mask_layer) mask_layer_ = static_cast<int>(i);
  }
  if (mask_layer_ < 0) {
    sel.mask_layer.clear();
    return false;
  }
  mask_ = mask_of(layers[mask_layer_], doc.model().skeleton);
  if (ImGui::SmallButton("Done")) sel.mask_layer.clear();
  rects.record("mask_done");
  ImGui::SameLine();
  ImGui::TextColored(colors::highlight(), "Mask of %s", sel.mask_layer.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Ticked joints move with layer %s; a tick takes the joint's subtree along",
                      sel.mask_layer.c_str());
  }
  return !sel.mask_layer.empty();
}

void BoneTreePanel::draw_joint(int joint, const Document& doc, Selection& sel, bool filtering) {
  if (filtering && !shown_[joint]) return;
  const Skeleton& skeleton = doc.model().skeleton;
  const bool has_children = has_shown_children(joint, filtering);
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick |
                             ImGuiTreeNodeFlags_SpanAvailWidth;
  if (!has_children) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (joint == sel.joint) flags |= ImGuiTreeNodeFlags_Selected;

  if (mask_layer_ >= 0 && static_cast<std::size_t>(joint) < mask_.size()) {
    mask_checkbox(joint, skeleton.names[joint]);
  }
  set_next_open(joint, filtering);

  const std::vector<uint32_t>& influenced = doc.influenced_vertices();
  // Without a mesh every joint moves nothing, and dimming them all would say nothing.
  const bool moves_nothing = !doc.model().mesh.vertices.empty() &&
                             static_cast<std::size_t>(joint) < influenced.size() &&
                             influenced[joint] == 0;
  const bool matched = filtering && matched_[joint];
  int colors_pushed = 0;
  if (matched) {
    ImGui::PushStyleColor(ImGuiCol_Text, colors::highlight());
    ++colors_pushed;
  } else if (moves_nothing) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ++colors_pushed;
  }
  const std::string& name = skeleton.names[joint];
  char unnamed[32];
  std::snprintf(unnamed, sizeof(unnamed), "(joint %d)", joint);
  const char* label = name.empty() ? unnamed : name.c_str();
  const bool open = ImGui::TreeNodeEx(joint_id(joint), flags, "%s", label);
  ImGui::PopStyleColor(colors_pushed);
  rects.record("joint:" + name);

  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    sel.joint = joint;
    last_selection_ = joint;  // Chosen here: no need to reveal it.
  }
  // Cut by the panel's right edge (deep joints, long names): the tooltip gives the full name.
  const float label_end =
      ImGui::GetItemRectMin().x + ImGui::GetTreeNodeToLabelSpacing() + ImGui::CalcTextSize(label).x;
  const bool cut = label_end > ImGui::GetCurrentWindow()->InnerClipRect.Max.x;
  if (cut) rects.record("cut:" + name);
  if (ImGui::IsItemHovered()) joint_tooltip(doc, joint, moves_nothing, cut, label);
  if (matched) underline_match(name);
  if (joint == reveal_) ImGui::SetScrollHereY(0.5f);

  if (open && has_children) {
    for (int child : children_[joint]) draw_joint(child, doc, sel, filtering);
    ImGui::TreePop();
  }
}

bool BoneTreePanel::has_shown_children(int joint, bool filtering) const {
  for (int child : children_[joint]) {
    if (!filtering || shown_[child]) return true;
  }
  return false;
}

void BoneTreePanel::mask_checkbox(int joint, const std::string& name) {
  // Before the open state is set up: that applies to the next item, the tree node.
  bool in_mask = mask_[joint];
  ImGui::PushID(joint);
  if (ImGui::Checkbox("##mask", &in_mask)) toggled_ = joint;
  ImGui::PopID();
  rects.record("mask:" + name);
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
}

void BoneTreePanel::set_next_open(int joint, bool filtering) const {
  if (filtering && force_open_) {
    ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  } else if (open_all_ != 0) {
    ImGui::SetNextItemOpen(open_all_ > 0, ImGuiCond_Always);
  } else if (start_expanded) {
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
  }
  if (reveal_ >= 0 && reveal_path_[joint]) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
}

void BoneTreePanel::underline_match(const std::string& name) const {
  const std::size_t at = find_ignoring_case(name, applied_filter_);
  const float x0 = ImGui::GetItemRectMin().x + ImGui::GetTreeNodeToLabelSpacing() +
                   ImGui::CalcTextSize(name.c_str(), name.c_str() + at).x;
  const float x1 =
      x0 + ImGui::CalcTextSize(name.c_str() + at, name.c_str() + at + applied_filter_.size()).x;
  const float y = ImGui::GetItemRectMax().y - 2.0f;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(x0, y), ImVec2(x1, y),
                                      ImGui::GetColorU32(colors::highlight()), 1.5f);
}

}  // namespace anim::ui
