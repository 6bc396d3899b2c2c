#pragma once
// The monkey's sandbox: a folder under the system's temporary folder that the tool is pointed
// at (HOME, XDG_CONFIG_HOME, XDG_STATE_HOME and the working folder), holding the files the monkey
// drops and the file dialog lists: real ones (Wuson, a setup for it, packages, clip files, BVH
// takes) and broken ones (empty, truncated, flipped bytes, random bytes, bad references, a folder
// named like a file, a missing file, a device, assimp's invalid corpus).
#include <cstdint>
#include <string>
#include <vector>

namespace anim::app::monkey {

struct MonkeyFiles {
  std::string root;                 // The sandbox; everything the tool may write is under it.
  std::string work;                 // The working folder (root/work): the pool lives here.
  std::vector<std::string> real;    // Files the tool opens or adds as clip files.
  std::vector<std::string> broken;  // Files it must refuse with an error.
  // Clip files the monkey rewrites on disk (to the original bytes or cut short) so the tool
  // offers to reload them; `originals` holds each one's bytes.
  std::vector<std::string> changeable;
  std::vector<std::string> originals;
};

// Makes the sandbox `name` under the temporary folder (emptied first), fills it (random bytes
// from `seed`, so a seed gives the same files) and points the process at it: HOME and the XDG
// folders are set and the working folder changed. Fails the current test (gtest) on a problem.
// The setup and packages need the import child (ANIMSCOPE_IMPORT_HELPER, as under ctest).
MonkeyFiles make_monkey_files(const std::string& name, std::uint64_t seed);

// True when `path` (absolute or relative to the working folder) lies under `root`.
bool is_under(const std::string& root, const std::string& path);

}  // namespace anim::app::monkey
