#include "render/overlay_pass.h"

#include <imgui_impl_opengl3.h>

#include "render/ui_font.h"

namespace anim::app {

std::unique_ptr<OverlayPass> OverlayPass::create() {
  std::unique_ptr<OverlayPass> pass(new OverlayPass());
  pass->previous_ = ImGui::GetCurrentContext();
  pass->context_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(pass->context_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  add_ui_font(1.0f);
  ImGui_ImplOpenGL3_Init("#version 450");
  return pass;
}

OverlayPass::~OverlayPass() {
  ImGui::SetCurrentContext(context_);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext(context_);
  ImGui::SetCurrentContext(previous_);
}

void OverlayPass::draw(int width, int height, const std::function<void(ImDrawList*)>& content) {
  ImGui::SetCurrentContext(context_);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DeltaTime = 1.0f / 60.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  content(ImGui::GetForegroundDrawList());
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace anim::app
