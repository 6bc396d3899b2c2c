// Reading "animscope.setup" files by their field tables (setup_fields.h). Each reader records
// problems and keeps going, so one pass reports them all. nlohmann's exceptions stay here.
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "field_reader.h"
#include "json_errors.h"
#include "object_reader.h"
#include "setup_enum_names.h"
#include "setup_fields.h"

namespace anim::setup::json {
namespace {

// The keys of a table as an example object: {"joint", "translation"}, {"include": [...]}.
template <class T>
std::string outline(const Table<T>& table) {
  std::string text = "{";
  for (const Field<T>& field : table.fields) {
    if (text.size() > 1) text += ", ";
    text += in_quotes(field.name);
    if (field.kind == Kind::kNames || field.kind == Kind::kItems) text += ": [...]";
  }
  return text + "}";
}

template <class T>
Json collect_extra(const Json& object, const Table<T>& table) {
  Json extra = Json::object();
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool known = false;
    for (const Field<T>& field : table.fields) known = known || it.key() == field.name;
    if (!known) extra[it.key()] = it.value();
  }
  return extra;
}

// ---------------------------------------------------------------------------------------------
// A field read by its member, as its kind says.

void read_value(const FieldReader& in, const char* key, Kind kind, bool required,
                std::string* out) {
  if (kind == Kind::kName) {
    in.read_name(key, required, out);
  } else {
    in.read_string(key, required, out);
  }
}

void read_value(const FieldReader& in, const char* key, Kind kind, bool required,
                std::optional<std::string>* out) {
  std::string text;
  if (kind == Kind::kName ? in.read_name(key, required, &text)
                          : in.read_string(key, required, &text)) {
    *out = text;
  }
}

void read_value(const FieldReader& in, const char* key, Kind, bool required, float* out) {
  in.read_float(key, required, out);
}

void read_value(const FieldReader& in, const char* key, Kind kind, bool required,
                std::optional<float>* out) {
  float value = 0.0f;
  if (kind != Kind::kNumberOrNull) {
    if (in.read_float(key, required, &value)) *out = value;
    return;
  }
  const Json* json = in.find(key, required);
  if (json == nullptr) return;
  if (json->is_null()) {
    out->reset();
  } else if (!json->is_number()) {
    in.fail(key, "expected a number or null");
  } else if (in.convert_float(*json, key, false, &value)) {
    *out = value;
  }
}

void read_value(const FieldReader& in, const char* key, Kind, bool required, bool* out) {
  in.read_bool(key, required, out);
}

void read_value(const FieldReader& in, const char* key, Kind, bool, std::vector<std::string>* out) {
  in.read_names(key, out);
}

void read_value(const FieldReader& in, const char* key, Kind, bool required, glm::vec3* out) {
  in.read_vec3(key, required, out);
}

void read_value(const FieldReader& in, const char* key, Kind, bool required,
                std::optional<glm::vec3>* out) {
  glm::vec3 value(0.0f);
  if (in.read_vec3(key, required, &value)) *out = value;
}

// An aim chain's "shares": numbers.
void read_value(const FieldReader& in, const char* key, Kind, bool required,
                std::vector<float>* out) {
  const Json* value = in.find(key, required);
  if (value == nullptr) return;
  if (!value->is_array()) {
    in.fail(key, "expected an array of numbers");
    return;
  }
  const FieldReader items(*value, in.at(key), in.problems());
  for (std::size_t i = 0; i < value->size(); ++i) {
    float number = 0.0f;
    if (items.convert_float((*value)[i], std::to_string(i).c_str(), false, &number)) {
      out->push_back(number);
    }
  }
}

// Feet "legs": [[hip, knee, ankle], ...], joint names.
void read_value(const FieldReader& in, const char* key, Kind, bool required,
                std::vector<std::vector<std::string>>* out) {
  const Json* value = in.find(key, required);
  if (value == nullptr) return;
  if (!value->is_array()) {
    in.fail(key, "expected an array of legs, each [hip, knee, ankle]");
    return;
  }
  const FieldReader legs(*value, in.at(key), in.problems());
  for (std::size_t i = 0; i < value->size(); ++i) {
    const Json& leg = (*value)[i];
    const std::string index = std::to_string(i);
    if (!leg.is_array() || leg.size() != 3) {
      legs.fail(index.c_str(), "expected a leg: [hip, knee, ankle], three joint names");
      continue;
    }
    const FieldReader names(leg, legs.at(index.c_str()), in.problems());
    std::vector<std::string> joints(3);
    bool ok = true;
    for (std::size_t k = 0; k < 3; ++k) {
      if (leg[k].is_string()) {
        joints[k] = leg[k].get<std::string>();
      } else {
        names.fail(std::to_string(k).c_str(), "expected a joint name");
        ok = false;
      }
    }
    if (ok) out->push_back(std::move(joints));
  }
}

// An IK target or pole: a vector3 parameter's name, or [x, y, z].
void read_value(const FieldReader& in, const char* key, Kind, bool required, SetupIkVector* out) {
  const Json* value = in.find(key, required);
  if (value == nullptr) return;
  if (value->is_string()) {
    std::string name;
    if (in.read_name(key, required, &name)) *out = SetupIkVector{name, glm::vec3(0.0f)};
  } else if (value->is_array()) {
    glm::vec3 vector(0.0f);
    if (in.convert_vec3(*value, key, &vector)) *out = SetupIkVector{std::nullopt, vector};
  } else {
    in.fail(key, "expected a vector3 parameter's name or [x, y, z]");
  }
}

void read_value(const FieldReader& in, const char* key, Kind kind, bool required,
                std::optional<SetupIkVector>* out) {
  if (in.find(key, required) == nullptr) return;
  SetupIkVector vector;
  const std::size_t before = in.problems()->size();
  read_value(in, key, kind, required, &vector);
  if (in.problems()->size() == before) *out = vector;
}

// An IK weight: a float parameter's name, or a number.
void read_value(const FieldReader& in, const char* key, Kind, bool required, SetupIkWeight* out) {
  const Json* value = in.find(key, required);
  if (value == nullptr) return;
  if (value->is_string()) {
    std::string name;
    if (in.read_name(key, required, &name)) *out = SetupIkWeight{name, 1.0f};
  } else if (value->is_number()) {
    float number = 1.0f;
    if (in.convert_float(*value, key, false, &number)) *out = SetupIkWeight{std::nullopt, number};
  } else {
    in.fail(key, "expected a float parameter's name or a number");
  }
}

template <class E>
std::enable_if_t<std::is_enum_v<E>> read_value(const FieldReader& in, const char* key, Kind,
                                               bool required, E* out) {
  if (required || in.find(key, false) != nullptr) in.read_enum(key, out);
}

template <class Item>
void read_value(const FieldReader& in, const char* key, Kind, bool required,
                std::vector<Item>* out) {
  in.read_array(key, required, [&](const Json& item, const std::string& pointer) {
    out->push_back(read_object<Item>(item, pointer, in.problems(), Context{}));
  });
}

template <class Item>
void read_value(const FieldReader& in, const char* key, Kind, bool required,
                std::optional<Item>* out) {
  const Json* value = in.find(key, required);
  if (value == nullptr) return;
  if (value->is_object()) {
    *out = read_object<Item>(*value, in.at(key), in.problems(), Context{});
  } else {
    in.fail(key, "expected an object: " + outline(table_of<Item>()));
  }
}

// A nested object whose fields belong to `item` itself.
template <class T>
void read_part(const ObjectReader<T>& in, const Field<T>& field, T* item) {
  const Json* value = in.in().find(field.name, is_required(field.need));
  if (value == nullptr) return;
  if (value->is_object()) {
    ObjectReader<T>(*value, in.in().at(field.name), in.in().problems(), *field.part, in.context())
        .read(item);
  } else {
    in.in().fail(field.name, "expected an object: " + outline(*field.part));
  }
}

template <class T>
void read_field(const ObjectReader<T>& in, const Field<T>& field, T* item) {
  if (field.hook != nullptr && field.hook->read != nullptr) {
    field.hook->read(in, field, item);
  } else if (field.kind == Kind::kPart) {
    read_part(in, field, item);
  } else {
    std::visit(
        [&](auto member) {
          if constexpr (!std::is_same_v<decltype(member), std::monostate>) {
            read_value(in.in(), field.name, field.kind, is_required(field.need), &(item->*member));
          }
        },
        field.member);
  }
}

}  // namespace

template <class T>
void ObjectReader<T>::read(T* item) {
  for (std::size_t i = 0; i < table_.fields.size(); ++i) {
    const std::size_t before = in_.problems()->size();
    read_field(*this, table_.fields[i], item);
    ok_[i] = in_.problems()->size() == before;
  }
  item->*table_.extra = collect_extra(in_.object(), table_);
}

template <class T>
T read_object(const Json& json, const std::string& pointer, Problems* problems,
              const Context& context) {
  T item;
  ObjectReader<T>(json, pointer, problems, table_of<T>(), context).read(&item);
  return item;
}

// The reading hooks' own (a blend space's points); the others are read from here.
template SetupBlendPoint read_object<SetupBlendPoint>(const Json&, const std::string&, Problems*,
                                                      const Context&);

// ---------------------------------------------------------------------------------------------
// Parsing.

namespace {

Setup read_setup(const Json& json, Problems* problems) {
  if (!json.is_object()) {
    add_error(problems, "", "expected an object");
    return Setup();
  }
  return read_object<Setup>(json, "", problems, Context{});
}

// The setup in `text`, or the error; problems are added to `problems`.
Result<Setup> parse_text(const std::string& text, const std::string& path, Problems* problems) {
  const std::size_t too_deep = find_excess_nesting(text);
  if (too_deep != std::string::npos) {
    const std::string message = nesting_message(text, too_deep);
    add_error(problems, "", message);
    return Error{Error::Code::kParse, message, path};
  }
  const Json json = Json::parse(text);
  Setup setup = read_setup(json, problems);
  if (!problems->empty()) return Error{Error::Code::kInvalidData, summarize(*problems), path};
  return setup;
}

}  // namespace
}  // namespace anim::setup::json

namespace anim::setup {

Result<Setup> parse_setup(const std::string& text, const std::string& path,
                          std::vector<Diagnostic>* diagnostics) {
  using namespace json;
  Problems problems;
  Result<Setup> result = Error{Error::Code::kParse, "", path};
  std::optional<std::string> message;  // Of an exception.
  try {
    result = parse_text(text, path, &problems);
  } catch (const Json::parse_error& e) {
    message = syntax_message(e, text);
  } catch (const Json::out_of_range& e) {  // A number beyond the range of a double.
    message = overflow_message(e, text);
  } catch (const std::exception& e) {  // Out of memory, or anything else nlohmann throws.
    message = plain_message(e);
  }
  if (message) {
    problems.assign(1, {Diagnostic::Severity::kError, "", *message});
    result = Error{Error::Code::kParse, *message, path};
  }
  if (diagnostics != nullptr) *diagnostics = std::move(problems);
  return result;
}

Result<Setup> load_setup(const std::string& path, std::vector<Diagnostic>* diagnostics) {
  if (diagnostics != nullptr) diagnostics->clear();
  Result<std::string> text = files::read_file(path);
  if (!text.ok()) return text.error();
  return parse_setup(text.value(), path, diagnostics);
}

}  // namespace anim::setup
