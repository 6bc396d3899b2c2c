#include "anim/ui/views/machine/playing_line.h"

#include <cstddef>
#include <string>

#include <imgui.h>

#include "anim/ui/widgets/panel_widgets.h"

namespace anim::ui {
namespace {

std::size_t error_count(const Document& doc) {
  std::size_t errors = 0;
  for (const Diagnostic& d : doc.setup_problems()) {
    errors += d.severity == Diagnostic::Severity::kError ? 1 : 0;
  }
  return errors;
}

void restart_button(Commands& cmds, ItemRects& rects, const char* tooltip) {
  ImGui::SameLine();
  if (ImGui::SmallButton("Restart")) cmds.restart_state_machine();
  rects.record("restart");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

}  // namespace

void draw_playing_line(const Document& doc, Commands& cmds, ItemRects& rects) {
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr) {
    const std::size_t errors = error_count(doc);
    ImGui::AlignTextToFramePadding();
    if (errors > 0) {
      ImGui::TextColored(colors::warning(),
                         "Viewport: %s. The state machine runs once the setup's %zu error%s "
                         "fixed (Problems tab).",
                         doc.playing_text().c_str(), errors, errors == 1 ? " is" : "s are");
    } else {
      ImGui::Text("Viewport: %s. No state machine runs.", doc.playing_text().c_str());
    }
    rects.record("playing");
    return;
  }
  ImGui::AlignTextToFramePadding();
  if (doc.mode() == PlaybackMode::kStateMachine) {
    ImGui::TextColored(colors::playing(), "Viewport: the state machine%s",
                       doc.playing() ? "" : " (paused)");
    rects.record("playing");
  } else {
    // Previewing something else: the machine waits as it was, its history kept.
    ImGui::TextColored(colors::highlight(), "Viewport: %s. The state machine is paused.",
                       doc.playing_text().c_str());
    rects.record("playing");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Resume plays it on from where it was, its history kept");
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Resume")) cmds.use_state_machine();
    rects.record("resume");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Play the state machine again from where it paused");
    }
  }
  if (doc.default_changed_since_start()) {
    // It plays on from the old default, which neither a restart nor a game would start from.
    const StateMachineDef& def = sm->def();
    const std::string now = def.states[static_cast<std::size_t>(def.default_state)].name;
    ImGui::SameLine();
    ImGui::TextColored(colors::warning(), "Started from %s; the default is now %s.",
                       doc.machine_started_from().c_str(), now.c_str());
    rects.record("default_moved");
    restart_button(cmds, rects, ("Start over from " + now + ", parameters at defaults").c_str());
  } else {
    restart_button(cmds, rects, "Start over from the default state, parameters at defaults");
  }
}

}  // namespace anim::ui
