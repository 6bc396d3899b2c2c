#include "segment_search.h"

#include <algorithm>
#include <cmath>

#include "anim/bake/clip_error.h"
#include "anim/compressed_sampling.h"
#include "anim/job_check.h"
#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "clip_segments.h"

namespace anim::bake {
namespace {

// A budget's first step goes just below the error its fits reach (any lower changes widths);
// then, while the widths stay, each step tightens it by kStep.
constexpr float kJustBelow = 0.999f;
constexpr float kStep = 0.9f;
// Steps tried on one budget before it counts as unable to change (about 1e-4 of where it began).
constexpr int kStepsPerChange = 90;
// Steps taken in one segment at most.
constexpr int kSearchSteps = 400;

// One frame's value of a fitted track written into the joint's transform.
void apply_frame(const SegmentedTrack& t, const SegmentFit& fit, std::size_t i, Transform& out) {
  float v[4];
  decode_fit_frame(t, fit.range, fit.q.data() + 3 * i, v);
  switch (t.kind) {
    case TrackKind::kTranslation:
      out.translation = glm::vec3(v[0], v[1], v[2]);
      break;
    case TrackKind::kRotation:
      out.rotation = glm::quat(v[3], v[0], v[1], v[2]);
      break;
    case TrackKind::kScale:
      out.scale = glm::vec3(v[0], v[1], v[2]);
      break;
  }
}

// The segment being searched: its frames' local poses with the tracks' current fits applied,
// their model space, and each joint's error.
class SegmentState {
 public:
  SegmentState(const SegmentSearch& search, std::size_t first, uint32_t count,
               const CompressedClip& packed)
      : search_(search),
        first_(first),
        count_(count),
        n_(search.skeleton->joint_count()),
        local_(count * n_),
        model_(count * n_),
        subtree_(n_),
        scratch_(n_) {
    SoaPose rest = make_soa_pose(n_), soa = make_soa_pose(n_);
    to_soa(search.skeleton->rest, rest);
    CompressedCursor cursor(packed);
    for (uint32_t i = 0; i < count; ++i) {
      const float time = static_cast<float>(first + i) / search.frame_rate;
      require_ran(CompressedSamplingJob{&packed, rest, time, &cursor, soa}.run(),
                  "CompressedSamplingJob");  // The attempt's own clip.
      from_soa(soa, Span<Transform>(local_.data() + i * n_, n_));
    }
  }

  void apply(const SegmentedTrack& t, const SegmentFit& fit) {
    for (uint32_t i = 0; i < count_; ++i) apply_frame(t, fit, i, local_[i * n_ + t.joint]);
  }

  // Each joint's largest error over the segment's frames, with the model space kept for
  // errors_below().
  std::vector<float> errors() {
    std::vector<float> out(n_, 0.0f);
    for (uint32_t i = 0; i < count_; ++i) {
      for (std::size_t j = 0; j < n_; ++j) {
        const int p = search_.skeleton->parents[j];
        glm::mat4& m = model_[i * n_ + j];
        m = p < 0 ? to_matrix(local_[i * n_ + j])
                  : model_[i * n_ + static_cast<std::size_t>(p)] * to_matrix(local_[i * n_ + j]);
        out[j] = worse(out[j], m, i, j);
      }
    }
    return out;
  }

  // errors() after a change to joint `changed`'s local values only: `current` for the joints
  // outside its subtree, recomputed inside it (the kept model space stays as it was).
  std::vector<float> errors_below(std::size_t changed, const std::vector<float>& current) {
    const std::vector<int16_t>& parents = search_.skeleton->parents;
    std::vector<float> out = current;
    for (std::size_t j = 0; j < n_; ++j) {
      subtree_[j] = j == changed || (j > changed && parents[j] >= 0 &&
                                     subtree_[static_cast<std::size_t>(parents[j])]);
      if (subtree_[j]) out[j] = 0.0f;
    }
    for (uint32_t i = 0; i < count_; ++i) {
      for (std::size_t j = changed; j < n_; ++j) {
        if (!subtree_[j]) continue;
        const int p = parents[j];
        const std::size_t pj = static_cast<std::size_t>(p);
        const glm::mat4 parent = p < 0          ? glm::mat4(1.0f)
                                 : subtree_[pj] ? scratch_[pj]
                                                : model_[i * n_ + pj];
        scratch_[j] = parent * to_matrix(local_[i * n_ + j]);
        out[j] = worse(out[j], scratch_[j], i, j);
      }
    }
    return out;
  }

 private:
  float worse(float so_far, const glm::mat4& m, uint32_t i, std::size_t j) const {
    const glm::mat4& reference = (*search_.reference)[(first_ + i) * n_ + j];
    const float e = point_error(reference, m, search_.shell_distance);
    return std::isfinite(e) ? std::max(so_far, e) : INFINITY;
  }

  const SegmentSearch& search_;
  std::size_t first_;
  uint32_t count_;
  std::size_t n_;
  std::vector<Transform> local_;  // [frame * joints + joint]
  std::vector<glm::mat4> model_;  // [frame * joints + joint], as errors() left it.
  std::vector<bool> subtree_;
  std::vector<glm::mat4> scratch_;
};

}  // namespace

std::vector<glm::mat4> reference_frames(const Clip& clip, const Skeleton& skeleton, uint32_t frames,
                                        float frame_rate) {
  const std::size_t n = skeleton.joint_count();
  std::vector<glm::mat4> out(std::size_t{frames} * n);
  std::vector<Transform> local(n);
  SamplingCursor cursor(n);
  for (uint32_t f = 0; f < frames; ++f) {
    SamplingJob sample;
    sample.clip = &clip;
    sample.rest = skeleton.rest;
    sample.time = static_cast<float>(f) / frame_rate;
    sample.cursor = &cursor;
    sample.output = local;
    require_ran(sample.run(), "SamplingJob");  // A clip the compressor validated.
    LocalToModelJob to_model;
    to_model.parents = skeleton.parents;
    to_model.local = local;
    to_model.output = Span<glm::mat4>(out.data() + f * n, n);
    require_ran(to_model.run(), "LocalToModelJob");
  }
  return out;
}

SegmentSearch::Outcome SegmentSearch::run(std::size_t s, const CompressedClip& packed,
                                          const std::vector<SearchTrack>& tracks,
                                          const std::vector<float>& measured,
                                          std::vector<float>& budgets,
                                          std::size_t segment_count) const {
  const std::size_t n = skeleton->joint_count();
  Outcome outcome;
  if (tracks.empty()) return outcome;
  const std::size_t frames = tracks[0].frames.size() / 3;
  const std::size_t first = s * segment_samples;
  const uint32_t count =
      static_cast<uint32_t>(std::min<std::size_t>(segment_samples, frames - first));
  SegmentState state(*this, first, count, packed);

  // The tracks of each joint, and their fits at its budget.
  std::vector<std::vector<std::size_t>> of_joint(n);
  std::vector<SegmentFit> fits(tracks.size());
  const auto fit = [&](std::size_t k, float budget) {
    const SearchTrack& t = tracks[k];
    return fit_segment(t.track, t.frames.data() + 3 * first, count, budget / t.scale);
  };
  for (std::size_t k = 0; k < tracks.size(); ++k) {
    const std::size_t j = tracks[k].track.joint;
    of_joint[j].push_back(k);
    fits[k] = fit(k, budgets[j * segment_count + s]);
    state.apply(tracks[k].track, fits[k]);
  }
  // The search measures at frames; the clip's measure, at its key times, can fall between them.
  // Each joint's errors are scaled by how the two measures compared on this attempt's clip.
  std::vector<float> raw = state.errors();  // Uncalibrated, as errors_below() takes them.
  std::vector<float> calibration(n, 1.0f);
  for (std::size_t j = 0; j < n; ++j) {
    if (raw[j] > 0.0f && std::isfinite(raw[j]) && measured[j] > raw[j]) {
      calibration[j] = measured[j] / raw[j];
    }
  }
  const auto calibrated = [&](std::vector<float> e) {
    for (std::size_t j = 0; j < n; ++j) e[j] *= calibration[j];
    return e;
  };
  outcome.errors = calibrated(raw);

  // Each joint's next change, kept until it is taken: its budget tightened until its tracks'
  // widths change (moved false when they cannot: all at their widest).
  struct Trial {
    bool ready = false;
    bool moved = false;
    float budget = 0.0f;
    std::vector<SegmentFit> fits;
    int64_t added = 0;  // Bits over the segment.
  };
  std::vector<Trial> trials(n);
  const auto trial_of = [&](std::size_t j) -> Trial& {
    Trial& t = trials[j];
    if (t.ready) return t;
    t.ready = true;
    const std::vector<std::size_t>& own = of_joint[j];
    // Widths change only once the budget falls below what the fits reach now.
    float reached = 0.0f;
    for (std::size_t k : own) reached = std::max(reached, fits[k].error * tracks[k].scale);
    t.budget = std::min(budgets[j * segment_count + s], reached) * kJustBelow;
    for (int tries = 0; tries < kStepsPerChange && !t.moved; ++tries) {
      if (tries > 0) t.budget *= kStep;
      t.fits.clear();
      for (std::size_t k : own) {
        t.fits.push_back(fit(k, t.budget));
        t.moved = t.moved || t.fits.back().range.widths != fits[k].range.widths;
      }
    }
    t.added = 0;
    for (std::size_t i = 0; i < own.size(); ++i) {
      t.added += int64_t{count} * (static_cast<int64_t>(t.fits[i].range.sample_bits()) -
                                   static_cast<int64_t>(fits[own[i]].range.sample_bits()));
    }
    return t;
  };

  for (int step = 0; step < kSearchSteps; ++step) {
    const std::size_t worst = static_cast<std::size_t>(
        std::max_element(outcome.errors.begin(), outcome.errors.end()) - outcome.errors.begin());
    if (outcome.errors[worst] <= tolerance) break;
    // The ancestor whose next change lowers the worst error most per added bit.
    bool found = false;
    std::size_t best = 0;
    double best_score = 0.0;
    for (int a = static_cast<int>(worst); a >= 0; a = skeleton->parents[a]) {
      const std::size_t j = static_cast<std::size_t>(a);
      const std::vector<std::size_t>& own = of_joint[j];
      if (own.empty()) continue;
      const Trial& t = trial_of(j);
      if (!t.moved) continue;
      for (std::size_t i = 0; i < own.size(); ++i) state.apply(tracks[own[i]].track, t.fits[i]);
      std::vector<float> errors = calibrated(state.errors_below(j, raw));
      for (std::size_t k : own) state.apply(tracks[k].track, fits[k]);  // Back as it was.
      const double gain = static_cast<double>(outcome.errors[worst]) - errors[worst];
      const double score = gain / static_cast<double>(std::max<int64_t>(1, t.added));
      if (!found || score > best_score) {
        found = true;
        best = j;
        best_score = score;
      }
    }
    if (!found) break;  // Every ancestor's segments are at their widest.
    Trial& taken = trials[best];
    budgets[best * segment_count + s] = taken.budget;
    const std::vector<std::size_t>& own = of_joint[best];
    for (std::size_t i = 0; i < own.size(); ++i) {
      fits[own[i]] = std::move(taken.fits[i]);
      state.apply(tracks[own[i]].track, fits[own[i]]);
    }
    taken = Trial{};
    raw = state.errors();
    outcome.errors = calibrated(raw);
    outcome.changed = true;
  }
  return outcome;
}

}  // namespace anim::bake
