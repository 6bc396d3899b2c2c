#pragma once
// The tool's side of recovery copies (anim/ui/model/recovery.h): keeping this process's copy while
// the setup has unsaved changes, offering at start the copies an animscope that did not exit
// normally left behind (Restore or Discard each), restoring one, and leaving the latest copy
// behind when a signal ends the tool.
#include <string>

#include "gui/tool.h"

namespace anim::app {

// At start: the copies in the recovery folder whose writer no longer runs become the offer,
// shown once nothing else is in the way; each is logged to stderr.
void find_recovery_offers(Tool& tool);
// Every frame, with a monotonic time in seconds: writes or removes this process's copy.
void keep_recovery_copy(Tool& tool, double now_seconds);
// Restore: opens the copy's model (in the background, like any file) with the recovered setup
// attached as unsaved changes to its file, so Save writes it there. The copy is deleted once
// this process has written its own copy of the restored setup.
void restore_recovery(Tool& tool, const std::string& file);
// Called by collect_load when a restore finished loading: takes the copy over.
void finish_restore(Tool& tool, const OpenedFile::Recovered& recovered);
// Discard: deletes the copy.
void discard_recovery(Tool& tool, const std::string& file);
// The Restore / Discard dialog; every frame.
void recovery_dialog(Tool& tool);
// Writes the recovery copy of unsaved setup changes at once (removes it when there are none),
// for a tool about to end; says what became of them ("kept the unsaved changes of walk.json in
// FILE (the next start offers them)"), empty when there were none.
std::string keep_unsaved_work(Tool& tool);
// Before the tool ends on `signal`: writes the copy of unsaved changes (kept for the next start)
// and says so on stderr.
void keep_work_on_signal(Tool& tool, int signal);

}  // namespace anim::app
