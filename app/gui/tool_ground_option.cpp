#include "gui/tool_ground_option.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "cli/comma_list.h"

namespace anim::app {
namespace {

Error refused(const std::string& text, const std::string& why) {
  return Error{Error::Code::kInvalidArgument,
               "--ground-shape " + text + ": " + why +
                   " (expected HEIGHT,TILT or HEIGHT,TILT,STEP_X,STEP_HEIGHT)",
               ""};
}

}  // namespace

Result<ui::GroundSettings> parse_tool_ground(const std::string& text) {
  const std::vector<std::string> parts = split_at_commas(text);
  if (parts.size() != 2 && parts.size() != 4) return refused(text, "needs 2 or 4 numbers");
  std::vector<float> numbers;
  for (const std::string& part : parts) {
    char* end = nullptr;
    const float v = std::strtof(part.c_str(), &end);
    if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(v)) {
      return refused(text, "\"" + part + "\" is not a number");
    }
    numbers.push_back(v);
  }
  if (std::abs(numbers[1]) > ui::kMaxGroundTiltDegrees) {
    return refused(text, "the tilt is at most 80 degrees either way");
  }
  ui::GroundSettings g;
  g.height = numbers[0];
  g.tilt_degrees = numbers[1];
  if (numbers.size() == 4) {
    g.step = true;
    g.step_x = numbers[2];
    g.step_height = numbers[3];
  }
  return g;
}

}  // namespace anim::app
