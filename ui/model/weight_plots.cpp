#include "anim/ui/model/weight_plots.h"

#include <algorithm>

namespace anim::ui {

void WeightPlots::record(const std::vector<Now>& now) {
  std::size_t length = 0;
  for (const Series& s : series_) length = std::max(length, s.values.size());
  std::vector<char> recorded(series_.size(), 0);
  for (const Now& n : now) {
    auto found = std::find_if(series_.begin(), series_.end(),
                              [&](const Series& s) { return s.key == n.key; });
    if (found == series_.end()) {
      // New: zeros back to where the others start, so every line spans the same time.
      series_.push_back({n.key, n.name, std::deque<float>(length, 0.0f)});
      recorded.push_back(0);
      found = series_.end() - 1;
    }
    if (recorded[static_cast<std::size_t>(found - series_.begin())]) {
      found->values.back() += n.weight;  // The same key twice in one update: one line.
      continue;
    }
    found->values.push_back(n.weight);
    recorded[static_cast<std::size_t>(found - series_.begin())] = 1;
  }
  for (std::size_t i = 0; i < series_.size(); ++i) {
    if (!recorded[i]) series_[i].values.push_back(0.0f);  // No longer shown: decays to 0.
    if (series_[i].values.size() > kHistory) series_[i].values.pop_front();
  }
  // What is not shown and has nothing left to plot goes.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < series_.size(); ++i) {
    const std::deque<float>& v = series_[i].values;
    const bool flat_zero = std::all_of(v.begin(), v.end(), [](float w) { return w == 0.0f; });
    if (recorded[i] || !flat_zero || v.size() < kHistory) {
      if (kept != i) series_[kept] = std::move(series_[i]);
      ++kept;
    }
  }
  series_.resize(kept);
}

void WeightPlots::keep_only(const std::vector<Now>& keys) {
  std::size_t length = 0;
  for (const Series& s : series_) length = std::max(length, s.values.size());
  std::vector<Series> kept(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    kept[i].key = keys[i].key;
    kept[i].name = keys[i].name;
    for (Series& s : series_) {
      if (s.key == keys[i].key) kept[i].values = std::move(s.values);
    }
    if (kept[i].values.empty()) kept[i].values.assign(length, 0.0f);
  }
  series_ = std::move(kept);
}

const std::deque<float>& WeightPlots::values(std::size_t series) const {
  static const std::deque<float> kNone;
  return series < series_.size() ? series_[series].values : kNone;
}

}  // namespace anim::ui
