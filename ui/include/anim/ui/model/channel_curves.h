#pragma once
// The curves of one joint's channels over a clip, for the Curves panel: which points to draw,
// rotations as Euler angles or quaternion components, kept continuous. No ImGui: tested alone.
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.h"

namespace anim::ui {

enum class RotationView { kEulerDegrees, kQuaternion };

// Euler angles in degrees of a rotation applied about X, then Y, then Z (R = Rz * Ry * Rx, the
// "XYZ" rotate order of most DCC tools): x and z in [-180, 180], y in [-90, 90]. In gimbal lock
// (y = +-90) z is 0.
glm::vec3 euler_xyz_degrees(const glm::quat& q);

// The Euler angles of `q` closest to `previous`: of the two XYZ triples that give q's rotation,
// (x, y, z) and (x + 180, 180 - y, z + 180), each angle moved by whole turns toward `previous`,
// the one nearest it. A curve turning on past 180 degrees reads 190 instead of jumping to -170.
glm::vec3 euler_near(const glm::quat& q, const glm::vec3& previous);

enum class ChannelKind { kTranslation = 0, kRotation = 1, kScale = 2 };

struct ChannelCurve {
  ChannelKind kind = ChannelKind::kTranslation;
  int component = 0;              // 0-2: x y z; 3: a quaternion's w.
  std::string name;               // "tx", "rx", "qw", "sz"...
  std::vector<glm::vec2> points;  // (seconds, value), time-sorted, from 0 to the clip's end.
  std::vector<glm::vec2> keys;    // (seconds, value) at the track's keys, on the line.
};

// The curves of `joint`'s animated channels in `clip`: translation x y z, then rotation (Euler
// x y z in degrees or quaternion x y z w), then scale x y z; a kind without keys has none. Each
// line runs from 0 to the clip's duration and holds the first and last keys' values outside
// them (as sampling does). Between two keys translation and scale are straight, so the key
// times are the points; a rotation is slerped, which curves its Euler angles and components:
// every key interval gets one point per 5 degrees turned (at least none, at most 32). Euler
// angles follow euler_near from one point to the next and quaternions keep the hemisphere of
// the point before (sign flipped when the dot product is negative), so no line jumps.
// Empty for a joint the clip lacks.
std::vector<ChannelCurve> joint_curves(const Clip& clip, int joint, RotationView view);

}  // namespace anim::ui
