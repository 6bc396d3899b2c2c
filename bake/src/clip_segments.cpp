#include "clip_segments.h"

#include <algorithm>
#include <cmath>

namespace anim::bake {
namespace {

// Each coarse-to-fine step divides the target step size by this much.
constexpr float kRefine = 0.8f;

// The stored q nearest to v (a component) in range r of track t: rounded, clamped to the width.
uint32_t quantize(const SegmentedTrack& t, const SegmentRange& r, uint32_t c, float v) {
  const uint32_t bits = r.width(c);
  if (bits == 0) return 0;
  const float lo = t.min[c] + t.extent[c] * (static_cast<float>(r.min[c]) * (1.0f / 255.0f));
  const float span = t.extent[c] * (static_cast<float>(r.extent[c]) * (1.0f / 255.0f));
  const float top = static_cast<float>((1u << bits) - 1u);
  if (!(span > 0.0f)) return 0;
  const float q = std::round((v - lo) / span * top);
  return static_cast<uint32_t>(std::min(top, std::max(0.0f, q)));
}

// Frame values as the sampler rebuilds them (a rotation's dropped component, normalized).
void finish(const SegmentedTrack& t, float* v) {
  if (t.kind != TrackKind::kRotation) return;
  const float s[3] = {v[0], v[1], v[2]};
  segment_rotation(s, t.dropped, v);
  const float len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
  if (len > 0.0f) {
    for (int c = 0; c < 4; ++c) v[c] /= len;
  }
}

// One segment being fitted: its source frames and the range they span.
struct Segment {
  const SegmentedTrack* track = nullptr;
  const float* frames = nullptr;  // 3 per frame.
  uint32_t count = 0;
  SegmentRange range;
  std::vector<uint32_t> q;

  // Quantizes every frame at the current widths; the largest error.
  float fit() {
    q.resize(3 * std::size_t{count});
    float worst = 0.0f;
    for (uint32_t i = 0; i < count; ++i) {
      const float* src = frames + 3 * i;
      float decoded[4];
      for (uint32_t c = 0; c < 3; ++c) {
        q[3 * i + c] = quantize(*track, range, c, src[c]);
        decoded[c] = segment_value(*track, range, c, q[3 * i + c]);
      }
      finish(*track, decoded);
      const float e = segment_frame_error(*track, decoded, src);
      worst = std::isfinite(e) ? std::max(worst, e) : INFINITY;
    }
    return worst;
  }
};

// The 8-bit sub-range of the clip range [min, min + extent] that holds [lo, hi].
void narrow_range(float min, float extent, float lo, float hi, uint8_t& r_min, uint8_t& r_extent) {
  if (!(extent > 0.0f)) {
    r_min = 0;
    r_extent = 0;
    return;
  }
  const float a = std::floor((lo - min) / extent * 255.0f);
  const float b = std::ceil((hi - min) / extent * 255.0f);
  const int first = static_cast<int>(std::min(255.0f, std::max(0.0f, a)));
  const int last = static_cast<int>(std::min(255.0f, std::max(static_cast<float>(first), b)));
  r_min = static_cast<uint8_t>(first);
  r_extent = static_cast<uint8_t>(last - first);
}

// Bits so that `span` is cut in steps of at most 2 * step.
uint32_t width_for(float span, float step) {
  if (!(span > 0.0f)) return 0;
  uint32_t b = 1;
  while (b < kMaxSegmentBits && span / static_cast<float>((1u << b) - 1u) > 2.0f * step) ++b;
  return b;
}

float dot4(const float* a, const float* b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

}  // namespace

float segment_frame_error(const SegmentedTrack& t, const float* decoded, const float* source) {
  if (t.kind != TrackKind::kRotation) {
    const float dx = decoded[0] - source[0], dy = decoded[1] - source[1],
                dz = decoded[2] - source[2];
    return std::sqrt(dx * dx + dy * dy + dz * dz);
  }
  float s[4];
  segment_rotation(source, t.dropped, s);
  // The angle from the chord: acos of a dot product near 1 loses the small angles.
  const float sign = dot4(decoded, s) < 0.0f ? -1.0f : 1.0f;
  float d2 = 0.0f, m2 = 0.0f;
  for (int c = 0; c < 4; ++c) {
    const float d = decoded[c] - sign * s[c], m = decoded[c] + sign * s[c];
    d2 += d * d;
    m2 += m * m;
  }
  return 4.0f * std::atan2(std::sqrt(d2), std::sqrt(m2));
}

SegmentFit fit_segment(const SegmentedTrack& t, const float* frames, uint32_t count,
                       float tolerance) {
  Segment s;
  s.track = &t;
  s.frames = frames;
  s.count = count;
  float spans[3];
  for (uint32_t c = 0; c < 3; ++c) {
    float lo = INFINITY, hi = -INFINITY;
    for (uint32_t i = 0; i < s.count; ++i) {
      lo = std::min(lo, s.frames[3 * i + c]);
      hi = std::max(hi, s.frames[3 * i + c]);
    }
    narrow_range(t.min[c], t.extent[c], lo, hi, s.range.min[c], s.range.extent[c]);
    spans[c] = t.extent[c] * (static_cast<float>(s.range.extent[c]) / 255.0f);
  }
  float step = tolerance;
  float error = INFINITY;
  for (;;) {
    const uint32_t w[3] = {width_for(spans[0], step), width_for(spans[1], step),
                           width_for(spans[2], step)};
    s.range.set_widths(w[0], w[1], w[2]);
    error = s.fit();
    const bool widest = w[0] == kMaxSegmentBits || w[1] == kMaxSegmentBits ||
                        w[2] == kMaxSegmentBits ||
                        (spans[0] <= 0.0f && spans[1] <= 0.0f && spans[2] <= 0.0f);
    if (error <= tolerance || widest || !(step > 1e-30f)) break;
    step *= kRefine;
  }
  SegmentFit out;
  out.tolerance = tolerance;
  out.out_of_reach = !(error <= tolerance);
  if (out.out_of_reach) {
    const uint32_t w[3] = {spans[0] > 0.0f ? kMaxSegmentBits : 0,
                           spans[1] > 0.0f ? kMaxSegmentBits : 0,
                           spans[2] > 0.0f ? kMaxSegmentBits : 0};
    s.range.set_widths(w[0], w[1], w[2]);
  } else {
    for (bool narrowed = true; narrowed;) {
      narrowed = false;
      for (uint32_t c = 0; c < 3; ++c) {
        uint32_t w[3] = {s.range.width(0), s.range.width(1), s.range.width(2)};
        if (w[c] == 0) continue;
        const uint16_t before = s.range.widths;
        --w[c];
        s.range.set_widths(w[0], w[1], w[2]);
        if (s.fit() <= tolerance) {
          narrowed = true;
        } else {
          s.range.widths = before;
        }
      }
    }
  }
  out.error = s.fit();  // The kept widths' values.
  out.range = s.range;
  out.q = std::move(s.q);
  return out;
}

SegmentedEncoding encode_segmented(const SegmentInput& input, uint32_t segment_samples,
                                   SegmentMemo* memo) {
  SegmentedEncoding e;
  e.track.joint = input.joint;
  e.track.kind = input.kind;
  e.track.dropped = input.kind == TrackKind::kRotation ? input.dropped : 3;
  const uint32_t frames = static_cast<uint32_t>(input.frames.size() / 3);
  for (uint32_t c = 0; c < 3; ++c) {
    float lo = INFINITY, hi = -INFINITY;
    for (uint32_t f = 0; f < frames; ++f) {
      lo = std::min(lo, input.frames[3 * f + c]);
      hi = std::max(hi, input.frames[3 * f + c]);
    }
    e.track.min[c] = lo;
    e.track.extent[c] = hi - lo;
  }
  for (uint32_t first = 0; first < frames; first += segment_samples) {
    const std::size_t index = first / segment_samples;
    const uint32_t count = std::min(segment_samples, frames - first);
    const float tolerance = input.tolerance_of(index);
    SegmentFit fitted;
    if (memo != nullptr && index < memo->size() && (*memo)[index].tolerance == tolerance) {
      fitted = (*memo)[index];
    } else {
      fitted = fit_segment(e.track, input.frames.data() + 3 * std::size_t{first}, count,
                           tolerance);
      if (memo != nullptr) {
        if (memo->size() <= index) memo->resize(index + 1);
        (*memo)[index] = fitted;
      }
    }
    e.bits += uint64_t{count} * fitted.range.sample_bits();
    e.out_of_reach.push_back(fitted.out_of_reach);
    e.ranges.push_back(fitted.range);
    e.values.push_back(std::move(fitted.q));
  }
  return e;
}

void decode_fit_frame(const SegmentedTrack& t, const SegmentRange& range, const uint32_t* q,
                      float* out) {
  for (uint32_t c = 0; c < 3; ++c) out[c] = segment_value(t, range, c, q[c]);
  finish(t, out);
}

void decode_segment_frame(const SegmentedEncoding& e, std::size_t s, std::size_t i, float* out) {
  decode_fit_frame(e.track, e.ranges[s], e.values[s].data() + 3 * i, out);
}

}  // namespace anim::bake
