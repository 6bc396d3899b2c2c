#include "cli/shared_options.h"

#include "cli/option_builders.h"

namespace anim::app {
namespace {

Error refused(const std::string& message) {
  return Error{Error::Code::kInvalidArgument, message, ""};
}

// --NAME with one of `names`, kept as text once `parse` accepts it.
void add_named_choice(CLI::App& app, const std::string& name, std::string& to,
                      const std::vector<std::string>& names, const std::string& help,
                      Result<int> (*parse)(const std::string&)) {
  add_value<int>(
      app, name, [&to, names](int index) { to = names[index]; }, choices_value_name(names), help,
      parse);
}

}  // namespace

void add_anim_option(CLI::App& app, std::vector<std::string>& files) {
  add_list(app, "--anim", files, "FILE",
           "adds the clips of a clip file (a Mixamo clip, Hero@Walk.fbx, a BVH take), bound to "
           "the model's joints by name");
}

void add_set_option(CLI::App& app, std::vector<std::string>& changes) {
  add_list(app, "--set", changes, "NAME=VALUE@SECONDS",
           "sets a state machine parameter at SECONDS of playback (@SECONDS defaults to 0; a "
           "trigger may leave out =VALUE; true and false for bools; X,Y,Z for a vector3 "
           "parameter, an IK target in model space: look=1,2,0.5@0)");
}

void add_travel_option(CLI::App& app, std::vector<std::string>& travels) {
  add_list(app, "--travel", travels, "PATH@SECONDS",
           "from SECONDS on, takes the shortest path of transitions to the state PATH (a nested "
           "state as Machine/State), one after the other, without their conditions");
}

void add_shading_option(CLI::App& app, std::string& shading) {
  add_named_choice(app, "--shading", shading, kShadingNames,
                   "lit, or a debug view: the selected joint's weight heatmap, each vertex's "
                   "dominant joint, influence count, or weight cut by the four-influence limit",
                   parse_shading_name);
}

Result<int> parse_shading_name(const std::string& text) {
  return choice_parser(kShadingNames, [](const std::string& got) {
    return "--shading: unknown mode \"" + got +
           "\" (lit, heatmap, dominant, influences, truncated)";
  })(text);
}

void add_ramp_option(CLI::App& app, std::string& ramp) {
  add_named_choice(app, "--ramp", ramp, kRampNames, "the colour ramp of the data shadings",
                   parse_ramp_name);
}

Result<int> parse_ramp_name(const std::string& text) {
  return choice_parser(kRampNames, [](const std::string& got) {
    return "--ramp: unknown ramp \"" + got + "\" (blender, greyscale, viridis)";
  })(text);
}

void add_up_option(CLI::App& app, std::optional<std::string>& up) {
  add_value<std::string>(
      app, "--up", up, "y|z|x|-y|-z|-x",
      "the model axis that points up, over what the file says (Source SMD, 3DS and many CAD "
      "exports stand on Z)",
      [](const std::string& text) -> Result<std::string> {
        Result<FileUpAxis> axis = parse_up_axis_name(text);
        if (!axis.ok()) return axis.error();
        return text;
      });
}

Result<FileUpAxis> parse_up_axis_name(const std::string& text) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string axis =
      text.empty() || (text[0] != '-' && text[0] != '+') ? text : text.substr(1);
  for (int8_t i = 0; i < 3; ++i) {
    const char lower = static_cast<char>('x' + i), upper = static_cast<char>('X' + i);
    if (axis.size() == 1 && (axis[0] == lower || axis[0] == upper)) {
      return FileUpAxis{i, static_cast<int8_t>(negative ? -1 : 1)};
    }
  }
  return refused("--up: \"" + text + "\" is not an axis (y, z, x, -y, -z or -x)");
}

}  // namespace anim::app
