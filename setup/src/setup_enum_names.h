#pragma once
// The names a setup file gives to enum values ("float", ">", "source", "additive", "yaw"), one
// table per enum. to_string(), the reader (and its "expected ..." text) and the schema test all
// take them from here, so each name is written once.
#include <string>

#include "anim/ik_def.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"

namespace anim::setup::json {

template <class E>
struct EnumName {
  E value;
  const char* name;
};

// An enum's names in the order the format lists them, and what messages call one of its values.
template <class E>
struct EnumNames {
  const char* noun;  // "unknown <noun> ..."
  Span<const EnumName<E>> names;
};

template <class E>
const EnumNames<E>& enum_names();
template <>
const EnumNames<ParameterType>& enum_names<ParameterType>();
template <>
const EnumNames<ConditionOp>& enum_names<ConditionOp>();
template <>
const EnumNames<Interruption>& enum_names<Interruption>();
template <>
const EnumNames<LayerBlend>& enum_names<LayerBlend>();
template <>
const EnumNames<TransitionBlend>& enum_names<TransitionBlend>();
template <>
const EnumNames<SyncMode>& enum_names<SyncMode>();
template <>
const EnumNames<SyncRole>& enum_names<SyncRole>();
template <>
const EnumNames<IkType>& enum_names<IkType>();
// The root motion's "rotation": true (about the up axis) or false (none); SetupRootMotion::yaw.
template <>
const EnumNames<bool>& enum_names<bool>();

// The name of `value`, or "?" for a value the table lacks.
template <class E>
const char* name_of(E value) {
  for (const EnumName<E>& entry : enum_names<E>().names) {
    if (entry.value == value) return entry.name;
  }
  return "?";
}

// The value called `name`; false when no value is.
template <class E>
bool value_named(const std::string& name, E* out) {
  for (const EnumName<E>& entry : enum_names<E>().names) {
    if (name == entry.name) {
      *out = entry.value;
      return true;
    }
  }
  return false;
}

// The names as a message lists them: "override or additive", "none, source or destination".
template <class E>
std::string name_list() {
  const Span<const EnumName<E>> names = enum_names<E>().names;
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i].name;
  }
  return text;
}

// Whether a condition with this op compares its parameter to a value (>, <, ==, !=).
bool op_takes_value(ConditionOp op);

}  // namespace anim::setup::json
