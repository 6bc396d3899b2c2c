#include "game_link.h"

#include <utility>
#include <vector>

#include "anim/clip.h"
#include "anim/setup/setup.h"

namespace game_loop {

anim::Result<anim::StateMachineDef> compile_setup_bytes(anim::Span<const uint8_t> bytes,
                                                        const anim::Package& package) {
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  anim::Result<anim::setup::Setup> setup = anim::setup::parse_setup(text, "the tool's setup");
  if (!setup.ok()) return setup.error();
  // What compiling reads of a clip is its name and its length: the package's compressed clips
  // give both, in the package's order, so the def's clip indices are the package's.
  std::vector<anim::Clip> clips(package.clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    clips[i].name = package.clips[i].name;
    clips[i].duration = package.clips[i].duration;
  }
  anim::Result<anim::StateMachineDef> def = anim::setup::compile_setup(
      setup.value(), anim::Span<const anim::Clip>(clips.data(), clips.size()));
  if (!def.ok()) return def.error();
  anim::StateMachineDef compiled = std::move(def).value();
  // The package's root motion stays what it was packed with.
  if (compiled.root_motion_joint < 0)
    compiled.root_motion_joint = package.state_machine.root_motion_joint;
  return anim::Result<anim::StateMachineDef>(std::move(compiled));
}

std::string character_name(std::size_t index) { return "c" + std::to_string(index); }

}  // namespace game_loop
