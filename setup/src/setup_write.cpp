// Writing "animscope.setup" files by their field tables (setup_fields.h): known fields in the
// tables' order, then the unknown ones kept in `extra`.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <system_error>
#include <type_traits>
#include <variant>
#include <vector>

#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "json_errors.h"
#include "setup_enum_names.h"
#include "setup_field_hooks.h"
#include "setup_fields.h"

namespace anim::setup::json {
namespace {

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

Json vec3_json(const glm::vec3& value) {
  return Json::array({number_json(value.x), number_json(value.y), number_json(value.z)});
}

// Unknown fields after the known ones; a key that is also a known field is not written twice.
void append_extra(const Json& extra, Json* out) {
  if (!extra.is_object()) return;
  for (auto it = extra.begin(); it != extra.end(); ++it) {
    if (!out->contains(it.key())) (*out)[it.key()] = it.value();
  }
}

template <class T>
void write_fields(const T& item, const Table<T>& table, const Context& context, Json* out);

template <class T>
Json write_object(const T& item, const Context& context) {
  Json out = Json::object();
  write_fields(item, table_of<T>(), context, &out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// A member as its field's value.

Json value_json(const std::string& text) { return Json(text); }
Json value_json(const std::optional<std::string>& text) { return text ? Json(*text) : Json(); }
Json value_json(float number) { return number_json(number); }
Json value_json(const std::optional<float>& number) {
  return number ? number_json(*number) : Json();
}
Json value_json(bool flag) { return Json(flag); }
Json value_json(const std::vector<std::string>& names) { return Json(names); }

Json value_json(const glm::vec3& vector) { return vec3_json(vector); }
Json value_json(const std::optional<glm::vec3>& vector) {
  return vector ? vec3_json(*vector) : Json();
}
Json value_json(const std::vector<float>& numbers) {
  Json out = Json::array();
  for (float number : numbers) out.push_back(number_json(number));
  return out;
}
Json value_json(const std::vector<std::vector<std::string>>& lists) { return Json(lists); }
Json value_json(const SetupIkVector& vector) {
  return vector.parameter ? Json(*vector.parameter) : vec3_json(vector.value);
}
Json value_json(const std::optional<SetupIkVector>& vector) {
  return vector ? value_json(*vector) : Json();
}
Json value_json(const SetupIkWeight& weight) {
  return weight.parameter ? Json(*weight.parameter) : number_json(weight.value);
}

template <class E>
std::enable_if_t<std::is_enum_v<E>, Json> value_json(E value) {
  return Json(name_of(value));
}

template <class Item>
Json value_json(const std::vector<Item>& items) {
  Json out = Json::array();
  for (const Item& item : items) out.push_back(write_object(item, Context{}));
  return out;
}

template <class Item>
Json value_json(const std::optional<Item>& item) {
  return item ? write_object(*item, Context{}) : Json();
}

// Whether a member holds what a default item holds, for fields written unless it does.
template <class V>
bool is_default(const std::optional<V>& value, const std::optional<V>&) {
  return !value.has_value();
}
template <class V>
bool is_default(const std::vector<V>& value, const std::vector<V>&) {
  return value.empty();
}
template <class V>
bool is_default(const V& value, const V& fallback) {
  return value == fallback;
}

template <class T>
void write_field(const T& item, const Field<T>& field, const Context& context, Json* out) {
  if (field.hook != nullptr && field.hook->write != nullptr) {
    field.hook->write(item, field, context, out);
  } else if (field.kind == Kind::kPart) {
    Json part = Json::object();
    write_fields(item, *field.part, context, &part);
    (*out)[field.name] = std::move(part);
  } else {
    std::visit(
        [&](auto member) {
          if constexpr (!std::is_same_v<decltype(member), std::monostate>) {
            static const T defaults{};
            if (field.write == Write::kUnlessDefault &&
                is_default(item.*member, defaults.*member)) {
              return;
            }
            (*out)[field.name] = value_json(item.*member);
          }
        },
        field.member);
  }
}

template <class T>
void write_fields(const T& item, const Table<T>& table, const Context& context, Json* out) {
  for (const Field<T>& field : table.fields) write_field(item, field, context, out);
  append_extra(item.*table.extra, out);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The fields with hooks (setup_field_hooks.h).

void write_joint_map(const SetupAnimation& animation, const Field<SetupAnimation>& field,
                     const Context&, Json* out) {
  if (animation.joint_map.empty()) return;
  Json map = Json::object();
  for (const auto& [from, to] : animation.joint_map) map[from] = to;
  (*out)[field.name] = std::move(map);
}

void write_parameter_default(const SetupParameter& parameter, const Field<SetupParameter>& field,
                             const Context&, Json* out) {
  (*out)[field.name] = parameter.type == ParameterType::kVector3
                           ? vec3_json(parameter.default_vector)
                           : number_json(parameter.default_value);
}

void write_motion(const SetupState& state, const Field<SetupState>& field, const Context&,
                  Json* out) {
  if (!state.is_machine()) (*out)[field.name] = state.motion;
}

void write_axis(const SetupBlendSpace& space, const Field<SetupBlendSpace>& field, const Context&,
                Json* out) {
  if (!space.is_2d()) (*out)[field.name] = space.parameter;
}

void write_axes(const SetupBlendSpace& space, const Field<SetupBlendSpace>& field, const Context&,
                Json* out) {
  if (space.is_2d()) (*out)[field.name] = Json::array({space.parameter, *space.parameter_y});
}

void write_points(const SetupBlendSpace& space, const Field<SetupBlendSpace>& field, const Context&,
                  Json* out) {
  const Context points{space.is_2d()};
  Json array = Json::array();
  for (const SetupBlendPoint& point : space.points) array.push_back(write_object(point, points));
  (*out)[field.name] = std::move(array);
}

void write_position(const SetupBlendPoint& point, const Field<SetupBlendPoint>& field,
                    const Context& context, Json* out) {
  if (context.plane) {
    // A missing y is written as null, which reading refuses: validate_setup reports it first.
    (*out)[field.name] = Json::array(
        {number_json(point.position), point.position_y ? number_json(*point.position_y) : Json()});
  } else {
    (*out)[field.name] = number_json(point.position);
  }
}

void write_condition_value(const SetupCondition& condition, const Field<SetupCondition>& field,
                           const Context&, Json* out) {
  if (op_takes_value(condition.op)) (*out)[field.name] = number_json(condition.value);
}

void write_rotation(const SetupRootMotion& motion, const Field<SetupRootMotion>& field,
                    const Context&, Json* out) {
  (*out)[field.name] = name_of(motion.yaw);
}

void write_format(const Setup&, const Field<Setup>& field, const Context&, Json* out) {
  (*out)[field.name] = kSetupFormat;
}

void write_version(const Setup&, const Field<Setup>& field, const Context&, Json* out) {
  (*out)[field.name] = kSetupVersion;
}

void write_editor(const Setup& setup, const Field<Setup>& field, const Context&, Json* out) {
  (*out)[field.name] = setup.editor.is_object() ? setup.editor : Json::object();
}

}  // namespace anim::setup::json

namespace anim::setup {

std::string to_json_text(const Setup& setup) {
  // Strings built in code may hold invalid UTF-8: replace it rather than throw.
  return json::write_object(setup, json::Context{})
             .dump(2, ' ', false, Json::error_handler_t::replace) +
         "\n";
}

Status save_setup(const Setup& setup, const std::string& path) {
  std::string text;
  try {
    text = to_json_text(setup);
  } catch (const std::exception& e) {
    return Error{Error::Code::kIo, "cannot format the setup: " + json::plain_message(e), path};
  }
  return files::write_file_atomically(path, text);
}

}  // namespace anim::setup
