#pragma once
// Foot plants: the moments a foot stands on the ground in a clip, found from the foot's own
// motion, for the sync markers a setup keeps by clip ("clips": [{"markers": ...}]). Offline: it
// samples the whole clip and allocates.
//
// The rule. The clip is sampled at a fixed rate over one loop, [0, duration), and the foot's
// model-space position is taken at each sample (the model's up axis, +Y unless the file says
// otherwise, gives its height). Velocities are central differences over the loop, so the last
// sample neighbours the first. The low band is height <= lowest + height_fraction * (highest -
// lowest). The ground's velocity is flat (0 along up); each of its two other components is the
// median (the mean of the middle two for an even count) of that component of the foot's velocity
// over the samples in the low band. A sample's speed is the length of its velocity minus the
// ground's: the flat part relative to the ground, the vertical part as it is. A sample is in a
// stance when the foot is
//   low:  in the low band, and
//   slow: speed <= speed_fraction * peak speed, the peak being the speed at `peak_percentile`
//         of all samples (a glitch, or the jump at the seam of a take that does not loop, would
//         otherwise set it).
// Runs of stance samples are taken around the loop: a run across the clip's end is one stance.
// Runs fewer than `merge_gap` seconds of samples apart become one (a foot flickering over a
// threshold), then runs shorter than `min_stance` seconds of samples are dropped. Each stance
// gives one plant, at its sample with the lowest score
//   (height - lowest) / (highest - lowest) + speed / peak speed
// (each term 0 when its range is 0); samples whose score is within kFootPlantTie of the lowest
// count as equal (a foot keyed flat on the ground) and the middle one of them, in stance order,
// is taken. Everything is computed in one fixed order: the same input gives the same plants.
//
// Model space, because that is where the clip's keys put the foot; relative to the ground,
// because a clip keyed in place (its root motion taken out, or a treadmill take) slides the
// planted foot back at the walk's speed, and a foot standing on the ground moves with it. The
// median works because a foot spends most of its time in the low band standing: lift-off and
// touch-down cross the band quickly. With the character's motion left in, the ground stands still
// and its velocity comes out about 0. A joint that is lower in its swing than while it stands
// (a foot that drags, a paw that curls under) fills the band with swing: the median is then the
// swing's velocity and the plant lands in the swing (assimp's Wuson walk, its right fore foot).
#include <vector>

#include "anim/model.h"
#include "anim/result.h"

namespace anim::bake {

// Sampling below this rate would miss short contacts; key rates below it are multiplied up.
constexpr float kMinFootSampleRate = 60.0f;
// Scores closer than this to the lowest are ties (a score spans about [0, 2]).
constexpr float kFootPlantTie = 1e-4f;

// The rule's knobs (see above); the defaults suit walks, runs and motion-capture takes.
struct FootPlantOptions {
  // Samples per second. 0: the clip's key rate times the smallest whole number that reaches
  // kMinFootSampleRate (30 Hz keys: 60 Hz; a 120 Hz take: 120 Hz), so samples fall on keys;
  // kMinFootSampleRate when the rate is unknown. At most kMaxSampleRate (clip_sample_rate.h).
  float sample_rate = 0.0f;
  float height_fraction = 0.25f;  // Of the foot's height range, above its lowest point.
  float speed_fraction = 0.2f;    // Of the peak speed.
  float peak_percentile = 0.95f;  // In (0, 1]: which speed counts as the peak.
  float merge_gap = 0.05f;        // Seconds.
  float min_stance = 0.05f;       // Seconds.
};

struct FootPlant {
  float time = 0.0f;  // Seconds in [0, duration): where the foot is lowest and slowest.
  // The stance's first and last sample times; end < begin when it wraps over the clip's end.
  // A stance that never ends (a foot that stays down) has begin 0 and end the last sample.
  float begin = 0.0f;
  float end = 0.0f;
};

// The plants of joint `foot` in clip `clip` of `model`, sorted by time; none for a clip of
// duration 0. An Error (kInvalidArgument) for a clip or joint index out of range or options out
// of their ranges, and (kInvalidData) for a skeleton or clip that does not validate.
Result<std::vector<FootPlant>> find_foot_plants(const Model& model, int clip, int foot,
                                                const FootPlantOptions& options = {});

// The rate find_foot_plants samples `clip` at under `options`, in samples per second.
float foot_sample_rate(const Clip& clip, const FootPlantOptions& options = {});

}  // namespace anim::bake
