#pragma once
// The tool attached to a game, at the tool's level (issue 29): each frame, the attach link's sync
// with the document and the game's file opened through the tool's usual open path when the
// document does not run the game's setup; and the command line's --attach GAME --watch CHARACTER,
// which attaches as the Attach window would.
#include <string>

#include "anim/result.h"
#include "gui/startup_request.h"
#include "gui/tool.h"

namespace anim::app {

// Once per frame, before the document updates: the game's frames into the document and the
// edits for the game (ui::AttachLink::sync), and the game's file opened when the link asks for
// it (File > Open's path: unsaved changes are asked about first, errors reported as usual).
void sync_attach(Tool& tool);

// Starts attaching to the game `request` names (announced here, or by port and token) and asks
// to watch its character once the game lists them; returns at once (the session connects on
// its own thread). An error when no such game is announced, or several are.
Status start_attach(Tool& tool, const AttachRequest& request);

// For the screenshot: whether the tool follows the game's character, and a line saying how the
// attachment stands ("attached to game_loop (pid 42), following c0 as its setup runs").
bool following_game(const Tool& tool);
std::string attach_summary(const Tool& tool);

}  // namespace anim::app
