#include "anim/state_machine_def.h"

#include "anim/find_by_name.h"

namespace anim {

int StateMachineDef::find_parameter(const std::string& name) const {
  return find_by_name(parameters, name);
}

int StateMachineDef::find_state(const std::string& name) const {
  return find_by_name(states, name);
}

int StateMachineDef::find_layer(const std::string& name) const {
  return find_by_name(layers, name);
}

std::size_t StateMachineDef::ik_entry_count() const {
  std::size_t n = ik.size();
  for (const LayerDef& layer : layers) n += layer.ik.size();
  return n;
}

}  // namespace anim
