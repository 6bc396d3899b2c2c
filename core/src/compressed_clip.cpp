#include "anim/compressed_clip.h"

#include <cmath>

namespace anim {
namespace {

bool finite4(const float* v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]) && std::isfinite(v[3]);
}

Status fail(const std::string& where, const std::string& what) {
  return Error{Error::Code::kInvalidData, where + ": " + what, ""};
}

bool valid_kind(TrackKind k) { return static_cast<uint8_t>(k) <= 2; }

// A stored component spans [min, min + (2^bits - 1) step]; rotations must stay near [-1, 1] so
// that sampling yields finite, near-unit quaternions.
bool valid_range(const CompressedTrack& t, uint32_t components) {
  for (uint32_t c = 0; c < components; ++c) {
    if (t.component_bits[c] > kMaxComponentBits) return false;
    const float top = static_cast<float>((1u << t.component_bits[c]) - 1u);
    const float lo = t.min[c], hi = t.min[c] + top * t.step[c];
    if (!std::isfinite(lo) || !std::isfinite(t.step[c]) || !(t.step[c] >= 0.0f)) return false;
    if (!std::isfinite(hi)) return false;
    if (t.kind == TrackKind::kRotation && (lo < -1.001f || hi > 1.001f)) return false;
  }
  for (uint32_t c = components; c < 4; ++c) {
    if (t.component_bits[c] != 0) return false;
  }
  return true;
}

}  // namespace

std::size_t CompressedClip::byte_size() const {
  return name.size() + 4 * sizeof(uint32_t) + constants.size() * sizeof(ConstantTrack) +
         tracks.size() * sizeof(CompressedTrack) + frames8.size() + times16.size() * 2 +
         bits.size();
}

Status CompressedClip::validate(std::size_t skeleton_joints) const {
  const std::string clip = "clip \"" + name + "\"";
  if (joint_count != skeleton_joints) {
    return fail(clip, "made for " + std::to_string(joint_count) + " joints, the skeleton has " +
                          std::to_string(skeleton_joints));
  }
  if (!std::isfinite(duration) || duration < 0.0f) return fail(clip, "bad duration");
  if (!std::isfinite(ticks_per_second) || ticks_per_second < 0.0f) {
    return fail(clip, "bad ticks per second");
  }
  // The sampling cursor holds one hint per track: three kinds per joint at most.
  if (tracks.size() > 3 * static_cast<std::size_t>(joint_count)) {
    return fail(clip, "more tracks than three per joint");
  }
  for (std::size_t i = 0; i < constants.size(); ++i) {
    const ConstantTrack& c = constants[i];
    const std::string where = clip + " constant track " + std::to_string(i);
    if (c.joint >= joint_count) return fail(where, "joint out of range");
    if (!valid_kind(c.kind)) return fail(where, "unknown kind");
    if (!finite4(c.value)) return fail(where, "value is not finite");
    if (c.kind == TrackKind::kRotation) {
      const float len2 = c.value[0] * c.value[0] + c.value[1] * c.value[1] +
                         c.value[2] * c.value[2] + c.value[3] * c.value[3];
      if (!(std::fabs(len2 - 1.0f) < 1e-3f)) return fail(where, "rotation is not unit length");
    }
  }
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    const CompressedTrack& t = tracks[i];
    const std::string where = clip + " track " + std::to_string(i);
    if (t.joint >= joint_count) return fail(where, "joint out of range");
    if (!valid_kind(t.kind)) return fail(where, "unknown kind");
    const bool rotation = t.kind == TrackKind::kRotation;
    const bool format_ok = rotation ? (t.format == TrackFormat::kQuat3 && t.dropped <= 3) ||
                                          t.format == TrackFormat::kQuat4
                                    : t.format == TrackFormat::kVec3;
    if (!format_ok) return fail(where, "format does not fit its kind");
    if (t.key_count < 2) return fail(where, "fewer than two keys");
    const uint32_t components = track_components(t.format);
    const std::size_t time_count = narrow_times() ? frames8.size() : times16.size();
    if (static_cast<uint64_t>(t.first_key) + t.key_count > time_count) {
      return fail(where, "key times out of range");
    }
    if (!valid_range(t, components)) return fail(where, "bad quantization");
    if (t.key_bits() > kMaxKeyBits) return fail(where, "keys wider than 57 bits");
    const uint64_t end_bit =
        static_cast<uint64_t>(t.first_bit) + static_cast<uint64_t>(t.key_count) * t.key_bits();
    if ((end_bit + 7) / 8 + kBitPadding > bits.size())
      return fail(where, "key values out of range");
    for (uint32_t k = 1; k < t.key_count; ++k) {
      const uint32_t i = t.first_key + k;
      const bool increasing =
          narrow_times() ? frames8[i] > frames8[i - 1] : times16[i] > times16[i - 1];
      if (!increasing) return fail(where, "key times do not increase");
    }
  }
  if (!frames8.empty() && !times16.empty()) return fail(clip, "two kinds of key times");
  return Ok{};
}

}  // namespace anim
