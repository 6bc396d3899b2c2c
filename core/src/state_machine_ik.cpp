// The def's IK entries on the finished pose (ik_def.h), and the vector parameters they aim at.
#include <algorithm>
#include <array>
#include <cmath>

#include "anim/aim_ik.h"
#include "anim/aim_ik_chain.h"
#include "anim/find_by_name.h"
#include "anim/foot_ik.h"
#include "anim/soa_local_to_model.h"
#include "anim/state_machine.h"
#include "anim/two_bone_ik.h"
#include "ik_math.h"
#include "ik_write_back.h"
#include "index_checks.h"

namespace anim {

namespace {

using detail::index_in;

// Whether there are joints and each is in the skeleton's `count`.
bool joints_valid(Span<const int16_t> joints, std::size_t count) {
  for (int16_t j : joints) {
    if (!index_in(j, count)) return false;
  }
  return !joints.empty();
}

}  // namespace

bool StateMachineInstance::set_vector(int parameter, const glm::vec3& value) {
  if (!index_in(parameter, params_.size())) return false;
  if (def_->parameters[parameter].type != ParameterType::kVector3) return false;
  if (!detail::finite(value)) return false;
  vectors_[parameter] = value;
  return true;
}

bool StateMachineInstance::set_vector(const std::string& name, const glm::vec3& value) {
  return set_vector(def_->find_parameter(name), value);
}

glm::vec3 StateMachineInstance::vector(int parameter) const {
  if (!index_in(parameter, params_.size())) return glm::vec3(0.0f);
  if (def_->parameters[parameter].type != ParameterType::kVector3) return glm::vec3(0.0f);
  return vectors_[parameter];
}

Span<const FootIkLegResult> StateMachineInstance::ik_legs(std::size_t entry) const {
  if (entry + 1 >= ik_leg_start_.size()) return {};
  return {ik_legs_.data() + ik_leg_start_[entry], ik_leg_start_[entry + 1] - ik_leg_start_[entry]};
}

void StateMachineInstance::init_ik() {
  if (!def_->has_ik()) return;
  ik_results_.assign(def_->ik_entry_count(), IkEntryResult{});
  ik_leg_start_.clear();
  ik_leg_start_.push_back(0);
  const auto count_legs = [&](const std::vector<IkEntryDef>& entries) {
    for (const IkEntryDef& e : entries) {
      ik_leg_start_.push_back(ik_leg_start_.back() + static_cast<uint32_t>(e.legs.size()));
    }
  };
  count_legs(def_->ik);
  for (const LayerDef& layer : def_->layers) count_legs(layer.ik);
  ik_legs_.assign(ik_leg_start_.back(), FootIkLegResult{});
}

namespace {

// What one entry's run needs besides the entry: the pose, its model space and the buffers.
struct IkContext {
  Span<const int16_t> parents;
  Span<SoaTransform> local;
  Span<glm::mat4> model;
  StateMachineScratch* scratch;
  GroundQuery ground;
};

bool run_two_bone(const IkEntryDef& e, const IkContext& c, float weight, IkEntryResult* r) {
  if (e.joints.size() != 3 || !joints_valid(e.joints, c.parents.size())) return false;
  const glm::mat4 &start = c.model[e.joints[0]], &mid = c.model[e.joints[1]],
                  &end = c.model[e.joints[2]];
  const Span<IkCorrection> turns = c.scratch->corrections();
  turns[0] = IkCorrection{e.joints[0], glm::quat(1, 0, 0, 0), glm::vec3(0.0f)};
  turns[1] = IkCorrection{e.joints[1], glm::quat(1, 0, 0, 0), glm::vec3(0.0f)};
  TwoBoneIkJob ik;
  ik.start = start;
  ik.mid = mid;
  ik.end = end;
  ik.target = r->target;
  ik.pole = r->pole;
  ik.twist = e.twist;
  ik.mid_axis = detail::animated_bend_axis(glm::vec3(mid[3] - start[3]), glm::vec3(end[3] - mid[3]),
                                           mid, e.bend_axis);
  ik.soften = e.soften;
  ik.weight = weight;
  ik.start_correction = &turns[0].rotation;
  ik.mid_correction = &turns[1].rotation;
  ik.reached = &r->reached;
  if (!ik.run()) return false;
  detail::apply_ik_corrections(c.parents, {turns.data(), 2}, glm::mat4(1.0f), c.local, c.model);
  return true;
}

// What AimIkJob and AimIkChainJob share: the ray, target, pole, twist and weight.
template <class Job>
void aim_inputs(const IkEntryDef& e, const IkEntryResult& r, float weight, Job* job) {
  job->target = r.target;
  job->forward = e.forward;
  job->offset = e.offset;
  job->up = e.up;
  job->pole = r.pole;
  job->twist = e.twist;
  job->weight = weight;
}

bool run_aim(const IkEntryDef& e, const IkContext& c, float weight, IkEntryResult* r) {
  const std::size_t n = e.joints.size();
  if (!joints_valid(e.joints, c.parents.size()) || e.shares.size() != n) return false;
  const Span<IkCorrection> turns = c.scratch->corrections();
  if (n == 1) {
    turns[0] = IkCorrection{e.joints[0], glm::quat(1, 0, 0, 0), glm::vec3(0.0f)};
    AimIkJob ik;
    ik.joint = c.model[e.joints[0]];
    aim_inputs(e, *r, weight, &ik);
    ik.correction = &turns[0].rotation;
    ik.reached = &r->reached;
    if (!ik.run()) return false;
  } else {
    const Span<glm::mat4> chain = c.scratch->chain();
    const Span<glm::quat> chain_turns = c.scratch->chain_turns();
    for (std::size_t i = 0; i < n; ++i) chain[i] = c.model[e.joints[i]];
    AimIkChainJob ik;
    ik.joints = {chain.data(), n};
    ik.shares = {e.shares.data(), n};
    aim_inputs(e, *r, weight, &ik);
    ik.corrections = {chain_turns.data(), n};
    ik.reached = &r->reached;
    if (!ik.run()) return false;
    for (std::size_t i = 0; i < n; ++i) {
      turns[i] = IkCorrection{e.joints[i], chain_turns[i], glm::vec3(0.0f)};
    }
  }
  detail::apply_ik_corrections(c.parents, {turns.data(), n}, glm::mat4(1.0f), c.local, c.model);
  return true;
}

// How much a leg of feet entry `e` is planted: by its animated ankle's height (lift_height),
// raised to 1 by the `stance` share of the base machine's weight that is in the leg's stance.
float planted(const IkEntryDef& e, const glm::mat4& ankle, float stance) {
  if (!(e.lift_height > 0.0f)) return 1.0f;
  const float height = glm::dot(glm::vec3(ankle[3]), detail::direction_of(e.ground_up));
  const float x = std::clamp((height - e.foot_height) / e.lift_height, 0.0f, 1.0f);
  const float by_height = 1.0f - x * x * (3.0f - 2.0f * x);
  return by_height + (1.0f - by_height) * stance;
}

// `stance` holds per leg the share of the base machine's weight in that leg's stance (0 without a
// plant marker).
bool run_feet(const IkEntryDef& e, const IkContext& c, float weight, Span<const float> stance,
              Span<FootIkLegResult> legs, IkEntryResult* r) {
  if (c.ground.cast == nullptr) {
    for (FootIkLegResult& leg : legs) leg = FootIkLegResult{};
    return true;  // No ground: nothing to stand on, the animation as it is.
  }
  // At most four legs a feet entry (the setup's and package's limit), each from its def.
  std::array<FootIkLeg, kMaxIkLegs> feet{};
  if (e.legs.size() > feet.size()) return false;
  for (std::size_t i = 0; i < e.legs.size(); ++i) {
    feet[i].hip = e.legs[i].hip;
    feet[i].knee = e.legs[i].knee;
    feet[i].ankle = e.legs[i].ankle;
    feet[i].foot_height = e.foot_height;
    feet[i].planted = planted(e, c.model[e.legs[i].ankle], stance[i]);
  }
  FootIkJob job;
  job.parents = c.parents;
  job.local = c.local;
  job.model = c.model;
  job.legs = {feet.data(), e.legs.size()};
  job.pelvis = e.pelvis;
  job.ground = c.ground;
  job.up = e.ground_up;
  job.weight = weight;
  job.max_pelvis_drop = e.max_pelvis_drop;
  job.soften = e.soften;
  job.results = legs;
  job.pelvis_drop = &r->pelvis_drop;
  if (!job.run()) return false;
  r->reached = true;
  for (const FootIkLegResult& leg : legs) r->reached = r->reached && (!leg.hit || leg.reached);
  return true;
}

}  // namespace

float StateMachineInstance::stance_share(int marker) const {
  if (marker < 0) return 0.0f;
  const Span<const ActiveState> states = active_states(0);
  float total = 0.0f, in_stance = 0.0f;
  for (std::size_t i = 0; i < states.size(); ++i) {
    total += states[i].weight;
    if (active_marker(0, i).previous == marker) in_stance += states[i].weight;
  }
  return total > 0.0f ? std::clamp(in_stance / total, 0.0f, 1.0f) : 0.0f;
}

bool StateMachineInstance::apply_ik(Span<SoaTransform> output, StateMachineScratch& scratch) {
  if (ik_results_.empty()) return true;
  const Span<const int16_t> parents(skeleton_->parents);
  const IkContext c{parents, output, scratch.model(), &scratch, ground_};
  if (!SoaLocalToModelJob{parents, output, glm::mat4(1.0f), c.model}.run()) return false;
  std::size_t index = 0;
  const auto run_list = [&](const std::vector<IkEntryDef>& entries, float layer_weight) {
    for (const IkEntryDef& e : entries) {
      IkEntryResult& r = ik_results_[index];
      const Span<FootIkLegResult> legs{ik_legs_.data() + ik_leg_start_[index],
                                       ik_leg_start_[index + 1] - ik_leg_start_[index]};
      ++index;
      r = IkEntryResult{};
      r.target = e.target.parameter >= 0 ? vectors_[e.target.parameter] : e.target.value;
      r.pole = e.pole.parameter >= 0 ? vectors_[e.pole.parameter] : e.pole.value;
      float weight = e.weight.parameter >= 0 ? params_[e.weight.parameter].value : e.weight.value;
      weight = std::clamp(weight, 0.0f, 1.0f) * layer_weight;
      if (!(weight > 0.0f)) {  // Off (or NaN): the pose bit for bit.
        for (FootIkLegResult& leg : legs) leg = FootIkLegResult{};
        continue;
      }
      r.weight = weight;
      bool ran = false;
      switch (e.type) {
        case IkType::kTwoBone:
          ran = run_two_bone(e, c, weight, &r);
          break;
        case IkType::kAim:
          ran = run_aim(e, c, weight, &r);
          break;
        case IkType::kFeet: {
          std::array<float, kMaxIkLegs> stance{};
          for (std::size_t l = 0; l < e.plant_markers.size() && l < stance.size(); ++l) {
            stance[l] = stance_share(e.plant_markers[l]);
          }
          ran = run_feet(e, c, weight, {stance.data(), stance.size()}, legs, &r);
          break;
        }
      }
      if (!ran) {  // A job refused its input (a target too far to compute with): it did nothing.
        r.weight = 0.0f;
        r.reached = false;
      }
    }
  };
  run_list(def_->ik, 1.0f);
  for (std::size_t i = 0; i < def_->layers.size(); ++i) {
    run_list(def_->layers[i].ik, layer_weight(static_cast<int>(i + 1)));
  }
  return true;
}

}  // namespace anim
