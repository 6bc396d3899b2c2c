// N Wuson characters (10, 1000, 10000) running projects/wuson_locomotion.json with root motion
// (its "root_motion" defaults: the topmost animated joint, across the up axis, with yaw), each
// steering its own `speed` along a slow wave that crosses the Idle/Locomotion threshold, so at any
// time some walk, some run, some stand and some are mid-transition: the game's path per character
// per frame, state machine update with its root motion accumulated into the character's place,
// SoA pose (evaluate_soa), SoA local-to-model and palette; on the float clips and on the
// compressed clips a package holds (the clips in place, as `pack` bakes them).
// BM_CrowdAgainstPipeline/1000: the package crowd and BM_WholePipeline's path, a frame of each in
// turn in one process, and the median of their ratios.
// BM_StateMachineCrowdIk/N: the package crowd with IK entries added to the setup's machine (the
// game's path with IK): four feet on a height field of bumps (Wuson's legs, Root lowered) and a
// head looking at a point that circles each character, set each frame as a vector3 parameter.
// Each character casts into the field from where its root motion took it. Model space comes
// from the IK pass (StateMachineScratch::model), so the frame runs no second local-to-model.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>

#include "anim/bake/clip_compression.h"
#include "anim/height_field.h"
#include "anim/setup/root_motion.h"
#include "anim/setup/setup.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#include "crowd.h"
#include "pipeline.h"

namespace anim::bench {
namespace {

// The setup's machine, its clips in place and their tracks, compressed too.
struct Locomotion {
  StateMachineDef def;
  setup::RootMotionClips motion;
  std::vector<CompressedClip> packed;
};

const Locomotion& locomotion() {
  static const Locomotion loco = [] {
    Result<setup::Setup> setup =
        setup::load_setup(ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json");
    if (!setup.ok()) std::abort();
    setup.value().root_motion = setup::SetupRootMotion{};
    Result<StateMachineDef> compiled = compile_setup(setup.value(), wuson().clips);
    Result<setup::RootMotionClips> motion = apply_root_motion(setup.value(), wuson());
    if (!compiled.ok() || !motion.ok()) std::abort();
    Locomotion out{std::move(compiled).value(), std::move(motion).value(), {}};
    mark_root_motion(out.motion, &out.def);
    for (const Clip& c : out.motion.clips) {
      Result<bake::CompressedResult> packed = bake::compress_clip(c, wuson().skeleton);
      if (!packed.ok()) std::abort();
      out.packed.push_back(std::move(packed.value().clip));
    }
    return out;
  }();
  return loco;
}

// The ground under a character: the crowd's field, seen from the character's place (the
// machine casts in its model space). Heading is left out: the field's bumps are what matter.
struct PlacedGround {
  const HeightField* field = nullptr;
  glm::vec3 place{0.0f};
  static bool cast(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                   float max_distance, GroundHit* hit) {
    const PlacedGround& g = *static_cast<const PlacedGround*>(user);
    if (!HeightField::cast(g.field, origin + g.place, direction, max_distance, hit)) return false;
    hit->point -= g.place;
    return true;
  }
};

// The sine and cosine of an angle that turns by the same step every frame, kept by rotating them
// (a character's steering should cost the frame what a game's reading of its own state does, not
// two libm calls: std::sin was about 1.4% of the crowd's time).
struct Turning {
  float sin = 0.0f, cos = 1.0f;            // Of the angle now.
  float step_sin = 0.0f, step_cos = 1.0f;  // Of the step.

  Turning() = default;
  Turning(float angle, float step)
      : sin(std::sin(angle)), cos(std::cos(angle)), step_sin(std::sin(step)),
        step_cos(std::cos(step)) {}
  void turn() {
    const float s = sin * step_cos + cos * step_sin, c = cos * step_cos - sin * step_sin;
    const float back = 1.5f - 0.5f * (s * s + c * c);  // Onto the unit circle again.
    sin = s * back;
    cos = c * back;
  }
};

struct Walker {
  std::unique_ptr<StateMachineInstance> machine;
  PlacedGround ground;
  Turning speed_wave;  // Its speed's phase, 0.3 to 0.9 radians a second.
  Turning look;        // Where it looks, a radian a second.
  std::vector<glm::mat4> palette;
  glm::vec3 position{0.0f};  // Where root motion took it.
  glm::quat heading{1.0f, 0.0f, 0.0f, 0.0f};
};

// The locomotion machine with four feet on the ground and a look at the vector3 "look".
const StateMachineDef& locomotion_ik() {
  static const StateMachineDef def = [] {
    StateMachineDef d = locomotion().def;
    const Skeleton& s = wuson().skeleton;
    const auto joint = [&](const char* name) {
      const int j = s.find(name);
      if (j < 0) std::abort();
      return static_cast<int16_t>(j);
    };
    IkEntryDef feet;
    feet.name = "feet";
    feet.type = IkType::kFeet;
    for (const char* leg : {"HindLeg_L_0", "HindLeg_R_0", "ForeLeg_L_0", "ForeLeg_R_0"}) {
      const std::string prefix = leg;
      feet.legs.push_back({joint((prefix + "1").c_str()), joint((prefix + "2").c_str()),
                           joint((prefix + "4").c_str())});
    }
    feet.pelvis = joint("Root");
    feet.soften = 0.97f;
    ParameterDef look;
    look.name = "look";
    look.type = ParameterType::kVector3;
    d.parameters.push_back(look);
    IkEntryDef aim;
    aim.name = "look";
    aim.type = IkType::kAim;
    aim.joints = {joint("Neck")};
    aim.shares = {1.0f};
    aim.target.parameter = static_cast<int>(d.parameters.size()) - 1;
    aim.pole = IkVector{{0, 1, 0}, -1};
    d.ik = {feet, aim};
    return d;
  }();
  return def;
}

const HeightField& bumps() {
  static const std::vector<float> heights = [] {
    std::vector<float> h(256 * 256);
    for (std::size_t z = 0; z < 256; ++z) {
      for (std::size_t x = 0; x < 256; ++x)
        h[z * 256 + x] = 0.3f * std::sin(0.7f * x) * std::cos(0.5f * z);
    }
    return h;
  }();
  static const HeightField field{-512.0f, -512.0f, 4.0f, 256, 256, heights};
  return field;
}

// `characters` walkers of `def` on `clips`, each at its own place on the speed wave, spread over
// the machine's states by two seconds of frames.
class LocomotionCrowd {
 public:
  LocomotionCrowd(int characters, const ClipSet& clips, const StateMachineDef& def)
      : speed_(def.find_parameter("speed")),
        look_(def.find_parameter("look")),
        walkers_(static_cast<std::size_t>(characters)),
        shared_(wuson(), def) {
    if (speed_ < 0) std::abort();
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> start(0.0f, 20.0f), frequency(0.3f, 0.9f);
    for (Walker& w : walkers_) {
      w.machine =
          std::make_unique<StateMachineInstance>(def, wuson().skeleton, clips, shared_.rest);
      w.ground.field = &bumps();
      if (def.has_ik()) w.machine->set_ground({&PlacedGround::cast, &w.ground});
      const float clock = start(rng), rate = frequency(rng);
      w.speed_wave = Turning(clock * rate, kFrame * rate);
      w.look = Turning(clock, kFrame);
      w.palette.resize(wuson().skin.size());
    }
    for (int i = 0; i < 120; ++i) frame();
  }

  std::vector<Walker>& walkers() { return walkers_; }

  // One character's frame: steer, update (root motion accumulated into its place), pose and
  // palette.
  void frame(Walker& w) {
    w.speed_wave.turn();
    // Between -0.2 and 1.0: a fifth of the wave stands still (below the 0.05 threshold).
    w.machine->set_value(speed_, 0.4f + 0.6f * w.speed_wave.sin);
    if (look_ >= 0) {
      w.look.turn();
      w.machine->set_vector(look_, {40.0f * w.look.sin, 30.0f, 40.0f * w.look.cos});
    }
    const RootMotion move = w.machine->update(kFrame);
    w.position += w.heading * move.translation;
    w.heading = w.heading * move.rotation;
    w.ground.place = w.position;
    shared_.pose_to_palette(wuson(), *w.machine, w.palette);
  }
  // Every character's frame, as time_crowd times it.
  void frame() {
    const auto one = [this](Walker& w) { frame(w); };
    crowd_frame(walkers_, one);
  }

 private:
  int speed_, look_;
  std::vector<Walker> walkers_;
  CrowdBuffers shared_;
};

void run_crowd(benchmark::State& state, const ClipSet& clips,
               const StateMachineDef& def = locomotion().def) {
  LocomotionCrowd crowd(static_cast<int>(state.range(0)), clips, def);
  int transitioning = 0, feet_down = 0;
  for (const Walker& w : crowd.walkers()) {
    transitioning += w.machine->transition().transition >= 0;
    for (std::size_t e = 0; e < w.machine->ik_results().size(); ++e) {
      for (const FootIkLegResult& leg : w.machine->ik_legs(e)) feet_down += leg.hit;
    }
  }
  time_crowd(state, crowd.walkers(), [&crowd](Walker& w) { crowd.frame(w); });
  state.counters["transitioning_at_start"] = transitioning;
  if (def.has_ik()) state.counters["feet_on_ground_at_start"] = feet_down;
}

void BM_StateMachineCrowd(benchmark::State& state) {
  run_crowd(state, ClipSet(locomotion().motion.clips).with_root_motion(locomotion().motion.tracks));
}
// The same crowd on the compressed clips a package holds.
void BM_StateMachineCrowdPackage(benchmark::State& state) {
  run_crowd(state, ClipSet(locomotion().packed).with_root_motion(locomotion().motion.tracks));
}

void BM_StateMachineCrowdIk(benchmark::State& state) {
  run_crowd(state, ClipSet(locomotion().packed).with_root_motion(locomotion().motion.tracks),
            locomotion_ik());
}

// The package crowd against the benched path (pipeline.h) at the same size, in one process: each
// iteration times a frame of each, in alternating order, and `crowd_over_pipeline` is the median
// of the iterations' ratios (what issue 25 asks to stay within 1.15 at 1000). Timed in turns,
// both sides see the same phase of a noisy machine, which separate benchmarks a minute apart do
// not. The iteration's time is the crowd's frame.
void BM_CrowdAgainstPipeline(benchmark::State& state) {
  const int characters = static_cast<int>(state.range(0));
  LocomotionCrowd crowd(characters,
                        ClipSet(locomotion().packed).with_root_motion(locomotion().motion.tracks),
                        locomotion().def);
  pipeline::Crowd benched(characters);
  benched.frame();
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  std::vector<double> ratios, crowd_times, benched_times;
  bool crowd_first = false;
  for (auto _ : state) {
    crowd_first = !crowd_first;
    double crowd_time = 0.0, benched_time = 0.0;
    for (int side = 0; side < 2; ++side) {
      const bool timing_crowd = (side == 0) == crowd_first;
      const Clock::time_point start = Clock::now();
      if (timing_crowd) {
        crowd.frame();
      } else {
        benched.frame();
      }
      (timing_crowd ? crowd_time : benched_time) = seconds(Clock::now() - start);
    }
    state.SetIterationTime(crowd_time);
    ratios.push_back(crowd_time / benched_time);
    crowd_times.push_back(crowd_time);
    benched_times.push_back(benched_time);
  }
  const auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  const double per_character = 1e9 / static_cast<double>(characters);
  state.counters["crowd_over_pipeline"] = median(ratios);
  state.counters["crowd_ns"] = median(crowd_times) * per_character;
  state.counters["pipeline_ns"] = median(benched_times) * per_character;
}

BENCHMARK(BM_StateMachineCrowd)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StateMachineCrowdPackage)
    ->Arg(10)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CrowdAgainstPipeline)->Arg(1000)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StateMachineCrowdIk)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace anim::bench
