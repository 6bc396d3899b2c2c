// The fields of each item of a setup file: the one place their JSON names are written.
#include "setup_field_hooks.h"
#include "setup_fields.h"

namespace anim::setup::json {
namespace {

constexpr Kind kText = Kind::kText;
constexpr Kind kName = Kind::kName;
constexpr Kind kNumber = Kind::kNumber;
constexpr Kind kFlag = Kind::kFlag;
constexpr Kind kChoice = Kind::kChoice;
constexpr Kind kItems = Kind::kItems;
constexpr Kind kCustom = Kind::kCustom;
constexpr Need kRequired = Need::kRequired;
constexpr Need kOptional = Need::kOptional;
constexpr Write kAlways = Write::kAlways;
constexpr Write kUnlessDefault = Write::kUnlessDefault;
constexpr Write kByHook = Write::kByHook;

template <class T, std::size_t N>
constexpr Table<T> table(const Field<T> (&fields)[N], Json T::*extra) {
  return Table<T>{Span<const Field<T>>(fields, N), extra};
}

// "animations": [...]
using A = SetupAnimation;
constexpr Hook<A> kJointMap{read_joint_map, write_joint_map};
constexpr Field<A> kAnimationFields[] = {
    {"file", kName, kRequired, kAlways, &A::file},
    {"clip", kName, kOptional, kUnlessDefault, &A::clip},
    {"as", kName, kOptional, kUnlessDefault, &A::alias},
    {"joint_map", kCustom, kOptional, kByHook, {}, &kJointMap},
    {"root_motion", kFlag, kOptional, kUnlessDefault, &A::root_motion},
    {"markers", kItems, kOptional, kUnlessDefault, &A::markers},
};
constexpr Table<A> kAnimationTable = table(kAnimationFields, &A::extra);

// A clip's or an animation entry's "markers": [...]
using M = SetupMarker;
constexpr Field<M> kMarkerFields[] = {
    {"name", kName, kRequired, kAlways, &M::name},
    {"time", kNumber, kRequired, kAlways, &M::time},
};
constexpr Table<M> kMarkerTable = table(kMarkerFields, &M::extra);

// "clips": [...]
using Cl = SetupClip;
constexpr Field<Cl> kClipFields[] = {
    {"name", kName, kRequired, kAlways, &Cl::name},
    {"markers", kItems, kOptional, kAlways, &Cl::markers},
};
constexpr Table<Cl> kClipTable = table(kClipFields, &Cl::extra);

// "parameters": [...]
using P = SetupParameter;
constexpr Hook<P> kParameterDefault{read_parameter_default, write_parameter_default};
constexpr Field<P> kParameterFields[] = {
    {"name", kText, kRequired, kAlways, &P::name},
    {"type", kChoice, kRequired, kAlways, &P::type},
    {"default", kCustom, kRequired, kAlways, &P::default_value, &kParameterDefault},
    {"min", kNumber, kOptional, kUnlessDefault, &P::min},
    {"max", kNumber, kOptional, kUnlessDefault, &P::max},
    {"rate", kNumber, kOptional, kUnlessDefault, &P::rate},
};
constexpr Table<P> kParameterTable = table(kParameterFields, &P::extra);

// A blend space's "points": [...]
using BP = SetupBlendPoint;
constexpr Hook<BP> kPosition{read_position, write_position};
constexpr Field<BP> kBlendPointFields[] = {
    {"clip", kText, kRequired, kAlways, &BP::clip},
    {"position", kCustom, kRequired, kByHook, &BP::position, &kPosition},
};
constexpr Table<BP> kBlendPointTable = table(kBlendPointFields, &BP::extra);

// "blend_spaces": [...]
using B = SetupBlendSpace;
constexpr Hook<B> kAxis{read_axis, write_axis};
constexpr Hook<B> kAxes{read_axes, write_axes};
constexpr Hook<B> kPoints{read_points, write_points};
constexpr Field<B> kBlendSpaceFields[] = {
    {"name", kText, kRequired, kAlways, &B::name},
    {"parameter", kText, Need::kEither, kByHook, &B::parameter, &kAxis},
    {"parameters", kCustom, Need::kEither, kByHook, &B::parameter_y, &kAxes},
    {"points", kItems, kRequired, kByHook, &B::points, &kPoints},
    {"sync", kChoice, kOptional, kUnlessDefault, &B::sync},
};
constexpr Table<B> kBlendSpaceTable = table(kBlendSpaceFields, &B::extra);

// "states": [...], at the top and in layers.
using S = SetupState;
constexpr Hook<S> kMotion{read_motion, write_motion};
constexpr Field<S> kStateFields[] = {
    {"name", kText, kRequired, kAlways, &S::name},
    {"motion", kText, Need::kEither, kByHook, &S::motion, &kMotion},
    {"speed", kNumber, kOptional, kAlways, &S::speed},
    {"loop", kFlag, kOptional, kAlways, &S::loop},
    {"root_motion", kFlag, kOptional, kUnlessDefault, &S::root_motion},
    {"sync_group", kName, kOptional, kUnlessDefault, &S::sync_group},
    {"sync_role", kChoice, kOptional, kUnlessDefault, &S::sync_role},
    {"machine", Kind::kObject, Need::kEither, kUnlessDefault, &S::machine},
};
constexpr Table<S> kStateTable = table(kStateFields, &S::extra);

// A state's "machine": {...}.
using Mc = SetupMachine;
constexpr Field<Mc> kMachineFields[] = {
    {"states", kItems, kRequired, kAlways, &Mc::states},
    {"default_state", kText, kRequired, kAlways, &Mc::default_state},
    {"transitions", kItems, kOptional, kAlways, &Mc::transitions},
    {"exit_states", Kind::kNames, kOptional, kUnlessDefault, &Mc::exit_states},
};
constexpr Table<Mc> kMachineTable = table(kMachineFields, &Mc::extra);

// A transition's "conditions": [...]
using C = SetupCondition;
constexpr Hook<C> kConditionValue{read_condition_value, write_condition_value};
constexpr Field<C> kConditionFields[] = {
    {"parameter", kText, kRequired, kAlways, &C::parameter},
    {"op", kChoice, kRequired, kAlways, &C::op},
    {"value", kCustom, Need::kDepends, kByHook, &C::value, &kConditionValue},
};
constexpr Table<C> kConditionTable = table(kConditionFields, &C::extra);

// "transitions": [...], at the top and in layers.
using Tn = SetupTransition;
constexpr Field<Tn> kTransitionFields[] = {
    {"from", kText, kRequired, kAlways, &Tn::from},
    {"to", kText, kRequired, kAlways, &Tn::to},
    {"conditions", kItems, kOptional, kAlways, &Tn::conditions},
    {"exit_time", Kind::kNumberOrNull, kOptional, kAlways, &Tn::exit_time},
    {"duration", kNumber, kOptional, kAlways, &Tn::duration},
    {"offset", kNumber, kOptional, kAlways, &Tn::offset},
    {"interruption", kChoice, kOptional, kAlways, &Tn::interruption},
    {"blend", kChoice, kOptional, kUnlessDefault, &Tn::blend},
    {"half_life", kNumber, kOptional, kUnlessDefault, &Tn::half_life},
    {"sync", kChoice, kOptional, kUnlessDefault, &Tn::sync},
};
constexpr Table<Tn> kTransitionTable = table(kTransitionFields, &Tn::extra);

// "events": [...]
using E = SetupEvent;
constexpr Field<E> kEventFields[] = {
    {"clip", kName, kRequired, kAlways, &E::clip},
    {"time", kNumber, kRequired, kAlways, &E::time},
    {"name", kName, kRequired, kAlways, &E::name},
    {"payload", kText, kOptional, kUnlessDefault, &E::payload},
};
constexpr Table<E> kEventTable = table(kEventFields, &E::extra);

// "ik": [...], at the top and in layers. The kCustom fields are a parameter's name or a constant
// (setup_read.cpp reads them by their member).
using K = SetupIk;
constexpr Field<K> kIkFields[] = {
    {"name", kName, kRequired, kAlways, &K::name},
    {"type", kChoice, kRequired, kAlways, &K::type},
    {"start", kName, kOptional, kUnlessDefault, &K::start},
    {"mid", kName, kOptional, kUnlessDefault, &K::mid},
    {"end", kName, kOptional, kUnlessDefault, &K::end},
    {"joint", kName, kOptional, kUnlessDefault, &K::joint},
    {"chain", Kind::kNames, kOptional, kUnlessDefault, &K::chain},
    {"shares", kCustom, kOptional, kUnlessDefault, &K::shares},
    {"legs", kCustom, kOptional, kUnlessDefault, &K::legs},
    {"pelvis", kName, kOptional, kUnlessDefault, &K::pelvis},
    {"target", kCustom, kOptional, kUnlessDefault, &K::target},
    {"pole", kCustom, kOptional, kUnlessDefault, &K::pole},
    {"twist", kNumber, kOptional, kUnlessDefault, &K::twist},
    {"soften", kNumber, kOptional, kUnlessDefault, &K::soften},
    {"bend_axis", Kind::kVector, kOptional, kUnlessDefault, &K::bend_axis},
    {"forward", Kind::kVector, kOptional, kUnlessDefault, &K::forward},
    {"up", Kind::kVector, kOptional, kUnlessDefault, &K::up},
    {"offset", Kind::kVector, kOptional, kUnlessDefault, &K::offset},
    {"foot_height", kNumber, kOptional, kUnlessDefault, &K::foot_height},
    {"max_pelvis_drop", kNumber, kOptional, kUnlessDefault, &K::max_pelvis_drop},
    {"lift_height", kNumber, kOptional, kUnlessDefault, &K::lift_height},
    {"plant_markers", Kind::kNames, kOptional, kUnlessDefault, &K::plant_markers},
    {"weight", kCustom, kOptional, kUnlessDefault, &K::weight},
};
constexpr Table<K> kIkTable = table(kIkFields, &K::extra);

// A layer's "mask": {...}, kept in the layer itself.
using L = SetupLayer;
constexpr Field<L> kMaskFields[] = {
    {"include", Kind::kNames, kOptional, kAlways, &L::mask_include},
    {"exclude", Kind::kNames, kOptional, kAlways, &L::mask_exclude},
};
constexpr Table<L> kMaskTable = table(kMaskFields, &L::mask_extra);

// "layers": [...]
constexpr Field<L> kLayerFields[] = {
    {"name", kName, kRequired, kAlways, &L::name},
    {"blend", kChoice, kOptional, kAlways, &L::blend},
    {"weight", kNumber, kOptional, kAlways, &L::weight},
    {"weight_parameter", kName, kOptional, kUnlessDefault, &L::weight_parameter},
    {"mask", Kind::kPart, kOptional, kAlways, {}, nullptr, &kMaskTable},
    {"reference", kName, kOptional, kUnlessDefault, &L::reference},
    {"states", kItems, kRequired, kAlways, &L::states},
    {"default_state", kText, kRequired, kAlways, &L::default_state},
    {"transitions", kItems, kOptional, kAlways, &L::transitions},
    {"ik", kItems, kOptional, kUnlessDefault, &L::ik},
};
constexpr Table<L> kLayerTable = table(kLayerFields, &L::extra);

// "root_motion": {...}
using R = SetupRootMotion;
constexpr Hook<R> kTranslation{read_translation, nullptr};
constexpr Hook<R> kRotation{read_rotation, write_rotation};
constexpr Field<R> kRootMotionFields[] = {
    {"joint", kName, kOptional, kUnlessDefault, &R::joint},
    {"translation", kText, kOptional, kUnlessDefault, &R::translation, &kTranslation},
    {"rotation", kChoice, kOptional, kByHook, &R::yaw, &kRotation},
};
constexpr Table<R> kRootMotionTable = table(kRootMotionFields, &R::extra);

// The file itself.
constexpr Hook<Setup> kFormat{read_format, write_format};
constexpr Hook<Setup> kVersion{read_version, write_version};
constexpr Hook<Setup> kEditor{read_editor, write_editor};
constexpr Field<Setup> kSetupFields[] = {
    {"format", kCustom, kRequired, kByHook, {}, &kFormat},
    {"version", kCustom, kRequired, kByHook, {}, &kVersion},
    {"model", kText, kRequired, kAlways, &Setup::model},
    {"animations", kItems, kOptional, kUnlessDefault, &Setup::animations},
    {"clips", kItems, kOptional, kUnlessDefault, &Setup::clips},
    {"root_motion", Kind::kObject, kOptional, kUnlessDefault, &Setup::root_motion},
    {"parameters", kItems, kOptional, kAlways, &Setup::parameters},
    {"blend_spaces", kItems, kOptional, kAlways, &Setup::blend_spaces},
    {"states", kItems, kRequired, kAlways, &Setup::states},
    {"default_state", kText, kRequired, kAlways, &Setup::default_state},
    {"transitions", kItems, kOptional, kAlways, &Setup::transitions},
    {"events", kItems, kOptional, kUnlessDefault, &Setup::events},
    {"ik", kItems, kOptional, kUnlessDefault, &Setup::ik},
    {"layers", kItems, kOptional, kUnlessDefault, &Setup::layers},
    {"editor", kCustom, kOptional, kByHook, {}, &kEditor},
};
constexpr Table<Setup> kSetupTable = table(kSetupFields, &Setup::extra);

}  // namespace

// clang-format off
template <> const Table<SetupAnimation>& table_of<SetupAnimation>() { return kAnimationTable; }
template <> const Table<SetupParameter>& table_of<SetupParameter>() { return kParameterTable; }
template <> const Table<SetupBlendPoint>& table_of<SetupBlendPoint>() { return kBlendPointTable; }
template <> const Table<SetupBlendSpace>& table_of<SetupBlendSpace>() { return kBlendSpaceTable; }
template <> const Table<SetupState>& table_of<SetupState>() { return kStateTable; }
template <> const Table<SetupCondition>& table_of<SetupCondition>() { return kConditionTable; }
template <> const Table<SetupTransition>& table_of<SetupTransition>() { return kTransitionTable; }
template <> const Table<SetupEvent>& table_of<SetupEvent>() { return kEventTable; }
template <> const Table<SetupMarker>& table_of<SetupMarker>() { return kMarkerTable; }
template <> const Table<SetupClip>& table_of<SetupClip>() { return kClipTable; }
template <> const Table<SetupMachine>& table_of<SetupMachine>() { return kMachineTable; }
template <> const Table<SetupLayer>& table_of<SetupLayer>() { return kLayerTable; }
template <> const Table<SetupRootMotion>& table_of<SetupRootMotion>() { return kRootMotionTable; }
template <> const Table<SetupIk>& table_of<SetupIk>() { return kIkTable; }
template <> const Table<Setup>& table_of<Setup>() { return kSetupTable; }
// clang-format on
const Table<SetupLayer>& mask_table() { return kMaskTable; }

}  // namespace anim::setup::json
