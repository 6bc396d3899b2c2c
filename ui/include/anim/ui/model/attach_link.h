#pragma once
// The tool attached to a game, frame by frame (issue 29), without ImGui: the AttachSession that
// talks to the game, and what the tool does with it every frame whether the Attach window shows
// or not. Tests drive it directly.
#include <cstdint>
#include <string>

#include "anim/ui/model/attach_session.h"
#include "anim/ui/model/document.h"

namespace anim::ui {

// What the tool does with the session each frame, whether the window shows or not: the game's
// frames into the Document, the Parameters sidebar's edits to the game, setup edits applied
// automatically when asked, and the line the status bar shows.
struct AttachLink {
  AttachSession session;
  bool auto_apply = false;        // Apply each setup edit to the game as it is made.
  std::uint64_t sent_revision = 0;     // The tool's setup revision last sent to the game...
  std::uint64_t game_revision = 0;     // ... and the one the game took (0: the game's own).
  int answers_seen = 0;                // Apply answers already read from the session.
  std::string apply_note;              // The last answer: "applied", or the refusal's reason.
  std::string mismatch;                // Why the watched character cannot be shown, or "".
  uint32_t watched_setup = 0;          // Its description's version, as the game numbers them.
  double last_frame_time = -1.0;       // The game's clock at the last frame followed.

  // Once per frame, before the document updates: follows the session's new frames in `doc`,
  // sends the game the parameter edits the document queued for it, and applies setup edits
  // when auto_apply is on.
  void sync(Document& doc);
  // Sends the document's setup to the game now.
  void apply(const Document& doc);
  // For the status bar: "game_loop: c0, setup r12 (the tool's)", or empty when not attached.
  std::string status_line(const Document& doc) const;
};

}  // namespace anim::ui
