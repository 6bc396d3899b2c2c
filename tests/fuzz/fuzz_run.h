#pragma once
// Running a state machine the way the tool and a game do, with the parameter changes and time
// steps a FuzzInput chooses: shared by fuzz_setup and fuzz_package.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/ground_query.h"
#include "anim/local_to_model.h"
#include "anim/skeleton.h"
#include "anim/skinning_palette.h"
#include "anim/state_machine.h"
#include "fuzz_input.h"

namespace anim::fuzz {

// Stops the run with a message: a broken promise of the code under test, which libFuzzer and
// the standalone driver both report as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

// With ANIMSCOPE_FUZZ_TRACE set, says how far an input got ("compiled", "ran"): for checking
// that seeds reach past the parsers (the standalone driver with -v names each input first).
inline void trace(const char* stage) {
  static const bool on = std::getenv("ANIMSCOPE_FUZZ_TRACE") != nullptr;
  if (on) std::fprintf(stderr, "  %s\n", stage);
}

inline bool finite(const Transform& t) {
  const float v[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x,
                       t.rotation.y,    t.rotation.z,    t.rotation.w,    t.scale.x,
                       t.scale.y,       t.scale.z};
  for (float x : v) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

// The plane y = *user (a float) as the ground: hit where a ray crosses it.
inline bool plane_ground(const void* user, const glm::vec3& origin, const glm::vec3& direction,
                         float max_distance, GroundHit* hit) {
  const float height = *static_cast<const float*>(user);
  if (!(std::fabs(direction.y) > 1e-6f)) return false;
  const float t = (height - origin.y) / direction.y;
  if (!(t >= 0.0f && t <= max_distance)) return false;
  hit->point = origin + t * direction;
  hit->normal = glm::vec3(0.0f, 1.0f, 0.0f);
  return true;
}

struct RunOptions {
  int frames = 300;
  // Whether every pose must be finite: true for a model of ordinary numbers (fuzz_setup's), false
  // where the fuzzer chooses the skeleton and keys too (a package's values are only finite).
  bool require_finite = false;
};

// Runs `machine` for options.frames frames: now and then a parameter set to a value FuzzInput
// picks (by index and, for triggers, by name), a time step it picks, then update and evaluate,
// model space and the skinning palette. Checks what the runtime promises: known parameters
// accept finite values, weights stay in [0, 1] and the active states are real states.
inline void run_machine(StateMachineInstance& machine, const Skeleton& skeleton, const Skin& skin,
                        FuzzInput& in, const RunOptions& options) {
  const StateMachineDef& def = machine.def();
  std::vector<Transform> pose(skeleton.joint_count());
  std::vector<glm::mat4> model_space(skeleton.joint_count());
  std::vector<glm::mat4> palette(skin.size());
  const std::size_t params = def.parameters.size();
  float ground_height = 0.0f;
  for (int frame = 0; frame < options.frames; ++frame) {
    const uint8_t action = in.byte();
    if (params > 0 && action % 4 == 0) {
      const int p = static_cast<int>(in.below(params));
      const ParameterDef& pd = def.parameters[p];
      if (pd.type == ParameterType::kVector3) {  // An IK target: any point, huge or not finite.
        const glm::vec3 v(in.value(-2.0f, 2.0f), in.value(-2.0f, 2.0f), in.value(-2.0f, 2.0f));
        const bool finite = std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
        if (machine.set_vector(p, v) != finite) fail("set_vector refused a finite value");
        if (machine.set_value(p, 1.0f)) fail("set_value took a vector3 parameter");
      } else {
        const float v = in.value(pd.min, pd.max);
        if (machine.set_value(p, v) != std::isfinite(v)) fail("set_value refused a finite value");
      }
    }
    if (params > 0 && action % 8 == 1) {
      const ParameterDef& pd = def.parameters[in.below(params)];
      if (pd.type == ParameterType::kTrigger && !machine.set_trigger(pd.name)) {
        fail("set_trigger refused a trigger by its name");
      }
    }
    if (action % 16 == 2) machine.set_float("no such parameter", 1.0f);
    // Feet IK runs only on a ground: a plane at a height the input picks, or none.
    if (action % 16 == 3) machine.set_ground(GroundQuery{});
    if (action % 16 == 4) {
      ground_height = in.value(-1.0f, 1.0f);
      machine.set_ground(GroundQuery{&plane_ground, &ground_height});
    }
    machine.update(in.dt());
    if (!machine.evaluate(pose)) fail("evaluate failed");
    for (const auto& a : machine.active_states()) {
      if (a.state < 0 || static_cast<std::size_t>(a.state) >= def.states.size()) {
        fail("an active state out of range");
      }
      if (!(a.weight >= 0.0f && a.weight <= 1.0f + 1e-5f))
        fail("an active state's weight outside [0, 1]");
    }
    if (options.require_finite) {
      for (const Transform& t : pose) {
        if (!finite(t)) fail("a pose transform is not finite");
      }
    }
    LocalToModelJob to_model;
    to_model.parents = skeleton.parents;
    to_model.local = pose;
    to_model.output = model_space;
    if (!to_model.run()) fail("LocalToModelJob failed");
    SkinningPaletteJob palette_job;
    palette_job.model = model_space;
    palette_job.joints = skin.joints;
    palette_job.inverse_bind = skin.inverse_bind;
    palette_job.output = palette;
    if (!palette_job.run()) fail("SkinningPaletteJob failed");
  }
}

}  // namespace anim::fuzz
