// The names of the enums in setup files, and to_string() on them.
#include "setup_enum_names.h"

#include "anim/setup/setup.h"

namespace anim::setup {
namespace json {
namespace {

constexpr EnumName<ParameterType> kParameterTypes[] = {{ParameterType::kFloat, "float"},
                                                       {ParameterType::kInt, "int"},
                                                       {ParameterType::kBool, "bool"},
                                                       {ParameterType::kTrigger, "trigger"},
                                                       {ParameterType::kVector3, "vector3"}};

constexpr EnumName<ConditionOp> kConditionOps[] = {
    {ConditionOp::kGreater, ">"},         {ConditionOp::kLess, "<"},
    {ConditionOp::kEqual, "=="},          {ConditionOp::kNotEqual, "!="},
    {ConditionOp::kTrue, "true"},         {ConditionOp::kFalse, "false"},
    {ConditionOp::kTriggerSet, "trigger"}};

constexpr EnumName<Interruption> kInterruptions[] = {{Interruption::kNone, "none"},
                                                     {Interruption::kSource, "source"},
                                                     {Interruption::kDestination, "destination"}};

constexpr EnumName<LayerBlend> kLayerBlends[] = {{LayerBlend::kOverride, "override"},
                                                 {LayerBlend::kAdditive, "additive"}};

constexpr EnumName<TransitionBlend> kTransitionBlends[] = {
    {TransitionBlend::kCrossfade, "crossfade"},
    {TransitionBlend::kInertialize, "inertialize"},
    {TransitionBlend::kDeadBlend, "dead_blend"}};

constexpr EnumName<SyncMode> kSyncModes[] = {{SyncMode::kNormalized, "normalized"},
                                             {SyncMode::kMarkers, "markers"}};

constexpr EnumName<SyncRole> kSyncRoles[] = {
    {SyncRole::kAuto, "auto"}, {SyncRole::kLeader, "leader"}, {SyncRole::kFollower, "follower"}};

constexpr EnumName<IkType> kIkTypes[] = {
    {IkType::kTwoBone, "two_bone"}, {IkType::kAim, "aim"}, {IkType::kFeet, "feet"}};

constexpr EnumName<bool> kRotations[] = {{true, "yaw"}, {false, "none"}};

template <class E, std::size_t N>
constexpr Span<const EnumName<E>> span_of(const EnumName<E> (&names)[N]) {
  return Span<const EnumName<E>>(names, N);
}

}  // namespace

template <>
const EnumNames<ParameterType>& enum_names<ParameterType>() {
  static const EnumNames<ParameterType> names{"parameter type", span_of(kParameterTypes)};
  return names;
}

template <>
const EnumNames<ConditionOp>& enum_names<ConditionOp>() {
  static const EnumNames<ConditionOp> names{"op", span_of(kConditionOps)};
  return names;
}

template <>
const EnumNames<Interruption>& enum_names<Interruption>() {
  static const EnumNames<Interruption> names{"interruption", span_of(kInterruptions)};
  return names;
}

template <>
const EnumNames<LayerBlend>& enum_names<LayerBlend>() {
  static const EnumNames<LayerBlend> names{"blend", span_of(kLayerBlends)};
  return names;
}

template <>
const EnumNames<TransitionBlend>& enum_names<TransitionBlend>() {
  static const EnumNames<TransitionBlend> names{"transition blend", span_of(kTransitionBlends)};
  return names;
}

template <>
const EnumNames<SyncMode>& enum_names<SyncMode>() {
  static const EnumNames<SyncMode> names{"sync", span_of(kSyncModes)};
  return names;
}

template <>
const EnumNames<IkType>& enum_names<IkType>() {
  static const EnumNames<IkType> names{"IK type", span_of(kIkTypes)};
  return names;
}

template <>
const EnumNames<SyncRole>& enum_names<SyncRole>() {
  static const EnumNames<SyncRole> names{"sync role", span_of(kSyncRoles)};
  return names;
}

template <>
const EnumNames<bool>& enum_names<bool>() {
  static const EnumNames<bool> names{"rotation", span_of(kRotations)};
  return names;
}

bool op_takes_value(ConditionOp op) {
  return op == ConditionOp::kGreater || op == ConditionOp::kLess || op == ConditionOp::kEqual ||
         op == ConditionOp::kNotEqual;
}

}  // namespace json

const char* to_string(ParameterType type) { return json::name_of(type); }
const char* to_string(ConditionOp op) { return json::name_of(op); }
const char* to_string(Interruption interruption) { return json::name_of(interruption); }
const char* to_string(LayerBlend blend) { return json::name_of(blend); }
const char* to_string(TransitionBlend blend) { return json::name_of(blend); }
const char* to_string(SyncMode sync) { return json::name_of(sync); }
const char* to_string(SyncRole role) { return json::name_of(role); }
const char* to_string(IkType type) { return json::name_of(type); }

}  // namespace anim::setup
