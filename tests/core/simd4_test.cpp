// The four-lane layer itself (core/src/simd4.h), operation by operation, on whichever backend
// this file is compiled for: SSE2 on x86-64, NEON on AArch64 (tests/cross), the plain C++ one with
// ANIM_SIMD_SCALAR. Every backend must give these results; the SoA jobs' suites check them only
// through whole poses.
#include "simd4.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace anim::simd {
namespace {

struct Lanes {
  float v[4];
};

Lanes Get(F4 a) {
  alignas(16) float out[4];
  store(out, a);
  Lanes lanes;
  std::memcpy(lanes.v, out, sizeof(out));
  return lanes;
}

// Bit l set where lane l of m is true.
unsigned Bits(M4 m) {
  const Lanes l = Get(select(m, splat(1.0f), zero()));
  unsigned bits = 0;
  for (int i = 0; i < 4; ++i) {
    if (l.v[i] == 1.0f) {
      bits |= 1u << i;
    } else {
      EXPECT_EQ(l.v[i], 0.0f) << "lane " << i;
    }
  }
  return bits;
}

uint32_t BitsOf(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof(u));
  return u;
}

F4 Make(float a, float b, float c, float d) {
  alignas(16) const float in[4] = {a, b, c, d};
  return load(in);
}

void ExpectLanes(F4 got, float a, float b, float c, float d) {
  const Lanes l = Get(got);
  const float want[4] = {a, b, c, d};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(l.v[i], want[i]) << "lane " << i;
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TEST(Simd4, BackendMatchesTarget) {
  const std::string backend = kBackend;
#if defined(ANIM_SIMD_SCALAR)
  EXPECT_EQ(backend, "scalar");
#elif defined(__x86_64__) || defined(_M_X64)
  EXPECT_EQ(backend, "sse2");
#elif defined(__aarch64__)
  EXPECT_EQ(backend, "neon");
#else
  EXPECT_EQ(backend, "scalar");
#endif
}

TEST(Simd4, LoadsAndStores) {
  alignas(16) const float aligned[4] = {1.5f, -2.0f, 0.0f, 3.25f};
  ExpectLanes(load(aligned), 1.5f, -2.0f, 0.0f, 3.25f);

  const float column[6] = {9.0f, 1.0f, 2.0f, 3.0f, 4.0f, 9.0f};
  ExpectLanes(load_unaligned(column + 1), 1.0f, 2.0f, 3.0f, 4.0f);
  float out[6] = {7.0f, 7.0f, 7.0f, 7.0f, 7.0f, 7.0f};
  store_unaligned(out + 1, Make(-1.0f, -2.0f, -3.0f, -4.0f));
  EXPECT_EQ(out[0], 7.0f);
  EXPECT_EQ(out[1], -1.0f);
  EXPECT_EQ(out[4], -4.0f);
  EXPECT_EQ(out[5], 7.0f);

  ExpectLanes(splat(0.75f), 0.75f, 0.75f, 0.75f, 0.75f);
  ExpectLanes(zero(), 0.0f, 0.0f, 0.0f, 0.0f);
}

TEST(Simd4, IntegerConversions) {
  ExpectLanes(from_ints(0, 1, 65535, 1u << 24), 0.0f, 1.0f, 65535.0f, 16777216.0f);

  // Four uint16 values read at an odd element (not 8-byte aligned).
  const uint16_t words[6] = {5, 0, 1, 40000, 65535, 5};
  ExpectLanes(load_u16(words + 1), 0.0f, 1.0f, 40000.0f, 65535.0f);

  alignas(16) const int32_t ints[4] = {-3, 0, 7, 1 << 20};
  ExpectLanes(load_int(ints), -3.0f, 0.0f, 7.0f, 1048576.0f);
}

TEST(Simd4, Arithmetic) {
  const F4 a = Make(1.0f, -2.0f, 6.0f, 0.5f);
  const F4 b = Make(4.0f, 8.0f, -3.0f, 0.25f);
  ExpectLanes(a + b, 5.0f, 6.0f, 3.0f, 0.75f);
  ExpectLanes(a - b, -3.0f, -10.0f, 9.0f, 0.25f);
  ExpectLanes(a * b, 4.0f, -16.0f, -18.0f, 0.125f);
  ExpectLanes(a / b, 0.25f, -0.25f, -2.0f, 2.0f);
  ExpectLanes(madd(a, b, splat(1.0f)), 5.0f, -15.0f, -17.0f, 1.125f);
  ExpectLanes(sqrt(Make(0.0f, 1.0f, 16.0f, 2.25f)), 0.0f, 1.0f, 4.0f, 1.5f);
  ExpectLanes(abs(Make(-0.0f, -3.0f, 3.0f, -1e-30f)), 0.0f, 3.0f, 3.0f, 1e-30f);
  EXPECT_FALSE(std::signbit(Get(abs(splat(-0.0f))).v[0]));
}

TEST(Simd4, MinMax) {
  const F4 a = Make(1.0f, -2.0f, 6.0f, 0.5f);
  const F4 b = Make(4.0f, -8.0f, 6.0f, -0.25f);
  ExpectLanes(min(a, b), 1.0f, -8.0f, 6.0f, -0.25f);
  ExpectLanes(max(a, b), 4.0f, -2.0f, 6.0f, 0.5f);
}

// As SSE's minps/maxps: a NaN in either operand gives the second operand, so that
// max(x, floor) clamps a NaN x to the floor on every backend.
TEST(Simd4, MinMaxGiveTheSecondOperandOnNaN) {
  const Lanes lo = Get(min(Make(kNaN, 1.0f, kNaN, -1.0f), Make(2.0f, kNaN, kNaN, -5.0f)));
  EXPECT_EQ(lo.v[0], 2.0f);
  EXPECT_TRUE(std::isnan(lo.v[1]));
  EXPECT_TRUE(std::isnan(lo.v[2]));
  EXPECT_EQ(lo.v[3], -5.0f);

  const Lanes hi = Get(max(Make(kNaN, 1.0f, kNaN, -1.0f), Make(2.0f, kNaN, kNaN, -5.0f)));
  EXPECT_EQ(hi.v[0], 2.0f);
  EXPECT_TRUE(std::isnan(hi.v[1]));
  EXPECT_TRUE(std::isnan(hi.v[2]));
  EXPECT_EQ(hi.v[3], -1.0f);

  ExpectLanes(max(Make(kNaN, 0.5f, kNaN, 2.0f), splat(1e-30f)), 1e-30f, 0.5f, 1e-30f, 2.0f);
}

TEST(Simd4, ComparisonsAndMasks) {
  const F4 a = Make(1.0f, 2.0f, kNaN, -1.0f);
  const F4 b = Make(2.0f, 2.0f, 0.0f, -2.0f);
  EXPECT_EQ(Bits(less(a, b)), 0x1u);
  EXPECT_EQ(Bits(greater(a, b)), 0x8u);
  EXPECT_EQ(Bits(less(a, b) & greater(a, b)), 0x0u);
  EXPECT_EQ(Bits(less(splat(0.0f), Make(1.0f, 2.0f, 3.0f, 4.0f)) &
                 less(Make(1.0f, 2.0f, 3.0f, 4.0f), splat(3.5f))),
            0x7u);

  EXPECT_TRUE(all(less(splat(0.0f), splat(1.0f))));
  EXPECT_FALSE(all(less(splat(0.0f), Make(1.0f, 1.0f, 1.0f, 0.0f))));
  EXPECT_FALSE(all(less(splat(0.0f), Make(-1.0f, 1.0f, 1.0f, 1.0f))));
  EXPECT_FALSE(all(less(splat(0.0f), splat(kNaN))));
  EXPECT_EQ(simd::bits(greater(a, b)), 0x8u);
  EXPECT_EQ(simd::bits(less(a, splat(kNaN))), 0x0u);

  for (uint32_t bits = 0; bits < 16; ++bits) {
    EXPECT_EQ(Bits(lane_mask(bits)), bits);
    EXPECT_EQ(all(lane_mask(bits)), bits == 15) << bits;
    EXPECT_EQ(simd::bits(lane_mask(bits)), bits);
  }
  // Bits above the fourth lane do not matter.
  EXPECT_EQ(Bits(lane_mask(0xfffffff5u)), 0x5u);
}

TEST(Simd4, SelectAndNegate) {
  const F4 a = Make(1.0f, 2.0f, 3.0f, 4.0f);
  const F4 b = Make(-1.0f, -2.0f, -3.0f, -4.0f);
  for (uint32_t bits = 0; bits < 16; ++bits) {
    const Lanes got = Get(select(lane_mask(bits), a, b));
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(got.v[i], (bits >> i) & 1u ? float(i + 1) : -float(i + 1)) << bits << " " << i;
    }
  }

  const Lanes n = Get(negate_where(lane_mask(0xbu), Make(0.0f, -0.0f, 5.0f, -7.5f)));
  EXPECT_EQ(BitsOf(n.v[0]), BitsOf(-0.0f));
  EXPECT_EQ(BitsOf(n.v[1]), BitsOf(0.0f));
  EXPECT_EQ(n.v[2], 5.0f);
  EXPECT_EQ(n.v[3], 7.5f);
}

TEST(Simd4, Rsqrt) {
  // The estimate and its refinement: about 1e-7 relative over the range the jobs use and beyond.
  for (float x = 1e-12f; x < 1e12f; x *= 1.37f) {
    const Lanes got = Get(rsqrt(Make(x, 2.0f * x, 0.5f * x, 1.0f)));
    const float ins[4] = {x, 2.0f * x, 0.5f * x, 1.0f};
    for (int i = 0; i < 4; ++i) {
      const double want = 1.0 / std::sqrt(static_cast<double>(ins[i]));
      EXPECT_NEAR(got.v[i] / want, 1.0, 4e-7) << ins[i];
    }
  }
}

// unit_rsqrt: a square length within rounding of 1 (a unit quaternion's) gives exactly 1 on every
// backend and processor, whatever its estimate; the next values out do not.
TEST(Simd4, UnitRsqrtOfAUnitLengthIsExactlyOne) {
  const float one_below = std::nextafter(1.0f, 0.0f), one_above = std::nextafter(1.0f, 2.0f);
  const Lanes exact =
      Get(unit_rsqrt(Make(1.0f, one_below, one_above, std::nextafter(one_above, 2.0f))));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(exact.v[i], 1.0f) << i;
  const Lanes near = Get(unit_rsqrt(Make(1.0f + 4e-7f, 1.0f - 3e-7f, 1.0001f, 0.9999f)));
  for (int i = 0; i < 4; ++i) EXPECT_NE(near.v[i], 1.0f) << i;
}

TEST(Simd4, LaneBroadcast) {
  const F4 a = Make(10.0f, 20.0f, 30.0f, 40.0f);
  ExpectLanes(lane<0>(a), 10.0f, 10.0f, 10.0f, 10.0f);
  ExpectLanes(lane<1>(a), 20.0f, 20.0f, 20.0f, 20.0f);
  ExpectLanes(lane<2>(a), 30.0f, 30.0f, 30.0f, 30.0f);
  ExpectLanes(lane<3>(a), 40.0f, 40.0f, 40.0f, 40.0f);
}

TEST(Simd4, LanesEqual) {
  // Every assignment of 0..3 to the four lanes, then bytes that match no value.
  for (uint32_t code = 0; code < 256; ++code) {
    const uint8_t bytes[4] = {static_cast<uint8_t>(code & 3), static_cast<uint8_t>((code >> 2) & 3),
                              static_cast<uint8_t>((code >> 4) & 3),
                              static_cast<uint8_t>((code >> 6) & 3)};
    M4 masks[4];
    lanes_equal(bytes, masks);
    for (int v = 0; v < 4; ++v) {
      unsigned want = 0;
      for (int l = 0; l < 4; ++l) want |= (bytes[l] == v ? 1u : 0u) << l;
      EXPECT_EQ(Bits(masks[v]), want) << code << " " << v;
    }
  }
  const uint8_t others[4] = {4, 255, 2, 128};
  M4 masks[4];
  lanes_equal(others, masks);
  EXPECT_EQ(Bits(masks[0]), 0x0u);
  EXPECT_EQ(Bits(masks[1]), 0x0u);
  EXPECT_EQ(Bits(masks[2]), 0x4u);
  EXPECT_EQ(Bits(masks[3]), 0x0u);
}

TEST(Simd4, Transpose) {
  F4 a = Make(0.0f, 1.0f, 2.0f, 3.0f);
  F4 b = Make(4.0f, 5.0f, 6.0f, 7.0f);
  F4 c = Make(8.0f, 9.0f, 10.0f, 11.0f);
  F4 d = Make(12.0f, 13.0f, 14.0f, 15.0f);
  transpose(a, b, c, d);
  ExpectLanes(a, 0.0f, 4.0f, 8.0f, 12.0f);
  ExpectLanes(b, 1.0f, 5.0f, 9.0f, 13.0f);
  ExpectLanes(c, 2.0f, 6.0f, 10.0f, 14.0f);
  ExpectLanes(d, 3.0f, 7.0f, 11.0f, 15.0f);
}

}  // namespace
}  // namespace anim::simd
