#include "anim/ui/views/animate/time_scrub.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace anim::ui {

void TimeScrub::update(const Document& doc, Commands& cmds, bool press, float view_start,
                       float min_x, float width, float span, float duration) {
  if (press) {
    active_ = true;
    resume_ = doc.playing();
    cmds.set_playing(false);
  }
  if (active_ && ImGui::IsItemActive()) {
    const float mouse_time = view_start + (ImGui::GetIO().MousePos.x - min_x) / width * span;
    float t = std::clamp(mouse_time, 0.0f, duration);
    // A loop's end is its start: stop just short of it so the playhead stays at the right.
    if (doc.loop() && t >= duration) t = std::nextafter(duration, 0.0f);
    cmds.seek(t);
  }
  if (active_ && !ImGui::IsItemActive()) {
    active_ = false;
    cmds.set_playing(resume_);
  }
}

}  // namespace anim::ui
