#pragma once
// Reading the values of one JSON object, each problem recorded with its JSON pointer so that a
// single pass reports them all. What a setup's fields are lies elsewhere (setup_fields.h).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/diagnostic.h"
#include "anim/setup/setup.h"
#include "setup_enum_names.h"

namespace anim::setup::json {

using Problems = std::vector<Diagnostic>;

void add_error(Problems* problems, std::string pointer, std::string message);
std::string in_quotes(const std::string& text);

// The fields of one JSON object located at `pointer`.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string pointer, Problems* problems)
      : object_(object), pointer_(std::move(pointer)), problems_(problems) {}

  const Json& object() const { return object_; }
  Problems* problems() const { return problems_; }
  std::string at(const char* key) const { return pointer_ + "/" + key; }

  // The field, or nullptr (reported when `required`).
  const Json* find(const char* key, bool required) const;
  void fail(const char* key, std::string message) const;

  bool read_string(const char* key, bool required, std::string* out) const;
  // A string that must not be empty when present.
  bool read_name(const char* key, bool required, std::string* out) const;
  bool read_bool(const char* key, bool required, bool* out) const;
  // A number, or with `allow_bool` also true/false read as 1/0.
  bool read_float(const char* key, bool required, float* out, bool allow_bool = false) const;
  bool convert_float(const Json& value, const char* key, bool allow_bool, float* out) const;
  // [x, y, z]: three numbers (a vector3 parameter's default, an IK entry's axis or point).
  bool read_vec3(const char* key, bool required, glm::vec3* out) const;
  bool convert_vec3(const Json& value, const char* key, glm::vec3* out) const;
  // An array of non-empty strings (a mask's joint names); absent is no problem.
  void read_names(const char* key, std::vector<std::string>* out) const;

  // One of the enum's names (setup_enum_names.h); a name it lacks is reported with the list.
  template <class E>
  bool read_enum(const char* key, E* out) const {
    std::string name;
    if (!read_string(key, true, &name)) return false;
    if (value_named(name, out)) return true;
    fail(key, "unknown " + std::string(enum_names<E>().noun) + " " + in_quotes(name) +
                  " (expected " + name_list<E>() + ")");
    return false;
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

}  // namespace anim::setup::json
