#pragma once
// game_loop --link: the crowd announced to the tool (anim_link), its characters registered as c0,
// c1, ..., and setups the tool sends compiled against the package's clips (anim_setup) before
// they are swapped in. Only built when the installed animscope has animscope::link and
// animscope::setup (ANIM_GAME_LOOP_LINK); the core-only game does without.
#include <cstdint>
#include <string>

#include "anim/package.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine.h"

namespace game_loop {

// The setup JSON in `bytes` parsed, validated against the package's clip names and durations, and
// compiled into a def whose clip indices are the package's. The error says why not (its place as
// a JSON pointer), in the words the tool shows.
anim::Result<anim::StateMachineDef> compile_setup_bytes(anim::Span<const uint8_t> bytes,
                                                        const anim::Package& package);

// "c0", "c1", ...: the name character `index` is registered under.
std::string character_name(std::size_t index);

}  // namespace game_loop
