#pragma once
// The tool's --ground-shape HEIGHT,TILT[,STEP_X,STEP_HEIGHT]: the ground the Document gives the
// feet IK entries as it opens (ui::GroundSettings; the IK panel's Ground controls), so a
// screenshot can show feet on a slope or a step.
#include <string>

#include "anim/result.h"
#include "anim/ui/model/ik_ground.h"

namespace anim::app {

// Two finite numbers (height, tilt in degrees about +z within +-80) or four (and a step over
// x >= STEP_X raised by STEP_HEIGHT); the Error names --ground-shape and the value.
Result<ui::GroundSettings> parse_tool_ground(const std::string& text);

}  // namespace anim::app
