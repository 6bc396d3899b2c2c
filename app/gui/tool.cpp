#include "gui/tool.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <utility>

#include "anim/import/import_model.h"
#include "anim/setup/clip_files.h"
#include "anim/setup/layer_edits.h"
#include "anim/ui/files/config_paths.h"
#include "anim/ui/model/nested_graph.h"
#include "gui/recovery_actions.h"
#include "gui/settings_menu.h"
#include "gui/setup_actions.h"
#include "loading/model_source.h"
#include "loading/package_input.h"

namespace anim::app {

void show_error(Tool& tool, const std::string& title, const std::string& text) {
  tool.messages.error_title = title;
  tool.messages.error_text = text;
  std::cerr << "animscope: " << title << ": " << text << "\n";
}

void save_recent(const Tool& tool) {
  if (tool.settings.recent_path.empty()) return;
  Status saved = tool.settings.recent.save(tool.settings.recent_path);
  if (!saved.ok()) std::cerr << "animscope: " << saved.error().to_string() << "\n";
}

void select_joint_by_name(Tool& tool, const std::string& name) {
  const int joint = tool.doc->model().skeleton.find(name);
  if (joint < 0) {
    show_error(tool, "No joint \"" + name + "\"",
               tool.doc->path() + " has no joint of that name; nothing is selected.");
    return;
  }
  tool.selection.joint = joint;
}

void select_setup_item(Tool& tool, const std::string& machine, const std::string& item) {
  const setup::Setup* setup = tool.doc->setup();
  if (setup == nullptr) {
    show_error(tool, "No setup", tool.doc->path() + " has no setup: nothing to select.");
    return;
  }
  ui::StateGraph& graph = tool.panels.setup.graph();
  graph.machine = 0;
  graph.opened.clear();
  // A layer, else a nested machine of the base, by its path ("Locomotion"); a layer's own
  // nested machines follow its name ("Upper/Aim").
  std::vector<std::string> parts = ui::split_path(machine);
  for (std::size_t i = 0; i < setup->layers.size() && !parts.empty(); ++i) {
    if (setup->layers[i].name == parts.front()) graph.machine = static_cast<int>(i) + 1;
  }
  if (graph.machine > 0) parts.erase(parts.begin());
  if (!parts.empty()) {
    if (ui::nested_view(machine_view(*setup, graph.machine), parts)) {
      graph.opened = parts;
    } else {
      show_error(tool, "No layer or machine \"" + machine + "\"",
                 "The setup has no layer or nested machine of that name; the graph shows " +
                     std::string(graph.machine > 0 ? "the layer's top." : "the base machine."));
    }
  }
  if (item.empty()) return;
  const std::optional<setup::Setup> nested =
      ui::nested_view(machine_view(*setup, graph.machine), graph.opened);
  const setup::Setup& view = *nested;  // The level was just checked.
  // A state inside a nested machine ("Locomotion/Walk") selects the box that holds it.
  const std::string box = ui::box_of_leaf(item, {});
  for (const setup::SetupState& state : view.states) {
    if (state.name != item && !(state.is_machine() && state.name == box)) continue;
    graph.selected = state.name;
    graph.selection = {state.name};
    return;
  }
  for (std::size_t i = 0; i < view.transitions.size(); ++i) {
    if (view.transitions[i].from + "->" + view.transitions[i].to != item) continue;
    graph.selected_transition = static_cast<int>(i);
    return;
  }
  for (const setup::SetupParameter& p : setup->parameters) {
    if (p.name != item) continue;
    tool.selection.parameter = item;
    return;
  }
  show_error(tool, "Nothing named \"" + item + "\"",
             "The setup has no state, transition (FROM->TO) or parameter of that name.");
}

void play_clip_by_name(Tool& tool, const std::string& name) {
  const auto& clips = tool.doc->model().clips;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name != name) continue;
    tool.doc->play_clip(static_cast<int>(i));
    tool.doc->set_playing(false);
    return;
  }
  show_error(tool, "No clip \"" + name + "\"",
             tool.doc->path() + " has no clip of that name; nothing else plays.");
}

void open_path(Tool& tool, const std::string& path) {
  if (path.empty()) return;
  start_open(tool.loading.loader, path);
}

void show_notice(Tool& tool, std::string text) {
  std::cerr << "animscope: " << text << "\n";
  tool.messages.notice = std::move(text);
  tool.messages.notice_age = 0.0f;
}

namespace {

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

std::string names_of(const std::vector<std::string>& paths) {
  std::string out;
  for (const std::string& p : paths) out += (out.empty() ? "" : ", ") + file_name(p);
  return out;
}

// Errors among `problems`, one per line; empty when there are none.
std::string error_lines(const std::vector<Diagnostic>& problems) {
  std::string text;
  for (const Diagnostic& d : problems) {
    if (d.severity != Diagnostic::Severity::kError) continue;
    text += (d.pointer.empty() ? "" : d.pointer + ": ") + d.message + "\n";
  }
  return text;
}

// What opening a package gave: "Opened wuson.animpack: 2 compressed clips decoded for display;
// its state machine is open as an unsaved setup".
std::string package_notice(const std::string& path, const ui::Document& doc) {
  const std::size_t clips = doc.model().clips.size();
  std::string text = "Opened " + file_name(path) + ": " + std::to_string(clips) +
                     " compressed clip" + (clips == 1 ? "" : "s") + " decoded for display";
  if (doc.has_setup()) {
    text += "; its state machine is open as an unsaved setup (File > Save setup as to keep it)";
  } else {
    text += "; it has no state machine";
  }
  return text;
}

void remember_clip_file_times(Tool& tool) {
  tool.loading.clip_file_times.clear();
  for (const import::AnimationFile& f : tool.doc->wanted_clip_files()) {
    std::error_code ec;
    tool.loading.clip_file_times.emplace_back(f.path, std::filesystem::last_write_time(f.path, ec));
  }
}

}  // namespace

void use_job_runner(Tool& tool, JobRunner& runner, SecondsClock clock) {
  tool.loading.loader.use(runner, clock);
  tool.loading.clip_loader.use(runner, clock);
  tool.loading.drop_probe.use(runner, clock);
  tool.clock = std::move(clock);
}

void collect_load(Tool& tool) {
  std::optional<Result<OpenedFile>> done = tool.loading.loader.take();
  if (!done) return;
  if (!done->ok()) {
    if (done->error().code != Error::Code::kCancelled) {
      show_error(tool, "Could not open " + file_name(tool.loading.loader.label()),
                 done->error().to_string());
    }
    return;
  }
  OpenedFile& opened = done->value();
  LoadedInput& input = opened.input;
  auto doc = std::make_unique<ui::Document>(std::move(input.model), input.model_path);
  std::optional<std::size_t> setup_problems;  // Set for a setup opened with errors.
  std::vector<import::AnimationFile> files = plain_animation_files(opened.companions);
  if (input.setup) {
    files = clip_files_of(input.setup->animations, input.setup_path);
    if (opened.recovered) {
      // Unsaved changes to its file, kept even when they do not compile yet.
      doc->restore_setup(std::move(*input.setup), input.setup_path);
    } else if (opened.package) {
      Status attached = doc->attach_unsaved_setup(std::move(*input.setup));
      if (!attached.ok()) show_error(tool, "The setup has problems", attached.error().to_string());
    } else if (doc->open_setup(std::move(*input.setup), input.setup_path) > 0) {
      // Opened anyway, to be fixed here: the Problems tab lists what to fix, and the machine
      // runs once the setup validates.
      setup_problems = doc->setup_problems().size();
    }
  }
  doc->adopt_clip_files(std::move(files), input.problems);
  tool.doc = std::move(doc);
  ++tool.loading.doc_serial;
  tool.loading.clip_loader.cancel();
  remember_clip_file_times(tool);
  tool.selection = ui::Selection{};
  apply_up_axis(tool);
  tool.panels.viewport.frame_model(*tool.doc);
  if (opened.package) show_notice(tool, package_notice(input.model_path, *tool.doc));
  if (opened.recovered) finish_restore(tool, *opened.recovered);
  if (setup_problems) {
    const std::string text = "opened " + file_name(input.setup_path) + " with " +
                             std::to_string(*setup_problems) + " problem(s)";
    show_notice(tool, text +  // Also on stderr, once.
                          ": see the Setup panel's Problems tab; the state machine runs once "
                          "they are fixed");
    tool.panels.setup.select_tab("Problems");
  }
  if (!opened.companions.empty()) {
    show_notice(tool, "Also loaded " + std::to_string(opened.companions.size()) + " clip file" +
                          (opened.companions.size() == 1 ? "" : "s") + " beside " +
                          file_name(input.model_path) + ": " + names_of(opened.companions));
  }
  if (const std::string errors = error_lines(input.problems); !errors.empty()) {
    show_error(tool, "Some clip files could not be used", errors);
  }
  const std::string recent_path = input.setup_path.empty() ? input.model_path : input.setup_path;
  if (recent_path != kBuiltinDemo) {
    std::error_code ec;  // Without a working folder a relative path is kept as it is.
    const std::filesystem::path absolute = std::filesystem::absolute(recent_path, ec);
    tool.settings.recent.add(ec ? recent_path : absolute.string());
    save_recent(tool);
  }
}

void sync_clip_files(Tool& tool, float dt) {
  if (!tool.doc) return;
  ui::Document& doc = *tool.doc;
  if (std::optional<Result<LoadedClipFiles>> done = tool.loading.clip_loader.take()) {
    if (tool.loading.clip_loader_serial != tool.loading.doc_serial) {
      // Loaded for a document that is gone.
    } else if (!done->ok()) {
      // Cancelled (or failed as a whole): keep the clips shown, ask no more until asked.
      doc.adopt_clip_files(doc.wanted_clip_files(),
                           {{Diagnostic::Severity::kWarning, "",
                             "loading clip files was cancelled; right-click a clip > Reload clip "
                             "files to try again"}});
    } else {
      LoadedClipFiles& loaded = done->value();
      const std::string errors = error_lines(loaded.set.diagnostics);
      doc.set_clip_files(std::move(loaded.files), std::move(loaded.set));
      remember_clip_file_times(tool);
      if (!errors.empty()) show_error(tool, "Some clip files could not be used", errors);
    }
  }
  if (!tool.loading.clip_loader.busy() && !tool.loading.loader.busy() &&
      doc.clip_files_outdated()) {
    const Model& model = doc.model();
    std::vector<Clip> own(model.clips.begin(), model.clips.begin() + doc.own_clip_count());
    tool.loading.clip_loader_serial = tool.loading.doc_serial;
    start_clip_files(tool.loading.clip_loader, model.skeleton, std::move(own),
                     doc.wanted_clip_files());
  }
  // Files edited elsewhere (a new export from the DCC tool): offer to reload them.
  tool.loading.since_disk_check += dt;
  if (tool.loading.since_disk_check < 1.0f || tool.loading.clip_loader.busy()) return;
  tool.loading.since_disk_check = 0.0f;
  std::vector<std::string> changed;
  for (const auto& [path, when] : tool.loading.clip_file_times) {
    std::error_code ec;
    if (std::filesystem::last_write_time(path, ec) != when) changed.push_back(path);
  }
  if (changed != doc.changed_clip_files()) doc.set_changed_clip_files(std::move(changed));
}

void handle_drops(Tool& tool) {
  if (std::optional<Result<LoadedClipFiles>> done = tool.loading.drop_probe.take()) {
    // Files dropped on a document that has been replaced since are dropped with it.
    if (done->ok() && tool.doc && tool.loading.drop_probe_serial == tool.loading.doc_serial) {
      const LoadedClipFiles& probe = done->value();
      std::vector<std::string> add, other;
      std::string model_to_open, why;
      for (std::size_t i = 0; i < probe.files.size(); ++i) {
        const import::FileOutcome& outcome = probe.set.files[i];
        if (outcome.clips > 0) {
          add.push_back(probe.files[i].path);
        } else if (outcome.read && outcome.has_mesh && model_to_open.empty()) {
          model_to_open = probe.files[i].path;
        } else {
          other.push_back(probe.files[i].path);
          for (int d : outcome.diagnostics) why += probe.set.diagnostics[d].message + "\n";
        }
      }
      if (!add.empty()) {
        tool.doc->add_clip_files(add);
        show_notice(tool, "Added clip files: " + names_of(add));
      }
      if (!other.empty()) show_error(tool, "Could not add " + names_of(other), why);
      if (!model_to_open.empty()) request(tool, {PendingAction::Kind::kOpen, model_to_open});
    }
  }
  if (tool.loading.dropped.empty()) return;
  std::vector<std::string> dropped = std::move(tool.loading.dropped);
  tool.loading.dropped.clear();
  for (const std::string& path : dropped) {
    if (is_setup_path(path) || is_package_path(path)) {
      // A setup or a package replaces what is open.
      request(tool, {PendingAction::Kind::kOpen, path});
      return;
    }
  }
  if (!tool.doc) return;
  const Model& model = tool.doc->model();
  std::vector<Clip> own(model.clips.begin(), model.clips.begin() + tool.doc->own_clip_count());
  tool.loading.drop_probe_serial = tool.loading.doc_serial;
  start_clip_files(tool.loading.drop_probe, model.skeleton, std::move(own),
                   plain_animation_files(dropped));
}

std::string dialog_start_folder(const Tool& tool) {
  std::error_code ec;
  if (tool.doc && tool.doc->path() != kBuiltinDemo) {
    const std::filesystem::path model = std::filesystem::absolute(tool.doc->path(), ec);
    if (!ec) return model.parent_path().string();
  }
  return working_folder();
}

std::string working_folder() {
  std::error_code ec;
  const std::filesystem::path working = std::filesystem::current_path(ec);
  if (!ec) return working.string();
  // The working folder is gone (deleted under the tool): start at home, or the root.
  const std::string home = ui::home_directory();
  return home.empty() ? "/" : home;
}

void open_add_animations_dialog(Tool& tool) {
  if (!tool.doc) return;
  const std::string start = dialog_start_folder(tool);
  tool.file_dialog.purpose = DialogPurpose::kAddAnimations;
  tool.file_dialog.widget.open("Add animations", start,
                               {ui::model_file_filter(import::supported_extensions())},
                               ui::FileDialogMode::kOpenMany);
}

void open_file_dialog(Tool& tool) {
  std::vector<std::string> extensions = import::supported_extensions();
  extensions.push_back("json");
  extensions.push_back("animpack");
  const std::string start = dialog_start_folder(tool);
  tool.file_dialog.widget.set_recent(tool.settings.recent.paths());
  tool.file_dialog.purpose = DialogPurpose::kOpen;
  tool.file_dialog.widget.open(
      "Open model, setup or package", start,
      {ui::model_file_filter(extensions), ui::json_file_filter(), ui::package_file_filter()},
      ui::FileDialogMode::kOpen);
}

}  // namespace anim::app
