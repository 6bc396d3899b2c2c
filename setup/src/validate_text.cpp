// What setup validation says (validate_text.h).
#include "validate_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace anim::setup::validate_text {
namespace {

// Edit distance, for "did you mean" hints; names are short, so the quadratic cost is fine.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t replace = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, replace});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

// Shortest text that reads back as the same float ("0.5", "1e+30").
std::string number_text(float value) {
  char buffer[64];
  const std::to_chars_result written = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return written.ec == std::errc() ? std::string(buffer, written.ptr) : std::string("?");
}

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

// ` (did you mean "Run"?)` for the closest candidate within two edits (one for short names).
std::string suggestion(const std::string& name, const std::vector<std::string>& candidates) {
  constexpr std::size_t kMaxLength = 64;  // Longer names get no hint: keeps the cost bounded.
  if (name.size() > kMaxLength) return "";
  const std::string* best = nullptr;
  std::size_t best_distance = std::min<std::size_t>(2, std::max<std::size_t>(name.size(), 1) - 1);
  for (const std::string& candidate : candidates) {
    if (candidate.size() > kMaxLength) continue;
    const std::size_t distance = edit_distance(name, candidate);
    if (distance <= best_distance && (best == nullptr || distance < best_distance)) {
      best = &candidate;
      best_distance = distance;
    }
  }
  return best == nullptr ? "" : " (did you mean " + in_quotes(*best) + "?)";
}

void check_clip_time(const std::string& clip, float time, const std::string& pointer,
                     const std::vector<std::string>& clips, const std::vector<float>& durations,
                     std::vector<Diagnostic>* found) {
  const auto error = [&](std::string message) {
    found->push_back({Diagnostic::Severity::kError, pointer, std::move(message)});
  };
  if (!std::isfinite(time)) return error("time is not a finite number");
  if (time < 0.0f) return error("negative time " + number_text(time));
  const auto at = std::find(clips.begin(), clips.end(), clip);
  if (at == clips.end() || durations.size() != clips.size()) return;
  const float duration = durations[static_cast<std::size_t>(at - clips.begin())];
  if (time > duration) {
    error("time " + number_text(time) + " s is past the end of clip " + in_quotes(clip) + " (" +
          number_text(duration) + " s)");
  }
}

}  // namespace anim::setup::validate_text
