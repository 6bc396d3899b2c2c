#include "anim/ui/model/recording_export.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace anim::ui {
namespace {

// The shortest "%.Ng" text that reads back as `value` (as play's strtof reads it).
std::string exact_float(float value) {
  char text[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
    if (std::strtof(text, nullptr) == value) break;
  }
  return text;
}

// Frame i's start as play counts it (ScriptedRun: frames * dt in float), written with the fewest
// decimals that land on frame i: after frame i - 1's start, at or before frame i's (play allows
// 1e-6 of slack).
std::string frame_time(long i, float dt) {
  if (i == 0) return "0";
  const float now = static_cast<float>(i) * dt;
  const float before = static_cast<float>(i - 1) * dt;
  char text[32];
  bool found = false;
  for (int decimals = 1; decimals <= 9 && !found; ++decimals) {
    // Rounded, else cut (a time rounded up may pass the frame's start).
    const double scale = std::pow(10.0, decimals);
    for (double value : {std::round(now * scale) / scale, std::floor(now * scale) / scale}) {
      std::snprintf(text, sizeof text, "%.*f", decimals, value);
      const float t = std::strtof(text, nullptr);
      if (t <= now + 1e-6f && t > before + 1e-6f) {
        found = true;
        break;
      }
    }
  }
  if (!found) std::snprintf(text, sizeof text, "%.9g", static_cast<double>(now));
  std::string s = text;
  if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string set_text(const ParameterDef& p, const StateMachineInstance::SavedParameter& value,
                     const std::string& time) {
  switch (p.type) {
    case ParameterType::kVector3:
      return p.name + "=" + exact_float(value.vector.x) + "," + exact_float(value.vector.y) + "," +
             exact_float(value.vector.z) + "@" + time;
    case ParameterType::kTrigger:
      return value.target != 0.0f ? p.name + "@" + time : p.name + "=false@" + time;
    case ParameterType::kBool:
      return p.name + (value.target != 0.0f ? "=true@" : "=false@") + time;
    case ParameterType::kInt:
      return p.name + "=" + std::to_string(std::lround(value.target)) + "@" + time;
    case ParameterType::kFloat:
      break;
  }
  return p.name + "=" + exact_float(value.target) + "@" + time;
}

// `path` as one word of a POSIX shell command line.
std::string shell_word(const std::string& path) {
  const bool plain = !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' ||
           c == '-' || c == ':' || c == '+' || c == '=' || c == '@' || c == ',';
  });
  if (plain) return path;
  std::string quoted = "'";
  for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

std::string PlayScript::text() const {
  std::string out = "# animscope: the tool's recording, " + std::to_string(frames) + " frames of " +
                    exact_float(dt) + " s, replayed by play\n";
  for (const std::string& note : notes) out += "# note: " + note + "\n";
  out += command + "\n";
  for (const std::string& set : sets) out += "--set " + set + "\n";
  return out;
}

PlayScript export_play_script(const Document& doc) {
  PlayScript script;
  const PreviewRecording& r = doc.recording();
  const StateMachineInstance* sm = doc.state_machine();
  if (r.empty() || sm == nullptr) return script;
  const StateMachineDef& def = sm->def();

  script.frames = static_cast<long>(r.size());
  float shortest = r.frame(0).dt, longest = r.frame(0).dt;
  for (std::size_t i = 1; i < r.size(); ++i) {
    shortest = std::min(shortest, r.frame(i).dt);
    longest = std::max(longest, r.frame(i).dt);
  }
  script.dt = shortest == longest ? shortest : static_cast<float>(r.duration() / r.size());
  if (shortest != longest) {
    char note[160];
    std::snprintf(note, sizeof note,
                  "frames lasted %.4f to %.4f s and play steps evenly: each change lands on its "
                  "frame, but times in states and blends may differ slightly",
                  static_cast<double>(shortest), static_cast<double>(longest));
    script.notes.push_back(note);
  }
  if (!r.from_start()) {
    script.notes.push_back(
        "the recording does not begin at the machine's start (older frames were dropped, or it "
        "went on after an edit), while play starts in the default state: states may differ");
  }
  if (doc.setup_path().empty()) {
    script.notes.push_back("the setup is in no file yet: save it and name it for SETUP.json");
  } else if (doc.setup_dirty()) {
    script.notes.push_back("the setup has unsaved changes: save it before replaying");
  }

  // What a change is measured against: the parameters play starts with, then each frame's end.
  std::vector<StateMachineInstance::SavedParameter> before(def.parameters.size());
  for (std::size_t p = 0; p < before.size(); ++p) {
    const ParameterDef& d = def.parameters[p];
    before[p].target = std::clamp(d.default_value, d.min, d.max);
    before[p].vector = d.type == ParameterType::kVector3 ? d.default_vector : glm::vec3(0.0f);
  }
  bool layer_weights_set = false;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const std::string time = frame_time(static_cast<long>(i), script.dt);
    for (std::size_t p = 0; p < before.size(); ++p) {
      const StateMachineInstance::SavedParameter& input = r.inputs(i)[p];
      if (input.target != before[p].target || input.vector != before[p].vector) {
        script.sets.push_back(set_text(def.parameters[p], input, time));
      }
      before[p] = r.parameters(i)[p];  // A trigger used by the update is reset.
    }
    for (std::size_t l = 1; l < r.layer_count(); ++l) {
      layer_weights_set = layer_weights_set ||
                          r.layers(i)[l].weight != std::clamp(def.layers[l - 1].weight, 0.0f, 1.0f);
    }
  }
  if (layer_weights_set) {
    script.notes.push_back("layer weights set in the tool have no --set: play uses the setup's");
  }

  script.command = "animscope play " +
                   shell_word(doc.setup_path().empty() ? "SETUP.json" : doc.setup_path()) +
                   " --dt " + exact_float(script.dt) + " --frames " + std::to_string(script.frames);
  for (const std::string& set : script.sets) script.command += " --set " + shell_word(set);
  return script;
}

}  // namespace anim::ui
