#include "anim/player.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"

namespace anim {

float fade_weight(FadeCurve curve, float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return curve == FadeCurve::kSmoothstep ? x * x * (3.0f - 2.0f * x) : x;
}

Player::Player(const Skeleton& skeleton, Span<const Clip> clips)
    : skeleton_(&skeleton),
      clips_(clips),
      current_pose_(skeleton.rest),
      source_pose_(skeleton.rest),
      pose_(skeleton.rest) {
  current_.cursor.resize(skeleton.joint_count());
  source_.cursor.resize(skeleton.joint_count());
}

bool Player::playable(int index) const {
  return index >= 0 && static_cast<std::size_t>(index) < clips_.size() &&
         clips_[index].joint_count() == skeleton_->joint_count();
}

bool Player::play(int index, bool loop) {
  if (!playable(index)) return false;
  current_.clip = index;
  current_.time = 0.0f;
  current_.loop = loop;
  fading_ = false;
  evaluate();
  return true;
}

bool Player::play(const std::string& name, bool loop) {
  for (std::size_t i = 0; i < clips_.size(); ++i) {
    if (clips_[i].name == name) return play(static_cast<int>(i), loop);
  }
  return false;
}

bool Player::crossfade(int index, const CrossfadeOptions& options) {
  if (!playable(index)) return false;
  if (!(options.seconds > 0.0f) || current_.clip < 0) return play(index, options.loop);
  if (fading_ || options.freeze_source) {
    // Start from exactly what is shown now: no pop, whatever was blending.
    std::copy(pose_.begin(), pose_.end(), source_pose_.begin());
    source_.clip = -1;
  } else {
    source_.clip = current_.clip;
    source_.time = current_.time;
    source_.loop = current_.loop;
    std::swap(source_.cursor, current_.cursor);
  }
  current_.clip = index;
  current_.time = 0.0f;
  current_.loop = options.loop;
  fade_ = options;
  fade_elapsed_ = 0.0f;
  fading_ = true;
  evaluate();
  return true;
}

bool Player::crossfade(const std::string& name, const CrossfadeOptions& options) {
  for (std::size_t i = 0; i < clips_.size(); ++i) {
    if (clips_[i].name == name) return crossfade(static_cast<int>(i), options);
  }
  return false;
}

void Player::advance(Track& track, float dt) const {
  if (track.clip < 0) return;
  const float duration = clips_[track.clip].duration;
  const float t = track.time + dt;
  track.time = wrap_time(t, duration, track.loop);
}

void Player::sample(Track& track, std::vector<Transform>& out) const {
  SamplingJob job;
  job.clip = &clips_[track.clip];
  job.rest = skeleton_->rest;
  job.time = track.time;
  job.cursor = &track.cursor;
  job.output = out;
  // play() and crossfade() take only clips that fit the skeleton, so this cannot fail; were
  // it to, the rest pose is shown rather than a stale one.
  if (!job.run()) std::copy(skeleton_->rest.begin(), skeleton_->rest.end(), out.begin());
}

void Player::update(float dt) {
  if (current_.clip < 0) return;
  const float step = dt * speed_;
  advance(current_, step);
  if (fading_) {
    advance(source_, step);
    fade_elapsed_ += std::fabs(step);
    if (fade_elapsed_ >= fade_.seconds) fading_ = false;
  }
  evaluate();
}

void Player::seek(float time) {
  if (current_.clip < 0) return;
  current_.time = wrap_time(time, clips_[current_.clip].duration, current_.loop);
  evaluate();
}

float Player::current_weight() const {
  return fading_ ? fade_weight(fade_.curve, fade_elapsed_ / fade_.seconds) : 1.0f;
}

bool Player::finished() const {
  return current_.clip >= 0 && !current_.loop && current_.time >= clips_[current_.clip].duration;
}

void Player::evaluate() {
  if (current_.clip < 0) return;
  if (!fading_) {
    sample(current_, pose_);
    return;
  }
  sample(current_, current_pose_);
  if (source_.clip >= 0) sample(source_, source_pose_);
  // Three buffers of the skeleton's size: the blend cannot refuse them.
  if (!blend_two(source_pose_, current_pose_, current_weight(), pose_)) pose_ = current_pose_;
}

}  // namespace anim
