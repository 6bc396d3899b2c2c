#pragma once
// What must hold of the tool between frames, whatever the input: a document is open, its pose
// and playback are finite numbers within range, the selection names a joint it has, and its
// setup either is valid and running or lists every problem it has, and survives a save and
// reload unchanged.
#include <string>

#include "gui/tool.h"

namespace anim::app::monkey {

// Every broken rule, one per line; empty when the tool is whole.
std::string check_document(const Tool& tool);

}  // namespace anim::app::monkey
