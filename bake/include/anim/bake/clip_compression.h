#pragma once
// Turning float clips into compressed ones (offline: a game loads the result from a package).
#include <cstddef>
#include <cstdint>

#include "anim/clip.h"
#include "anim/compressed_clip.h"
#include "anim/result.h"
#include "anim/skeleton.h"

namespace anim::bake {

// How animated tracks are stored: each in the smaller of segments (every frame, variable widths)
// and reduced keys, always in segments when the clip's keys lie on a frame grid, or never.
enum class SegmentMode { kSmaller, kAlways, kNever };
constexpr uint32_t kDefaultSegmentSamples = 16;

struct CompressionOptions {
  // Largest model-space error allowed, in model units; 0: default_tolerance(skeleton).
  float tolerance = 0.0f;
  // Distance of the virtual points the error is measured on; 0: default_shell_distance.
  float shell_distance = 0.0f;
  SegmentMode segments = SegmentMode::kSmaller;
  uint32_t segment_samples = kDefaultSegmentSamples;  // Frames per segment, 1 to 65536.
};

// 0.01% of the rest skeleton's bounding-box diagonal (0.1 mm on a 1 m character).
float default_tolerance(const Skeleton& skeleton);

struct CompressionReport {
  std::size_t raw_bytes = 0;     // The float clip's keys and track table.
  std::size_t packed_bytes = 0;  // CompressedClip::byte_size().
  float max_error = 0.0f;        // Model units, as measure_clip_error gives it.
  float mean_error = 0.0f;
  float tolerance = 0.0f;  // The tolerance used.
};

struct CompressedResult {
  CompressedClip clip;
  CompressionReport report;
};

// Collapses constant and rest-pose tracks, removes keys while the error stays under the
// tolerance, and quantizes what remains. The result's max_error is measured, not estimated:
// keys are removed less eagerly until it holds (with no key removed at all, only quantization
// and the 16-bit key times are left, which can exceed a tolerance set tighter than they allow).
Result<CompressedResult> compress_clip(const Clip& clip, const Skeleton& skeleton,
                                       const CompressionOptions& options = {});

// Bytes of a float clip's keys and track table (for comparison with packed_bytes).
std::size_t raw_clip_bytes(const Clip& clip);

}  // namespace anim::bake
