#include "anim/ui/scene/trails.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {

void TrailRecorder::set_length(float seconds) {
  length_ = std::isfinite(seconds) && seconds > 0.0f ? seconds : 0.0f;
  if (length_ == 0.0f) points_.clear();
}

void TrailRecorder::record(float clock, const glm::vec3& position) {
  if (length_ == 0.0f || !std::isfinite(clock)) return;
  if (!points_.empty() && clock < points_.back().time) points_.clear();
  if (!points_.empty() && clock == points_.back().time) {
    points_.back().position = position;
  } else {
    points_.push_back({position, clock});
  }
  const float oldest = clock - length_;
  const auto kept = std::find_if(points_.begin(), points_.end(),
                                 [oldest](const TrailPoint& p) { return p.time >= oldest; });
  points_.erase(points_.begin(), kept);
}

float TrailRecorder::freshness(const TrailPoint& p) const {
  if (length_ == 0.0f) return 0.0f;
  return std::clamp(1.0f - (clock() - p.time) / length_, 0.0f, 1.0f);
}

namespace {

bool is_ancestor_or_self(const Skeleton& skeleton, int ancestor, int joint) {
  const std::size_t n = skeleton.joint_count();
  for (std::size_t steps = 0; joint >= 0 && static_cast<std::size_t>(joint) < n && steps <= n;
       ++steps) {
    if (joint == ancestor) return true;
    joint = skeleton.parents[static_cast<std::size_t>(joint)];
  }
  return false;
}

}  // namespace

int trail_root_joint(const Model& model) {
  const Skeleton& skeleton = model.skeleton;
  const std::size_t n = skeleton.joint_count();
  if (n == 0 || skeleton.parents.size() != n) return n == 0 ? -1 : 0;
  int root = -1;
  bool started = false;  // Once the first skinned joint is seen; root -1 after it: no common one.
  for (const int joint : model.skin.joints) {
    if (joint < 0 || static_cast<std::size_t>(joint) >= n) continue;
    if (!started) root = joint;
    started = true;
    while (root >= 0 && static_cast<std::size_t>(root) < n &&
           !is_ancestor_or_self(skeleton, root, joint)) {
      root = skeleton.parents[static_cast<std::size_t>(root)];
    }
    if (root < 0 || static_cast<std::size_t>(root) >= n) {
      root = -1;
      break;
    }
  }
  if (root >= 0) return root;
  for (std::size_t j = 0; j < n; ++j) {
    if (skeleton.parents[j] >= 0) return static_cast<int>(j);
  }
  return 0;
}

void JointTrails::update(std::uint64_t doc, const Model& model, Span<const glm::mat4> model_space,
                         int selected_joint, float seconds, float dt) {
  const bool restart = doc != document || selected_joint != joint_index;
  if (restart) {
    joint.clear();
    if (doc != document) root.clear();
    document = doc;
    joint_index = selected_joint;
  }
  joint.set_length(seconds);
  root.set_length(seconds);
  if (!(seconds > 0.0f)) return;
  const bool first = joint.points().empty() || root.points().empty();
  if (!first && !(dt > 0.0f)) return;  // Paused: the trail stays as it is.
  if (std::isfinite(dt) && dt > 0.0f) clock += dt;
  auto at = [&](int j) { return glm::vec3(model_space[static_cast<std::size_t>(j)][3]); };
  const int root_joint = trail_root_joint(model);
  if (root_joint >= 0 && static_cast<std::size_t>(root_joint) < model_space.size()) {
    root.record(clock, at(root_joint));
  }
  if (selected_joint >= 0 && static_cast<std::size_t>(selected_joint) < model_space.size()) {
    joint.record(clock, at(selected_joint));
  }
}

}  // namespace anim::ui
