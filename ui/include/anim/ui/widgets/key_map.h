#pragma once
// Keys the views use that ImGui 1.86 does not name (it names no function keys, and of the
// letters only A, C, V, X, Y and Z): for each, the index into io.KeysDown that the platform
// backend fills. The app sets the map once from its backend (the tool: SDL scancodes), so the ui
// layer knows no platform; until then every key is unmapped and never counts as pressed.
namespace anim::ui {

struct KeyMap {
  int rename = -1;     // F2: rename the selected state in the graph.
  int frame_all = -1;  // F: frame every box of the graph.
};

void set_key_map(const KeyMap& keys);
const KeyMap& key_map();

// Whether `key`, an index of the map, went down this frame (no repeats); false when unmapped.
bool key_pressed(int key);

}  // namespace anim::ui
