#pragma once
// Where a setup gives sync markers (setup.h, SetupMarker): its "clips" entries and the animation
// entries that name their one clip. Validation (setup_validate_markers.cpp) and compile_setup
// read them from here.
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::setup {

struct MarkerSource {
  std::string clip;  // The clip they belong to; empty for an animation entry that names none.
  const std::vector<SetupMarker>* markers = nullptr;
  std::string pointer;  // Of the entry: "/clips/0", "/animations/2".
};

// Every entry that lists markers, "clips" first, in file order.
std::vector<MarkerSource> marker_sources(const Setup& setup);

// The markers' errors (an unknown or twice-given clip, a marker with no name or outside its
// clip, markers on an animation entry without one clip) and warnings (a clip synced by markers
// that has none: it follows normalized time), appended to `found`. `durations` as
// validate_setup takes them.
void validate_markers(const Setup& setup, const std::vector<std::string>& clips,
                      const std::vector<float>& durations, std::vector<Diagnostic>* found);

// The runtime's markers, for a setup that validates: def->markers sorted by clip and time,
// def->marker_names in order of first use.
void compile_markers(const Setup& setup, Span<const Clip> clips, StateMachineDef* def);

}  // namespace anim::setup
