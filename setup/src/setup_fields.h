#pragma once
// The fields of each item of a setup file, one table per item (setup_field_tables.cpp): each
// field's JSON name is written there once, with its member, the form of its value, whether it
// is required and when it is written. The reader (setup_read*.cpp), the writer (setup_write.cpp),
// the known keys that keep unknown fields in `extra`, and the schema test all work from them.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/span.h"

namespace anim::setup::json {

// The form of a field's value in the file.
enum class Kind {
  kText,          // A string.
  kName,          // A string that must not be empty.
  kNumber,        // A number, stored as a float.
  kNumberOrNull,  // A number, or null for none.
  kFlag,          // true or false.
  kChoice,        // One of an enum's names (setup_enum_names.h).
  kNames,         // An array of non-empty strings (joint names).
  kVector,        // [x, y, z], three numbers.
  kItems,         // An array of objects, each read by its item's table.
  kObject,        // An object, read by its item's table (the root motion).
  kPart,          // An object whose fields belong to the same item (a layer's mask): `part`.
  kCustom,        // Something else, which the field's hook reads and writes.
};

enum class Need {
  kRequired,  // Missing is an error.
  kOptional,  // Missing leaves the member as it is by default.
  kEither,    // Exactly one of the item's kEither fields (a blend space's one or two axes, a
              // state's motion or machine).
  kDepends,   // Required by the value of another field (a condition's value, by its op).
};

enum class Write {
  kAlways,
  kUnlessDefault,  // Only when the member differs from its default (set, non-empty, changed).
  kByHook,         // As the field's hook decides.
};

// What an item's reading and writing learn from the item around it.
struct Context {
  bool plane = false;  // A blend point of a 2D space: its position is [x, y].
};

// The member a field reads into and writes from; monostate when a hook does all of it.
template <class T>
using Member = std::variant<std::monostate, std::string T::*, std::optional<std::string> T::*,
                            float T::*, std::optional<float> T::*, bool T::*,
                            std::vector<std::string> T::*, ParameterType T::*, ConditionOp T::*,
                            Interruption T::*, LayerBlend T::*, TransitionBlend T::*, SyncMode T::*,
                            SyncRole T::*,
                            std::vector<SetupAnimation> T::*, std::optional<SetupRootMotion> T::*,
                            std::vector<SetupParameter> T::*, std::vector<SetupBlendSpace> T::*,
                            std::vector<SetupBlendPoint> T::*, std::vector<SetupState> T::*,
                            std::vector<SetupCondition> T::*, std::vector<SetupTransition> T::*,
                            std::vector<SetupEvent> T::*, std::vector<SetupLayer> T::*,
                            std::vector<SetupMarker> T::*, std::vector<SetupClip> T::*,
                            std::optional<SetupMachine> T::*, IkType T::*, glm::vec3 T::*,
                            std::optional<glm::vec3> T::*, std::vector<float> T::*,
                            std::vector<std::vector<std::string>> T::*, SetupIkVector T::*,
                            std::optional<SetupIkVector> T::*, SetupIkWeight T::*,
                            std::vector<SetupIk> T::*>;

template <class T>
class ObjectReader;  // object_reader.h
template <class T>
struct Field;

// Code for a field the member alone does not describe; either part may be null (then the
// member is read or written as its kind says). setup_field_hooks.h lists them.
template <class T>
struct Hook {
  void (*read)(const ObjectReader<T>& in, const Field<T>& field, T* item);
  void (*write)(const T& item, const Field<T>& field, const Context& context, Json* out);
};

template <class T>
struct Table;

template <class T>
struct Field {
  const char* name;  // The JSON key: the only place it is spelled.
  Kind kind;
  Need need;
  Write write;
  Member<T> member;
  const Hook<T>* hook = nullptr;
  const Table<T>* part = nullptr;  // kPart: the fields of the nested object.
};

// An item's fields in the format's order (the order written, and read), and where the fields
// the table does not name are kept.
template <class T>
struct Table {
  Span<const Field<T>> fields;
  Json T::*extra;
};

// One table per item (setup_field_tables.cpp).
template <class T>
const Table<T>& table_of();
template <>
const Table<SetupAnimation>& table_of<SetupAnimation>();
template <>
const Table<SetupParameter>& table_of<SetupParameter>();
template <>
const Table<SetupBlendPoint>& table_of<SetupBlendPoint>();
template <>
const Table<SetupBlendSpace>& table_of<SetupBlendSpace>();
template <>
const Table<SetupState>& table_of<SetupState>();
template <>
const Table<SetupCondition>& table_of<SetupCondition>();
template <>
const Table<SetupTransition>& table_of<SetupTransition>();
template <>
const Table<SetupEvent>& table_of<SetupEvent>();
template <>
const Table<SetupMarker>& table_of<SetupMarker>();
template <>
const Table<SetupClip>& table_of<SetupClip>();
template <>
const Table<SetupMachine>& table_of<SetupMachine>();
template <>
const Table<SetupLayer>& table_of<SetupLayer>();
template <>
const Table<SetupRootMotion>& table_of<SetupRootMotion>();
template <>
const Table<SetupIk>& table_of<SetupIk>();
template <>
const Table<Setup>& table_of<Setup>();
// A layer's "mask" object, whose fields are the layer's mask_include and mask_exclude.
const Table<SetupLayer>& mask_table();

// The field of `table` bound to `member`, or nullptr.
template <class T, class V>
const Field<T>* field_of(const Table<T>& table, V T::*member) {
  for (const Field<T>& field : table.fields) {
    const auto* bound = std::get_if<V T::*>(&field.member);
    if (bound != nullptr && *bound == member) return &field;
  }
  return nullptr;
}

// The JSON key of the field bound to `member` in its item's table.
template <class T, class V>
const char* key_of(V T::*member) {
  const Field<T>* field = field_of(table_of<T>(), member);
  return field != nullptr ? field->name : "?";
}

}  // namespace anim::setup::json
