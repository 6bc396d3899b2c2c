#pragma once
// The Blend panel's weight plots: the recent weight of every clip or state the preview shows, one
// series each, one value per update. A series follows what it weighs across mode changes (a clip
// that plays on after a blend stops keeps its line); one no longer shown records 0 and goes once
// its whole window is 0.
#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace anim::ui {

class WeightPlots {
 public:
  static constexpr std::size_t kHistory = 240;  // Values kept per series.

  struct Series {
    std::string key;   // What it weighs: "clip 2", "fading clip 2", "frozen pose", "state Walk".
    std::string name;  // For the plot: the clip's or state's name, or "frozen pose".
    std::deque<float> values;  // Newest last, at most kHistory.
  };
  // One weight shown now. Weights of the same key add up (a clip placed twice in a blend).
  struct Now {
    std::string key;
    std::string name;
    float weight = 0.0f;
  };

  // Appends one update's weights: each series gets its key's weight, or 0 when not in `now`;
  // a new key starts with zeros back to where the others start.
  void record(const std::vector<Now>& now);
  void clear() { series_.clear(); }
  // Keeps one series per entry of `keys` (their key and name; weights unused), in that order: a
  // key that has a series keeps its values, a new one gets zeros as long as the others.
  void keep_only(const std::vector<Now>& keys);

  const std::vector<Series>& series() const { return series_; }
  // Empty for a series that does not exist.
  const std::deque<float>& values(std::size_t series) const;

 private:
  std::vector<Series> series_;
};

}  // namespace anim::ui
