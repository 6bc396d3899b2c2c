#include "anim/setup/blend_space_edits.h"

#include <cmath>
#include <cstddef>
#include <utility>

namespace anim::setup {
namespace {

SetupBlendSpace* find_space(Setup& setup, int space) {
  if (space < 0 || static_cast<std::size_t>(space) >= setup.blend_spaces.size()) return nullptr;
  return &setup.blend_spaces[static_cast<std::size_t>(space)];
}

bool valid_point(const SetupBlendSpace& space, int point) {
  return point >= 0 && static_cast<std::size_t>(point) < space.points.size();
}

// Whether `position` can be stored in `space`: finite in the coordinates the space uses.
bool finite_for(const SetupBlendSpace& space, Point2 position) {
  return std::isfinite(position.x) && (!space.is_2d() || std::isfinite(position.y));
}

// Where a 1D point at `x` goes so that positions keep increasing: before the first point whose
// position is greater.
std::size_t axis_slot(const SetupBlendSpace& space, float x) {
  std::size_t slot = 0;
  while (slot < space.points.size() && !(space.points[slot].position > x)) ++slot;
  return slot;
}

void place(SetupBlendSpace& space, SetupBlendPoint& point, Point2 position) {
  point.position = position.x;
  if (space.is_2d()) point.position_y = position.y;
}

}  // namespace

Point2 blend_point_position(const SetupBlendPoint& point) {
  return {point.position, point.position_y.value_or(0.0f)};
}

bool blend_position_taken(const SetupBlendSpace& space, Point2 position, int except) {
  for (std::size_t j = 0; j < space.points.size(); ++j) {
    if (static_cast<int>(j) == except) continue;
    const Point2 other = blend_point_position(space.points[j]);
    if (other.x == position.x && (!space.is_2d() || other.y == position.y)) return true;
  }
  return false;
}

bool add_blend_point(Setup& setup, int space_index, const std::string& clip, Point2 position,
                     int* added) {
  SetupBlendSpace* space = find_space(setup, space_index);
  if (space == nullptr || clip.empty() || !finite_for(*space, position) ||
      blend_position_taken(*space, position)) {
    return false;
  }
  SetupBlendPoint point;
  point.clip = clip;
  place(*space, point, position);
  const std::size_t slot = space->is_2d() ? space->points.size() : axis_slot(*space, position.x);
  space->points.insert(space->points.begin() + static_cast<std::ptrdiff_t>(slot), std::move(point));
  if (added != nullptr) *added = static_cast<int>(slot);
  return true;
}

bool move_blend_point(Setup& setup, int space_index, int point_index, Point2 position,
                      int* moved_to) {
  SetupBlendSpace* space = find_space(setup, space_index);
  if (space == nullptr || !valid_point(*space, point_index) || !finite_for(*space, position) ||
      blend_position_taken(*space, position, point_index)) {
    return false;
  }
  const auto at = space->points.begin() + point_index;
  const Point2 before = blend_point_position(*at);
  const bool same_y = !space->is_2d() || (at->position_y && before.y == position.y);
  if (before.x == position.x && same_y) return false;
  if (space->is_2d()) {
    place(*space, *at, position);
    if (moved_to != nullptr) *moved_to = point_index;
    return true;
  }
  // 1D: taken out and put back where the axis order wants it.
  SetupBlendPoint point = std::move(*at);
  space->points.erase(at);
  place(*space, point, position);
  const std::size_t slot = axis_slot(*space, position.x);
  space->points.insert(space->points.begin() + static_cast<std::ptrdiff_t>(slot), std::move(point));
  if (moved_to != nullptr) *moved_to = static_cast<int>(slot);
  return true;
}

bool set_blend_point_clip(Setup& setup, int space_index, int point_index, const std::string& clip) {
  SetupBlendSpace* space = find_space(setup, space_index);
  if (space == nullptr || !valid_point(*space, point_index) || clip.empty()) return false;
  std::string& current = space->points[static_cast<std::size_t>(point_index)].clip;
  if (current == clip) return false;
  current = clip;
  return true;
}

bool remove_blend_point(Setup& setup, int space_index, int point_index) {
  SetupBlendSpace* space = find_space(setup, space_index);
  if (space == nullptr || !valid_point(*space, point_index) || space->points.size() < 2) {
    return false;
  }
  space->points.erase(space->points.begin() + point_index);
  return true;
}

}  // namespace anim::setup
