// Compressed clips built by hand, bit stream included, and sampled: every expected value below is
// worked out from the quantized integers the test itself writes, never read back from the code
// under test. Also CompressedClip::validate on broken clips and fitted_nlerp against slerp.
#include "anim/compressed_clip.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/compressed_sampling.h"
#include "anim/sampling.h"
#include "anim/soa_pose.h"
#include "anim/transform.h"
#include "support/bit_stream.h"
#include "support/maths.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

constexpr float kTol = 1e-5f;
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// --- Writing clips by hand ---------------------------------------------------------------------

// Component c of q in the format's order: 0 x, 1 y, 2 z, 3 w.
double Component(const glm::quat& q, int c) {
  return c == 0 ? q.x : (c == 1 ? q.y : (c == 2 ? q.z : q.w));
}

uint32_t Quantize(double value, float min, float step, uint32_t bits) {
  if (!(step > 0.0f)) return 0;
  const double top = static_cast<double>((1u << bits) - 1u);
  return static_cast<uint32_t>(std::clamp(std::round((value - min) / step), 0.0, top));
}

// What the quantized integer q of a component decodes to.
double Dequantize(uint32_t q, float min, float step) {
  return static_cast<double>(min + step * static_cast<float>(q));
}

// One lane of a RotationGroup: its keys, which component it rebuilds, and the widths of the
// other three.
struct GroupLane {
  int lane = 0;
  uint8_t dropped = 3;
  std::array<uint8_t, 3> bits = {12, 12, 12};
  std::vector<glm::quat> keys;  // Unit, the dropped component >= 0.
};

// A lane's stored components (x, y, z, w order without the dropped one), quantized over its keys
// to [min, max] of each; and the quaternion each key decodes to, rebuilt and normalized.
struct QuantizedLane {
  std::array<int, 3> stored = {0, 0, 0};
  float min[3] = {0, 0, 0};
  float step[3] = {0, 0, 0};
  std::vector<std::array<uint32_t, 3>> q;
  std::vector<glm::dquat> decoded;
};

QuantizedLane QuantizeLane(const GroupLane& lane) {
  QuantizedLane out;
  int n = 0;
  for (int c = 0; c < 4; ++c) {
    if (c != lane.dropped) out.stored[n++] = c;
  }
  for (int i = 0; i < 3; ++i) {
    double lo = 2.0, hi = -2.0;
    for (const glm::quat& k : lane.keys) {
      lo = std::min(lo, Component(k, out.stored[i]));
      hi = std::max(hi, Component(k, out.stored[i]));
    }
    out.min[i] = static_cast<float>(lo);
    out.step[i] = static_cast<float>((hi - lo) / static_cast<double>((1u << lane.bits[i]) - 1u));
  }
  for (const glm::quat& k : lane.keys) {
    std::array<uint32_t, 3> q{};
    double xyzw[4] = {0, 0, 0, 0};
    double sum = 0.0;
    for (int i = 0; i < 3; ++i) {
      q[i] = Quantize(Component(k, out.stored[i]), out.min[i], out.step[i], lane.bits[i]);
      const double v = Dequantize(q[i], out.min[i], out.step[i]);
      xyzw[out.stored[i]] = v;
      sum += v * v;
    }
    xyzw[lane.dropped] = std::sqrt(std::max(0.0, 1.0 - sum));
    out.q.push_back(q);
    out.decoded.push_back(glm::normalize(glm::dquat(xyzw[3], xyzw[0], xyzw[1], xyzw[2])));
  }
  return out;
}

// A four-component track's keys quantized with `bits` per component over [-1, 1]; the decoded,
// normalized quaternions go to `decoded`.
std::vector<std::array<uint32_t, 4>> QuantizeQuat4(const std::vector<glm::quat>& keys,
                                                   uint32_t bits, float step,
                                                   std::vector<glm::dquat>& decoded) {
  std::vector<std::array<uint32_t, 4>> out;
  for (const glm::quat& k : keys) {
    std::array<uint32_t, 4> q{};
    double v[4];
    for (int c = 0; c < 4; ++c) {
      q[c] = Quantize(Component(k, c), -1.0f, step, bits);
      v[c] = Dequantize(q[c], -1.0f, step);
    }
    out.push_back(q);
    decoded.push_back(glm::normalize(glm::dquat(v[3], v[0], v[1], v[2])));
  }
  return out;
}

// Assembles a CompressedClip piece by piece, writing each track's keys into the bit stream.
class HandClip {
 public:
  HandClip(const std::string& name, uint32_t joints, float ticks_per_second, float duration,
           bool narrow)
      : narrow_(narrow) {
    clip_.name = name;
    clip_.joint_count = joints;
    clip_.ticks_per_second = ticks_per_second;
    clip_.duration = duration;
  }

  // Appends key times (ticks); returns the index of the first, a track's first_key.
  uint32_t Times(const std::vector<uint32_t>& ticks) {
    const uint32_t first =
        static_cast<uint32_t>(narrow_ ? clip_.frames8.size() : clip_.times16.size());
    for (uint32_t t : ticks) {
      if (narrow_) {
        clip_.frames8.push_back(static_cast<uint8_t>(t));
      } else {
        clip_.times16.push_back(static_cast<uint16_t>(t));
      }
    }
    return first;
  }

  void Constant(uint16_t joint, TrackKind kind, std::array<float, 4> value) {
    ConstantTrack c;
    c.joint = joint;
    c.kind = kind;
    std::copy(value.begin(), value.end(), c.value);
    clip_.constants.push_back(c);
  }

  // `t` with its header filled in but first_bit and key_count; q[key][component].
  void Track(CompressedTrack t, const std::vector<std::array<uint32_t, 4>>& q) {
    t.first_bit = static_cast<uint32_t>(stream_.position());
    t.key_count = static_cast<uint32_t>(q.size());
    for (const auto& key : q) {
      for (uint32_t c = 0; c < track_components(t.format); ++c) {
        stream_.Put(key[c], t.component_bits[c]);
      }
    }
    clip_.tracks.push_back(t);
  }

  // A group of block `block` with the given lanes, over the key times at `first_key`.
  void Group(uint16_t block, uint32_t first_key, const std::vector<GroupLane>& lanes,
             const std::vector<QuantizedLane>& quantized) {
    RotationGroup g;
    g.block = block;
    g.first_key = first_key;
    g.first_bit = static_cast<uint32_t>(stream_.position());
    g.key_count = static_cast<uint32_t>(lanes[0].keys.size());
    for (std::size_t i = 0; i < lanes.size(); ++i) {
      const int l = lanes[i].lane;
      g.lane_mask = static_cast<uint8_t>(g.lane_mask | (1u << l));
      g.dropped[l] = lanes[i].dropped;
      for (int c = 0; c < 3; ++c) {
        g.component_bits[l][c] = lanes[i].bits[c];
        g.min[c][l] = quantized[i].min[c];
        g.step[c][l] = quantized[i].step[c];
        g.key_bits = static_cast<uint16_t>(g.key_bits + lanes[i].bits[c]);
      }
    }
    // Key by key; inside a key, lanes in lane order (the callers list them so).
    for (uint32_t k = 0; k < g.key_count; ++k) {
      for (std::size_t i = 0; i < lanes.size(); ++i) {
        for (int c = 0; c < 3; ++c) stream_.Put(quantized[i].q[k][c], lanes[i].bits[c]);
      }
    }
    clip_.rotation_groups.push_back(g);
  }

  CompressedClip Build() const {
    CompressedClip out = clip_;
    out.bits = stream_.Padded();
    return out;
  }

 private:
  CompressedClip clip_;
  BitStream stream_;
  bool narrow_;
};

// --- Sampling helpers --------------------------------------------------------------------------

// A rest pose whose joints all differ, so that a joint keeping its rest value shows.
std::vector<Transform> MakeRest(std::size_t joints) {
  std::vector<Transform> rest;
  for (std::size_t j = 0; j < joints; ++j) {
    const float f = static_cast<float>(j + 1);
    rest.push_back(MakeTransform({f, 2 * f, -3 * f},
                                 AxisAngle(glm::normalize(glm::vec3(1, 1, 0)), 11.0f * f),
                                 {1 + 0.1f * f, 1 + 0.2f * f, 1 + 0.3f * f}));
  }
  return rest;
}

SoaPose ToSoa(const std::vector<Transform>& pose) {
  SoaPose soa(soa_block_count(pose.size()));
  to_soa(pose, soa);
  return soa;
}

// Samples into SoA form with the given cursor (a fresh one when null).
SoaPose SampleSoa(const CompressedClip& clip, const std::vector<Transform>& rest, float time,
                  CompressedCursor* cursor = nullptr) {
  CompressedCursor fresh(clip);
  const SoaPose soa_rest = ToSoa(rest);
  SoaPose out = make_soa_pose(clip.joint_count);
  CompressedSamplingJob job;
  job.clip = &clip;
  job.rest = soa_rest;
  job.time = time;
  job.cursor = cursor != nullptr ? cursor : &fresh;
  job.output = out;
  EXPECT_TRUE(job.run());
  return out;
}

std::vector<Transform> Sample(const CompressedClip& clip, const std::vector<Transform>& rest,
                              float time) {
  std::vector<Transform> out(clip.joint_count);
  from_soa(SampleSoa(clip, rest, time), out);
  return out;
}

// The rotation angle between two rotations (q and -q alike), in radians, in double from the
// chord between them: acos of a dot product near 1 would lose the small angles measured here.
double AngleBetween(const glm::dquat& a_in, const glm::dquat& b_in) {
  const glm::dquat a = glm::normalize(a_in);
  glm::dquat b = glm::normalize(b_in);
  if (glm::dot(a, b) < 0.0) b = -b;
  const glm::dquat d = a - b, s = a + b;
  return 4.0 * std::atan2(std::sqrt(glm::dot(d, d)), std::sqrt(glm::dot(s, s)));
}

glm::dquat ToDouble(const glm::quat& q) { return glm::dquat(q.w, q.x, q.y, q.z); }

// Textbook slerp along the shorter arc, in double.
glm::dquat Slerp(const glm::dquat& a, const glm::dquat& b_in, double t) {
  glm::dquat b = b_in;
  double d = glm::dot(a, b);
  if (d < 0.0) {
    b = -b;
    d = -d;
  }
  const double theta = std::acos(std::min(1.0, d));
  if (theta < 1e-12) return a;
  const double s = std::sin(theta);
  const double wa = std::sin((1.0 - t) * theta) / s, wb = std::sin(t * theta) / s;
  return glm::normalize(glm::dquat(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y,
                                   wa * a.z + wb * b.z));
}

// Rotations agree to `tolerance` per component, either sign.
::testing::AssertionResult SameQuat(const glm::quat& got, const glm::dquat& want, float tolerance) {
  const glm::quat w(static_cast<float>(want.w), static_cast<float>(want.x),
                    static_cast<float>(want.y), static_cast<float>(want.z));
  return SameRotation(got, w, tolerance);
}

// Every float of two SoA poses is the same.
::testing::AssertionResult SamePose(const SoaPose& a, const SoaPose& b) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "block counts differ";
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float* fa = &a[i].tx[0];
    const float* fb = &b[i].tx[0];
    for (std::size_t f = 0; f < 40; ++f) {
      if (!(fa[f] == fb[f])) {
        return ::testing::AssertionFailure() << "block " << i << " row " << f / 4 << " lane "
                                             << f % 4 << ": " << fa[f] << " vs " << fb[f];
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// --- The hand-built clips ----------------------------------------------------------------------

// Clip "hand": seven joints (two blocks, the second with a spare lane), 10 ticks per second,
// 8-bit key times, 3 s long.
//   joint 0: nothing (rest).
//   joint 1: translation kVec3, ticks 2, 10, 30; x 8 bits (min -1, step 0.5), y 4 bits
//            (min 2, step 0.25), z 0 bits (always 5): keys (0, 2, 5), (4, 5.75, 5), (2, 3, 5).
//   joint 2: constant translation (7, 8, 9); rotation kQuat4, ticks 0, 30, 12 bits a component.
//   joint 3: scale kVec3, ticks 0, 30; x 3 bits (min 0.5, step 0.25), y 0 bits (always 2),
//            z 5 bits (min 1, step 0.125): keys (0.5, 2, 2), (2.25, 2, 4.875).
//   joints 4 and 6: rotation group of block 1, lanes 0 and 2 (lane_mask 0b0101), ticks 5, 15, 25;
//            lane 0 rebuilds w, lane 2 rebuilds x.
//   joint 5: constant rotation 30° about Z (in the group's block, outside its lanes).
struct HandBuilt {
  static constexpr uint32_t kJoints = 7;
  CompressedClip clip;
  std::vector<GroupLane> lanes;
  std::vector<QuantizedLane> quantized;
  std::vector<glm::dquat> quat4_decoded;
};

constexpr float kQuat4Step = 2.0f / 4095.0f;

HandBuilt MakeHandClip() {
  HandBuilt h;
  HandClip b("hand", HandBuilt::kJoints, 10.0f, 3.0f, true);
  const uint32_t translation_times = b.Times({2, 10, 30});
  const uint32_t group_times = b.Times({5, 15, 25});
  const uint32_t two_key_times = b.Times({0, 30});

  CompressedTrack t;
  t.joint = 1;
  t.kind = TrackKind::kTranslation;
  t.format = TrackFormat::kVec3;
  t.first_key = translation_times;
  const uint8_t t_bits[4] = {8, 4, 0, 0};
  const float t_min[4] = {-1, 2, 5, 0}, t_step[4] = {0.5f, 0.25f, 0, 0};
  std::copy(t_bits, t_bits + 4, t.component_bits);
  std::copy(t_min, t_min + 4, t.min);
  std::copy(t_step, t_step + 4, t.step);
  b.Track(t, {{2, 0, 0, 0}, {10, 15, 0, 0}, {6, 4, 0, 0}});

  GroupLane lane0;
  lane0.lane = 0;
  lane0.dropped = 3;
  lane0.bits = {12, 12, 12};
  const glm::vec3 axis0 = glm::normalize(glm::vec3(1, 2, 3));
  lane0.keys = {AxisAngle(axis0, 10.0f), AxisAngle(axis0, 40.0f), AxisAngle(axis0, 70.0f)};
  GroupLane lane2;
  lane2.lane = 2;
  lane2.dropped = 0;
  lane2.bits = {14, 10, 16};
  const glm::vec3 axis2 = glm::normalize(glm::vec3(1.0f, 0.3f, -0.2f));
  lane2.keys = {AxisAngle(axis2, 120.0f), AxisAngle(axis2, 150.0f), AxisAngle(axis2, 175.0f)};
  h.lanes = {lane0, lane2};
  h.quantized = {QuantizeLane(lane0), QuantizeLane(lane2)};
  b.Group(1, group_times, h.lanes, h.quantized);

  CompressedTrack s;
  s.joint = 3;
  s.kind = TrackKind::kScale;
  s.format = TrackFormat::kVec3;
  s.first_key = two_key_times;
  const uint8_t s_bits[4] = {3, 0, 5, 0};
  const float s_min[4] = {0.5f, 2, 1, 0}, s_step[4] = {0.25f, 0, 0.125f, 0};
  std::copy(s_bits, s_bits + 4, s.component_bits);
  std::copy(s_min, s_min + 4, s.min);
  std::copy(s_step, s_step + 4, s.step);
  b.Track(s, {{0, 0, 8, 0}, {7, 0, 31, 0}});

  CompressedTrack r;
  r.joint = 2;
  r.kind = TrackKind::kRotation;
  r.format = TrackFormat::kQuat4;
  r.first_key = two_key_times;
  for (int c = 0; c < 4; ++c) {
    r.component_bits[c] = 12;
    r.min[c] = -1.0f;
    r.step[c] = kQuat4Step;
  }
  const std::vector<glm::quat> r_keys = {AxisAngle(glm::vec3(0, 1, 0), 20.0f),
                                         AxisAngle(glm::normalize(glm::vec3(0.2f, 1, 0)), 60.0f)};
  b.Track(r, QuantizeQuat4(r_keys, 12, kQuat4Step, h.quat4_decoded));

  b.Constant(2, TrackKind::kTranslation, {7, 8, 9, 0});
  const glm::quat z30 = RotZ(30.0f);
  b.Constant(5, TrackKind::kRotation, {z30.x, z30.y, z30.z, z30.w});
  h.clip = b.Build();
  return h;
}

// Clip "wide": two joints, 1000 ticks per second, 16-bit key times past 255.
//   joint 0: rotation group of block 0, lane 0 only, rebuilding w; ticks 100, 1100.
//   joint 1: translation kVec3, ticks 0, 300, 2000; x 16 bits (min -10, step 2^-10),
//            y 9 bits (min 0, step 0.125), z 1 bit (min -1, step 2).
//            q: x 0, 65535, 32768; y 511, 0, 256; z 1, 0, 1.
struct WideBuilt {
  CompressedClip clip;
  std::vector<QuantizedLane> quantized;
};

WideBuilt MakeWideClip() {
  WideBuilt w;
  HandClip b("wide", 2, 1000.0f, 2.0f, false);
  const uint32_t translation_times = b.Times({0, 300, 2000});
  const uint32_t group_times = b.Times({100, 1100});
  CompressedTrack t;
  t.joint = 1;
  t.kind = TrackKind::kTranslation;
  t.format = TrackFormat::kVec3;
  t.first_key = translation_times;
  t.component_bits[0] = 16;
  t.component_bits[1] = 9;
  t.component_bits[2] = 1;
  t.min[0] = -10.0f;
  t.min[1] = 0.0f;
  t.min[2] = -1.0f;
  t.step[0] = 1.0f / 1024.0f;
  t.step[1] = 0.125f;
  t.step[2] = 2.0f;
  b.Track(t, {{0, 511, 1, 0}, {65535, 0, 0, 0}, {32768, 256, 1, 0}});
  GroupLane lane;
  lane.lane = 0;
  lane.dropped = 3;
  lane.bits = {11, 13, 9};
  lane.keys = {AxisAngle(glm::normalize(glm::vec3(-1, 2, 0.5f)), 5.0f),
               AxisAngle(glm::normalize(glm::vec3(-1, 2, 0.5f)), 45.0f)};
  w.quantized = {QuantizeLane(lane)};
  b.Group(0, group_times, {lane}, w.quantized);
  w.clip = b.Build();
  return w;
}

// Translation keys of clip "wide", decoded by hand.
const glm::vec3 kWideKeys[3] = {
    {-10.0f, 63.875f, 1.0f},  // -10 + 0; 511 / 8; -1 + 2.
    {-10.0f + 65535.0f / 1024.0f, 0.0f, -1.0f},
    {22.0f, 32.0f, 1.0f},  // -10 + 32768 / 1024; 256 / 8.
};

// Clip "long": nine joints (three blocks, the last with one joint), 30 ticks per second, many
// keys of pseudo-random values, for the cursor: groups in blocks 0 (lanes 0, 1, 3) and 2
// (lane 0), a translation on joint 5, a kQuat4 rotation on joint 6, a scale on joint 2.
CompressedClip MakeLongClip() {
  std::mt19937 random(2024u);
  auto draw = [&](uint32_t bits) {
    return std::uniform_int_distribution<uint32_t>(0, (1u << bits) - 1u)(random);
  };
  HandClip b("long", 9, 30.0f, 6.0f, true);
  std::vector<uint32_t> every3, every2, every9;
  for (uint32_t k = 0; k < 60; ++k) every3.push_back(3 * k + 1);
  for (uint32_t k = 0; k < 90; ++k) every2.push_back(2 * k);
  for (uint32_t k = 0; k < 20; ++k) every9.push_back(9 * k + 4);
  const uint32_t first3 = b.Times(every3), first2 = b.Times(every2), first9 = b.Times(every9);

  // Stored group components in [-0.55, 0.55]: the rebuilt one stays above 0.3.
  auto random_group = [&](uint16_t block, uint32_t first_key, std::size_t keys,
                          const std::vector<int>& lane_ids) {
    std::vector<GroupLane> lanes;
    std::vector<QuantizedLane> quantized;
    for (int l : lane_ids) {
      GroupLane lane;
      lane.lane = l;
      lane.dropped = static_cast<uint8_t>((l + block) % 4);
      lane.bits = {static_cast<uint8_t>(7 + l), 12, static_cast<uint8_t>(16 - l)};
      QuantizedLane q;
      for (int c = 0; c < 3; ++c) {
        q.min[c] = -0.55f;
        q.step[c] = 1.1f / static_cast<float>((1u << lane.bits[c]) - 1u);
      }
      lane.keys.resize(keys);  // Only the count matters to HandClip::Group.
      for (std::size_t k = 0; k < keys; ++k) {
        q.q.push_back({draw(lane.bits[0]), draw(lane.bits[1]), draw(lane.bits[2])});
      }
      lanes.push_back(lane);
      quantized.push_back(q);
    }
    b.Group(block, first_key, lanes, quantized);
  };
  random_group(0, first3, every3.size(), {0, 1, 3});
  random_group(2, first9, every9.size(), {0});

  auto random_track = [&](uint16_t joint, TrackKind kind, uint32_t first_key, std::size_t keys) {
    CompressedTrack t;
    t.joint = joint;
    t.kind = kind;
    t.format = kind == TrackKind::kRotation ? TrackFormat::kQuat4 : TrackFormat::kVec3;
    t.first_key = first_key;
    const uint32_t components = track_components(t.format);
    for (uint32_t c = 0; c < components; ++c) {
      t.component_bits[c] = static_cast<uint8_t>(kind == TrackKind::kRotation ? 12 : 5 + 3 * c);
      t.min[c] = kind == TrackKind::kRotation ? -1.0f : -3.0f;
      t.step[c] = (kind == TrackKind::kRotation ? 2.0f : 6.0f) /
                  static_cast<float>((1u << t.component_bits[c]) - 1u);
    }
    std::vector<std::array<uint32_t, 4>> q(keys);
    for (auto& key : q) {
      for (uint32_t c = 0; c < components; ++c) key[c] = draw(t.component_bits[c]);
    }
    b.Track(t, q);
  };
  random_track(5, TrackKind::kTranslation, first2, every2.size());
  random_track(6, TrackKind::kRotation, first9, every9.size());
  random_track(2, TrackKind::kScale, first3, every3.size());
  b.Constant(7, TrackKind::kTranslation, {1, 2, 3, 0});
  return b.Build();
}

// --- Vector tracks -----------------------------------------------------------------------------

class HandClipTest : public ::testing::Test {
 protected:
  HandBuilt hand_ = MakeHandClip();
  std::vector<Transform> rest_ = MakeRest(HandBuilt::kJoints);

  std::vector<Transform> At(float seconds) const { return Sample(hand_.clip, rest_, seconds); }
};

TEST_F(HandClipTest, HandBuiltClipValidates) {
  const Status s = hand_.clip.validate(HandBuilt::kJoints);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
  EXPECT_TRUE(hand_.clip.narrow_times());
  EXPECT_EQ(hand_.clip.cursor_size(), 4u);  // One group and three tracks.
}

TEST_F(HandClipTest, VectorTrackGivesItsKeysAtKeyTimes) {
  // Ticks 2, 10, 30 at 10 ticks per second: 0.2 s, 1 s, 3 s.
  EXPECT_TRUE(Vec3Near(At(0.2f)[1].translation, {0, 2, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(1.0f)[1].translation, {4, 5.75f, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(3.0f)[1].translation, {2, 3, 5}, kTol));
}

TEST_F(HandClipTest, VectorTrackIsLinearBetweenKeys) {
  // 0.6 s = tick 6, halfway from tick 2 to 10: (2, 3.875, 5).
  EXPECT_TRUE(Vec3Near(At(0.6f)[1].translation, {2, 3.875f, 5}, kTol));
  // 0.4 s = tick 4, a quarter of the way: (1, 2.9375, 5).
  EXPECT_TRUE(Vec3Near(At(0.4f)[1].translation, {1, 2.9375f, 5}, kTol));
  // 2.5 s = tick 25, three quarters from tick 10 to 30: (4 - 1.5, 5.75 - 2.0625, 5).
  EXPECT_TRUE(Vec3Near(At(2.5f)[1].translation, {2.5f, 3.6875f, 5}, kTol));
  // Scale of joint 3, halfway from tick 0 to 30: (1.375, 2, 3.4375).
  EXPECT_TRUE(Vec3Near(At(1.5f)[3].scale, {1.375f, 2, 3.4375f}, kTol));
}

TEST_F(HandClipTest, VectorTrackHoldsFirstKeyBeforeIt) {
  EXPECT_TRUE(Vec3Near(At(0.1f)[1].translation, {0, 2, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(0.0f)[1].translation, {0, 2, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(-4.0f)[1].translation, {0, 2, 5}, kTol));
}

TEST_F(HandClipTest, VectorTrackHoldsLastKeyAfterIt) {
  EXPECT_TRUE(Vec3Near(At(3.01f)[1].translation, {2, 3, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(100.0f)[1].translation, {2, 3, 5}, kTol));
  EXPECT_TRUE(Vec3Near(At(100.0f)[3].scale, {2.25f, 2, 4.875f}, kTol));
}

TEST_F(HandClipTest, ConstantTracksHoldTheirValueAtAnyTime) {
  for (float t : {-1.0f, 0.0f, 0.75f, 2.0f, 9.0f}) {
    const std::vector<Transform> pose = At(t);
    EXPECT_EQ(pose[2].translation, glm::vec3(7, 8, 9)) << "t " << t;
    EXPECT_TRUE(SameRotation(pose[5].rotation, RotZ(30.0f), 1e-7f)) << "t " << t;
  }
}

TEST_F(HandClipTest, JointsAndKindsWithoutTracksKeepRest) {
  for (float t : {0.0f, 0.6f, 1.7f, 3.0f}) {
    const std::vector<Transform> p = At(t);
    EXPECT_TRUE(SameBits(p[0], rest_[0])) << "t " << t;
    EXPECT_TRUE(SameBits(MakeTransform({0, 0, 0}, p[1].rotation, p[1].scale),
                         MakeTransform({0, 0, 0}, rest_[1].rotation, rest_[1].scale)));
    EXPECT_EQ(p[2].scale, rest_[2].scale);
    EXPECT_EQ(p[3].translation, rest_[3].translation);
    EXPECT_TRUE(SameBits(MakeTransform({0, 0, 0}, p[3].rotation, {1, 1, 1}),
                         MakeTransform({0, 0, 0}, rest_[3].rotation, {1, 1, 1})));
    for (std::size_t j : {4u, 5u, 6u}) {
      EXPECT_EQ(p[j].translation, rest_[j].translation) << "joint " << j;
      EXPECT_EQ(p[j].scale, rest_[j].scale) << "joint " << j;
    }
  }
}

TEST_F(HandClipTest, SpareLaneOfTheLastBlockStaysRest) {
  const SoaPose soa = SampleSoa(hand_.clip, rest_, 1.3f);
  const Transform spare = soa[1].get(3);
  EXPECT_TRUE(SameBits(spare, Transform::identity()));
}

// --- Rotation groups ---------------------------------------------------------------------------

TEST_F(HandClipTest, GroupLanesGiveTheirDecodedKeysAtKeyTimes) {
  const float key_seconds[3] = {0.5f, 1.5f, 2.5f};  // Ticks 5, 15, 25.
  const std::size_t joints[2] = {4, 6};
  for (int k = 0; k < 3; ++k) {
    const std::vector<Transform> p = At(key_seconds[k]);
    for (int i = 0; i < 2; ++i) {
      const glm::quat got = p[joints[i]].rotation;
      EXPECT_TRUE(SameQuat(got, hand_.quantized[i].decoded[k], 2e-6f))
          << "joint " << joints[i] << " key " << k;
      // And near the rotation the key was quantized from.
      EXPECT_LT(AngleBetween(ToDouble(got), ToDouble(hand_.lanes[i].keys[k])), 1e-3)
          << "joint " << joints[i] << " key " << k;
    }
  }
}

TEST_F(HandClipTest, GroupLanesFollowSlerpBetweenKeys) {
  const std::size_t joints[2] = {4, 6};
  for (float t = 0.55f; t < 2.5f; t += 0.1f) {
    const double ticks = static_cast<double>(t * 10.0f);
    const int k = ticks < 15.0 ? 0 : 1;
    const double alpha = (ticks - (5.0 + 10.0 * k)) / 10.0;
    const std::vector<Transform> p = At(t);
    for (int i = 0; i < 2; ++i) {
      const glm::dquat want =
          Slerp(hand_.quantized[i].decoded[k], hand_.quantized[i].decoded[k + 1], alpha);
      EXPECT_LT(AngleBetween(ToDouble(p[joints[i]].rotation), want), 1e-4)
          << "joint " << joints[i] << " at " << t << " s";
      EXPECT_NEAR(Length(p[joints[i]].rotation), 1.0f, 1e-5f);
    }
  }
}

TEST_F(HandClipTest, GroupHoldsItsEndKeysOutsideThem) {
  for (float t : {0.0f, 0.3f}) {  // Before tick 5.
    const std::vector<Transform> p = At(t);
    EXPECT_TRUE(SameQuat(p[4].rotation, hand_.quantized[0].decoded[0], 2e-6f)) << t;
    EXPECT_TRUE(SameQuat(p[6].rotation, hand_.quantized[1].decoded[0], 2e-6f)) << t;
  }
  for (float t : {2.7f, 50.0f}) {  // After tick 25.
    const std::vector<Transform> p = At(t);
    EXPECT_TRUE(SameQuat(p[4].rotation, hand_.quantized[0].decoded[2], 2e-6f)) << t;
    EXPECT_TRUE(SameQuat(p[6].rotation, hand_.quantized[1].decoded[2], 2e-6f)) << t;
  }
}

TEST_F(HandClipTest, GroupLeavesLanesOutsideItsMaskAlone) {
  // Joint 5 (lane 1 of the group's block) has a constant rotation: the group must not touch it.
  for (float t : {0.5f, 1.0f, 2.2f}) {
    EXPECT_TRUE(SameRotation(At(t)[5].rotation, RotZ(30.0f), 1e-7f)) << t;
  }
}

TEST_F(HandClipTest, RebuiltComponentIsTheOneTheLaneNames) {
  // Lane 0 rebuilds w (about cos 5°..cos 35°, positive), lane 2 rebuilds x (the large, positive
  // component of turns of 120°..175° about an axis near x). The sampled sign follows the keys.
  const std::vector<Transform> p = At(1.5f);
  const glm::quat a = p[4].rotation, b = p[6].rotation;
  const glm::dquat ka = hand_.quantized[0].decoded[1], kb = hand_.quantized[1].decoded[1];
  EXPECT_NEAR(a.x, ka.x, 2e-6);
  EXPECT_NEAR(a.w, ka.w, 2e-6);
  EXPECT_NEAR(b.x, kb.x, 2e-6);
  EXPECT_NEAR(b.w, kb.w, 2e-6);
  EXPECT_GT(b.x, 0.8f);
}

// --- kQuat4 tracks -----------------------------------------------------------------------------

TEST_F(HandClipTest, Quat4TrackGivesDecodedKeysAndFollowsSlerp) {
  EXPECT_TRUE(SameQuat(At(0.0f)[2].rotation, hand_.quat4_decoded[0], 2e-6f));
  EXPECT_TRUE(SameQuat(At(3.0f)[2].rotation, hand_.quat4_decoded[1], 2e-6f));
  for (float t = 0.25f; t < 3.0f; t += 0.25f) {
    const glm::dquat want = Slerp(hand_.quat4_decoded[0], hand_.quat4_decoded[1], t / 3.0);
    EXPECT_LT(AngleBetween(ToDouble(At(t)[2].rotation), want), 1e-4) << t;
  }
}

// --- 16-bit key times --------------------------------------------------------------------------

TEST(WideClipTest, HandBuiltClipValidates) {
  const WideBuilt w = MakeWideClip();
  const Status s = w.clip.validate(2);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
  EXPECT_FALSE(w.clip.narrow_times());
}

TEST(WideClipTest, SixteenBitTimesGiveKeysAndInterpolateBetweenThem) {
  const WideBuilt w = MakeWideClip();
  const std::vector<Transform> rest = MakeRest(2);
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 0.0f)[1].translation, kWideKeys[0], kTol));
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 0.3f)[1].translation, kWideKeys[1], kTol));
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 2.0f)[1].translation, kWideKeys[2], kTol));
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 7.0f)[1].translation, kWideKeys[2], kTol));
  // 0.15 s: tick 150, halfway from tick 0 to 300.
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 0.15f)[1].translation,
                       0.5f * (kWideKeys[0] + kWideKeys[1]), 1e-4f));
  // 1.25 s: tick 1250, 950 / 1700 of the way from tick 300 to 2000.
  const float a = 950.0f / 1700.0f;
  EXPECT_TRUE(Vec3Near(Sample(w.clip, rest, 1.25f)[1].translation,
                       kWideKeys[1] + a * (kWideKeys[2] - kWideKeys[1]), 1e-4f));
}

TEST(WideClipTest, SixteenBitTimesDriveGroups) {
  const WideBuilt w = MakeWideClip();
  const std::vector<Transform> rest = MakeRest(2);
  const std::vector<glm::dquat>& keys = w.quantized[0].decoded;
  EXPECT_TRUE(SameQuat(Sample(w.clip, rest, 0.05f)[0].rotation, keys[0], 2e-6f));
  EXPECT_TRUE(SameQuat(Sample(w.clip, rest, 0.1f)[0].rotation, keys[0], 2e-6f));
  EXPECT_TRUE(SameQuat(Sample(w.clip, rest, 1.1f)[0].rotation, keys[1], 2e-6f));
  for (float t : {0.35f, 0.6f, 0.85f}) {  // Ticks 350, 600, 850 of 100..1100.
    const glm::dquat want = Slerp(keys[0], keys[1], (t * 1000.0 - 100.0) / 1000.0);
    EXPECT_LT(AngleBetween(ToDouble(Sample(w.clip, rest, t)[0].rotation), want), 1e-4) << t;
  }
}

TEST(WideClipTest, SixteenBitTimesSampleLikeEightBitTimes) {
  // The same clip with its ticks stored 16 bits wide samples identically.
  const HandBuilt hand = MakeHandClip();
  CompressedClip wide = hand.clip;
  wide.times16.assign(wide.frames8.begin(), wide.frames8.end());
  wide.frames8.clear();
  ASSERT_TRUE(wide.validate(HandBuilt::kJoints).ok());
  const std::vector<Transform> rest = MakeRest(HandBuilt::kJoints);
  for (float t = -0.5f; t < 3.5f; t += 0.07f) {
    EXPECT_TRUE(SamePose(SampleSoa(wide, rest, t), SampleSoa(hand.clip, rest, t))) << t;
  }
}

// --- fitted_nlerp ------------------------------------------------------------------------------

// The largest rotation angle between fitted_nlerp and slerp_shortest over 200 key pairs of random
// orientation and axis whose arcs (the rotation from one key to the other) spread evenly up to
// `max_arc` degrees, each at t = 0, 0.05, ..., 1.
struct WorstFit {
  double radians = 0.0;
  float arc = 0.0f;
  float t = 0.0f;
};

WorstFit WorstFittedNlerpError(float max_arc) {
  std::mt19937 random(77u);
  std::normal_distribution<float> normal;
  auto axis = [&] {
    return glm::normalize(glm::vec3(normal(random), normal(random), normal(random)));
  };
  WorstFit worst;
  for (int trial = 0; trial < 200; ++trial) {
    const glm::quat a = AxisAngle(axis(), 360.0f * std::uniform_real_distribution<float>()(random));
    const float arc = max_arc * static_cast<float>(trial + 1) / 200.0f;
    const glm::quat b = AxisAngle(axis(), arc) * a;
    for (int i = 0; i <= 20; ++i) {
      const float t = static_cast<float>(i) / 20.0f;
      const double e =
          AngleBetween(ToDouble(fitted_nlerp(a, b, t)), ToDouble(slerp_shortest(a, b, t)));
      if (e > worst.radians) worst = {e, arc, t};
    }
  }
  return worst;
}

TEST(FittedNlerpTest, StaysWithin5e5RadOfSlerpForArcsUpTo60Degrees) {
  const WorstFit worst = WorstFittedNlerpError(60.0f);
  EXPECT_LE(worst.radians, 5e-5) << "worst at an arc of " << worst.arc << "°, t " << worst.t;
}

TEST(FittedNlerpTest, StaysWithin2e5RadOfSlerpForArcsUpTo44Degrees) {
  const WorstFit worst = WorstFittedNlerpError(44.0f);
  EXPECT_LE(worst.radians, 2e-5) << "worst at an arc of " << worst.arc << "°, t " << worst.t;
}

TEST(FittedNlerpTest, StaysNearTextbookSlerpOnOneAxis) {
  // Against slerp worked out in double (not slerp_shortest): turns about Z from 0° by `arc`.
  for (float arc : {1.0f, 10.0f, 24.0f, 44.0f}) {
    for (float t : {0.1f, 0.3f, 0.5f, 0.8f}) {
      const glm::dquat want = Slerp(glm::dquat(1, 0, 0, 0), ToDouble(RotZ(arc)), t);
      EXPECT_LE(AngleBetween(ToDouble(fitted_nlerp(RotZ(0.0f), RotZ(arc), t)), want), 2e-5)
          << "arc " << arc << " t " << t;
    }
  }
}

TEST(FittedNlerpTest, EndsExactlyOnTheKeys) {
  const glm::quat a = AxisAngle(glm::normalize(glm::vec3(1, -2, 0.5f)), 40.0f);
  const glm::quat b = AxisAngle(glm::normalize(glm::vec3(0.2f, 1, 1)), 95.0f);
  EXPECT_TRUE(SameRotation(fitted_nlerp(a, b, 0.0f), a, 2e-7f));
  EXPECT_TRUE(SameRotation(fitted_nlerp(a, b, 1.0f), b, 2e-7f));
}

TEST(FittedNlerpTest, TakesTheShortPathBetweenOppositeSigns) {
  // 10° and 50° about Z, the second written as its negation: halfway is 30°, not 210°.
  const glm::quat a = RotZ(10.0f);
  const glm::quat b50 = RotZ(50.0f);
  const glm::quat b(-b50.w, -b50.x, -b50.y, -b50.z);
  EXPECT_TRUE(SameRotation(fitted_nlerp(a, b, 0.5f), RotZ(30.0f), 1e-5f));
  EXPECT_TRUE(SameRotation(fitted_nlerp(a, b, 0.25f), RotZ(20.0f), 1e-5f));
  EXPECT_TRUE(SameRotation(fitted_nlerp(b, a, 0.75f), RotZ(20.0f), 1e-5f));
  EXPECT_NEAR(Length(fitted_nlerp(a, b, 0.5f)), 1.0f, 1e-6f);
}

TEST(FittedNlerpTest, IsExactAtMidpointOfSymmetricArc) {
  // Halfway the fitted correction vanishes (t - 1/2 = 0): the normalized sum, exactly slerp.
  const glm::quat a = RotZ(-30.0f), b = RotZ(30.0f);
  EXPECT_TRUE(SameRotation(fitted_nlerp(a, b, 0.5f), RotZ(0.0f), 1e-6f));
}

// --- The cursor --------------------------------------------------------------------------------

class CursorTest : public ::testing::Test {
 protected:
  CompressedClip long_ = MakeLongClip();
  HandBuilt hand_ = MakeHandClip();
  WideBuilt wide_ = MakeWideClip();
  std::vector<Transform> rest9_ = MakeRest(9), rest7_ = MakeRest(7), rest2_ = MakeRest(2);

  // Samples with `cursor` and with a fresh cursor, expecting the same pose.
  void Check(const CompressedClip& clip, const std::vector<Transform>& rest, float t,
             CompressedCursor& cursor) {
    EXPECT_TRUE(SamePose(SampleSoa(clip, rest, t, &cursor), SampleSoa(clip, rest, t)))
        << clip.name << " at " << t << " s";
  }
};

TEST_F(CursorTest, LongClipValidates) {
  const Status s = long_.validate(9);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
}

TEST_F(CursorTest, ForwardThenBackwardThenAnotherClipMatchesAFreshCursor) {
  CompressedCursor cursor(long_);
  cursor.reserve(hand_.clip);
  cursor.reserve(wide_.clip);
  // Forward in small steps (between, on, and across keys).
  for (float t = -0.1f; t < 6.3f; t += 1.0f / 70.0f) Check(long_, rest9_, t, cursor);
  // Backward.
  for (float t = 6.3f; t > -0.1f; t -= 1.0f / 45.0f) Check(long_, rest9_, t, cursor);
  // Another clip with the same cursor, forward then back.
  for (float t = 0.0f; t < 3.2f; t += 0.05f) Check(hand_.clip, rest7_, t, cursor);
  for (float t = 3.2f; t > 0.0f; t -= 0.09f) Check(hand_.clip, rest7_, t, cursor);
  // A third, then back to the first at a time it had cached the keys of.
  for (float t = 0.0f; t < 2.1f; t += 0.03f) Check(wide_.clip, rest2_, t, cursor);
  Check(long_, rest9_, 0.2f, cursor);
  Check(long_, rest9_, 6.0f, cursor);
}

TEST_F(CursorTest, LargeStepsAndRandomJumpsMatchAFreshCursor) {
  CompressedCursor cursor(long_);
  for (float t = 0.0f; t < 6.0f; t += 0.77f) Check(long_, rest9_, t, cursor);
  std::mt19937 random(5u);
  std::uniform_real_distribution<float> time(-1.0f, 7.0f);
  for (int i = 0; i < 300; ++i) Check(long_, rest9_, time(random), cursor);
}

TEST_F(CursorTest, SameTimeTwiceGivesTheSamePose) {
  CompressedCursor cursor(long_);
  const SoaPose first = SampleSoa(long_, rest9_, 2.345f, &cursor);
  EXPECT_TRUE(SamePose(SampleSoa(long_, rest9_, 2.345f, &cursor), first));
}

TEST_F(CursorTest, ResetForgetsButStillGivesTheSamePose) {
  CompressedCursor cursor(long_);
  Check(long_, rest9_, 4.0f, cursor);
  cursor.reset();
  Check(long_, rest9_, 1.0f, cursor);
  Check(long_, rest9_, 1.05f, cursor);
}

TEST_F(CursorTest, CursorSizedForASmallerClipDoesNotFit) {
  CompressedCursor small(wide_.clip);
  EXPECT_TRUE(small.fits(wide_.clip));
  EXPECT_FALSE(small.fits(long_));
  const SoaPose rest = ToSoa(rest9_);
  SoaPose out = make_soa_pose(9);
  CompressedSamplingJob job;
  job.clip = &long_;
  job.rest = rest;
  job.cursor = &small;
  job.output = out;
  EXPECT_FALSE(job.validate());
  EXPECT_FALSE(job.run());
}

TEST_F(CursorTest, SamplingJobRejectsMissingPartsAndWrongSizes) {
  CompressedCursor cursor(hand_.clip);
  const SoaPose rest = ToSoa(rest7_);
  SoaPose out = make_soa_pose(7);
  CompressedSamplingJob job;
  job.clip = &hand_.clip;
  job.rest = rest;
  job.cursor = &cursor;
  job.output = out;
  EXPECT_TRUE(job.validate());
  CompressedSamplingJob no_clip = job;
  no_clip.clip = nullptr;
  EXPECT_FALSE(no_clip.run());
  CompressedSamplingJob no_cursor = job;
  no_cursor.cursor = nullptr;
  EXPECT_FALSE(no_cursor.run());
  const SoaPose one_block = make_soa_pose(4);
  CompressedSamplingJob short_rest = job;
  short_rest.rest = one_block;
  EXPECT_FALSE(short_rest.run());
  SoaPose three_blocks = make_soa_pose(12);
  CompressedSamplingJob long_output = job;
  long_output.output = three_blocks;
  EXPECT_FALSE(long_output.run());
}

// --- validate() --------------------------------------------------------------------------------

// The hand-built clip with one thing broken per test. Each expects validate() to refuse it with
// an error naming the clip, without reading out of bounds on the way.
class CompressedValidateTest : public ::testing::Test {
 protected:
  CompressedClip clip_ = MakeHandClip().clip;
  CompressedTrack& translation() { return clip_.tracks[0]; }   // Joint 1, 3 keys at 0.
  CompressedTrack& quat4() { return clip_.tracks[2]; }         // Joint 2.
  RotationGroup& group() { return clip_.rotation_groups[0]; }  // Block 1, lanes 0 and 2.

  ::testing::AssertionResult Rejected() const {
    const Status s = clip_.validate(HandBuilt::kJoints);
    if (s.ok()) return ::testing::AssertionFailure() << "validate() accepted the clip";
    if (s.error().to_string().find("hand") == std::string::npos) {
      return ::testing::AssertionFailure()
             << "the error does not name the clip: " << s.error().to_string();
    }
    return ::testing::AssertionSuccess() << s.error().to_string();
  }
};

TEST_F(CompressedValidateTest, AcceptsTheUnbrokenClip) {
  EXPECT_TRUE(clip_.validate(HandBuilt::kJoints).ok());
}

TEST_F(CompressedValidateTest, RejectsAnotherSkeletonSize) {
  EXPECT_FALSE(clip_.validate(HandBuilt::kJoints + 1).ok());
}

TEST_F(CompressedValidateTest, RejectsTrackJointOutOfRange) {
  translation().joint = HandBuilt::kJoints;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsConstantJointOutOfRange) {
  clip_.constants[0].joint = 300;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupLanePastTheLastJoint) {
  group().lane_mask |= 8;  // Lane 3 of block 1: joint 7 of seven.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupBlockPastTheSkeleton) {
  group().block = 2;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsKeyTimesThatRepeat) {
  clip_.frames8[1] = clip_.frames8[0];  // The translation's ticks 2, 2, 30.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsKeyTimesThatGoBack) {
  clip_.frames8[4] = 1;  // The group's ticks 5, 1, 25.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsKeysRunningPastTheTimes) {
  translation().first_key = static_cast<uint32_t>(clip_.frames8.size()) - 2;  // Needs 3.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupKeysRunningPastTheTimes) {
  group().key_count = static_cast<uint32_t>(clip_.frames8.size());  // From index 3.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsFirstKeyNearTheTopOfItsRange) {
  // first_key + key_count overflows 32 bits.
  translation().first_key = 0xfffffffeu;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsBitsBeyondTheStream) {
  clip_.bits.resize(clip_.bits.size() - kBitPadding);  // Without its padding.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsFirstBitBeyondTheStream) {
  translation().first_bit = 0xffffffffu;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, AcceptsTrackComponentsUpTo24Bits) {
  translation().component_bits[0] = 24;
  translation().component_bits[1] = 0;  // Keys no wider in all than the stream holds.
  EXPECT_TRUE(clip_.validate(HandBuilt::kJoints).ok());
}

TEST_F(CompressedValidateTest, RejectsTrackComponentWiderThan24Bits) {
  translation().component_bits[0] = 25;
  translation().component_bits[1] = 0;
  const Status s = clip_.validate(HandBuilt::kJoints);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("quantization"), std::string::npos) << s.error().message;
}

TEST_F(CompressedValidateTest, RejectsGroupComponentWiderThan16Bits) {
  group().component_bits[0][0] = 17;
  group().component_bits[0][1] = 7;  // Still 36 bits for the lane: same key_bits.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupRangeBelowMinusOne) {
  group().min[1][2] = -1.5f;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupRangeAboveOne) {
  // 0.5 + 4095 * 0.001 = 4.6.
  group().min[0][0] = 0.5f;
  group().step[0][0] = 0.001f;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsQuat4RangeOutsideUnit) {
  quat4().step[3] = 1.0f;  // -1 + 4095.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsLaneMaskZero) {
  group().lane_mask = 0;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsLaneMaskBeyondFourLanes) {
  group().lane_mask = 0x15;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsBitsInAnUnusedLane) {
  group().component_bits[1][2] = 3;  // Lane 1 is not in the mask.
  group().component_bits[0][2] = 9;  // Keeps key_bits adding up.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsRangeInAnUnusedLane) {
  group().min[2][3] = 0.25f;  // Lane 3 is not in the mask.
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsGroupKeyBitsThatDoNotAddUp) {
  group().key_bits = static_cast<uint16_t>(group().key_bits - 1);
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanTrackMin) {
  translation().min[1] = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanTrackStep) {
  translation().step[0] = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanGroupMin) {
  group().min[2][0] = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanGroupStep) {
  group().step[1][2] = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsInfiniteOrNegativeStep) {
  translation().step[2] = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(Rejected());
  translation().step[2] = -0.5f;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanConstant) {
  clip_.constants[0].value[1] = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNonUnitConstantRotation) {
  clip_.constants[1].value[3] = 2.0f;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsHugeTrackKeyCount) {
  translation().key_count = 0xffffffffu;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsHugeGroupKeyCount) {
  group().key_count = 0xffffffffu;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsSingleKeyTrack) {
  translation().key_count = 1;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsFormatThatDoesNotFitItsKind) {
  translation().format = TrackFormat::kQuat4;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsBitsInAnUnusedVectorComponent) {
  translation().component_bits[3] = 4;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsBothKindsOfKeyTimes) {
  clip_.times16 = {0, 1};
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, RejectsNanDuration) {
  clip_.duration = kNaN;
  EXPECT_TRUE(Rejected());
}

TEST_F(CompressedValidateTest, ValidatedClipSamplesFiniteUnitRotations) {
  ASSERT_TRUE(clip_.validate(HandBuilt::kJoints).ok());
  const std::vector<Transform> rest = MakeRest(HandBuilt::kJoints);
  for (float t = 0.0f; t < 3.2f; t += 0.1f) {
    for (const Transform& x : Sample(clip_, rest, t)) {
      EXPECT_TRUE(std::isfinite(x.translation.x + x.translation.y + x.translation.z));
      EXPECT_TRUE(std::isfinite(x.scale.x + x.scale.y + x.scale.z));
      EXPECT_NEAR(Length(x.rotation), 1.0f, 1e-5f);
    }
  }
}

}  // namespace
}  // namespace anim
