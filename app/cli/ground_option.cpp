#include "cli/ground_option.h"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/comma_list.h"
#include "cli/option_builders.h"

namespace anim::app {
namespace {

constexpr const char* kForm = "nx,ny,nz,d[@xmin,xmax,zmin,zmax]";

Error refused(const std::string& text, const std::string& why) {
  return Error{Error::Code::kInvalidArgument,
               "--ground " + text + ": " + why + " (expected " + kForm + ")", ""};
}

// `text` split at commas into exactly `count` finite numbers; else why not.
std::optional<std::string> read_numbers(const std::string& text, std::size_t count,
                                        const std::string& what, float* numbers) {
  const std::vector<std::string> parts = split_at_commas(text);
  if (parts.size() != count) {
    return what + " needs " + std::to_string(count) + " numbers, got " +
           std::to_string(parts.size());
  }
  for (std::size_t i = 0; i < count; ++i) {
    const std::string& part = parts[i];
    char* end = nullptr;
    const float f = std::strtof(part.c_str(), &end);
    if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(f)) {
      return "\"" + part + "\" in " + what + " is not a finite number";
    }
    numbers[i] = f;
  }
  return std::nullopt;
}

}  // namespace

Result<GroundPlane> parse_ground_plane(const std::string& text) {
  const std::size_t at = text.find('@');
  const std::string plane_text = text.substr(0, at);
  GroundPlane plane;
  float p[4];
  if (std::optional<std::string> why = read_numbers(plane_text, 4, "the plane", p)) {
    return refused(text, *why);
  }
  plane.normal = {p[0], p[1], p[2]};
  plane.d = p[3];
  if (p[0] == 0.0f && p[1] == 0.0f && p[2] == 0.0f) {
    return refused(text, "the normal is zero");
  }
  if (at != std::string::npos) {
    float r[4];
    if (std::optional<std::string> why = read_numbers(text.substr(at + 1), 4, "the region", r)) {
      return refused(text, *why);
    }
    if (r[0] > r[1]) return refused(text, "the region's xmin is above its xmax");
    if (r[2] > r[3]) return refused(text, "the region's zmin is above its zmax");
    plane.min_x = r[0];
    plane.max_x = r[1];
    plane.min_z = r[2];
    plane.max_z = r[3];
  }
  // What a huge normal's length overflows to, say.
  const GroundPlanes one{Span<const GroundPlane>(&plane, 1)};
  if (!one.validate()) return refused(text, "the normal's length is not finite");
  return plane;
}

void add_ground_option(CLI::App& app, std::vector<GroundPlane>& planes) {
  CLI::Option* option = app.add_option_function<std::vector<std::string>>(
      "--ground",
      [&planes](const std::vector<std::string>& texts) {
        for (const std::string& text : texts) {
          Result<GroundPlane> plane = parse_ground_plane(text);
          if (!plane.ok()) refuse_value(plane.error());
          planes.push_back(plane.value());
        }
      },
      "a ground plane for the setup's feet IK entries, in model space: the plane "
      "dot(normal, p) = d (the normal made unit length), optionally only over x in "
      "[xmin, xmax] and z in [zmin, zmax]; repeatable (a step is a floor and a raised plane "
      "over x >= x0); without it feet entries find no ground and do nothing");
  option->type_name(kForm)->allow_extra_args(false)->multi_option_policy(
      CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace anim::app
