// `animscope markers MODEL|SETUP.json --foot JOINT=NAME ... [--anim FILE ...] [--up AXIS]
// [--json] [--out SETUP.json]`: finds each foot's plants in every clip (anim/bake/foot_plants.h)
// and gives them as sync markers, printed or written into a setup (its "clips", or the
// "animations" entry that gives the clip).
#include <algorithm>
#include <charconv>
#include <iomanip>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/bake/foot_plants.h"
#include "anim/clip_sample_rate.h"
#include "anim/setup/marker_edits.h"
#include "anim/setup/setup.h"
#include "cli/command_line.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "cli/shared_options.h"
#include "commands/command_input.h"
#include "commands/commands.h"
#include "loading/input_loading.h"

namespace anim::app {
namespace {

struct MarkersArgs {
  std::string input;
  std::vector<std::string> anim;
  std::vector<std::string> feet;
  std::optional<std::string> up;
  bool json = false;
  std::optional<std::string> out;
};

void define_markers(CLI::App& app, MarkersArgs& a) {
  add_input(app, a.input, "MODEL|SETUP.json",
            "a model file (any format assimp reads) or a setup (with its clip files)");
  add_list(app, "--foot", a.feet, "JOINT=NAME",
           "a foot joint and the marker its plants get (LeftFoot=L); one per foot, at least one")
      ->required();
  add_anim_option(app, a.anim);
  add_up_option(app, a.up);
  add_flag(app, "--json", a.json, "prints JSON instead of text");
  add_text(app, "--out", a.out, "SETUP.json",
           "writes the markers into this setup: each clip's markers are replaced where it keeps "
           "them (the \"animations\" entry giving the clip, else \"clips\"; a \"clips\" entry is "
           "added for a clip it lacks), everything else is kept");
}

std::unique_ptr<CommandLine<MarkersArgs>> markers_line() {
  return std::make_unique<CommandLine<MarkersArgs>>(
      "markers",
      "Finds where each --foot is planted (low, and slow relative to the ground) in every clip "
      "and gives one sync marker per stance, printed or written into a setup.",
      define_markers);
}

struct Foot {
  std::string option;  // As given, for errors.
  std::string joint;
  std::string marker;
  int index = -1;
};

// "JOINT=NAME", both sides non-empty; split at the first '=' (a marker name may hold one).
Result<Foot> parse_foot(const std::string& text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == text.size()) {
    return Error{Error::Code::kInvalidArgument,
                 "--foot needs JOINT=NAME (LeftFoot=L), got \"" + text + "\"", ""};
  }
  return Foot{text, text.substr(0, equals), text.substr(equals + 1), -1};
}

// A clip's markers, sorted by time (feet in --foot order where times are equal).
struct ClipMarkers {
  std::string clip;
  float frame_rate = 0.0f;
  std::vector<setup::SetupMarker> markers;
};

Result<std::vector<ClipMarkers>> find_markers(const Model& model, const std::vector<Foot>& feet) {
  std::vector<ClipMarkers> out;
  for (std::size_t c = 0; c < model.clips.size(); ++c) {
    const Clip& clip = model.clips[c];
    ClipMarkers found{clip.name, frame_rate_of(clip), {}};
    for (const Foot& foot : feet) {
      Result<std::vector<bake::FootPlant>> plants =
          bake::find_foot_plants(model, static_cast<int>(c), foot.index);
      if (!plants.ok()) {
        return Error{plants.error().code, plants.error().message, "clip \"" + clip.name + "\""};
      }
      for (const bake::FootPlant& plant : plants.value()) {
        setup::SetupMarker marker;
        marker.name = foot.marker;
        marker.time = setup::round_marker_time(plant.time, clip.duration);
        found.markers.push_back(std::move(marker));
      }
    }
    std::stable_sort(
        found.markers.begin(), found.markers.end(),
        [](const setup::SetupMarker& a, const setup::SetupMarker& b) { return a.time < b.time; });
    out.push_back(std::move(found));
  }
  return out;
}

// Seconds as the shortest decimal that reads back as the same float, as setups write them: 0.4f
// prints "0.4", not "0.4000000059604645".
nlohmann::ordered_json seconds_json(float seconds) {
  char text[32];
  const std::to_chars_result written = std::to_chars(text, text + sizeof(text), seconds);
  if (written.ec != std::errc()) return static_cast<double>(seconds);
  double shortest = 0.0;
  const std::from_chars_result read = std::from_chars(text, written.ptr, shortest);
  return read.ec == std::errc() ? shortest : static_cast<double>(seconds);
}

nlohmann::ordered_json markers_json(const std::vector<ClipMarkers>& clips) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const ClipMarkers& c : clips) {
    nlohmann::ordered_json markers = nlohmann::ordered_json::array();
    for (const setup::SetupMarker& m : c.markers) {
      markers.push_back({{"name", m.name}, {"time", seconds_json(m.time)}});
    }
    list.push_back({{"name", c.clip}, {"markers", std::move(markers)}});
  }
  return {{"clips", std::move(list)}};
}

void print_table(const std::vector<ClipMarkers>& clips, std::ostream& out) {
  out << std::left << std::setw(28) << "clip" << std::setw(12) << "marker" << std::right
      << std::setw(9) << "time s" << std::setw(9) << "frame"
      << "\n";
  for (const ClipMarkers& c : clips) {
    if (c.markers.empty()) {
      out << std::left << std::setw(28) << c.clip << "(no plants)\n";
      continue;
    }
    for (std::size_t i = 0; i < c.markers.size(); ++i) {
      const setup::SetupMarker& m = c.markers[i];
      out << std::left << std::setw(28) << (i == 0 ? c.clip : "") << std::setw(12) << m.name
          << std::right << std::fixed << std::setprecision(3) << std::setw(9) << m.time
          << std::setprecision(1) << std::setw(9) << m.time * c.frame_rate << "\n";
    }
  }
}

// Replaces each found clip's markers where `target` keeps them (setup::set_clip_markers: the
// animation entry that gives the clip, else its "clips" entry, added for a clip with markers).
void put_markers(const std::vector<ClipMarkers>& clips, setup::Setup& target) {
  for (const ClipMarkers& c : clips) setup::set_clip_markers(target, c.clip, c.markers);
}

}  // namespace

std::unique_ptr<CLI::App> markers_command_line() { return markers_line(); }

int cmd_markers(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<MarkersArgs>> line = markers_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const MarkersArgs& args = line->args;
  std::vector<Foot> feet;
  for (const std::string& text : args.feet) {
    Result<Foot> foot = parse_foot(text);
    if (!foot.ok()) return usage_error(*line, foot.error().message, err);
    feet.push_back(std::move(foot).value());
  }
  std::optional<LoadedInput> loaded = open_input(args.input, args.anim, err);
  if (!loaded) return kExitError;
  Model& model = loaded->model;
  if (args.up) model.up_axis = parse_up_axis_name(*args.up).value();  // Checked when parsed.
  for (Foot& foot : feet) {
    foot.index = model.skeleton.find(foot.joint);
    if (foot.index < 0) {
      print_error(err, Error{Error::Code::kNotFound,
                             "--foot " + foot.option + ": no joint \"" + foot.joint + "\"",
                             loaded->model_path});
      return kExitError;
    }
  }
  // The setup to write into is read before the work, so that a bad --out costs nothing.
  std::optional<setup::Setup> target;
  if (args.out) {
    Result<setup::Setup> read = setup::load_setup(*args.out);
    if (!read.ok()) {
      print_error(err, read.error());
      return kExitError;
    }
    target = std::move(read).value();
  }
  // The clips as the model holds them, root motion and all; a clip keyed in place still has
  // plants, as speeds are measured against the ground the feet stand on (foot_plants.h).
  Result<std::vector<ClipMarkers>> found = find_markers(model, feet);
  if (!found.ok()) {
    print_error(err, Error{found.error().code, found.error().message,
                           args.input + ": " + found.error().path});
    return kExitError;
  }
  if (target) {
    put_markers(found.value(), *target);
    Status saved = setup::save_setup(*target, *args.out);
    if (!saved.ok()) {
      print_error(err, saved.error());
      return kExitError;
    }
  }
  if (args.json) {
    out << markers_json(found.value()).dump(2) << "\n";
  } else {
    print_table(found.value(), out);
    if (target) out << "markers written to " << *args.out << "\n";
  }
  return kExitOk;
}

}  // namespace anim::app
