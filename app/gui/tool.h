#pragma once
// The desktop tool's state: the open document, the selection and the tool's clock, then its
// parts (tool_parts.h): the panels, the file dialog, the loads, the messages, the settings and
// the recovery copies; and the actions that change which document is open. Shared by the main
// loop (app.cpp) and the setup file actions (setup_actions.cpp).
#include <memory>
#include <string>

#include "anim/ui/model/document.h"
#include "anim/ui/model/recovery.h"
#include "anim/ui/model/selection.h"
#include "gui/job_runner.h"
#include "gui/tool_parts.h"

namespace anim::app {

// What every part reads stays at the top: the document, the selection and the clock. The rest is
// in parts by concern (tool_parts.h), so the type reads as an outline of the tool.
struct Tool {
  std::unique_ptr<ui::Document> doc;
  ui::Selection selection;
  double seconds = 0.0;  // Since start: the frames' times summed (recovery copies' clock).
  bool quit = false;
  // What the status bar shows: the CPU time of the last frame's work, by `clock`.
  float frame_ms = 0.0f;
  // The tool's clock (the steady clock; a replayable test's own): frame times and load timing.
  SecondsClock clock = steady_seconds;
  // The calendar (the system clock; a replayable test's own): what the recovery offer and its
  // notices tell the copies' times against, "12:07" today or "yesterday 12:03".
  WallClock wall_clock = ui::now_ms;
  ToolPanels panels;
  ToolFileDialog file_dialog;
  ToolLoading loading;
  ToolMessages messages;
  ToolSettings settings;
  ToolRecovery recovery;
  ToolAttach attach;
};

// The tool's background loads run on `runner` and everything it times reads `clock` (both
// outlive the tool): by default a thread per load and the steady clock.
void use_job_runner(Tool& tool, JobRunner& runner, SecondsClock clock);

// Shows a modal error dialog, and logs it to stderr for whoever started the tool from a shell.
void show_error(Tool& tool, const std::string& title, const std::string& text);
// Writes the recent-files list; a failure is a line on stderr, not a dialog.
void save_recent(const Tool& tool);
void select_joint_by_name(Tool& tool, const std::string& name);
// Shows layer `machine`'s graph (empty: the base) and selects `item` in it for the Inspector: a
// state, a transition "FROM->TO", or else a parameter. An error dialog names what is missing.
void select_setup_item(Tool& tool, const std::string& machine, const std::string& item);
// Plays the clip named `name`, paused at its start (--clip); an error dialog when none is.
void play_clip_by_name(Tool& tool, const std::string& name);
// Starts loading a model or setup in the background (see collect_load).
void open_path(Tool& tool, const std::string& path);
// Moves a finished load into the document; a failed one keeps the previous model open.
void collect_load(Tool& tool);
void open_file_dialog(Tool& tool);
// Where file dialogs start: the open model's folder, else the working folder, else home (the
// working folder may have been deleted under the tool). Never throws.
std::string dialog_start_folder(const Tool& tool);
// The working folder; without one (deleted under the tool) home, else the root.
std::string working_folder();
// File > Add animations...: the file dialog, choosing several clip files.
void open_add_animations_dialog(Tool& tool);
// Every frame: loads the document's clip files when they changed (added, removed, edited in
// the setup, undone, reloaded), installs finished loads, and notices files changed on disk.
void sync_clip_files(Tool& tool, float dt);
// Files dropped on the window: a setup opens; other files are tried as clip files of the open
// model, and one that brings a mesh and binds to nothing opens as a model instead.
void handle_drops(Tool& tool);
// A message in the status bar for a few seconds.
void show_notice(Tool& tool, std::string text);

}  // namespace anim::app
