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

void restart_button(Commands& cmds, ItemRects& rects, const std::string& tooltip) {
  if (ImGui::SmallButton("Restart")) cmds.restart_state_machine();
  rects.record("restart");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip.c_str());
  ImGui::SameLine();
}

}  // namespace

void draw_playing_line(const Document& doc, Commands& cmds, ItemRects& rects) {
  const StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr) {
    const std::size_t errors = error_count(doc);
    ImGui::AlignTextToFramePadding();
    if (errors > 0) {
      // Elided at the graph's edge, whole on hover.
      text_elided("Viewport: " + doc.playing_text() + ". The state machine runs once the setup's " +
                      std::to_string(errors) + (errors == 1 ? " error is" : " errors are") +
                      " fixed (Problems tab).",
                  colors::warning());
    } else {
      text_elided("Viewport: " + doc.playing_text() + ". No state machine runs.",
                  ImGui::GetStyle().Colors[ImGuiCol_Text]);
    }
    rects.record("playing");
    return;
  }
  // The buttons first: a narrow graph cuts the end of the line, never them.
  ImGui::AlignTextToFramePadding();
  const bool paused = doc.mode() != PlaybackMode::kStateMachine;
  if (paused) {
    if (ImGui::SmallButton("Resume")) cmds.use_state_machine();
    rects.record("resume");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Play the state machine again from where it paused, its history kept");
    }
    ImGui::SameLine();
  }
  const StateMachineDef& def = sm->def();
  const std::string now = def.states[static_cast<std::size_t>(def.default_state)].name;
  const bool moved = doc.default_changed_since_start();
  restart_button(cmds, rects, "Start over from " + now + ", every parameter at its default");
  if (moved) {
    // It plays on from the old default, which neither a restart nor a game would start from.
    ImGui::TextColored(colors::warning(), "Started from %s; the default is now %s.",
                       doc.machine_started_from().c_str(), now.c_str());
    rects.record("default_moved");
    ImGui::SameLine();
  }
  if (paused) {
    text_elided("Viewport: " + doc.playing_text() + "; the state machine is paused.",
                colors::highlight());
  } else {
    text_elided(std::string("Viewport: the state machine") + (doc.playing() ? "" : " (paused)"),
                colors::playing());
  }
  rects.record("playing");
}

}  // namespace anim::ui
