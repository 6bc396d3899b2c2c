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

// A rect found stays valid for the life of the ItemRects and follows its name: after the next
// frame it holds that frame's rect of the same widget. (Entries are never freed, so a test
// holding one across frames reads no freed memory: clear() only hides them.)
class ItemRects {
 public:
  // Records the last submitted ImGui item under `name`.
  void record(const std::string& name) {
    record(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  }
  // Records a rectangle drawn by hand (a marker that is no ImGui item) under `name`.
  void record(const std::string& name, ImVec2 min, ImVec2 max) {
    Entry& e = rects_[name];
    e.rect = ItemRect{min, max};
    e.shown = true;
  }
  // The rect recorded under `name` since the last clear(), or null.
  const ItemRect* find(const std::string& name) const {
    auto it = rects_.find(name);
    return it == rects_.end() || !it->second.shown ? nullptr : &it->second.rect;
  }
  void clear() {
    for (auto& [name, entry] : rects_) entry.shown = false;
  }

 private:
  struct Entry {
    ItemRect rect;
    bool shown = false;
  };
  std::map<std::string, Entry> rects_;
};

}  // namespace anim::ui
