#pragma once
// Options that several commands (and the tool) take, defined once so that they read, check and
// explain their values the same everywhere: --anim, --set, --shading, --ramp and --up.
#include <optional>
#include <string>
#include <vector>

#include "anim/model.h"
#include "anim/result.h"

namespace CLI {
class App;
}

namespace anim::app {

// --anim FILE ...: clip files added to a model or setup.
void add_anim_option(CLI::App& app, std::vector<std::string>& files);

// --set NAME=VALUE@SECONDS ...: parameter changes for the state machine (cli/scripted_run.h).
void add_set_option(CLI::App& app, std::vector<std::string>& changes);
// --travel PATH@SECONDS (repeatable): play's, pose's and render's.
void add_travel_option(CLI::App& app, std::vector<std::string>& travels);

// --shading: these names, in the order of ui::Shading's values.
inline const std::vector<std::string> kShadingNames = {"lit", "heatmap", "dominant", "influences",
                                                       "truncated"};
void add_shading_option(CLI::App& app, std::string& shading);
// The index of `text` in kShadingNames; the Error lists the modes.
Result<int> parse_shading_name(const std::string& text);

// --ramp: the data shadings' colour ramps, by ui::ramp_option's names.
inline const std::vector<std::string> kRampNames = {"blender", "greyscale", "viridis"};
void add_ramp_option(CLI::App& app, std::string& ramp);
// The index of `text` in kRampNames; the Error lists the ramps.
Result<int> parse_ramp_name(const std::string& text);

// --up: "y", "z" or "x" (either case) with an optional sign ("-z"), the model axis that points up.
void add_up_option(CLI::App& app, std::optional<std::string>& up);
Result<FileUpAxis> parse_up_axis_name(const std::string& text);

}  // namespace anim::app
