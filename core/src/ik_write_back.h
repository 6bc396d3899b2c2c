#pragma once
// The write-back of anim/ik_pose.h without its per-call checks, for jobs that check their inputs
// once and then write several rounds of corrections (FootIkJob: the pelvis, then each leg).
// Private to anim_core.
#include <cstddef>
#include <cstdint>

#include <glm/mat4x4.hpp>

#include "anim/ik_pose.h"
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim::detail {

// SoaApplyIkCorrectionsJob::run() on inputs already validated.
void apply_ik_corrections(Span<const int16_t> parents, Span<const IkCorrection> corrections,
                          const glm::mat4& root, Span<SoaTransform> local, Span<glm::mat4> model);

// SoaApplyIkCorrectionsJob::validate() with no corrections: a parents-first hierarchy, local and
// model sized for it.
bool valid_ik_hierarchy(Span<const int16_t> parents, std::size_t local_blocks,
                        std::size_t model_size);

}  // namespace anim::detail
