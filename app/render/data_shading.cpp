#include "render/data_shading.h"

#include <string>

#include "anim/ui/scene/color_ramp.h"
#include "anim/ui/scene/weight_legend.h"

namespace anim::app {

void set_data_shading(const ShaderProgram& program, const ui::ViewportSettings& settings) {
  const ui::RampStops& stops = ui::ramp_stops(settings.ramp);
  for (int i = 0; i < stops.count; ++i) {
    const std::string name = "u_ramp[" + std::to_string(i) + "]";
    program.set(name.c_str(), stops.colors[i]);
  }
  program.set("u_ramp_stops", stops.count);
  program.set("u_no_data_color", ui::kNoDataColor);
  program.set("u_unlit", settings.unlit ? 1 : 0);
  program.set("u_truncated_top", ui::kTruncatedRampTop);
}

}  // namespace anim::app
