#pragma once
// Edits of a setup's blend-space points as the tool's blend space editor makes them, apart from
// any UI so that tests drive them directly. Each returns whether it changed anything and keeps
// the space consistent: no two points at the same position, 1D points in increasing order, 2D
// points with both coordinates, at least one point. Refused edits leave the setup untouched.
// Spaces and points are indices into setup.blend_spaces and its points.
#include <string>

#include "anim/blend_space_2d.h"
#include "anim/setup/setup.h"

namespace anim::setup {

// A point's position as an (x, y) pair; a 1D point's y reads 0.
Point2 blend_point_position(const SetupBlendPoint& point);

// True when another point of the space than `except` (-1: none) sits exactly at `position`:
// in 1D where x is equal, in 2D where both coordinates are. (-0 and 0 are the same place.)
bool blend_position_taken(const SetupBlendSpace& space, Point2 position, int except = -1);

// Adds a point playing `clip` at `position` (a 1D space uses x only). 1D points are inserted in
// axis order; 2D points are appended. False for a bad space index, an empty clip name, a
// coordinate that is not finite or a taken position. `added`, when given, receives the new
// point's index.
bool add_blend_point(Setup& setup, int space, const std::string& clip, Point2 position,
                     int* added = nullptr);

// Moves point `point` to `position` (a 1D space uses x only). A 1D point that passes its
// neighbours changes place in the list so that positions keep increasing; `moved_to`, when
// given, receives its index afterwards. False for bad indices, a coordinate that is not finite, a
// position another point has, or no change.
bool move_blend_point(Setup& setup, int space, int point, Point2 position, int* moved_to = nullptr);

// Makes point `point` play `clip`. False for bad indices, an empty name or no change. (Whether
// the model has the clip is validate_setup's concern: the model may not be loaded.)
bool set_blend_point_clip(Setup& setup, int space, int point, const std::string& clip);

// Removes point `point`. False for bad indices or the space's last point (a blend space needs
// one; remove the space instead).
bool remove_blend_point(Setup& setup, int space, int point);

}  // namespace anim::setup
