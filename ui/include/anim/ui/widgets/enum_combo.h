#pragma once
// Combos of a fixed set of choices, recording their rects for tests: the one widget behind every
// picker of an enum stored in setup files (a transition's blend, an interruption, a sync mode, a
// layer's blend) and the Animate workspace's blend pickers, each choice named as the setup file
// names it (setup::to_string).
#include <cstddef>
#include <string>

#include "anim/setup/setup.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// Begins a combo filling the rest of the line; records `rect` while it is closed (an open
// combo's last item is its popup's title). True when open: EndCombo() it.
bool begin_choice_combo(ItemRects& rects, const char* id, const std::string& rect,
                        const char* preview);
// One choice of an open combo, recorded as "<rect>=<label>": true when picked and not `chosen`.
bool combo_choice(ItemRects& rects, const std::string& rect, const char* label, bool chosen);
// A combo of `count` labels, `current` the chosen one (or -1), showing `preview`: the index of
// another one picked, or -1.
int choice_combo(ItemRects& rects, const char* id, const std::string& rect,
                 const char* const* labels, std::size_t count, int current, const char* preview);

// A combo of an enum's `choices`, named as the setup file names them: true when another was
// picked into `value`.
template <class E, std::size_t N>
bool enum_combo(ItemRects& rects, const char* id, const std::string& rect, const E (&choices)[N],
                E* value) {
  const char* labels[N];
  int current = -1;
  for (std::size_t k = 0; k < N; ++k) {
    labels[k] = setup::to_string(choices[k]);
    if (choices[k] == *value) current = static_cast<int>(k);
  }
  const int picked = choice_combo(rects, id, rect, labels, N, current, setup::to_string(*value));
  if (picked < 0) return false;
  *value = choices[picked];
  return true;
}

}  // namespace anim::ui
