#include "anim/ui/widgets/panel_widgets.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace anim::ui {

void form_label(const char* label, float label_ems) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(ImGui::GetFontSize() * label_ems);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void text_right(const char* text) {
  const float width = ImGui::CalcTextSize(text).x;
  const float avail = ImGui::GetContentRegionAvail().x;
  if (avail > width) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + avail - width);
  ImGui::TextUnformatted(text);
}

void number_right(float value, int decimals) {
  const float half_step = 0.5f * std::pow(10.0f, -static_cast<float>(decimals));
  if (std::fabs(value) < half_step) value = 0.0f;  // No "-0.0000".
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, static_cast<double>(value));
  text_right(buf);
}

void count_right(std::size_t value) { text_right(format_count(value).c_str()); }

std::string format_count(std::size_t value) {
  std::string digits = std::to_string(value);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

void help_marker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

std::string elide_to_width(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  // The longest prefix that fits with the dots, found by bisection over its byte length.
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize(text.c_str(), text.c_str() + mid).x + dots <= width) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  // Not inside a UTF-8 sequence: back to the start of the character.
  while (lo > 0 && lo < text.size() && (static_cast<unsigned char>(text[lo]) & 0xC0) == 0x80) --lo;
  return text.substr(0, lo) + "...";
}

std::string elide_start_to_width(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  const char* end = text.c_str() + text.size();
  // The shortest byte offset whose rest fits with the dots before it, by bisection.
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (dots + ImGui::CalcTextSize(text.c_str() + mid, end).x <= width) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  // Not inside a UTF-8 sequence: on to the start of the next character.
  while (lo < text.size() && (static_cast<unsigned char>(text[lo]) & 0xC0) == 0x80) ++lo;
  return "..." + text.substr(lo);
}

bool text_elided(const std::string& text, const ImVec4& color) {
  const std::string shown = elide_to_width(text, ImGui::GetContentRegionAvail().x);
  ImGui::TextColored(color, "%s", shown.c_str());
  const bool cut = shown != text;
  if (cut && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  return cut;
}

}  // namespace anim::ui
