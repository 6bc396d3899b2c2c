#pragma once
// The code of the fields their member and kind do not describe. Each is named by its table
// entry (setup_field_tables.cpp) and takes the field's name from there; reading parts live in
// setup_read_hooks.cpp, writing parts in setup_write.cpp.
#include "setup_fields.h"

namespace anim::setup::json {

template <class T>
using ReadHook = void(const ObjectReader<T>& in, const Field<T>& field, T* item);
template <class T>
using WriteHook = void(const T& item, const Field<T>& field, const Context& context, Json* out);

// An animation's "joint_map": an object of source joint -> model joint names, in file order.
ReadHook<SetupAnimation> read_joint_map;
WriteHook<SetupAnimation> write_joint_map;

// A parameter's "default": a number, or true/false for a bool or trigger (or an unknown type),
// or [x, y, z] for a vector3.
ReadHook<SetupParameter> read_parameter_default;
WriteHook<SetupParameter> write_parameter_default;

// A blend space's axis: "parameter" (1D), or "parameters": [x, y] (2D); and its points, whose
// positions take the form of its axes.
ReadHook<SetupBlendSpace> read_axis;
WriteHook<SetupBlendSpace> write_axis;
ReadHook<SetupBlendSpace> read_axes;
WriteHook<SetupBlendSpace> write_axes;
ReadHook<SetupBlendSpace> read_points;
WriteHook<SetupBlendSpace> write_points;
ReadHook<SetupBlendPoint> read_position;
WriteHook<SetupBlendPoint> write_position;

// A state's "motion": required, and written, unless the state holds a "machine" instead.
ReadHook<SetupState> read_motion;
WriteHook<SetupState> write_motion;

// A condition's "value": required and written only for ops that compare (op_takes_value).
ReadHook<SetupCondition> read_condition_value;
WriteHook<SetupCondition> write_condition_value;

// The root motion's "translation" (axis letters) and "rotation" (enum_names<bool>).
ReadHook<SetupRootMotion> read_translation;
ReadHook<SetupRootMotion> read_rotation;
WriteHook<SetupRootMotion> write_rotation;

// The header ("format", "version") and the tool's "editor" block.
ReadHook<Setup> read_format;
WriteHook<Setup> write_format;
ReadHook<Setup> read_version;
WriteHook<Setup> write_version;
ReadHook<Setup> read_editor;
WriteHook<Setup> write_editor;

}  // namespace anim::setup::json
