#include "gui/modal_dialogs.h"

#include <imgui.h>

#include "cli/version.h"
#include "gui/recovery_actions.h"
#include "gui/setup_actions.h"

namespace anim::app {
namespace {

// The progress dialog of one background job, with Cancel (or Escape).
template <class T>
void loading_dialog(BackgroundJob<T>& job, const char* verb) {
  ImGui::Text("%s %s", verb, job.label().c_str());
  ImGui::ProgressBar(job.progress(), ImVec2(360, 0));
  if (job.cancelling()) {
    ImGui::TextDisabled("Cancelling: the importer stops at its next checkpoint...");
  } else if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    job.cancel();
  }
}

void loading_popup(Tool& tool) {
  // Most files load in a blink: only a load that takes a while gets the dialog, so quick
  // ones do not flash it.
  constexpr float kShowLoadingAfter = 0.15f;
  const bool slow = tool.loading.loader.elapsed() > kShowLoadingAfter ||
                    tool.loading.clip_loader.elapsed() > kShowLoadingAfter ||
                    tool.loading.drop_probe.elapsed() > kShowLoadingAfter;
  if (slow) ImGui::OpenPopup("Loading");
  if (!ImGui::BeginPopupModal("Loading", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (tool.loading.loader.busy()) {
    loading_dialog(tool.loading.loader, "Opening");
  } else if (tool.loading.clip_loader.busy()) {
    loading_dialog(tool.loading.clip_loader, "Loading clips from");
  } else if (tool.loading.drop_probe.busy()) {
    loading_dialog(tool.loading.drop_probe, "Reading");
  } else {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void error_dialog(Tool& tool) {
  if (!tool.messages.error_title.empty()) ImGui::OpenPopup("Error##dialog");
  if (!ImGui::BeginPopupModal("Error##dialog", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", tool.messages.error_title.c_str());
  ImGui::PushTextWrapPos(560.0f);
  ImGui::TextUnformatted(tool.messages.error_text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  // Enter or Escape dismisses it as OK does: there is nothing else to choose.
  if (ImGui::Button("OK", ImVec2(120, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    tool.messages.error_title.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// Help > About: the version, how this build was made, and where to read more.
void about_dialog(Tool& tool) {
  if (tool.messages.show_about) ImGui::OpenPopup("About animscope");
  tool.messages.show_about = false;
  if (!ImGui::BeginPopupModal("About animscope", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    return;
  }
  ImGui::Text("animscope %s", animscope_version());
  ImGui::TextDisabled("Skeletal animation runtime and tool");
  ImGui::Separator();
  ImGui::Text("Build: %s", animscope_build());
  ImGui::Text("Dear ImGui %s", IMGUI_VERSION);
  ImGui::Separator();
  ImGui::TextUnformatted("Read more:");
  ImGui::BulletText("README.md beside the sources; animscope --help for the command line");
  ImGui::BulletText("Dear ImGui: https://github.com/ocornut/imgui");
  ImGui::BulletText("Open Asset Import Library: https://www.assimp.org");
  ImGui::BulletText("SDL: https://www.libsdl.org");
  ImGui::Spacing();
  if (ImGui::Button("Close", ImVec2(120, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace

void modal_dialogs(Tool& tool) {
  loading_popup(tool);
  error_dialog(tool);
  about_dialog(tool);
  setup_dialogs(tool);
  recovery_dialog(tool);
}

}  // namespace anim::app
