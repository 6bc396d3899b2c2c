#include "anim/player.h"

#include <algorithm>
#include <cmath>

#include "anim/soa_blending.h"

namespace anim {

float fade_weight(FadeCurve curve, float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return curve == FadeCurve::kSmoothstep ? x * x * (3.0f - 2.0f * x) : x;
}

bool valid(const CrossfadeOptions& options) {
  const int curve = static_cast<int>(options.curve);
  const int blend = static_cast<int>(options.blend);
  return std::isfinite(options.seconds) && std::isfinite(options.half_life) &&
         options.half_life > 0.0f && curve >= 0 &&
         curve <= static_cast<int>(FadeCurve::kSmoothstep) && blend >= 0 &&
         blend <= static_cast<int>(TransitionBlend::kDeadBlend);
}

Player::Player(const Skeleton& skeleton, ClipSet clips)
    : skeleton_(&skeleton),
      clips_(clips),
      rest_soa_(make_soa_pose(skeleton.joint_count())),
      current_pose_(skeleton.rest),
      source_pose_(skeleton.rest),
      pose_(skeleton.rest),
      carry_(skeleton.joint_count(), true, true) {
  to_soa(skeleton.rest, rest_soa_);
  current_soa_ = source_soa_ = pose_soa_ = rest_soa_;
  current_.cursor.reserve(clips, skeleton.joint_count());
  source_.cursor.reserve(clips, skeleton.joint_count());
}

bool Player::playable(int index) const {
  return index >= 0 && static_cast<std::size_t>(index) < clips_.size() &&
         clips_.joint_count(static_cast<std::size_t>(index)) == skeleton_->joint_count();
}

int Player::find(const std::string& name) const {
  for (std::size_t i = 0; i < clips_.size(); ++i) {
    const std::string& n = clips_.compressed() ? clips_.packed()[i].name : clips_.floats()[i].name;
    if (n == name) return static_cast<int>(i);
  }
  return -1;
}

bool Player::play(int index, bool loop) {
  if (!playable(index)) return false;
  current_.clip = index;
  current_.time = 0.0f;
  current_.loop = loop;
  fading_ = false;
  // A cut: nothing carries over it, and the pose before it gives the next fade no velocity.
  carry_.forget();
  evaluate();
  return true;
}

bool Player::play(const std::string& name, bool loop) {
  const int index = find(name);
  return index >= 0 && play(index, loop);
}

float Player::synced_start(int index, const CrossfadeOptions& options) const {
  if (!options.sync_phase || current_.clip < 0) return 0.0f;
  const float from_duration = clips_.duration(static_cast<std::size_t>(current_.clip));
  const float to_duration = clips_.duration(static_cast<std::size_t>(index));
  if (!(from_duration > 0.0f) || !(to_duration > 0.0f)) return 0.0f;
  float phase = std::clamp(current_.time / from_duration, 0.0f, 1.0f);
  // Between the same markers when both clips have them; normalized time otherwise.
  const MarkerPosition place =
      marker_position(markers_of(options.sync_markers, current_.clip), from_duration, phase);
  if (place.valid()) {
    const float synced =
        phase_at(markers_of(options.sync_markers, index), to_duration, place, phase);
    if (synced >= 0.0f) phase = synced;
  }
  return wrap_time(phase * to_duration, to_duration, options.loop);
}

bool Player::crossfade(int index, const CrossfadeOptions& options) {
  if (!playable(index) || !valid(options)) return false;
  const float start = synced_start(index, options);
  if (!(options.seconds > 0.0f) || current_.clip < 0) {
    if (!play(index, options.loop)) return false;
    if (start > 0.0f) seek(start);
    return true;
  }
  if (fading_ || options.freeze_source || switches_at_once(options.blend)) {
    // Start from exactly what is shown now: no pop, whatever was blending. A carried-over fade
    // starts from the poses shown (its capture) and keeps this one for fade_source_pose().
    std::copy(pose_soa_.begin(), pose_soa_.end(), source_soa_.begin());
    source_.clip = -1;
  } else {
    source_.clip = current_.clip;
    source_.time = current_.time;
    source_.loop = current_.loop;
    std::swap(source_.cursor, current_.cursor);
  }
  begin_fade(index, options, start);
  return true;
}

bool Player::crossfade_from(Span<const Transform> pose, int index,
                            const CrossfadeOptions& options) {
  if (!playable(index) || pose.size() != skeleton_->joint_count() || !valid(options)) {
    return false;
  }
  if (!(options.seconds > 0.0f)) return play(index, options.loop);
  to_soa(pose, source_soa_);
  source_.clip = -1;
  // Shown as if held still: what carries over has no velocity.
  if (switches_at_once(options.blend)) carry_.hold(source_soa_);
  CrossfadeOptions held = options;
  held.freeze_source = true;
  begin_fade(index, held);
  return true;
}

void Player::begin_fade(int index, const CrossfadeOptions& options, float start) {
  current_.clip = index;
  current_.time = start;
  current_.loop = options.loop;
  fade_ = options;
  fade_elapsed_ = 0.0f;
  fading_ = true;
  // valid() options are ones the carry-over (sized for both blends) takes.
  if (!switches_at_once(options.blend)) {
    carry_.stop();
  } else if (carry_.start(options.blend, options.seconds, options.half_life)) {
    from_soa(source_soa_, source_pose_);
  } else {
    fading_ = false;
  }
  evaluate();
}

bool Player::crossfade(const std::string& name, const CrossfadeOptions& options) {
  const int index = find(name);
  return index >= 0 && crossfade(index, options);
}

RootMotionPart Player::advance(Track& track, float dt) const {
  static const RootMotionTrack kNoMotion;  // A track that moves nothing (a frozen source's).
  RootMotionPart part{&kNoMotion, 0.0f, 0.0f, 0, nullptr, 0.0f};
  if (track.clip < 0) return part;
  const std::size_t clip = static_cast<std::size_t>(track.clip);
  const float duration = clips_.duration(clip);
  const float from = track.time;
  const float t = track.time + dt;
  track.time = wrap_time(t, duration, track.loop);
  if (clips_.root_motion().empty()) return part;
  part.track = &clips_.root_motion()[clip];
  part.from = from;
  part.to = track.time;
  part.wraps = track.loop && duration > 0.0f ? static_cast<int64_t>(std::floor(t / duration)) : 0;
  return part;
}

void Player::sample(Track& track, Span<SoaTransform> out) const {
  const ClipSamplingJob job{
      clips_, static_cast<std::size_t>(track.clip), track.time, &track.cursor, rest_soa_, out};
  // play() and crossfade() take only clips that fit the skeleton, so this cannot fail; were
  // it to, the rest pose is shown rather than a stale one.
  if (!job.run()) std::copy(rest_soa_.begin(), rest_soa_.end(), out.begin());
}

RootMotion Player::update(float dt) {
  if (current_.clip < 0) return {};
  const float step = dt * speed_;
  // The clips' parts of the move: the current clip's alone, or both through a crossfade.
  RootMotionPart parts[2] = {advance(current_, step), {}};
  parts[0].weight = 1.0f;
  std::size_t count = 1;
  if (fading_) {
    fade_elapsed_ += std::fabs(step);
    if (!carried()) {
      parts[1] = advance(source_, step);
      parts[0].weight = current_weight();
      parts[1].weight = 1.0f - parts[0].weight;
      count = 2;
    }
    if (fade_elapsed_ >= fade_.seconds) fading_ = false;
  }
  // The carry-over counts the same seconds, so it ends with the fade.
  carry_.next_frame(std::fabs(step));
  evaluate();
  RootMotion move;
  RootMotionSamplingJob{Span<const RootMotionPart>(parts, count), &move}.run();
  return move;
}

void Player::seek(float time) {
  if (current_.clip < 0) return;
  current_.time =
      wrap_time(time, clips_.duration(static_cast<std::size_t>(current_.clip)), current_.loop);
  carry_.cut();  // A jump, not a motion to carry over.
  evaluate();
}

float Player::current_weight() const {
  if (!fading_) return 1.0f;
  return carried() ? carry_.target_weight()
                   : fade_weight(fade_.curve, fade_elapsed_ / fade_.seconds);
}

std::size_t Player::byte_size() const {
  std::size_t bytes = sizeof(*this) - sizeof(carry_) + carry_.byte_size() - 2 * sizeof(ClipCursor) +
                      current_.cursor.byte_size() + source_.cursor.byte_size();
  for (const SoaPose* p : {&rest_soa_, &current_soa_, &source_soa_, &pose_soa_}) {
    bytes += p->capacity() * sizeof(SoaTransform);
  }
  for (const std::vector<Transform>* p : {&current_pose_, &source_pose_, &pose_}) {
    bytes += p->capacity() * sizeof(Transform);
  }
  return bytes;
}

bool Player::finished() const {
  return current_.clip >= 0 && !current_.loop &&
         current_.time >= clips_.duration(static_cast<std::size_t>(current_.clip));
}

void Player::evaluate() {
  if (current_.clip < 0) return;
  if (fading_ && !carried()) {
    sample(current_, current_soa_);
    if (source_.clip >= 0) sample(source_, source_soa_);
    const float w = current_weight();
    const SoaBlendLayer layers[2] = {{source_soa_, 1.0f - w, {}}, {current_soa_, w, {}}};
    // Three buffers of the skeleton's size and weights in [0, 1] summing to 1: the blend cannot
    // refuse them.
    if (!SoaBlendingJob{Span<const SoaBlendLayer>(layers, 2), source_soa_, pose_soa_}.run()) {
      pose_soa_ = current_soa_;
    }
    from_soa(source_soa_, source_pose_);
    from_soa(current_soa_, current_pose_);
  } else {
    // Only the current clip is sampled; an inertialized or dead-blended fade lays the pose
    // carried over onto it below.
    sample(current_, pose_soa_);
    if (fading_) from_soa(pose_soa_, current_pose_);
  }
  // Every pose shown is kept, so that any fade can carry it over.
  carry_.apply(pose_soa_);
  if (carried() && !carry_.carrying()) fading_ = false;  // Nothing could carry over: a cut.
  from_soa(pose_soa_, pose_);
}

}  // namespace anim
