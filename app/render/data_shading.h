#pragma once
// The skinned shader's uniforms for the data shadings: the ramp's stops, the no-data colour,
// lighting on or off and the truncated weight's scale.
#include "anim/ui/scene/viewport_settings.h"
#include "render/shader_program.h"

namespace anim::app {

// Sets them on `program`, which must be in use.
void set_data_shading(const ShaderProgram& program, const ui::ViewportSettings& settings);

}  // namespace anim::app
