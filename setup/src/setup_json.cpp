// Reading and writing "animscope.setup" files. nlohmann exceptions stay inside this file.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <limits>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "anim/file_io.h"
#include "anim/setup.h"

namespace anim {
namespace {

using Problems = std::vector<Diagnostic>;

// Numbers below this magnitude round to a finite float; at it, they round to infinity.
constexpr double kFloatLimit = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;

// Deeper documents are refused before nlohmann sees them: copying and dumping a value recurse.
constexpr int kMaxNesting = 256;

void add_error(Problems* problems, std::string pointer, std::string message) {
  problems->push_back({Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
}

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

// ---------------------------------------------------------------------------------------------
// Syntax.

struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

TextPosition position_of(const std::string& text, std::size_t byte) {
  TextPosition at;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
  }
  return at;
}

// Returns the byte where brackets nest deeper than kMaxNesting, or npos.
std::size_t find_excess_nesting(const std::string& text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNesting) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::string::npos;
}

// "line L, column C: <what>" from nlohmann's message, which reads
// "[json.exception.parse_error.101] parse error at line L, column C: <what>".
std::string syntax_message(const Json::parse_error& e, const std::string& text) {
  const std::string what = e.what();
  const std::string marker = "parse error at ";
  const std::size_t at = what.find(marker);
  if (at != std::string::npos && what.compare(at + marker.size(), 5, "line ") == 0) {
    return what.substr(at + marker.size());
  }
  const TextPosition position = position_of(text, e.byte > 0 ? e.byte - 1 : 0);
  const std::size_t colon = what.find(": ");
  return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column) +
         ": " + (colon == std::string::npos ? what : what.substr(colon + 2));
}

// Drops nlohmann's "[json.exception.name.id] " prefix.
std::string plain_message(const std::exception& e) {
  const std::string what = e.what();
  const std::size_t end = what.find("] ");
  return what.compare(0, 1, "[") == 0 && end != std::string::npos ? what.substr(end + 2) : what;
}

// Where `token` first occurs outside string literals, or npos.
std::size_t find_outside_strings(const std::string& text, const std::string& token) {
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (in_string) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '"') {
        in_string = false;
      }
    } else if (text[i] == '"') {
      in_string = true;
    } else if (text.compare(i, token.size(), token) == 0) {
      return i;
    }
  }
  return std::string::npos;
}

// nlohmann reports a number too large for a double without its place: find the number.
std::string overflow_message(const Json::out_of_range& e, const std::string& text) {
  const std::string what = plain_message(e);
  const std::size_t open = what.find('\'');
  const std::size_t close = what.rfind('\'');
  if (open == std::string::npos || close <= open + 1) return what;
  const std::size_t at = find_outside_strings(text, what.substr(open + 1, close - open - 1));
  if (at == std::string::npos) return what;
  const TextPosition position = position_of(text, at);
  return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column) +
         ": " + what;
}

// ---------------------------------------------------------------------------------------------
// Structure: each reader records problems and keeps going, so one pass reports them all.

bool is_known(const std::string& key, std::initializer_list<const char*> known) {
  for (const char* k : known) {
    if (key == k) return true;
  }
  return false;
}

Json collect_extra(const Json& object, std::initializer_list<const char*> known) {
  Json extra = Json::object();
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (!is_known(it.key(), known)) extra[it.key()] = it.value();
  }
  return extra;
}

// Reads the fields of one JSON object located at `pointer`.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string pointer, Problems* problems)
      : object_(object), pointer_(std::move(pointer)), problems_(problems) {}

  std::string at(const char* key) const { return pointer_ + "/" + key; }

  // The field, or nullptr (reported when `required`).
  const Json* find(const char* key, bool required) const {
    const auto it = object_.find(key);
    if (it != object_.end()) return &*it;
    if (required) fail(key, "missing required field");
    return nullptr;
  }

  void fail(const char* key, std::string message) const {
    add_error(problems_, at(key), std::move(message));
  }

  bool read_string(const char* key, bool required, std::string* out) const {
    const Json* value = find(key, required);
    if (value == nullptr) return false;
    if (!value->is_string()) {
      fail(key, "expected a string");
      return false;
    }
    *out = value->get<std::string>();
    return true;
  }

  bool read_bool(const char* key, bool required, bool* out) const {
    const Json* value = find(key, required);
    if (value == nullptr) return false;
    if (!value->is_boolean()) {
      fail(key, "expected true or false");
      return false;
    }
    *out = value->get<bool>();
    return true;
  }

  // A number, or with `allow_bool` also true/false read as 1/0.
  bool read_float(const char* key, bool required, float* out, bool allow_bool = false) const {
    const Json* value = find(key, required);
    if (value == nullptr) return false;
    return convert_float(*value, key, allow_bool, out);
  }

  bool convert_float(const Json& value, const char* key, bool allow_bool, float* out) const {
    if (allow_bool && value.is_boolean()) {
      *out = value.get<bool>() ? 1.0f : 0.0f;
      return true;
    }
    if (!value.is_number()) {
      fail(key, allow_bool ? "expected a number or true/false" : "expected a number");
      return false;
    }
    const double number = value.get<double>();
    if (!(std::fabs(number) < kFloatLimit)) {
      fail(key, "number out of range for a float");
      return false;
    }
    *out = static_cast<float>(number);
    return true;
  }

  // Calls read_item(element, pointer) for each object in the array `key`.
  template <class ReadItem>
  void read_array(const char* key, bool required, ReadItem read_item) const {
    const Json* value = find(key, required);
    if (value == nullptr) return;
    if (!value->is_array()) {
      fail(key, "expected an array");
      return;
    }
    for (std::size_t i = 0; i < value->size(); ++i) {
      const std::string item_pointer = at(key) + "/" + std::to_string(i);
      const Json& item = (*value)[i];
      if (!item.is_object()) {
        add_error(problems_, item_pointer, "expected an object");
        continue;
      }
      read_item(item, item_pointer);
    }
  }

 private:
  const Json& object_;
  std::string pointer_;
  Problems* problems_;
};

template <class Enum, std::size_t N>
bool read_enum(const FieldReader& in, const char* key, const Enum (&values)[N], const char* what,
               const char* expected, Enum* out) {
  std::string name;
  if (!in.read_string(key, true, &name)) return false;
  for (Enum value : values) {
    if (name == to_string(value)) {
      *out = value;
      return true;
    }
  }
  in.fail(key,
          "unknown " + std::string(what) + " " + in_quotes(name) + " (expected " + expected + ")");
  return false;
}

constexpr ParameterType kParameterTypes[] = {ParameterType::kFloat, ParameterType::kInt,
                                             ParameterType::kBool, ParameterType::kTrigger};
constexpr ConditionOp kConditionOps[] = {
    ConditionOp::kGreater, ConditionOp::kLess,  ConditionOp::kEqual,     ConditionOp::kNotEqual,
    ConditionOp::kTrue,    ConditionOp::kFalse, ConditionOp::kTriggerSet};
constexpr Interruption kInterruptions[] = {Interruption::kNone, Interruption::kSource,
                                           Interruption::kDestination};
constexpr LayerBlend kLayerBlends[] = {LayerBlend::kOverride, LayerBlend::kAdditive};

bool op_takes_value(ConditionOp op) {
  return op == ConditionOp::kGreater || op == ConditionOp::kLess || op == ConditionOp::kEqual ||
         op == ConditionOp::kNotEqual;
}

// A string field that must not be empty when present.
bool read_name(const FieldReader& in, const char* key, bool required, std::string* out) {
  if (!in.read_string(key, required, out)) return false;
  if (!out->empty()) return true;
  in.fail(key, "must not be empty");
  return false;
}

SetupAnimation read_animation(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupAnimation a;
  read_name(in, "file", true, &a.file);
  std::string text;
  if (read_name(in, "clip", false, &text)) a.clip = text;
  if (read_name(in, "as", false, &text)) a.alias = text;
  if (const Json* map = in.find("joint_map", false)) {
    if (!map->is_object()) {
      in.fail("joint_map", "expected an object of source joint -> model joint names");
    } else {
      for (auto it = map->begin(); it != map->end(); ++it) {
        const std::string at = in.at("joint_map") + "/" + json_pointer_token(it.key());
        if (!it.value().is_string() || it.value().get<std::string>().empty()) {
          add_error(problems, at, "expected the name of a model joint");
          continue;
        }
        a.joint_map.emplace_back(it.key(), it.value().get<std::string>());
      }
    }
  }
  in.read_bool("root_motion", false, &a.root_motion);
  a.extra = collect_extra(json, {"file", "clip", "as", "joint_map", "root_motion"});
  return a;
}

SetupParameter read_parameter(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupParameter p;
  in.read_string("name", true, &p.name);
  const bool typed = read_enum(in, "type", kParameterTypes, "parameter type",
                               "float, int, bool or trigger", &p.type);
  const bool flag = p.type == ParameterType::kBool || p.type == ParameterType::kTrigger;
  in.read_float("default", true, &p.default_value, !typed || flag);
  float bound = 0.0f;
  if (in.read_float("min", false, &bound)) p.min = bound;
  if (in.read_float("max", false, &bound)) p.max = bound;
  in.read_float("rate", false, &p.rate);
  p.extra = collect_extra(json, {"name", "type", "default", "min", "max", "rate"});
  return p;
}

// "parameters": [x, y] of a 2D space; false (reported) when it is not two strings.
bool read_parameter_pair(const FieldReader& in, Problems* problems, SetupBlendSpace* space) {
  const Json* pair = in.find("parameters", true);
  if (pair == nullptr) return false;
  if (!pair->is_array() || pair->size() != 2) {
    in.fail("parameters", "expected two parameter names [x, y]");
    return false;
  }
  bool ok = true;
  std::string names[2];
  for (std::size_t i = 0; i < 2; ++i) {
    if ((*pair)[i].is_string()) {
      names[i] = (*pair)[i].get<std::string>();
    } else {
      add_error(problems, in.at("parameters") + "/" + std::to_string(i), "expected a string");
      ok = false;
    }
  }
  space->parameter = names[0];
  space->parameter_y = names[1];
  return ok;
}

// A 2D point's "position": [x, y].
void read_position_pair(const FieldReader& in, Problems* problems, SetupBlendPoint* point) {
  const Json* pair = in.find("position", true);
  if (pair == nullptr) return;
  if (!pair->is_array() || pair->size() != 2) {
    in.fail("position", "expected [x, y], two numbers (the space has two parameters)");
    return;
  }
  const FieldReader pair_in(*pair, in.at("position"), problems);
  float x = 0.0f, y = 0.0f;
  const bool x_ok = pair_in.convert_float((*pair)[0], "0", false, &x);
  const bool y_ok = pair_in.convert_float((*pair)[1], "1", false, &y);
  if (x_ok) point->position = x;
  if (y_ok) point->position_y = y;
}

SetupBlendSpace read_blend_space(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupBlendSpace space;
  in.read_string("name", true, &space.name);
  // One parameter ("parameter") makes a 1D space, two ("parameters") a 2D one.
  const bool two = in.find("parameters", false) != nullptr;
  if (two && in.find("parameter", false) != nullptr) {
    in.fail("parameters", "give \"parameter\" (1D) or \"parameters\" (2D), not both");
  }
  if (two) {
    read_parameter_pair(in, problems, &space);
  } else {
    in.read_string("parameter", true, &space.parameter);
  }
  in.read_array("points", true, [&](const Json& item, const std::string& item_pointer) {
    const FieldReader point_in(item, item_pointer, problems);
    SetupBlendPoint point;
    point_in.read_string("clip", true, &point.clip);
    const Json* position = point_in.find("position", false);
    if (two) {
      read_position_pair(point_in, problems, &point);
    } else if (position != nullptr && position->is_array()) {
      point_in.fail("position", "expected a number: [x, y] positions need \"parameters\": [x, y]");
    } else {
      point_in.read_float("position", true, &point.position);
    }
    point.extra = collect_extra(item, {"clip", "position"});
    space.points.push_back(std::move(point));
  });
  space.extra = collect_extra(json, {"name", "parameter", "parameters", "points"});
  return space;
}

SetupState read_state(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupState state;
  in.read_string("name", true, &state.name);
  in.read_string("motion", true, &state.motion);
  in.read_float("speed", false, &state.speed);
  in.read_bool("loop", false, &state.loop);
  in.read_bool("root_motion", false, &state.root_motion);
  state.extra = collect_extra(json, {"name", "motion", "speed", "loop", "root_motion"});
  return state;
}

SetupCondition read_condition(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupCondition condition;
  in.read_string("parameter", true, &condition.parameter);
  const bool known_op = read_enum(in, "op", kConditionOps, "op",
                                  ">, <, ==, !=, true, false or trigger", &condition.op);
  // Ops without a value ignore one if present; it is not written back.
  in.read_float("value", known_op && op_takes_value(condition.op), &condition.value, true);
  condition.extra = collect_extra(json, {"parameter", "op", "value"});
  return condition;
}

SetupTransition read_transition(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupTransition t;
  in.read_string("from", true, &t.from);
  in.read_string("to", true, &t.to);
  in.read_array("conditions", false, [&](const Json& item, const std::string& item_pointer) {
    t.conditions.push_back(read_condition(item, item_pointer, problems));
  });
  if (const Json* exit_time = in.find("exit_time", false)) {
    float value = 0.0f;
    if (exit_time->is_null()) {
      t.exit_time.reset();
    } else if (!exit_time->is_number()) {
      in.fail("exit_time", "expected a number or null");
    } else if (in.convert_float(*exit_time, "exit_time", false, &value)) {
      t.exit_time = value;
    }
  }
  in.read_float("duration", false, &t.duration);
  in.read_float("offset", false, &t.offset);
  if (in.find("interruption", false) != nullptr) {
    read_enum(in, "interruption", kInterruptions, "interruption", "none, source or destination",
              &t.interruption);
  }
  t.extra = collect_extra(
      json, {"from", "to", "conditions", "exit_time", "duration", "offset", "interruption"});
  return t;
}

SetupEvent read_event(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupEvent e;
  read_name(in, "clip", true, &e.clip);
  in.read_float("time", true, &e.time);
  read_name(in, "name", true, &e.name);
  std::string payload;
  if (in.read_string("payload", false, &payload)) e.payload = payload;
  e.extra = collect_extra(json, {"clip", "time", "name", "payload"});
  return e;
}

// An array of strings (a mask's joint names).
void read_names(const FieldReader& in, const char* key, std::vector<std::string>* out) {
  const Json* value = in.find(key, false);
  if (value == nullptr) return;
  if (!value->is_array()) {
    in.fail(key, "expected an array of joint names");
    return;
  }
  for (std::size_t i = 0; i < value->size(); ++i) {
    const Json& item = (*value)[i];
    if (!item.is_string() || item.get<std::string>().empty()) {
      in.fail(key, "entry " + std::to_string(i) + " is not a joint name (a non-empty string)");
      continue;
    }
    out->push_back(item.get<std::string>());
  }
}

SetupLayer read_layer(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupLayer layer;
  read_name(in, "name", true, &layer.name);
  if (in.find("blend", false) != nullptr) {
    read_enum(in, "blend", kLayerBlends, "blend", "override or additive", &layer.blend);
  }
  in.read_float("weight", false, &layer.weight);
  std::string text;
  if (read_name(in, "weight_parameter", false, &text)) layer.weight_parameter = text;
  if (const Json* mask = in.find("mask", false)) {
    if (mask->is_object()) {
      const FieldReader mask_in(*mask, in.at("mask"), problems);
      read_names(mask_in, "include", &layer.mask_include);
      read_names(mask_in, "exclude", &layer.mask_exclude);
      layer.mask_extra = collect_extra(*mask, {"include", "exclude"});
    } else {
      in.fail("mask", "expected an object: {\"include\": [...], \"exclude\": [...]}");
    }
  }
  if (read_name(in, "reference", false, &text)) layer.reference = text;
  in.read_array("states", true, [&](const Json& item, const std::string& item_pointer) {
    layer.states.push_back(read_state(item, item_pointer, problems));
  });
  in.read_string("default_state", true, &layer.default_state);
  in.read_array("transitions", false, [&](const Json& item, const std::string& item_pointer) {
    layer.transitions.push_back(read_transition(item, item_pointer, problems));
  });
  layer.extra = collect_extra(json, {"name", "blend", "weight", "weight_parameter", "mask",
                                     "reference", "states", "default_state", "transitions"});
  return layer;
}

// Axis letters, each at most once: "xz", "y", "".
bool is_axis_set(const std::string& text) {
  if (text.size() > 3) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != 'x' && text[i] != 'y' && text[i] != 'z') return false;
    if (text.find(text[i]) != i) return false;
  }
  return true;
}

SetupRootMotion read_root_motion(const Json& json, const std::string& pointer, Problems* problems) {
  const FieldReader in(json, pointer, problems);
  SetupRootMotion motion;
  std::string text;
  if (read_name(in, "joint", false, &text)) motion.joint = text;
  if (in.read_string("translation", false, &text)) {
    if (is_axis_set(text)) {
      motion.translation = text;
    } else {
      in.fail("translation",
              "expected the axes to move along, letters x, y and z each at most "
              "once (\"xz\", \"xyz\") or \"\" for none, got " +
                  in_quotes(text));
    }
  }
  if (in.read_string("rotation", false, &text)) {
    if (text == "yaw" || text == "none") {
      motion.yaw = text == "yaw";
    } else {
      in.fail("rotation",
              "expected \"yaw\" (the turn about the up axis) or \"none\", got " + in_quotes(text));
    }
  }
  motion.extra = collect_extra(json, {"joint", "translation", "rotation"});
  return motion;
}

void read_header(const FieldReader& in) {
  std::string format;
  if (in.read_string("format", true, &format) && format != kSetupFormat) {
    in.fail("format", "expected " + in_quotes(kSetupFormat) + ", got " + in_quotes(format));
  }
  if (const Json* version = in.find("version", true)) {
    if (!version->is_number()) {
      in.fail("version", "expected a number");
    } else {
      const double number = version->get<double>();
      if (number != std::trunc(number) || number < kOldestSetupVersion || number > kSetupVersion) {
        in.fail("version", "unsupported version " + version->dump() +
                               " (this build reads versions " +
                               std::to_string(kOldestSetupVersion) + " to " +
                               std::to_string(kSetupVersion) + ")");
      }
    }
  }
}

Setup read_setup(const Json& json, Problems* problems) {
  Setup setup;
  if (!json.is_object()) {
    add_error(problems, "", "expected an object");
    return setup;
  }
  const FieldReader in(json, "", problems);
  read_header(in);
  in.read_string("model", true, &setup.model);
  in.read_array("animations", false, [&](const Json& item, const std::string& pointer) {
    setup.animations.push_back(read_animation(item, pointer, problems));
  });
  if (const Json* motion = in.find("root_motion", false)) {
    if (motion->is_object()) {
      setup.root_motion = read_root_motion(*motion, in.at("root_motion"), problems);
    } else {
      in.fail("root_motion", "expected an object: {\"joint\", \"translation\", \"rotation\"}");
    }
  }
  in.read_array("parameters", false, [&](const Json& item, const std::string& pointer) {
    setup.parameters.push_back(read_parameter(item, pointer, problems));
  });
  in.read_array("blend_spaces", false, [&](const Json& item, const std::string& pointer) {
    setup.blend_spaces.push_back(read_blend_space(item, pointer, problems));
  });
  in.read_array("states", true, [&](const Json& item, const std::string& pointer) {
    setup.states.push_back(read_state(item, pointer, problems));
  });
  in.read_string("default_state", true, &setup.default_state);
  in.read_array("transitions", false, [&](const Json& item, const std::string& pointer) {
    setup.transitions.push_back(read_transition(item, pointer, problems));
  });
  in.read_array("events", false, [&](const Json& item, const std::string& pointer) {
    setup.events.push_back(read_event(item, pointer, problems));
  });
  in.read_array("layers", false, [&](const Json& item, const std::string& pointer) {
    setup.layers.push_back(read_layer(item, pointer, problems));
  });
  if (const Json* editor = in.find("editor", false)) {
    if (editor->is_object()) {
      setup.editor = *editor;
    } else {
      in.fail("editor", "expected an object");
    }
  }
  setup.extra = collect_extra(json, {"format", "version", "model", "animations", "root_motion",
                                     "parameters", "blend_spaces", "states", "default_state",
                                     "transitions", "events", "layers", "editor"});
  return setup;
}

std::string summarize(const Problems& problems) {
  const Diagnostic& first = problems.front();
  std::string text = first.pointer.empty() ? first.message : first.pointer + ": " + first.message;
  if (problems.size() > 1) {
    const std::size_t more = problems.size() - 1;
    text += " (and " + std::to_string(more) + (more == 1 ? " more problem)" : " more problems)");
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Writing.

// Whole values become JSON integers ("1", not "1.0"). Others become the double nearest to the
// shortest decimal that reads back as the same float, so 0.1f is written "0.1" rather than
// "0.10000000149011612" and load -> save -> load -> save repeats the same text.
Json number_json(float value) {
  if (!std::isfinite(value)) return Json();  // JSON has no such numbers; validate_setup reports.
  if (value == std::trunc(value) && std::fabs(value) < 1e15f) {
    return Json(static_cast<std::int64_t>(value));
  }
  double number = static_cast<double>(value);  // Exact; a fallback that also round-trips.
  char buffer[64];
  const std::to_chars_result written = std::to_chars(buffer, buffer + sizeof(buffer), value);
  if (written.ec == std::errc()) {
    double shortest = 0.0;
    const std::from_chars_result read = std::from_chars(buffer, written.ptr, shortest);
    // The loader rounds text to double and then to float: the result must be `value` again.
    if (read.ec == std::errc() && static_cast<float>(shortest) == value) number = shortest;
  }
  return Json(number);
}

// Unknown fields after the known ones; a key that is also a known field is not written twice.
void append_extra(const Json& extra, Json* out) {
  if (!extra.is_object()) return;
  for (auto it = extra.begin(); it != extra.end(); ++it) {
    if (!out->contains(it.key())) (*out)[it.key()] = it.value();
  }
}

Json write_animation(const SetupAnimation& a) {
  Json out = Json::object();
  out["file"] = a.file;
  if (a.clip) out["clip"] = *a.clip;
  if (a.alias) out["as"] = *a.alias;
  if (!a.joint_map.empty()) {
    Json map = Json::object();
    for (const auto& [from, to] : a.joint_map) map[from] = to;
    out["joint_map"] = std::move(map);
  }
  if (!a.root_motion) out["root_motion"] = false;
  append_extra(a.extra, &out);
  return out;
}

Json write_parameter(const SetupParameter& p) {
  Json out = Json::object();
  out["name"] = p.name;
  out["type"] = to_string(p.type);
  out["default"] = number_json(p.default_value);  // Bools and triggers too: 0 or 1.
  if (p.min) out["min"] = number_json(*p.min);
  if (p.max) out["max"] = number_json(*p.max);
  if (p.rate != 0.0f) out["rate"] = number_json(p.rate);
  append_extra(p.extra, &out);
  return out;
}

Json write_blend_space(const SetupBlendSpace& space) {
  Json out = Json::object();
  out["name"] = space.name;
  if (space.is_2d()) {
    out["parameters"] = Json::array({space.parameter, *space.parameter_y});
  } else {
    out["parameter"] = space.parameter;
  }
  Json points = Json::array();
  for (const SetupBlendPoint& p : space.points) {
    Json point = Json::object();
    point["clip"] = p.clip;
    if (space.is_2d()) {
      // A missing y is written as null, which reading refuses: validate_setup reports it first.
      point["position"] = Json::array(
          {number_json(p.position), p.position_y ? number_json(*p.position_y) : Json()});
    } else {
      point["position"] = number_json(p.position);
    }
    append_extra(p.extra, &point);
    points.push_back(std::move(point));
  }
  out["points"] = std::move(points);
  append_extra(space.extra, &out);
  return out;
}

Json write_state(const SetupState& state) {
  Json out = Json::object();
  out["name"] = state.name;
  out["motion"] = state.motion;
  out["speed"] = number_json(state.speed);
  out["loop"] = state.loop;
  if (!state.root_motion) out["root_motion"] = false;
  append_extra(state.extra, &out);
  return out;
}

Json write_transition(const SetupTransition& t) {
  Json out = Json::object();
  out["from"] = t.from;
  out["to"] = t.to;
  Json conditions = Json::array();
  for (const SetupCondition& c : t.conditions) {
    Json condition = Json::object();
    condition["parameter"] = c.parameter;
    condition["op"] = to_string(c.op);
    if (op_takes_value(c.op)) condition["value"] = number_json(c.value);
    append_extra(c.extra, &condition);
    conditions.push_back(std::move(condition));
  }
  out["conditions"] = std::move(conditions);
  out["exit_time"] = t.exit_time ? number_json(*t.exit_time) : Json();
  out["duration"] = number_json(t.duration);
  out["offset"] = number_json(t.offset);
  out["interruption"] = to_string(t.interruption);
  append_extra(t.extra, &out);
  return out;
}

Json write_event(const SetupEvent& e) {
  Json out = Json::object();
  out["clip"] = e.clip;
  out["time"] = number_json(e.time);
  out["name"] = e.name;
  if (e.payload) out["payload"] = *e.payload;
  append_extra(e.extra, &out);
  return out;
}

Json write_layer(const SetupLayer& layer) {
  Json out = Json::object();
  out["name"] = layer.name;
  out["blend"] = to_string(layer.blend);
  out["weight"] = number_json(layer.weight);
  if (layer.weight_parameter) out["weight_parameter"] = *layer.weight_parameter;
  Json mask = Json::object();
  mask["include"] = layer.mask_include;
  mask["exclude"] = layer.mask_exclude;
  append_extra(layer.mask_extra, &mask);
  out["mask"] = std::move(mask);
  if (layer.reference) out["reference"] = *layer.reference;
  out["states"] = Json::array();
  for (const SetupState& s : layer.states) out["states"].push_back(write_state(s));
  out["default_state"] = layer.default_state;
  out["transitions"] = Json::array();
  for (const SetupTransition& t : layer.transitions) {
    out["transitions"].push_back(write_transition(t));
  }
  append_extra(layer.extra, &out);
  return out;
}

Json write_root_motion(const SetupRootMotion& motion) {
  Json out = Json::object();
  if (motion.joint) out["joint"] = *motion.joint;
  if (motion.translation) out["translation"] = *motion.translation;
  out["rotation"] = motion.yaw ? "yaw" : "none";
  append_extra(motion.extra, &out);
  return out;
}

Json write_setup(const Setup& setup) {
  Json out = Json::object();
  out["format"] = kSetupFormat;
  out["version"] = kSetupVersion;
  out["model"] = setup.model;
  if (!setup.animations.empty()) {
    out["animations"] = Json::array();
    for (const SetupAnimation& a : setup.animations)
      out["animations"].push_back(write_animation(a));
  }
  if (setup.root_motion) out["root_motion"] = write_root_motion(*setup.root_motion);
  out["parameters"] = Json::array();
  for (const SetupParameter& p : setup.parameters) out["parameters"].push_back(write_parameter(p));
  out["blend_spaces"] = Json::array();
  for (const SetupBlendSpace& b : setup.blend_spaces) {
    out["blend_spaces"].push_back(write_blend_space(b));
  }
  out["states"] = Json::array();
  for (const SetupState& s : setup.states) out["states"].push_back(write_state(s));
  out["default_state"] = setup.default_state;
  out["transitions"] = Json::array();
  for (const SetupTransition& t : setup.transitions) {
    out["transitions"].push_back(write_transition(t));
  }
  if (!setup.events.empty()) {
    out["events"] = Json::array();
    for (const SetupEvent& e : setup.events) out["events"].push_back(write_event(e));
  }
  if (!setup.layers.empty()) {
    out["layers"] = Json::array();
    for (const SetupLayer& layer : setup.layers) out["layers"].push_back(write_layer(layer));
  }
  out["editor"] = setup.editor.is_object() ? setup.editor : Json::object();
  append_extra(setup.extra, &out);
  return out;
}

}  // namespace


const char* to_string(ParameterType type) {
  switch (type) {
    case ParameterType::kFloat:
      return "float";
    case ParameterType::kInt:
      return "int";
    case ParameterType::kBool:
      return "bool";
    case ParameterType::kTrigger:
      return "trigger";
  }
  return "?";
}

const char* to_string(ConditionOp op) {
  switch (op) {
    case ConditionOp::kGreater:
      return ">";
    case ConditionOp::kLess:
      return "<";
    case ConditionOp::kEqual:
      return "==";
    case ConditionOp::kNotEqual:
      return "!=";
    case ConditionOp::kTrue:
      return "true";
    case ConditionOp::kFalse:
      return "false";
    case ConditionOp::kTriggerSet:
      return "trigger";
  }
  return "?";
}

const char* to_string(Interruption interruption) {
  switch (interruption) {
    case Interruption::kNone:
      return "none";
    case Interruption::kSource:
      return "source";
    case Interruption::kDestination:
      return "destination";
  }
  return "?";
}

const char* to_string(LayerBlend blend) {
  switch (blend) {
    case LayerBlend::kOverride:
      return "override";
    case LayerBlend::kAdditive:
      return "additive";
  }
  return "?";
}

Result<Setup> parse_setup(const std::string& text, const std::string& path,
                          std::vector<Diagnostic>* diagnostics) {
  Problems problems;
  Result<Setup> result = Error{Error::Code::kParse, "", path};
  try {
    const std::size_t too_deep = find_excess_nesting(text);
    if (too_deep != std::string::npos) {
      const TextPosition at = position_of(text, too_deep);
      const std::string message = "line " + std::to_string(at.line) + ", column " +
                                  std::to_string(at.column) + ": nested deeper than " +
                                  std::to_string(kMaxNesting) + " levels";
      add_error(&problems, "", message);
      result = Error{Error::Code::kParse, message, path};
    } else {
      const Json json = Json::parse(text);
      Setup setup = read_setup(json, &problems);
      if (problems.empty()) {
        result = std::move(setup);
      } else {
        result = Error{Error::Code::kInvalidData, summarize(problems), path};
      }
    }
  } catch (const Json::parse_error& e) {
    const std::string message = syntax_message(e, text);
    problems.assign(1, {Diagnostic::Severity::kError, "", message});
    result = Error{Error::Code::kParse, message, path};
  } catch (const Json::out_of_range& e) {  // A number beyond the range of a double.
    const std::string message = overflow_message(e, text);
    problems.assign(1, {Diagnostic::Severity::kError, "", message});
    result = Error{Error::Code::kParse, message, path};
  } catch (const std::exception& e) {  // Out of memory, or anything else nlohmann throws.
    const std::string message = plain_message(e);
    problems.assign(1, {Diagnostic::Severity::kError, "", message});
    result = Error{Error::Code::kParse, message, path};
  }
  if (diagnostics != nullptr) *diagnostics = std::move(problems);
  return result;
}

Result<Setup> load_setup(const std::string& path, std::vector<Diagnostic>* diagnostics) {
  if (diagnostics != nullptr) diagnostics->clear();
  Result<std::string> text = read_file(path);
  if (!text.ok()) return text.error();
  return parse_setup(text.value(), path, diagnostics);
}

std::string to_json_text(const Setup& setup) {
  // Strings built in code may hold invalid UTF-8: replace it rather than throw.
  return write_setup(setup).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Status save_setup(const Setup& setup, const std::string& path) {
  std::string text;
  try {
    text = to_json_text(setup);
  } catch (const std::exception& e) {
    return Error{Error::Code::kIo, "cannot format the setup: " + plain_message(e), path};
  }
  return write_file_atomically(path, text);
}

}  // namespace anim
