#pragma once
// A naive, per-joint evaluator of a StateMachineInstance's pose, kept in the tests as the
// independent expectation of the runtime's SoA pipeline. It reads only the instance's public
// state (active states, their weights and normalized times, layer weights, parameter values)
// and redoes, one joint at a time with plain glm arithmetic, what the state machine evaluated
// per joint before the pipeline went SoA: sample each active state (a clip, or a 1D or 2D blend
// space's points blended by weight), blend the states by weight (hemisphere-aligned quaternion
// sums, renormalized; the rest pose where nothing weighs), then each layer over the base
// (override by normalized lerp under its mask, or additive deltas from a reference pose).
#include <cmath>
#include <cstddef>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/clip_set.h"
#include "anim/compressed_sampling.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/state_machine.h"
#include "anim/transform.h"

namespace anim::testutil {

using Pose = std::vector<Transform>;

inline float Dot(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

// Slerp on the shortest arc with the library's own trigonometry.
inline glm::quat NaiveSlerp(const glm::quat& a, glm::quat b, float t) {
  double d = Dot(a, b);
  if (d < 0.0) {
    b = -b;
    d = -d;
  }
  double wa = 1.0 - t, wb = t;
  if (d < 0.9995) {
    const double theta = std::acos(std::min(d, 1.0));
    wa = std::sin(wa * theta) / std::sin(theta);
    wb = std::sin(wb * theta) / std::sin(theta);
  }
  glm::quat q(static_cast<float>(wa * a.w + wb * b.w), static_cast<float>(wa * a.x + wb * b.x),
              static_cast<float>(wa * a.y + wb * b.y), static_cast<float>(wa * a.z + wb * b.z));
  return glm::normalize(q);
}

// A track of a float clip at `t`: the nearest key outside the keys, interpolated between them,
// `rest` without keys. Keys are found by a linear scan.
template <class V, class Mix>
V NaiveTrack(const KeyTracks<V>& tracks, std::size_t joint, float t, const V& rest, Mix mix) {
  const TrackRange r = tracks.ranges[joint];
  if (r.count == 0) return rest;
  const float* times = tracks.times.data() + r.offset;
  const V* values = tracks.values.data() + r.offset;
  if (!(t > times[0])) return values[0];
  if (t >= times[r.count - 1]) return values[r.count - 1];
  uint32_t k = 0;
  while (!(t < times[k + 1])) ++k;
  return mix(values[k], values[k + 1], (t - times[k]) / (times[k + 1] - times[k]));
}

// Clip `clip` of `clips` at `time` seconds, one Transform per joint of the skeleton.
inline Pose NaiveSample(const ClipSet& clips, int clip, float time, const Skeleton& skeleton) {
  const std::size_t n = skeleton.joint_count();
  Pose out(n);
  if (clips.compressed()) {
    // Compressed clips decode only one way; their own suite checks it against the float keys.
    const CompressedClip& c = clips.packed()[clip];
    SoaPose rest = make_soa_pose(n), soa = make_soa_pose(n);
    to_soa(skeleton.rest, rest);
    CompressedCursor cursor(c);
    CompressedSamplingJob job{&c, rest, time, &cursor, soa};
    if (!job.run()) return skeleton.rest;
    from_soa(soa, out);
    return out;
  }
  const Clip& c = clips.floats()[clip];
  const auto lerp = [](const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; };
  for (std::size_t j = 0; j < n; ++j) {
    const Transform& r = skeleton.rest[j];
    out[j].translation = NaiveTrack(c.translations, j, time, r.translation, lerp);
    out[j].rotation = NaiveTrack(c.rotations, j, time, r.rotation, NaiveSlerp);
    out[j].scale = NaiveTrack(c.scales, j, time, r.scale, lerp);
  }
  return out;
}

// Weighted blend, joint by joint: translation and scale averaged, rotations summed each on the
// running sum's hemisphere and renormalized; `rest` where no weight (or the rotations cancel).
inline Pose NaiveBlend(const std::vector<const Pose*>& poses, const std::vector<float>& weights,
                       const Pose& rest) {
  Pose out(rest.size());
  for (std::size_t j = 0; j < rest.size(); ++j) {
    glm::vec3 t(0.0f), s(0.0f);
    glm::quat q(0.0f, 0.0f, 0.0f, 0.0f);
    float total = 0.0f;
    for (std::size_t i = 0; i < poses.size(); ++i) {
      const float w = weights[i];
      if (!(w > 0.0f)) continue;
      const Transform& x = (*poses[i])[j];
      const float wr = Dot(q, x.rotation) < 0.0f ? -w : w;
      t += x.translation * w;
      s += x.scale * w;
      q = glm::quat(q.w + x.rotation.w * wr, q.x + x.rotation.x * wr, q.y + x.rotation.y * wr,
                    q.z + x.rotation.z * wr);
      total += w;
    }
    if (!(total > 0.0f) || !(Dot(q, q) > 0.0f)) {
      out[j] = rest[j];
      continue;
    }
    out[j].translation = t / total;
    out[j].scale = s / total;
    out[j].rotation = glm::normalize(q);
  }
  return out;
}

// (1 - t) a + t b on the shortest arc, normalized.
inline glm::quat NaiveNlerp(const glm::quat& a, const glm::quat& b, float t) {
  const float s = Dot(a, b) < 0.0f ? -t : t;
  const glm::quat q(a.w * (1 - t) + b.w * s, a.x * (1 - t) + b.x * s, a.y * (1 - t) + b.y * s,
                    a.z * (1 - t) + b.z * s);
  return Dot(q, q) > 0.0f ? glm::normalize(q) : a;
}

// Per joint 1 or 0: the nearest joint on the way to the root that a list names decides
// (exclude beats include on the same joint); none: 1 when `include` is empty.
inline std::vector<float> NaiveMask(const LayerMaskDef& mask, const Skeleton& skeleton) {
  const auto listed = [&](const std::vector<std::string>& names, std::size_t j) {
    for (const std::string& name : names) {
      if (skeleton.names[j] == name) return true;
    }
    return false;
  };
  std::vector<float> out(skeleton.joint_count(), mask.include.empty() ? 1.0f : 0.0f);
  for (std::size_t j = 0; j < out.size(); ++j) {
    for (int a = static_cast<int>(j); a >= 0; a = skeleton.parents[a]) {
      if (listed(mask.exclude, a)) {
        out[j] = 0.0f;
        break;
      }
      if (listed(mask.include, a)) {
        out[j] = 1.0f;
        break;
      }
    }
  }
  return out;
}

class ReferenceEvaluator {
 public:
  ReferenceEvaluator(const StateMachineDef& def, const Skeleton& skeleton, const ClipSet& clips)
      : def_(def), skeleton_(skeleton), clips_(clips) {}

  // The pose `sm` shows now, or an empty pose when no base state is active.
  Pose Evaluate(const StateMachineInstance& sm) const {
    if (sm.active_states(0).empty()) return {};
    Pose out = MachinePose(sm, 0);
    for (int layer = 1; layer < sm.layer_count(); ++layer) {
      const float weight = sm.layer_weight(layer);
      if (sm.active_states(layer).empty() || !(weight > 0.0f)) continue;
      const LayerDef& def = def_.layers[layer - 1];
      const Pose pose = MachinePose(sm, layer);
      const std::vector<float> mask = NaiveMask(def.mask, skeleton_);
      for (std::size_t j = 0; j < out.size(); ++j) {
        const float t = weight * mask[j];
        if (!(t > 0.0f)) continue;
        Transform& o = out[j];
        const Transform& l = pose[j];
        if (def.blend == LayerBlend::kOverride) {
          o.translation += (l.translation - o.translation) * t;
          o.scale += (l.scale - o.scale) * t;
          o.rotation = t >= 1.0f ? l.rotation : NaiveNlerp(o.rotation, l.rotation, t);
        } else {
          o.translation += l.translation * t;
          o.scale *= glm::vec3(1.0f) + (l.scale - glm::vec3(1.0f)) * t;
          const glm::quat d =
              t == 1.0f ? l.rotation : NaiveNlerp(glm::quat(1, 0, 0, 0), l.rotation, t);
          o.rotation = o.rotation * d;
        }
      }
    }
    return out;
  }

 private:
  const std::vector<StateDef>& States(int layer) const {
    return layer == 0 ? def_.states : def_.layers[layer - 1].states;
  }

  Pose StatePose(const StateMachineInstance& sm, const StateDef& state, float phase) const {
    const MotionRef& m = state.motion;
    if (m.kind == MotionRef::Kind::kClip) {
      return NaiveSample(clips_, m.index, phase * clips_.duration(m.index), skeleton_);
    }
    std::vector<int> clips;
    std::vector<float> weights;
    if (m.kind == MotionRef::Kind::kBlendSpace) {
      const BlendSpace1DDef& space = def_.blend_spaces[m.index];
      // The two neighbours of the value on the axis, clamped to its ends.
      const float v = sm.value(space.parameter);
      const std::vector<float>& at = space.positions;
      const std::size_t n = at.size();
      if (n == 1 || !(v > at.front())) {
        clips = {space.clips.front()};
      } else if (v >= at.back()) {
        clips = {space.clips.back()};
      } else {
        std::size_t upper = 1;
        while (at[upper] <= v) ++upper;
        const float t = (v - at[upper - 1]) / (at[upper] - at[upper - 1]);
        clips = {space.clips[upper - 1], space.clips[upper]};
        weights = {1.0f - t, t};
        if (!(t > 0.0f)) clips.pop_back();
      }
      if (weights.empty() || clips.size() == 1) weights = {1.0f};
    } else {
      // The 2D weights (Delaunay, hull) have their own suite; the blend of the points is here.
      const BlendSpace2DDef& space = def_.blend_spaces_2d[m.index];
      const BlendSpace2DWeights w = blend_space_2d_weights(
          space, Point2{sm.value(space.parameter_x), sm.value(space.parameter_y)});
      for (int i = 0; i < w.count; ++i) {
        clips.push_back(space.clips[w.points[i]]);
        weights.push_back(w.weights[i]);
      }
    }
    std::vector<Pose> poses;
    for (int clip : clips) {
      poses.push_back(NaiveSample(clips_, clip, phase * clips_.duration(clip), skeleton_));
    }
    if (poses.size() == 1) return poses[0];
    std::vector<const Pose*> pointers;
    for (const Pose& p : poses) pointers.push_back(&p);
    return NaiveBlend(pointers, weights, skeleton_.rest);
  }

  // The additive difference of `pose` from `reference`.
  static Pose Delta(const Pose& pose, const Pose& reference) {
    Pose d(pose.size());
    for (std::size_t j = 0; j < pose.size(); ++j) {
      const Transform& p = pose[j];
      const Transform& r = reference[j];
      d[j].translation = p.translation - r.translation;
      d[j].rotation = glm::conjugate(r.rotation) * p.rotation;
      for (int c = 0; c < 3; ++c) {
        d[j].scale[c] = r.scale[c] != 0.0f ? p.scale[c] / r.scale[c] : 1.0f;
      }
    }
    return d;
  }

  Pose MachinePose(const StateMachineInstance& sm, int layer) const {
    const Span<const StateMachineInstance::ActiveState> active = sm.active_states(layer);
    const LayerDef* def = layer > 0 ? &def_.layers[layer - 1] : nullptr;
    const bool additive = def != nullptr && def->blend == LayerBlend::kAdditive;
    std::vector<Pose> poses;
    std::vector<float> weights;
    for (const StateMachineInstance::ActiveState& a : active) {
      const StateDef& state = States(layer)[a.state];
      Pose pose = StatePose(sm, state, a.normalized_time);
      if (additive) {
        const Pose reference = def->reference_clip >= 0
                                   ? NaiveSample(clips_, def->reference_clip, 0.0f, skeleton_)
                                   : StatePose(sm, state, 0.0f);
        pose = Delta(pose, reference);
      }
      poses.push_back(std::move(pose));
      weights.push_back(a.weight);
    }
    if (poses.size() == 1) return poses[0];
    std::vector<const Pose*> pointers;
    for (const Pose& p : poses) pointers.push_back(&p);
    const Pose identity(skeleton_.joint_count(), Transform::identity());
    return NaiveBlend(pointers, weights, additive ? identity : skeleton_.rest);
  }

  const StateMachineDef& def_;
  const Skeleton& skeleton_;
  ClipSet clips_;
};

}  // namespace anim::testutil
