#pragma once
// The desktop tool's state: the open document, the panels, dialogs and settings, and the
// actions that change which document is open. Shared by the main loop (app.cpp) and the
// setup file actions (setup_actions.cpp).
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/ui/files/recent_files.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/recovery.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/blend_panel.h"
#include "anim/ui/views/animate/bone_tree_panel.h"
#include "anim/ui/views/animate/clips_panel.h"
#include "anim/ui/views/animate/curves_panel.h"
#include "anim/ui/views/animate/inspector_panel.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "anim/ui/views/machine/parameters_panel.h"
#include "anim/ui/views/machine/setup_inspector.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/file_dialog.h"
#include "gui/job_runner.h"
#include "gui/model_loader.h"
#include "gui/startup_request.h"
#include "gui/up_axis_choices.h"
#include "gui/viewport_panel.h"
#include "gui/window_layout.h"
#include "loading/import_options.h"

namespace anim::app {

// What the tool was about to do when it found unsaved setup changes: done once they are
// saved or discarded, dropped when the user cancels.
struct PendingAction {
  enum class Kind { kNone, kOpen, kNewSetup, kQuit, kRestore };
  Kind kind = Kind::kNone;
  std::string path;  // kOpen: the file to open; kRestore: the recovery copy to restore.
};

// What the shared file dialog was opened for.
enum class DialogPurpose { kOpen, kSaveSetup, kAddAnimations, kExportRecording };

struct Tool {
  std::unique_ptr<ui::Document> doc;
  ui::Selection selection;
  ViewportPanel viewport;
  ui::BoneTreePanel bone_tree;
  ui::InspectorPanel inspector;
  ui::ClipsPanel clips;
  ui::TimelinePanel timeline;
  ui::CurvesPanel curves;      // A tab beside the Timeline in the Animate workspace.
  bool show_curves = false;    // Select the Curves tab next frame (--view curves).
  bool curves_active = false;  // The Curves tab was in front last frame (its panel height).
  ui::BlendPanel blend;
  ui::SetupPanel setup;                // The Graph workspace's Setup tables and graph,
  ui::ParametersPanel parameters;      // its Parameters sidebar (and the Shift ramp),
  ui::SetupInspector setup_inspector;  // its Inspector.
  Workspace workspace = Workspace::kAnimate;
  ui::FileDialog file_dialog;
  DialogPurpose dialog_purpose = DialogPurpose::kOpen;
  std::string export_text;  // What the history strip's Save as writes, while its dialog is open.
  ui::RecentFiles recent;
  ModelLoader loader;
  int doc_serial = 0;                // Counts documents, so a clip load knows whose it was.
  ClipFilesLoader clip_loader;       // The open document's clip files.
  int clip_loader_serial = -1;       // doc_serial when clip_loader started.
  ClipFilesLoader drop_probe;        // Files dropped on the window: clip files or a model?
  int drop_probe_serial = -1;        // doc_serial when drop_probe started.
  std::vector<std::string> dropped;  // Dropped this frame, handled together.
  OnceOpenRequest once_open;         // What the command line asked of the first file, until done.
  // When each loaded clip file was last written, to notice changes on disk.
  std::vector<std::pair<std::string, std::filesystem::file_time_type>> clip_file_times;
  float since_disk_check = 0.0f;
  double seconds = 0.0;      // Since start: the frames' times summed (recovery copies' clock).
  std::string notice;        // A passing message for the status bar ("Loaded 2 clip files...").
  float notice_age = 0.0f;   // Seconds shown so far.
  PendingAction pending;     // Waiting on the unsaved-changes question.
  bool ask_unsaved = false;  // Show that question next frame.
  std::string error_title, error_text;  // Shown in a modal until dismissed.
  std::string config_dir;               // Empty when the user has no config folder.
  std::string ini_path;                 // ImGui's io.IniFilename points here; empty: none.
  std::string recent_path;  // Empty likewise: the recent list then lives for the session.
  LayoutSplits splits;      // Panel proportions, kept in imgui.ini.
  // This process's recovery copy of unsaved setup changes (none kept without a state folder).
  ui::RecoveryKeeper recovery;
  // Copies left by an animscope that did not exit normally, offered to restore or discard.
  std::vector<ui::FoundRecovery> recovery_offers;
  bool offer_recovery = false;                // Show the offer once nothing else is in the way.
  std::string recovery_error;                 // The last failure to write a copy, reported once.
  ImportOptions import_options;               // Settings > Import, as applied now.
  std::string import_settings_path;           // Where they are kept; empty: not kept.
  UpAxisChoices up_choices;                   // View > Up axis, per model file.
  std::string up_choices_path;                // Where they are kept; empty: not kept.
  std::optional<ui::UpAxis> command_line_up;  // --up, until the user picks one in the menu.
  bool quit = false;
  // What the status bar shows: the CPU time of the last frame's work, by `clock`.
  float frame_ms = 0.0f;
  // The tool's clock (the steady clock; a replayable test's own): frame times and load timing.
  SecondsClock clock = steady_seconds;
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
