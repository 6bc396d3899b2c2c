#include "anim/ui/widgets/key_map.h"

#include <imgui.h>

namespace anim::ui {
namespace {
KeyMap keys;
}  // namespace

void set_key_map(const KeyMap& map) { keys = map; }
const KeyMap& key_map() { return keys; }

bool key_pressed(int key) {
  constexpr int kCount = static_cast<int>(sizeof(ImGuiIO::KeysDown) / sizeof(bool));
  return key >= 0 && key < kCount && ImGui::IsKeyPressed(key, false);
}

}  // namespace anim::ui
