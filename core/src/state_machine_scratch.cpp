#include "anim/state_machine_scratch.h"

#include <algorithm>

namespace anim {

std::size_t longest_ik_chain(const StateMachineDef& def) {
  std::size_t longest = 2;
  const auto scan = [&](const std::vector<IkEntryDef>& entries) {
    for (const IkEntryDef& e : entries) longest = std::max(longest, e.joints.size());
  };
  scan(def.ik);
  for (const LayerDef& layer : def.layers) scan(layer.ik);
  return longest;
}

StateMachineScratch::StateMachineScratch(const StateMachineDef& def, std::size_t joints)
    : blocks_(soa_block_count(joints)), machines_(1 + def.layers.size()) {
  pool_.assign(blocks_ * (kFirstSlot + machines_ * (kSlots + 1)), SoaTransform::identity());
  if (def.has_ik()) {
    const std::size_t chain = longest_ik_chain(def);
    model_.assign(joints, glm::mat4(1.0f));
    chain_.assign(chain, glm::mat4(1.0f));
    chain_turns_.assign(chain, glm::quat(1, 0, 0, 0));
    corrections_.assign(chain, IkCorrection{});
  }
}

bool StateMachineScratch::fits(const StateMachineDef& def, std::size_t joints) const {
  if (blocks_ != soa_block_count(joints) || machines_ < 1 + def.layers.size()) return false;
  return !def.has_ik() || (model_.size() == joints && chain_.size() >= longest_ik_chain(def));
}

std::size_t StateMachineScratch::byte_size() const {
  return sizeof(*this) + pool_.capacity() * sizeof(SoaTransform) +
         model_.capacity() * sizeof(glm::mat4) + chain_.capacity() * sizeof(glm::mat4) +
         chain_turns_.capacity() * sizeof(glm::quat) +
         corrections_.capacity() * sizeof(IkCorrection);
}

}  // namespace anim
