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

}  // namespace anim
