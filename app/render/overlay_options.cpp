#include "render/overlay_options.h"

#include <cmath>
#include <exception>
#include <optional>
#include <string>

namespace anim::app {
namespace {

Error bad(const std::string& flag, const std::string& wants, const std::string& got) {
  return Error{Error::Code::kInvalidArgument,
               "--" + flag + " needs " + wants + ", got \"" + got + "\"", ""};
}

// A whole number in [low, high] or the fallback when absent.
Result<int> whole(const Args& args, const std::string& flag, int fallback, int low, int high) {
  const std::optional<std::string> text = args.get(flag);
  if (!text) return fallback;
  const std::string wants =
      "a whole number from " + std::to_string(low) + " to " + std::to_string(high);
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(*text, &used);
  } catch (const std::exception&) {
    return bad(flag, wants, *text);
  }
  if (used != text->size() || value < low || value > high) return bad(flag, wants, *text);
  return value;
}

}  // namespace

Result<OverlayOptions> parse_overlay_options(const Args& args) {
  OverlayOptions o;
  o.ghost_meshes = args.has("ghost-meshes");
  o.ghosts = args.has("ghosts") || o.ghost_meshes;
  o.follow = args.has("follow");
  o.onion_meshes = args.has("onion-meshes");
  Result<int> onion = whole(args, "onion", 0, 0, ui::ViewportSettings::kMaxOnionFrames);
  if (!onion.ok()) return onion.error();
  o.onion_frames = onion.value();
  Result<int> step = whole(args, "onion-step", 3, 1, 60);
  if (!step.ok()) return step.error();
  o.onion_step_frames = step.value();
  if (const std::optional<std::string> text = args.get("trail")) {
    Result<float> trail = args.get_float("trail", 0.0f);
    if (!trail.ok() || !(trail.value() > 0.0f) || trail.value() > 60.0f) {
      return bad("trail", "seconds above 0, at most 60", *text);
    }
    o.trail_seconds = trail.value();
  }
  if (const std::optional<std::string> where = args.get("root-motion")) {
    if (*where != "place" && *where != "world") {
      return bad("root-motion",
                 "place (the character on the spot) or world (walking over the grid)", *where);
    }
    o.root_motion_in_world = *where == "world";
  }
  return o;
}

void apply_overlay_options(const OverlayOptions& options, ui::ViewportSettings& settings) {
  settings.show_ghosts = options.ghosts;
  settings.ghost_meshes = options.ghost_meshes;
  settings.onion_frames = options.onion_frames;
  settings.onion_step_frames = options.onion_step_frames;
  settings.onion_meshes = options.onion_meshes;
  settings.trail_seconds = options.trail_seconds;
  settings.follow_root = options.follow;
  settings.root_motion_in_world = options.root_motion_in_world;
}

}  // namespace anim::app
