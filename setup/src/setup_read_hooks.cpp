// Reading the fields their member and kind do not describe (setup_field_hooks.h).
#include <cmath>
#include <string>

#include "anim/diagnostic.h"
#include "anim/setup/setup.h"
#include "field_reader.h"
#include "object_reader.h"
#include "setup_enum_names.h"
#include "setup_field_hooks.h"
#include "setup_fields.h"

namespace anim::setup::json {

void read_joint_map(const ObjectReader<SetupAnimation>& in, const Field<SetupAnimation>& field,
                    SetupAnimation* animation) {
  const Json* map = in.in().find(field.name, is_required(field.need));
  if (map == nullptr) return;
  if (!map->is_object()) {
    in.in().fail(field.name, "expected an object of source joint -> model joint names");
    return;
  }
  for (auto it = map->begin(); it != map->end(); ++it) {
    if (!it.value().is_string() || it.value().get<std::string>().empty()) {
      add_error(in.in().problems(), in.in().at(field.name) + "/" + json_pointer_token(it.key()),
                "expected the name of a model joint");
      continue;
    }
    animation->joint_map.emplace_back(it.key(), it.value().get<std::string>());
  }
}

void read_parameter_default(const ObjectReader<SetupParameter>& in,
                            const Field<SetupParameter>& field, SetupParameter* parameter) {
  // Until the type is known, true and false are as good as numbers.
  const bool flag =
      parameter->type == ParameterType::kBool || parameter->type == ParameterType::kTrigger;
  const bool typed = in.read_ok(&SetupParameter::type);
  if (typed && parameter->type == ParameterType::kVector3) {
    in.in().read_vec3(field.name, is_required(field.need), &parameter->default_vector);
    return;
  }
  in.in().read_float(field.name, is_required(field.need), &parameter->default_value,
                     !typed || flag);
}

void read_motion(const ObjectReader<SetupState>& in, const Field<SetupState>& field,
                 SetupState* state) {
  if (!in.has(&SetupState::machine)) {
    in.in().read_string(field.name, true, &state->motion);
  } else if (in.in().find(field.name, false) != nullptr) {
    in.in().fail(field.name, "give a state " + in_quotes(field.name) + " or " +
                                 in_quotes(key_of(&SetupState::machine)) + ", not both");
  }
}

void read_axis(const ObjectReader<SetupBlendSpace>& in, const Field<SetupBlendSpace>& field,
               SetupBlendSpace* space) {
  if (in.has(&SetupBlendSpace::parameter_y)) return;  // A 2D space.
  in.in().read_string(field.name, true, &space->parameter);
}

void read_axes(const ObjectReader<SetupBlendSpace>& in, const Field<SetupBlendSpace>& field,
               SetupBlendSpace* space) {
  const FieldReader& r = in.in();
  const Json* pair = r.find(field.name, false);
  if (pair == nullptr) return;  // A 1D space.
  if (in.has(&SetupBlendSpace::parameter)) {
    r.fail(field.name, "give " + in_quotes(key_of(&SetupBlendSpace::parameter)) + " (1D) or " +
                           in_quotes(field.name) + " (2D), not both");
  }
  if (!pair->is_array() || pair->size() != 2) {
    r.fail(field.name, "expected two parameter names [x, y]");
    return;
  }
  std::string names[2];
  for (std::size_t i = 0; i < 2; ++i) {
    if ((*pair)[i].is_string()) {
      names[i] = (*pair)[i].get<std::string>();
    } else {
      add_error(r.problems(), r.at(field.name) + "/" + std::to_string(i), "expected a string");
    }
  }
  space->parameter = names[0];
  space->parameter_y = names[1];
}

void read_points(const ObjectReader<SetupBlendSpace>& in, const Field<SetupBlendSpace>& field,
                 SetupBlendSpace* space) {
  const Context points{in.has(&SetupBlendSpace::parameter_y)};
  in.in().read_array(field.name, is_required(field.need),
                     [&](const Json& item, const std::string& pointer) {
                       space->points.push_back(
                           read_object<SetupBlendPoint>(item, pointer, in.in().problems(), points));
                     });
}

void read_position(const ObjectReader<SetupBlendPoint>& in, const Field<SetupBlendPoint>& field,
                   SetupBlendPoint* point) {
  const FieldReader& r = in.in();
  const Json* position = r.find(field.name, false);
  if (!in.context().plane) {
    if (position != nullptr && position->is_array()) {
      r.fail(field.name, "expected a number: [x, y] positions need " +
                             in_quotes(key_of(&SetupBlendSpace::parameter_y)) + ": [x, y]");
    } else {
      r.read_float(field.name, true, &point->position);
    }
    return;
  }
  if (position == nullptr) {
    r.find(field.name, true);  // Reports it missing.
    return;
  }
  if (!position->is_array() || position->size() != 2) {
    r.fail(field.name, "expected [x, y], two numbers (the space has two parameters)");
    return;
  }
  const FieldReader pair(*position, r.at(field.name), r.problems());
  float x = 0.0f, y = 0.0f;
  if (pair.convert_float((*position)[0], "0", false, &x)) point->position = x;
  if (pair.convert_float((*position)[1], "1", false, &y)) point->position_y = y;
}

void read_condition_value(const ObjectReader<SetupCondition>& in,
                          const Field<SetupCondition>& field, SetupCondition* condition) {
  // Ops without a value ignore one if present; it is not written back.
  const bool needed = in.read_ok(&SetupCondition::op) && op_takes_value(condition->op);
  in.in().read_float(field.name, needed, &condition->value, true);
}

namespace {

// Axis letters, each at most once: "xz", "y", "".
bool is_axis_set(const std::string& text) {
  if (text.size() > 3) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != 'x' && text[i] != 'y' && text[i] != 'z') return false;
    if (text.find(text[i]) != i) return false;
  }
  return true;
}

}  // namespace

void read_translation(const ObjectReader<SetupRootMotion>& in, const Field<SetupRootMotion>& field,
                      SetupRootMotion* motion) {
  std::string text;
  if (!in.in().read_string(field.name, is_required(field.need), &text)) return;
  if (is_axis_set(text)) {
    motion->translation = text;
  } else {
    in.in().fail(field.name,
                 "expected the axes to move along, letters x, y and z each at most "
                 "once (\"xz\", \"xyz\") or \"\" for none, got " +
                     in_quotes(text));
  }
}

void read_rotation(const ObjectReader<SetupRootMotion>& in, const Field<SetupRootMotion>& field,
                   SetupRootMotion* motion) {
  std::string text;
  if (!in.in().read_string(field.name, is_required(field.need), &text)) return;
  if (!value_named(text, &motion->yaw)) {
    in.in().fail(field.name, "expected " + in_quotes(name_of(true)) +
                                 " (the turn about the up axis) or " + in_quotes(name_of(false)) +
                                 ", got " + in_quotes(text));
  }
}

void read_format(const ObjectReader<Setup>& in, const Field<Setup>& field, Setup*) {
  std::string format;
  if (in.in().read_string(field.name, true, &format) && format != kSetupFormat) {
    in.in().fail(field.name, "expected " + in_quotes(kSetupFormat) + ", got " + in_quotes(format));
  }
}

void read_version(const ObjectReader<Setup>& in, const Field<Setup>& field, Setup*) {
  const Json* version = in.in().find(field.name, true);
  if (version == nullptr) return;
  if (!version->is_number()) {
    in.in().fail(field.name, "expected a number");
    return;
  }
  const double number = version->get<double>();
  if (number != std::trunc(number) || number < kOldestSetupVersion || number > kSetupVersion) {
    in.in().fail(field.name, "unsupported version " + version->dump() +
                                 " (this build reads versions " +
                                 std::to_string(kOldestSetupVersion) + " to " +
                                 std::to_string(kSetupVersion) + ")");
  }
}

void read_editor(const ObjectReader<Setup>& in, const Field<Setup>& field, Setup* setup) {
  const Json* editor = in.in().find(field.name, is_required(field.need));
  if (editor == nullptr) return;
  if (editor->is_object()) {
    setup->editor = *editor;
  } else {
    in.in().fail(field.name, "expected an object");
  }
}

}  // namespace anim::setup::json
