#pragma once
// The Document's recording (PreviewRecording) as a script for `animscope play`: each change the
// user made to a parameter as "--set NAME=VALUE@SECONDS" (times from the recording's start; a
// trigger as it was set, "NAME@SECONDS"), with the `play` command line that replays it, so that
// a moment seen in the tool can be run again headless, traced, or put in a test.
#include <string>
#include <vector>

#include "anim/ui/model/document.h"

namespace anim::ui {

struct PlayScript {
  float dt = 0.0f;  // play's --dt: the frames' length (their mean when they differ).
  long frames = 0;  // play's --frames: one per recorded frame.
  // "speed=0.8@0.0833", in time order. Each time is written with the fewest decimals that still
  // make play apply it on the frame it was made before (play applies a change at the first
  // frame whose start is at or after its time).
  std::vector<std::string> sets;
  std::string command;             // animscope play SETUP --dt ... --frames N --set ...
  std::vector<std::string> notes;  // Why a replay may differ from what was recorded; empty
                                   // when it gives the same states frame by frame.
  // The whole export: "# " lines (what it is, the notes), the command line, and the --set
  // lines one per line.
  std::string text() const;
};

// The document's recording as a play script; empty (no frames) without one. The setup is named
// by the document's setup path (quoted for a POSIX shell when it needs it), SETUP.json when it
// has none.
PlayScript export_play_script(const Document& doc);

}  // namespace anim::ui
