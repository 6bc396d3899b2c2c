#pragma once
// The parts of the desktop tool's state (tool.h), one concern each: the panels, the file
// dialog, what is loading, the messages and questions for the user, the settings kept between
// runs and the recovery copies. Plain structs: the actions in tool.h and its neighbours change
// them.
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/ui/files/recent_files.h"
#include "anim/ui/model/attach_link.h"
#include "anim/ui/model/recovery.h"
#include "anim/ui/views/animate/blend_panel.h"
#include "anim/ui/views/animate/bone_tree_panel.h"
#include "anim/ui/views/animate/clips_panel.h"
#include "anim/ui/views/animate/curves_panel.h"
#include "anim/ui/views/animate/inspector_panel.h"
#include "anim/ui/views/animate/timeline_panel.h"
#include "anim/ui/views/attach/attach_window.h"
#include "anim/ui/views/machine/ik_panel.h"
#include "anim/ui/views/machine/parameters_panel.h"
#include "anim/ui/views/machine/setup_inspector.h"
#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/file_dialog.h"
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

// The views, each drawing from the document, and which workspace shows them.
struct ToolPanels {
  ViewportPanel viewport;
  ui::BoneTreePanel bone_tree;
  ui::InspectorPanel inspector;
  ui::ClipsPanel clips;
  ui::TimelinePanel timeline;
  ui::CurvesPanel curves;      // A tab beside the Timeline in the Animate workspace.
  bool show_curves = false;    // Select the Curves tab next frame (--view curves).
  ui::BlendPanel blend;
  ui::SetupPanel setup;                // The Graph workspace's Setup tables and graph,
  ui::ParametersPanel parameters;      // its Parameters sidebar (and the Shift ramp),
  ui::IkPanel ik;                      // the IK tab beside it,
  ui::SetupInspector setup_inspector;  // its Inspector.
  Workspace workspace = Workspace::kAnimate;
};

// The one file dialog the tool shares between opening, saving and exporting.
struct ToolFileDialog {
  ui::FileDialog widget;
  DialogPurpose purpose = DialogPurpose::kOpen;
  std::string export_text;  // What the history strip's Save as writes, while its dialog is open.
};

// The background loads and the files they read: the model or setup, its clip files, dropped
// files, and the clip files' times on disk.
struct ToolLoading {
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
};

// What the tool tells or asks the user: the status bar's notice, the error modal and the
// unsaved-changes question.
struct ToolMessages {
  std::string notice;        // A passing message for the status bar ("Loaded 2 clip files...").
  float notice_age = 0.0f;   // Seconds shown so far.
  PendingAction pending;     // Waiting on the unsaved-changes question.
  bool ask_unsaved = false;  // Show that question next frame.
  std::string error_title, error_text;  // Shown in a modal until dismissed.
  bool show_about = false;              // Open Help > About next frame.
};

// What the tool keeps between runs, and where: the config folder's files and what they hold
// now (the command line's up axis overrides the stored one until the user picks one).
struct ToolSettings {
  std::string config_dir;   // Empty when the user has no config folder.
  std::string ini_path;     // ImGui's io.IniFilename points here; empty: none.
  std::string recent_path;  // Empty likewise: the recent list then lives for the session.
  ui::RecentFiles recent;
  LayoutSplits splits;                        // Panel proportions, kept in imgui.ini.
  ImportOptions import_options;               // Settings > Import, as applied now.
  std::string import_settings_path;           // Where they are kept; empty: not kept.
  UpAxisChoices up_choices;                   // View > Up axis, per model file.
  std::string up_choices_path;                // Where they are kept; empty: not kept.
  std::optional<ui::UpAxis> command_line_up;  // --up, until the user picks one in the menu.
};

// File > Attach to game...: the link to a running game (its session and what the tool does with
// it each frame), the window, and the games announced on this machine as last read.
struct ToolAttach {
  ui::AttachLink link;
  ui::AttachWindow window;
  std::vector<ui::AnnouncedGameEntry> games;
  float since_scan = 1e9f;  // Seconds since the announcements were read (while the window shows).
};

// Unsaved setup changes kept on disk against a crash, and those a crashed run left behind.
struct ToolRecovery {
  // This process's recovery copy of unsaved setup changes (none kept without a state folder).
  ui::RecoveryKeeper keeper;
  // Copies left by an animscope that did not exit normally, offered to restore or discard.
  std::vector<ui::FoundRecovery> offers;
  bool show_offer = false;  // Show the offer once nothing else is in the way.
  std::string error;        // The last failure to write a copy, reported once.
};

}  // namespace anim::app
