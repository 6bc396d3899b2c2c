// Reading one JSON object's values with their pointers.
#include "field_reader.h"

#include <cmath>
#include <limits>

namespace anim::setup::json {
namespace {

// Numbers below this magnitude round to a finite float; at it, they round to infinity.
constexpr double kFloatLimit = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;

}  // namespace

void add_error(Problems* problems, std::string pointer, std::string message) {
  problems->push_back({Diagnostic::Severity::kError, std::move(pointer), std::move(message)});
}

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

const Json* FieldReader::find(const char* key, bool required) const {
  const auto it = object_.find(key);
  if (it != object_.end()) return &*it;
  if (required) fail(key, "missing required field");
  return nullptr;
}

void FieldReader::fail(const char* key, std::string message) const {
  add_error(problems_, at(key), std::move(message));
}

bool FieldReader::read_string(const char* key, bool required, std::string* out) const {
  const Json* value = find(key, required);
  if (value == nullptr) return false;
  if (!value->is_string()) {
    fail(key, "expected a string");
    return false;
  }
  *out = value->get<std::string>();
  return true;
}

bool FieldReader::read_name(const char* key, bool required, std::string* out) const {
  if (!read_string(key, required, out)) return false;
  if (!out->empty()) return true;
  fail(key, "must not be empty");
  return false;
}

bool FieldReader::read_bool(const char* key, bool required, bool* out) const {
  const Json* value = find(key, required);
  if (value == nullptr) return false;
  if (!value->is_boolean()) {
    fail(key, "expected true or false");
    return false;
  }
  *out = value->get<bool>();
  return true;
}

bool FieldReader::read_float(const char* key, bool required, float* out, bool allow_bool) const {
  const Json* value = find(key, required);
  if (value == nullptr) return false;
  return convert_float(*value, key, allow_bool, out);
}

bool FieldReader::convert_float(const Json& value, const char* key, bool allow_bool,
                                float* out) const {
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

bool FieldReader::read_vec3(const char* key, bool required, glm::vec3* out) const {
  const Json* value = find(key, required);
  if (value == nullptr) return false;
  return convert_vec3(*value, key, out);
}

bool FieldReader::convert_vec3(const Json& value, const char* key, glm::vec3* out) const {
  if (!value.is_array() || value.size() != 3) {
    fail(key, "expected [x, y, z], three numbers");
    return false;
  }
  const FieldReader items(value, at(key), problems_);
  glm::vec3 read(0.0f);
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    ok = items.convert_float(value[static_cast<std::size_t>(i)], std::to_string(i).c_str(), false,
                             &read[i]) &&
         ok;
  }
  if (ok) *out = read;
  return ok;
}

void FieldReader::read_names(const char* key, std::vector<std::string>* out) const {
  const Json* value = find(key, false);
  if (value == nullptr) return;
  if (!value->is_array()) {
    fail(key, "expected an array of names");
    return;
  }
  for (std::size_t i = 0; i < value->size(); ++i) {
    const Json& item = (*value)[i];
    if (!item.is_string() || item.get<std::string>().empty()) {
      fail(key, "entry " + std::to_string(i) + " is not a name (a non-empty string)");
      continue;
    }
    out->push_back(item.get<std::string>());
  }
}

}  // namespace anim::setup::json
