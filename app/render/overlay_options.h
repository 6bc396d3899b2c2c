#pragma once
// The overlay options `render` and the tool share (cli/overlay_flags.h defines and parses them),
// as the viewport's settings.
#include "anim/ui/scene/viewport_settings.h"
#include "cli/overlay_flags.h"

namespace anim::app {

void apply_overlay_options(const OverlayOptions& options, ui::ViewportSettings& settings);

}  // namespace anim::app
