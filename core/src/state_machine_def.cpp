#include "anim/state_machine_def.h"

namespace anim {
namespace {

template <class T>
int find_by_name(const std::vector<T>& items, const std::string& name) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

int StateMachineDef::find_parameter(const std::string& name) const {
  return find_by_name(parameters, name);
}

int StateMachineDef::find_state(const std::string& name) const {
  return find_by_name(states, name);
}

}  // namespace anim
