#pragma once
// Trails: where a joint has been over the last seconds, recorded from the pose shown each frame,
// for the viewport to draw as a polyline that fades with age.
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/model.h"
#include "anim/span.h"

namespace anim::ui {

struct TrailPoint {
  glm::vec3 position{0.0f};  // Model space.
  float time = 0.0f;         // The recorder's clock when it was there.
};

// The positions of one joint over the last `length` seconds of a clock the caller advances
// (playback time, so a paused view keeps its trail).
class TrailRecorder {
 public:
  // Seconds kept; a non-finite or negative length keeps none.
  void set_length(float seconds);
  float length() const { return length_; }
  // Adds `position` at `clock` seconds and drops the points older than clock - length(). A clock
  // that goes back starts the trail over; one that stands still moves the newest point instead
  // of adding another.
  void record(float clock, const glm::vec3& position);
  void clear() { points_.clear(); }
  Span<const TrailPoint> points() const { return points_; }  // Oldest first.
  float clock() const { return points_.empty() ? 0.0f : points_.back().time; }
  // How far `p` is from the trail's start, 0 (as old as the trail is long) to 1 (now).
  float freshness(const TrailPoint& p) const;

 private:
  float length_ = 0.0f;
  std::vector<TrailPoint> points_;
};

// The joint a "root" trail and the follow camera track: the nearest joint every skinned joint
// hangs from (the hips of a biped, whose motion carries the whole body), or with no skin the
// first joint that has a parent (joint 0 is the file's root node, often a fixed axis change);
// -1 without joints.
int trail_root_joint(const Model& model);

// The tool's two trails: the selected joint's and the root's, fed the pose shown each frame.
struct JointTrails {
  TrailRecorder joint, root;
  int joint_index = -1;  // Which joint `joint` follows.
  std::uint64_t document = 0;
  float clock = 0.0f;

  // Records the shown pose `model_space` (one matrix per joint) after `dt` seconds of
  // playback (0 while paused: nothing is added). Starts over for another document or
  // joint, and empties both when `seconds` is 0.
  void update(std::uint64_t doc, const Model& model, Span<const glm::mat4> model_space,
              int selected_joint, float seconds, float dt);
};

}  // namespace anim::ui
