#pragma once
// The ui's key map (anim/ui/widgets/key_map.h) for the tool's backend: ImGui's SDL backend fills
// io.KeysDown by SDL scancode.
#include <SDL_scancode.h>

#include "anim/ui/widgets/key_map.h"

namespace anim::app {

inline ui::KeyMap sdl_key_map() {
  ui::KeyMap keys;
  keys.rename = SDL_SCANCODE_F2;
  keys.frame_all = SDL_SCANCODE_F;
  return keys;
}

}  // namespace anim::app
