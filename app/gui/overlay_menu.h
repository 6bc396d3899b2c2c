#pragma once
// The View menu's overlay items: ghosts, onion skin, trails and the follow camera.
#include "anim/ui/scene/viewport_settings.h"

namespace anim::app {

// Draws the items inside an open menu; changes `settings` in place (view state, no document).
void overlay_menu_items(ui::ViewportSettings& settings);

}  // namespace anim::app
