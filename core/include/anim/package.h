#pragma once
// A baked package (.animpack): what a game loads instead of model files and setup JSON.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/compressed_clip.h"
#include "anim/model.h"
#include "anim/result.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/skinning_palette.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"

namespace anim {

struct Package {
  Skeleton skeleton;
  Skin skin;  // Empty when the package has no skin.
  Mesh mesh;  // Empty when packed without one.
  std::vector<CompressedClip> clips;
  std::vector<Clip> key_clips;  // Clips kept as float keys (KEYS sections); `pack` writes none.
  // What the importer saw (INFO section): the most influences any vertex had, and how many
  // vertices had more than kMaxInfluences.
  int max_influences = 0;
  uint64_t truncated_vertices = 0;
  FileUpAxis up_axis;  // The model file's up axis (INFO since 1.5); unknown otherwise.
  bool has_state_machine = false;
  StateMachineDef state_machine;  // Its clip indices refer to `clips`.
  // With root motion (state_machine.root_motion_joint >= 0, ROOT since 1.6): one track per clip,
  // what the packer took out of it. Empty otherwise.
  std::vector<RootMotionTrack> root_motion;

  int find_clip(const std::string& name) const;
};

// Reads a package from its bytes (the whole file). Checks the header, the version, every
// section's bounds and CRC, every count against the bytes it needs before allocating, and every
// index, range and value the runtime will use: any input gives a Package that is safe to sample
// and run, or an Error naming the section and offset, never a crash. No exceptions.
Result<Package> load_package(Span<const uint8_t> bytes);

}  // namespace anim
