// Reading "animscope.setup" files by their field tables (setup_fields.h). Each reader records
// problems and keeps going, so one pass reports them all. nlohmann's exceptions stay here.
#include <cmath>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "anim/file_io.h"
#include "anim/setup.h"
#include "field_reader.h"
#include "json_errors.h"
#include "setup_enum_names.h"
#include "setup_field_hooks.h"
#include "setup_fields.h"

namespace anim::setup_json {

// One object of item T being read: its fields, and which of them read without a problem.
template <class T>
class ObjectReader {
 public:
  ObjectReader(const Json& json, std::string pointer, Problems* problems, const Table<T>& table,
               const Context& context)
      : in_(json, std::move(pointer), problems),
        table_(table),
        context_(context),
        ok_(table.fields.size(), true) {}

  const FieldReader& in() const { return in_; }
  const Context& context() const { return context_; }

  // Whether the object has the field bound to `member`.
  template <class V>
  bool has(V T::*member) const {
    const Field<T>* field = field_of(table_, member);
    return field != nullptr && in_.find(field->name, false) != nullptr;
  }
  // Whether the field bound to `member`, which comes earlier in the table, read without problem.
  template <class V>
  bool read_ok(V T::*member) const {
    const Field<T>* field = field_of(table_, member);
    return field != nullptr && ok_[static_cast<std::size_t>(field - table_.fields.begin())];
  }

  // Reads every field of the table into `item` in order, and keeps the others in its extra.
  void read(T* item);

 private:
  FieldReader in_;
  const Table<T>& table_;
  Context context_;
  std::vector<bool> ok_;
};

namespace {

bool required(Need need) { return need == Need::kRequired; }

template <class T>
T read_object(const Json& json, const std::string& pointer, Problems* problems,
              const Context& context) {
  T item;
  ObjectReader<T>(json, pointer, problems, table_of<T>(), context).read(&item);
  return item;
}

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

void read_value(const FieldReader& in, const char* key, Kind, bool,
                std::vector<std::string>* out) {
  in.read_names(key, out);
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
  const Json* value = in.in().find(field.name, required(field.need));
  if (value == nullptr) return;
  if (value->is_object()) {
    ObjectReader<T>(*value, in.in().at(field.name), in.in().problems(), *field.part,
                    in.context())
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
            read_value(in.in(), field.name, field.kind, required(field.need), &(item->*member));
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

// ---------------------------------------------------------------------------------------------
// The fields with hooks (setup_field_hooks.h).

void read_joint_map(const ObjectReader<SetupAnimation>& in, const Field<SetupAnimation>& field,
                    SetupAnimation* animation) {
  const Json* map = in.in().find(field.name, required(field.need));
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
  in.in().read_float(field.name, required(field.need), &parameter->default_value, !typed || flag);
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
  in.in().read_array(field.name, required(field.need),
                     [&](const Json& item, const std::string& pointer) {
                       space->points.push_back(read_object<SetupBlendPoint>(
                           item, pointer, in.in().problems(), points));
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

void read_translation(const ObjectReader<SetupRootMotion>& in,
                      const Field<SetupRootMotion>& field, SetupRootMotion* motion) {
  std::string text;
  if (!in.in().read_string(field.name, required(field.need), &text)) return;
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
  if (!in.in().read_string(field.name, required(field.need), &text)) return;
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
  const Json* editor = in.in().find(field.name, required(field.need));
  if (editor == nullptr) return;
  if (editor->is_object()) {
    setup->editor = *editor;
  } else {
    in.in().fail(field.name, "expected an object");
  }
}

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

std::string summarize(const Problems& problems) {
  const Diagnostic& first = problems.front();
  std::string text = first.pointer.empty() ? first.message : first.pointer + ": " + first.message;
  if (problems.size() > 1) {
    const std::size_t more = problems.size() - 1;
    text += " (and " + std::to_string(more) + (more == 1 ? " more problem)" : " more problems)");
  }
  return text;
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
}  // namespace anim::setup_json

namespace anim {

Result<Setup> parse_setup(const std::string& text, const std::string& path,
                          std::vector<Diagnostic>* diagnostics) {
  using namespace setup_json;
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
  Result<std::string> text = read_file(path);
  if (!text.ok()) return text.error();
  return parse_setup(text.value(), path, diagnostics);
}

}  // namespace anim
