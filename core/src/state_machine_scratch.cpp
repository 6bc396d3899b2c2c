#include "anim/state_machine_scratch.h"

namespace anim {

StateMachineScratch::StateMachineScratch(const StateMachineDef& def, std::size_t joints)
    : blocks_(soa_block_count(joints)), machines_(1 + def.layers.size()) {
  pool_.assign(blocks_ * (kFirstSlot + machines_ * (kSlots + 1)), SoaTransform::identity());
}

bool StateMachineScratch::fits(const StateMachineDef& def, std::size_t joints) const {
  return blocks_ == soa_block_count(joints) && machines_ >= 1 + def.layers.size();
}

}  // namespace anim
