#include "anim/compressed_clip.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

Status fail(const std::string& where, const std::string& what) {
  return Error{Error::Code::kInvalidData, where + ": " + what, ""};
}

bool valid_kind(TrackKind k) { return static_cast<uint8_t>(k) <= 2; }

// A component quantized to `bits` bits spans [min, min + (2^bits - 1) step]: finite, and for a
// rotation near [-1, 1], so that sampling yields finite, near-unit quaternions.
bool valid_quantization(uint32_t bits, uint32_t most, float min, float step, bool rotation) {
  if (bits > most) return false;
  const float hi = min + static_cast<float>((1u << bits) - 1u) * step;
  if (!std::isfinite(min) || !std::isfinite(step) || !(step >= 0.0f) || !std::isfinite(hi)) {
    return false;
  }
  return !rotation || (min >= -1.001f && hi <= 1.001f);
}

// Key times in range and increasing, key bits inside the stream (with its padding); the problem
// or null.
const char* keys_problem(const CompressedClip& clip, uint32_t first_key, uint32_t key_count,
                         uint64_t first_bit, uint64_t key_bits) {
  const bool narrow = clip.narrow_times();
  const std::size_t time_count = narrow ? clip.frames8.size() : clip.times16.size();
  if (key_count < 2) return "fewer than two keys";
  if (static_cast<uint64_t>(first_key) + key_count > time_count) return "key times out of range";
  const uint64_t end_bit = first_bit + static_cast<uint64_t>(key_count) * key_bits;
  if ((end_bit + 7) / 8 + kBitPadding > clip.bits.size()) return "key values out of range";
  for (uint32_t k = 1; k < key_count; ++k) {
    const uint32_t i = first_key + k;
    if (narrow ? clip.frames8[i] <= clip.frames8[i - 1] : clip.times16[i] <= clip.times16[i - 1]) {
      return "key times do not increase";
    }
  }
  return nullptr;
}

const char* constant_problem(const ConstantTrack& c, uint32_t joints) {
  if (c.joint >= joints) return "joint out of range";
  if (!valid_kind(c.kind)) return "unknown kind";
  for (float v : c.value) {
    if (!std::isfinite(v)) return "value is not finite";
  }
  if (c.kind == TrackKind::kRotation) {
    const float len2 = c.value[0] * c.value[0] + c.value[1] * c.value[1] + c.value[2] * c.value[2] +
                       c.value[3] * c.value[3];
    if (!(std::fabs(len2 - 1.0f) < 1e-3f)) return "rotation is not unit length";
  }
  return nullptr;
}

const char* group_problem(const CompressedClip& clip, const RotationGroup& g) {
  if (g.lane_mask == 0 || g.lane_mask > 15) return "bad lane mask";
  uint32_t total = 0;
  for (uint32_t l = 0; l < 4; ++l) {
    const bool used = (g.lane_mask >> l) & 1u;
    uint32_t lane_bits = 0;
    for (uint32_t c = 0; c < 3; ++c) {
      const uint32_t b = g.component_bits[l][c];
      if (!used && (b != 0 || g.min[c][l] != 0.0f || g.step[c][l] != 0.0f)) {
        return "data in an unused lane";
      }
      if (!valid_quantization(b, kMaxComponentBits, g.min[c][l], g.step[c][l], true)) {
        return "bad quantization";
      }
      lane_bits += b;
    }
    // Each lane's three components are read with one 64-bit load.
    if (lane_bits > kMaxKeyBits) return "a lane wider than 57 bits";
    if (used && (4u * g.block + l >= clip.joint_count || g.dropped[l] > 3)) {
      return "joint or rebuilt component out of range";
    }
    total += lane_bits;
  }
  if (total != g.key_bits) return "key bits do not add up";
  return keys_problem(clip, g.first_key, g.key_count, g.first_bit, g.key_bits);
}

const char* track_problem(const CompressedClip& clip, const CompressedTrack& t) {
  if (t.joint >= clip.joint_count) return "joint out of range";
  if (!valid_kind(t.kind)) return "unknown kind";
  const bool rotation = t.kind == TrackKind::kRotation;
  if ((t.format == TrackFormat::kQuat4) != rotation || static_cast<uint8_t>(t.format) > 1) {
    return "format does not fit its kind";
  }
  const uint32_t components = track_components(t.format);
  for (uint32_t c = 0; c < 4; ++c) {
    const bool used = c < components;
    if (!used && t.component_bits[c] != 0) return "bits in an unused component";
    if (used && !valid_quantization(t.component_bits[c], kMaxTrackComponentBits, t.min[c],
                                    t.step[c], rotation)) {
      return "bad quantization";
    }
  }
  return keys_problem(clip, t.first_key, t.key_count, t.first_bit, t.key_bits());
}

const char* segmented_track_problem(const SegmentedTrack& t, uint32_t joints) {
  if (t.joint >= joints) return "joint out of range";
  if (!valid_kind(t.kind)) return "unknown kind";
  const bool rotation = t.kind == TrackKind::kRotation;
  if (t.dropped > 3 || (!rotation && t.dropped != 3)) return "bad rebuilt component";
  for (uint32_t c = 0; c < 3; ++c) {
    const float hi = t.min[c] + t.extent[c];
    if (!std::isfinite(t.min[c]) || !std::isfinite(t.extent[c]) || !(t.extent[c] >= 0.0f) ||
        !std::isfinite(hi)) {
      return "bad range";
    }
    if (rotation && !(t.min[c] >= -1.001f && hi <= 1.001f)) return "bad range";
  }
  return nullptr;
}

// The segment tables: sizes, widths and ranges in bounds, every segment's bits inside the stream
// (with its padding). The problem or null; `where` names the segment.
const char* segments_problem(const CompressedClip& clip, std::string& where) {
  const std::size_t tracks = clip.segmented.size();
  if (tracks == 0) {
    const bool empty = clip.frame_count == 0 && clip.segment_samples == 0 &&
                       clip.segment_ranges.empty() && clip.segment_bits.empty();
    return empty ? nullptr : "segment tables without segmented tracks";
  }
  if (clip.frame_count < 2 || clip.frame_count > 65536) return "bad frame count";
  if (clip.segment_samples == 0 || clip.segment_samples > 65536) return "bad segment length";
  if (!(clip.ticks_per_second > 0.0f)) return "segmented tracks without a frame rate";
  const std::size_t segments = clip.segment_count();
  if (clip.segment_bits.size() != segments) return "segment count does not fit the frames";
  if (clip.segment_ranges.size() != segments * tracks) {
    return "segment ranges do not fit the segments";
  }
  if (clip.bits.size() < kBitPadding) return "segment bits outside the stream";
  const uint64_t stream_bits = 8 * static_cast<uint64_t>(clip.bits.size() - kBitPadding);
  for (std::size_t s = 0; s < segments; ++s) {
    where = " segment " + std::to_string(s);
    const uint64_t frames =
        std::min<uint64_t>(clip.segment_samples, clip.frame_count - s * clip.segment_samples);
    uint64_t total = 0;
    for (std::size_t t = 0; t < tracks; ++t) {
      const SegmentRange& r = clip.segment_ranges[s * tracks + t];
      if ((r.widths >> 15) != 0) return "bit rate out of range";
      for (uint32_t c = 0; c < 3; ++c) {
        if (r.width(c) > kMaxSegmentBits) return "bit rate out of range";
        if (uint32_t{r.min[c]} + r.extent[c] > 255) return "range out of the track's range";
      }
      total += frames * r.sample_bits();
    }
    if (clip.segment_bits[s] + total > stream_bits) return "segment bits outside the stream";
    // The sampler's cursor keeps where each track's frames start as 32 bits.
    if (clip.segment_bits[s] + total > 0xffffffffu) return "segment bits past 2^32";
  }
  where.clear();
  return nullptr;
}

}  // namespace

std::size_t CompressedClip::byte_size() const {
  return name.size() + 4 * sizeof(uint32_t) + constants.size() * sizeof(ConstantTrack) +
         rotation_groups.size() * sizeof(RotationGroup) + tracks.size() * sizeof(CompressedTrack) +
         frames8.size() + times16.size() * sizeof(uint16_t) + bits.size() +
         (segmented.empty() ? 0
                            : 2 * sizeof(uint32_t) + segmented.size() * sizeof(SegmentedTrack) +
                                  segment_ranges.size() * sizeof(SegmentRange) +
                                  segment_bits.size() * sizeof(uint32_t));
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
  if (!frames8.empty() && !times16.empty()) return fail(clip, "two kinds of key times");
  // Groups and tracks together: never more than one per joint and kind.
  if (animated_tracks() > 3 * static_cast<std::size_t>(joint_count)) {
    return fail(clip, "more tracks than three per joint");
  }
  for (std::size_t i = 0; i < constants.size(); ++i) {
    if (const char* problem = constant_problem(constants[i], joint_count)) {
      return fail(clip + " constant track " + std::to_string(i), problem);
    }
  }
  for (std::size_t i = 0; i < rotation_groups.size(); ++i) {
    if (const char* problem = group_problem(*this, rotation_groups[i])) {
      return fail(clip + " rotation group " + std::to_string(i), problem);
    }
  }
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    if (const char* problem = track_problem(*this, tracks[i])) {
      return fail(clip + " track " + std::to_string(i), problem);
    }
  }
  for (std::size_t i = 0; i < segmented.size(); ++i) {
    if (const char* problem = segmented_track_problem(segmented[i], joint_count)) {
      return fail(clip + " segmented track " + std::to_string(i), problem);
    }
  }
  std::string where;
  if (const char* problem = segments_problem(*this, where)) return fail(clip + where, problem);
  return Ok{};
}

}  // namespace anim
