#pragma once
// What setup validation says, and how (setup_validate*.cpp): numbers as they read back, names in
// quotes, "did you mean" hints, and the check of a time within a clip that events and markers
// share.
#include <string>
#include <vector>

#include "anim/diagnostic.h"

namespace anim::setup::validate_text {

// Shortest text that reads back as the same float ("0.5", "1e+30").
std::string number_text(float value);
std::string in_quotes(const std::string& text);
// ` (did you mean "Run"?)` for the closest candidate within two edits (one for short names).
std::string suggestion(const std::string& name, const std::vector<std::string>& candidates);
// A time in seconds into clip `clip` (named in `clips`, lengths in `durations` when it has one
// per clip): an error at `pointer` when it is not finite, negative or past the clip's end.
void check_clip_time(const std::string& clip, float time, const std::string& pointer,
                     const std::vector<std::string>& clips, const std::vector<float>& durations,
                     std::vector<Diagnostic>* found);

}  // namespace anim::setup::validate_text
