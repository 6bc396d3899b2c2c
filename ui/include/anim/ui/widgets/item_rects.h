#pragma once
// Screen rectangles of named widgets from the last frame a panel drew. Headless UI tests use
// them to click real widgets through ImGui's input, as a user would.
#include <map>
#include <string>

#include <imgui.h>

namespace anim::ui {

struct ItemRect {
  ImVec2 min, max;
  ImVec2 center() const { return ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f); }
};

class ItemRects {
 public:
  // Records the last submitted ImGui item under `name`.
  void record(const std::string& name) {
    rects_[name] = ItemRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
  }
  // Records a rectangle drawn by hand (a marker that is no ImGui item) under `name`.
  void record(const std::string& name, ImVec2 min, ImVec2 max) {
    rects_[name] = ItemRect{min, max};
  }
  const ItemRect* find(const std::string& name) const {
    auto it = rects_.find(name);
    return it == rects_.end() ? nullptr : &it->second;
  }
  void clear() { rects_.clear(); }

 private:
  std::map<std::string, ItemRect> rects_;
};

}  // namespace anim::ui
