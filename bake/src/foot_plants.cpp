#include "anim/bake/foot_plants.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/clip_sample_rate.h"
#include "anim/local_to_model.h"
#include "anim/root_motion_builder.h"
#include "anim/sampling.h"

namespace anim::bake {
namespace {

Error invalid_argument(std::string message) {
  return Error{Error::Code::kInvalidArgument, std::move(message), ""};
}

Status check_options(const FootPlantOptions& o) {
  const auto finite = [](float x) { return std::isfinite(x); };
  // Past the fastest key rate a clip can have, more samples only cost memory.
  if (!finite(o.sample_rate) || o.sample_rate < 0.0f || o.sample_rate > kMaxSampleRate) {
    return invalid_argument("the sample rate must lie in [0 (automatic), 1000]");
  }
  if (!finite(o.height_fraction) || o.height_fraction < 0.0f || o.height_fraction > 1.0f ||
      !finite(o.speed_fraction) || o.speed_fraction < 0.0f || o.speed_fraction > 1.0f) {
    return invalid_argument("the height and speed fractions must lie in [0, 1]");
  }
  if (!finite(o.peak_percentile) || o.peak_percentile <= 0.0f || o.peak_percentile > 1.0f) {
    return invalid_argument("the peak percentile must lie in (0, 1]");
  }
  if (!finite(o.merge_gap) || o.merge_gap < 0.0f || !finite(o.min_stance) || o.min_stance < 0.0f) {
    return invalid_argument("the merge gap and the shortest stance must be 0 or more");
  }
  return Ok{};
}

// The foot along one loop: its model-space position at times i * step, i in [0, count).
Result<std::vector<glm::vec3>> sample_foot(const Skeleton& skeleton, const Clip& clip, int foot,
                                           float step, int count) {
  const std::size_t joints = skeleton.joint_count();
  std::vector<Transform> local(joints);
  std::vector<glm::mat4> model(joints);
  SamplingCursor cursor(joints);
  std::vector<glm::vec3> positions(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const SamplingJob sampling{&clip, skeleton.rest, static_cast<float>(i) * step, &cursor, local};
    const LocalToModelJob to_model{skeleton.parents, local, glm::mat4(1.0f), model};
    if (!sampling.run() || !to_model.run()) {
      return Error{Error::Code::kInvalidData, "the clip does not fit the skeleton", clip.name};
    }
    positions[static_cast<std::size_t>(i)] = glm::vec3(model[static_cast<std::size_t>(foot)][3]);
  }
  return positions;
}

// Central differences around the loop: the sample before the first is the last.
std::vector<glm::vec3> loop_velocities(const std::vector<glm::vec3>& p, float step) {
  const std::size_t n = p.size();
  std::vector<glm::vec3> velocities(n, glm::vec3(0.0f));
  if (n < 3) return velocities;  // Too few samples for a neighbour on each side.
  for (std::size_t i = 0; i < n; ++i) {
    velocities[i] = (p[(i + 1) % n] - p[(i + n - 1) % n]) / (2.0f * step);
  }
  return velocities;
}

// The middle of `values` (the mean of the middle two for an even count); 0 for none.
float median(std::vector<float> values) {
  if (values.empty()) return 0.0f;
  std::sort(values.begin(), values.end());
  const std::size_t m = values.size();
  return m % 2 == 1 ? values[m / 2] : 0.5f * (values[m / 2 - 1] + values[m / 2]);
}

// How the ground moves under the foot: each horizontal component's median over the samples of
// the low band. While the foot stands, it moves with the ground, and standing is most of the
// time a foot spends low (lift-off and touch-down pass through the band quickly), so the median
// skips them. Still ground (root motion kept) gives about 0; a treadmill gives its belt speed.
glm::vec3 ground_velocity(const std::vector<glm::vec3>& velocities,
                          const std::vector<float>& heights, float low, const glm::vec3& up) {
  glm::vec3 ground(0.0f);
  for (int axis = 0; axis < 3; ++axis) {
    if (up[axis] != 0.0f) continue;  // The up axis is one of X, Y, Z: the other two are flat.
    std::vector<float> band;
    for (std::size_t i = 0; i < velocities.size(); ++i) {
      if (heights[i] <= low) band.push_back(velocities[i][axis]);
    }
    ground[axis] = median(std::move(band));
  }
  return ground;
}

// The value below which `fraction` of `values` lie (the sorted value at floor(fraction*(n-1))).
float percentile(std::vector<float> values, float fraction) {
  const std::size_t k =
      static_cast<std::size_t>(std::floor(fraction * static_cast<float>(values.size() - 1)));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

// What the rule reads of the foot's samples.
struct FootTrack {
  std::vector<float> heights;  // Along the up axis.
  std::vector<float> speeds;   // Relative to the ground, model units per second.
  float lowest = 0.0f, highest = 0.0f;
  float peak = 0.0f;         // The speed at the options' percentile.
  std::vector<char> stance;  // Low and slow.
};

FootTrack measure(const std::vector<glm::vec3>& positions, float step, const FileUpAxis& file_up,
                  const FootPlantOptions& options) {
  FootTrack t;
  // The up axis as root motion takes it: the file's, else +Y.
  const glm::vec3 up = file_up.known() ? up_vector(file_up.axis, file_up.sign) : up_vector(1, 1);
  for (const glm::vec3& p : positions) t.heights.push_back(glm::dot(p, up));
  t.lowest = *std::min_element(t.heights.begin(), t.heights.end());
  t.highest = *std::max_element(t.heights.begin(), t.heights.end());
  const float low = t.lowest + options.height_fraction * (t.highest - t.lowest);
  const std::vector<glm::vec3> velocities = loop_velocities(positions, step);
  const glm::vec3 ground = ground_velocity(velocities, t.heights, low, up);
  for (const glm::vec3& v : velocities) t.speeds.push_back(glm::length(v - ground));
  t.peak = percentile(t.speeds, options.peak_percentile);
  const float slow = options.speed_fraction * t.peak;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    t.stance.push_back(t.heights[i] <= low && t.speeds[i] <= slow);
  }
  return t;
}

// A stretch of stance samples, in loop order: samples first, first + 1, ... (taken modulo the
// sample count, so a run may pass the clip's end).
struct Run {
  int first = 0;
  int count = 0;
};

// Runs of true samples around the loop, the first starting after the first false sample so that
// none is cut in two by the seam. Every sample true gives one run of them all.
std::vector<Run> loop_runs(const std::vector<char>& stance) {
  const int n = static_cast<int>(stance.size());
  const auto start = std::find(stance.begin(), stance.end(), 0);
  if (start == stance.end()) return {Run{0, n}};
  const int origin = static_cast<int>(start - stance.begin());
  std::vector<Run> runs;
  for (int k = 1; k <= n; ++k) {
    const int i = (origin + k) % n;
    if (!stance[static_cast<std::size_t>(i)]) continue;
    if (!runs.empty() && runs.back().first + runs.back().count == origin + k) {
      ++runs.back().count;
    } else {
      runs.push_back(Run{origin + k, 1});
    }
  }
  return runs;
}

// Joins runs fewer than `gap` samples apart, the last and the first too (over the seam).
std::vector<Run> merge_close(const std::vector<Run>& runs, int gap, int n) {
  std::vector<Run> merged;
  for (const Run& r : runs) {
    if (!merged.empty() && r.first - (merged.back().first + merged.back().count) < gap) {
      merged.back().count = r.first + r.count - merged.back().first;
    } else {
      merged.push_back(r);
    }
  }
  if (merged.size() >= 2) {
    const Run& last = merged.back();
    Run& first = merged.front();
    if (first.first + n - (last.first + last.count) < gap) {
      first = Run{last.first, first.first + n + first.count - last.first};
      merged.pop_back();
    }
  }
  if (merged.size() == 1 && n - merged.front().count < gap) merged.front() = Run{0, n};
  return merged;
}

// Normalised height plus normalised speed: low and slow scores near 0.
std::vector<float> plant_scores(const FootTrack& t) {
  const float range = t.highest - t.lowest;
  std::vector<float> scores(t.heights.size());
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const float h = range > 0.0f ? (t.heights[i] - t.lowest) / range : 0.0f;
    const float v = t.peak > 0.0f ? t.speeds[i] / t.peak : 0.0f;
    scores[i] = h + v;
  }
  return scores;
}

// The run's sample with the lowest score; of those tied with it, the middle one.
int plant_sample(const Run& run, const std::vector<float>& scores) {
  const int n = static_cast<int>(scores.size());
  float best = scores[static_cast<std::size_t>(run.first % n)];
  for (int k = 0; k < run.count; ++k) {
    best = std::min(best, scores[static_cast<std::size_t>((run.first + k) % n)]);
  }
  std::vector<int> tied;
  for (int k = 0; k < run.count; ++k) {
    const int i = (run.first + k) % n;
    if (scores[static_cast<std::size_t>(i)] <= best + kFootPlantTie) tied.push_back(i);
  }
  return tied[(tied.size() - 1) / 2];
}

}  // namespace

float foot_sample_rate(const Clip& clip, const FootPlantOptions& options) {
  if (options.sample_rate > 0.0f) return options.sample_rate;
  if (!(clip.sample_rate > 0.0f)) return kMinFootSampleRate;
  const float multiple = std::ceil(kMinFootSampleRate / clip.sample_rate);
  return clip.sample_rate * std::max(1.0f, multiple);
}

Result<std::vector<FootPlant>> find_foot_plants(const Model& model, int clip_index, int foot,
                                                const FootPlantOptions& options) {
  if (clip_index < 0 || static_cast<std::size_t>(clip_index) >= model.clips.size()) {
    return invalid_argument("no clip " + std::to_string(clip_index));
  }
  const Skeleton& skeleton = model.skeleton;
  if (foot < 0 || static_cast<std::size_t>(foot) >= skeleton.joint_count()) {
    return invalid_argument("no joint " + std::to_string(foot));
  }
  Status checked = check_options(options);
  if (!checked.ok()) return checked.error();
  Status valid = skeleton.validate();
  if (!valid.ok()) return valid.error();
  const Clip& clip = model.clips[static_cast<std::size_t>(clip_index)];
  valid = clip.validate(skeleton.joint_count());
  if (!valid.ok()) return Error{valid.error().code, valid.error().message, clip.name};
  if (!(clip.duration > 0.0f)) return std::vector<FootPlant>();

  const float rate = foot_sample_rate(clip, options);
  const int n = std::max(1, static_cast<int>(std::lround(clip.duration * rate)));
  const float step = clip.duration / static_cast<float>(n);
  Result<std::vector<glm::vec3>> sampled = sample_foot(skeleton, clip, foot, step, n);
  if (!sampled.ok()) return sampled.error();
  const FootTrack track = measure(sampled.value(), step, model.up_axis, options);

  const int gap = static_cast<int>(std::lround(options.merge_gap * rate));
  const int shortest = static_cast<int>(std::lround(options.min_stance * rate));
  const std::vector<float> scores = plant_scores(track);
  std::vector<FootPlant> plants;
  for (const Run& run : merge_close(loop_runs(track.stance), gap, n)) {
    if (run.count < shortest) continue;
    const auto time_of = [&](int k) { return static_cast<float>(k % n) * step; };
    plants.push_back(FootPlant{time_of(plant_sample(run, scores)), time_of(run.first),
                               time_of(run.first + run.count - 1)});
  }
  std::sort(plants.begin(), plants.end(),
            [](const FootPlant& a, const FootPlant& b) { return a.time < b.time; });
  return plants;
}

}  // namespace anim::bake
