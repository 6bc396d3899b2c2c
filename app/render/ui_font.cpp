#include "render/ui_font.h"

#include <filesystem>
#include <system_error>

#include <imgui.h>

namespace anim::app {

void add_ui_font(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::error_code ec;
  if (std::filesystem::is_regular_file(font, ec)) {
    io.Fonts->AddFontFromFileTTF(font, 15.0f * scale);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }
}

}  // namespace anim::app
