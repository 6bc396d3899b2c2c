#pragma once
// The pose buffers a state machine's evaluation writes and drops: the poses of the states it
// samples, a blend space's extra points, an additive layer's reference and delta, each layer's
// blend. None of them outlives one evaluate, so a game keeps one per thread and every character
// that thread evaluates borrows it; a character then holds only what it keeps between frames
// (times, weights, sampling cursors), which keeps a crowd in cache.
#include <cstddef>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/ik_pose.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"

namespace anim {

class StateMachineScratch {
 public:
  // The states a layer blends at most (StateMachineInstance::kMaxActive).
  static constexpr std::size_t kSlots = 6;

  StateMachineScratch() = default;
  // Room for instances of `def` on a skeleton of `joints` joints (allocates, once).
  StateMachineScratch(const StateMachineDef& def, std::size_t joints);
  // Whether instances of `def` on `joints` joints can borrow it: the same joint count, room for
  // as many layers as `def` has, and for its IK entries (model space, the longest aim chain).
  bool fits(const StateMachineDef& def, std::size_t joints) const;
  std::size_t byte_size() const;

  // The buffers (blocks() blocks each). `machine` 0 is the base, i + 1 the def's layers[i].
  std::size_t blocks() const { return blocks_; }
  Span<const SoaTransform> identity() const { return buffer(kIdentity); }
  Span<SoaTransform> output() { return buffer(kOutput); }
  // A blend space's second and third points.
  Span<SoaTransform> point(std::size_t i) { return buffer(kPoints + i); }
  Span<SoaTransform> reference() { return buffer(kReference); }
  // The pose of the state in `slot` of `machine`, and a layer's blended pose.
  Span<SoaTransform> slot_pose(std::size_t machine, std::size_t slot) {
    return buffer(kFirstSlot + machine * kSlots + slot);
  }
  Span<const SoaTransform> slot_pose(std::size_t machine, std::size_t slot) const {
    return buffer(kFirstSlot + machine * kSlots + slot);
  }
  Span<SoaTransform> layer_pose(std::size_t machine) {
    return buffer(kFirstSlot + machines_ * kSlots + machine);
  }
  // IK's buffers (empty unless the def has IK entries): the pose's model space, and an aim
  // chain's joint matrices, corrections and their write-back. After an evaluate_soa that applied
  // IK, model() is the model space of the pose it wrote (root on the identity), so a game's
  // palette can take it instead of running SoaLocalToModelJob again.
  Span<glm::mat4> model() { return model_; }
  Span<glm::mat4> chain() { return chain_; }
  Span<glm::quat> chain_turns() { return chain_turns_; }
  Span<IkCorrection> corrections() { return corrections_; }

 private:
  static constexpr std::size_t kIdentity = 0, kOutput = 1, kPoints = 2, kReference = 4,
                               kFirstSlot = 5;
  Span<SoaTransform> buffer(std::size_t i) { return {pool_.data() + i * blocks_, blocks_}; }
  Span<const SoaTransform> buffer(std::size_t i) const {
    return {pool_.data() + i * blocks_, blocks_};
  }

  std::size_t blocks_ = 0;
  std::size_t machines_ = 0;
  std::vector<SoaTransform> pool_;
  std::vector<glm::mat4> model_;
  std::vector<glm::mat4> chain_;
  std::vector<glm::quat> chain_turns_;
  std::vector<IkCorrection> corrections_;
};

// The most joints an aim entry of `def` turns (at least 2: a two-bone entry's corrections).
std::size_t longest_ik_chain(const StateMachineDef& def);

}  // namespace anim
