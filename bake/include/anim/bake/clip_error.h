#pragma once
// How far a compressed clip strays from its source, measured where it shows: in model space,
// along the whole hierarchy, on each joint and on three virtual points at a fixed distance on
// its axes (so a small error near the root that grows toward the fingertips counts).
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/skeleton.h"

namespace anim::bake {

// What the error measure needs to know about a skeleton at rest.
struct RestMeasure {
  std::vector<glm::mat4> model;  // Rest model-space matrix of each joint.
  float diagonal = 0.0f;         // Of the box around the joints' rest positions.
  // Per joint: the farthest rest distance from it to itself or a descendant, plus the virtual
  // points' distance: how far a rotation of the joint can carry a measured point.
  std::vector<float> reach;
};

RestMeasure measure_rest(const Skeleton& skeleton, float shell_distance);

// A joint's error between two model-space matrices of it: the largest distance between its
// point, or one of its three virtual points `shell_distance` along its axes, under a and b.
float point_error(const glm::mat4& a, const glm::mat4& b, float shell_distance);

// The virtual points' distance when none is given: 2% of the rest diagonal (3.5 cm on a
// 1.75 m character), never 0.
float default_shell_distance(const Skeleton& skeleton);

struct ClipError {
  float max_error = 0.0f;   // Model units.
  float mean_error = 0.0f;  // Mean over joints and sample times of a joint's largest error.
  int worst_joint = -1;
  float worst_time = 0.0f;             // Seconds.
  std::vector<float> joint_max_error;  // Per joint, its largest error over time.
  // Every sample's errors: at times[i] (error_sample_times), joint j's is
  // sample_errors[i * joint_count + j]. Where the error lies, for a search that tightens
  // only there.
  std::vector<float> times;
  std::vector<float> sample_errors;
};

// Samples both clips at every key time of `reference` and both ends, and compares the
// model-space joints and virtual points. Key times, as ozz and ACL measure: they are what the
// source defines; between them each form interpolates its own way (slerp for float clips,
// fitted_nlerp for compressed ones: 3e-6 rad apart for keys 24° apart). Times before 0, which
// playback never reaches, are left out.
ClipError measure_clip_error(const Clip& reference, const CompressedClip& compressed,
                             const Skeleton& skeleton, float shell_distance);

// The times measure_clip_error samples at, sorted and without repeats.
std::vector<float> error_sample_times(const Clip& clip);

}  // namespace anim::bake
