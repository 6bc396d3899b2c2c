#include "anim/ui/views/animate/timeline_foot_plants.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/bake/foot_plants.h"
#include "anim/setup/marker_edits.h"
#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

constexpr const char* kPopup = "##foot_plants";

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// A joint named as a foot of `side` ('l' or 'r'): "LeftFoot", "mixamorig:RightFoot", "foot_l",
// "Foot.R". Only a guess to start from; the combos say what is used.
bool looks_like_foot(const std::string& joint, char side) {
  const std::string name = lower(joint);
  if (name.find("foot") == std::string::npos) return false;
  const std::string word = side == 'l' ? "left" : "right";
  const std::string suffixes[] = {std::string("_") + side, std::string(".") + side};
  if (name.find(word) != std::string::npos) return true;
  for (const std::string& s : suffixes) {
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
      return true;
    }
  }
  return false;
}

int guess_foot(const Skeleton& skeleton, char side) {
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    if (looks_like_foot(skeleton.names[j], side)) return static_cast<int>(j);
  }
  return -1;
}

// A combo of "(none)" and every joint of `skeleton`; `key` names its rects.
void joint_combo(const std::string& key, const Skeleton& skeleton, int* joint, ItemRects& rects) {
  const bool valid = *joint >= 0 && static_cast<std::size_t>(*joint) < skeleton.joint_count();
  const char* preview = valid ? skeleton.names[static_cast<std::size_t>(*joint)].c_str() : "(none)";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  const bool open = ImGui::BeginCombo(("##" + key).c_str(), preview);
  rects.record(key);
  if (!open) return;
  if (ImGui::Selectable("(none)", !valid)) *joint = -1;
  rects.record(key + "=(none)");
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    ImGui::PushID(static_cast<int>(j));
    if (ImGui::Selectable(skeleton.names[j].c_str(), static_cast<int>(j) == *joint)) {
      *joint = static_cast<int>(j);
    }
    rects.record(key + "=" + skeleton.names[j]);
    ImGui::PopID();
  }
  ImGui::EndCombo();
}

// "Left foot [joint]  marker [L]": labels apart from the fields, so that each field's rect is
// its frame alone and the rows line up.
void foot_row(const char* label, const std::string& key, const Skeleton& skeleton, int* joint,
              char* name, std::size_t name_size, ItemRects& rects) {
  const float fields_x = ImGui::CalcTextSize("Right foot").x + ImGui::GetStyle().ItemSpacing.x;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(fields_x);
  joint_combo(key, skeleton, joint, rects);
  ImGui::SameLine();
  ImGui::TextUnformatted("marker");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.0f);
  ImGui::InputText(("##" + key + "_name").c_str(), name, name_size);
  rects.record(key + "_name");
}

}  // namespace

void FootPlantsPopup::open(const Document& doc) {
  const Skeleton& skeleton = doc.model().skeleton;
  const auto out_of_range = [&](int joint) {
    return joint >= static_cast<int>(skeleton.joint_count());
  };
  if (document_ != doc.stamp().document || out_of_range(left_) || out_of_range(right_)) {
    document_ = doc.stamp().document;
    left_ = guess_foot(skeleton, 'l');
    right_ = guess_foot(skeleton, 'r');
  }
  message_.clear();
  ImGui::OpenPopup(kPopup);
}

void FootPlantsPopup::draw(const Document& doc, Commands& cmds, int clip, ItemRects& rects) {
  open_ = ImGui::BeginPopup(kPopup);
  if (!open_) return;
  const Model& model = doc.model();
  if (clip < 0 || static_cast<std::size_t>(clip) >= model.clips.size()) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  ImGui::Text("Foot plants of %s", model.clips[static_cast<std::size_t>(clip)].name.c_str());
  ImGui::TextDisabled("Replaces the clip's markers with one per stance of each foot");
  ImGui::Separator();
  foot_row("Left foot", "plants_left", model.skeleton, &left_, left_name_, sizeof(left_name_),
           rects);
  foot_row("Right foot", "plants_right", model.skeleton, &right_, right_name_, sizeof(right_name_),
           rects);
  if (!message_.empty()) ImGui::TextColored(colors::warning(), "%s", message_.c_str());

  // A foot counts when it is chosen and named; at least one must.
  const bool left_ready = left_ >= 0 && left_name_[0] != '\0';
  const bool right_ready = right_ >= 0 && right_name_[0] != '\0';
  ImGui::BeginDisabled(!left_ready && !right_ready);
  bool close = ImGui::Button("Find") && find(doc, cmds, clip);
  rects.record("plants_find");
  ImGui::EndDisabled();
  ImGui::SameLine();
  close = ImGui::Button("Cancel") || close;
  if (close) {
    ImGui::CloseCurrentPopup();
    open_ = false;  // Now, so that the Timeline stops keeping this clip this frame.
  }
  ImGui::EndPopup();
}

bool FootPlantsPopup::find(const Document& doc, Commands& cmds, int clip) {
  const Model& model = doc.model();
  const Clip& shown = model.clips[static_cast<std::size_t>(clip)];
  const struct {
    int joint;
    const char* name;
  } feet[] = {{left_, left_name_}, {right_, right_name_}};
  std::vector<setup::SetupMarker> markers;
  for (const auto& foot : feet) {
    if (foot.joint < 0 || foot.name[0] == '\0') continue;
    Result<std::vector<bake::FootPlant>> plants = bake::find_foot_plants(model, clip, foot.joint);
    if (!plants.ok()) {
      message_ = plants.error().message;
      return false;
    }
    for (const bake::FootPlant& plant : plants.value()) {
      setup::SetupMarker marker;
      marker.name = foot.name;
      marker.time = plant.time;
      markers.push_back(std::move(marker));
    }
  }
  if (markers.empty()) {
    message_ = "No plants found: the clip's markers are kept";
    return false;
  }
  setup::Setup edited = *cmds.setup(doc);
  if (setup::replace_clip_markers(edited, shown.name, std::move(markers), shown.duration)) {
    cmds.edit_setup(std::move(edited), "find foot plants of " + shown.name);
  }
  return true;
}

}  // namespace anim::ui
