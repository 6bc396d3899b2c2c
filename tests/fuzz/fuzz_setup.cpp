// libFuzzer harness: a setup file as the tool reads one. The input is the JSON text up to the
// first NUL byte; the bytes after it choose the run (parameter changes and time steps). Parses
// it, saves and re-parses what parsed (the same text again), validates it against a fixed small
// model, compiles it and resolves its IK joints, makes it back into a setup (setup_from_machine,
// which must compile and resolve again),
// and runs the machine a few hundred frames. Every pose must be finite: the model's numbers are
// ordinary, so only the setup's can make them otherwise.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/ik.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/skinning_palette.h"
#include "anim/state_machine.h"
#include "fuzz_input.h"
#include "fuzz_run.h"

namespace anim::fuzz {
namespace {

// Five joints and the clips the seed setups name (the projects', the schema examples'), plus
// the odd ones: a single pose (duration 0), a clip without keys, a very short one.
struct FixedModel {
  Skeleton skeleton;
  Skin skin;
  std::vector<Clip> clips;
  std::vector<std::string> names;
};

FixedModel make_model() {
  FixedModel m;
  m.skeleton.names = {"root", "spine", "head", "arm_l", "arm_r"};
  m.skeleton.parents = {-1, 0, 1, 1, 1};
  m.skeleton.rest.assign(5, Transform{});
  for (std::size_t j = 1; j < 5; ++j) m.skeleton.rest[j].translation = glm::vec3(0.0f, 0.3f, 0.0f);
  m.skin.joints = {0, 1, 2, 3, 4};
  m.skin.inverse_bind.assign(5, glm::mat4(1.0f));
  const char* animated[] = {"Idle",       "Walk",      "Run",    "idle",
                            "walk",       "run",       "jump",   "Wuson_Bind",
                            "Wuson_Walk", "Wuson_Run", "Motion", "mixamo.com"};
  float duration = 0.5f;
  for (const char* name : animated) {
    ClipBuilder b(name, duration, 5);
    for (int k = 0; k <= 4; ++k) {
      const float t = duration * static_cast<float>(k) / 4.0f;
      const float a = 0.4f * static_cast<float>(k % 2 ? 1 : -1);
      b.add_translation(0, t, glm::vec3(0.0f, 0.02f * static_cast<float>(k), 0.1f * t));
      for (std::size_t j = 1; j < 5; ++j) {
        b.add_rotation(j, t, glm::angleAxis(a / static_cast<float>(j), glm::vec3(1, 0, 0)));
      }
      if (k % 2) b.add_scale(2, t, glm::vec3(1.0f + 0.1f * static_cast<float>(k)));
    }
    m.clips.push_back(b.build());
    duration += 0.35f;
  }
  ClipBuilder pose("Pose", 0.0f, 5);
  pose.add_rotation(3, 0.0f, glm::angleAxis(1.0f, glm::vec3(0, 0, 1)));
  m.clips.push_back(pose.build());
  m.clips.push_back(ClipBuilder("Still", 0.0f, 5).build());
  ClipBuilder blink("Blink", 1e-4f, 5);
  blink.add_rotation(2, 0.0f, glm::quat(1, 0, 0, 0));
  blink.add_rotation(2, 1e-4f, glm::angleAxis(0.5f, glm::vec3(0, 1, 0)));
  m.clips.push_back(blink.build());
  for (const Clip& c : m.clips) m.names.push_back(c.name);
  return m;
}

const FixedModel& model() {
  static const FixedModel m = make_model();
  return m;
}

}  // namespace
}  // namespace anim::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace anim;
  using namespace anim::fuzz;
  const FixedModel& m = model();
  const void* nul = std::memchr(data, 0, size);
  const std::size_t text_size =
      nul ? static_cast<std::size_t>(static_cast<const uint8_t*>(nul) - data) : size;
  const std::string text(reinterpret_cast<const char*>(data), text_size);
  FuzzInput in(data + (nul ? text_size + 1 : size), nul ? size - text_size - 1 : 0);

  std::vector<Diagnostic> diagnostics;
  Result<setup::Setup> parsed = setup::parse_setup(text, "fuzz.setup.json", &diagnostics);
  if (!parsed.ok()) return 0;
  const setup::Setup& setup = parsed.value();
  trace("parsed");

  // What parses saves, and what it saves parses to a setup that saves the same again.
  const std::string saved = to_json_text(setup);
  Result<setup::Setup> reparsed = setup::parse_setup(saved, "saved.setup.json");
  if (!reparsed.ok()) fail("a parsed setup's saved text does not parse");
  if (to_json_text(reparsed.value()) != saved) fail("a saved setup does not save the same again");

  validate_setup(setup, m.names, {}, m.skeleton.names, m.skeleton.parents);
  Result<StateMachineDef> def = compile_setup(setup, m.clips);
  if (!def.ok()) {
    trace(def.error().to_string().c_str());
    return 0;
  }
  const Status ik = setup::resolve_ik(setup, m.skeleton, &def.value());
  if (!ik.ok()) {
    trace(ik.error().to_string().c_str());
    return 0;
  }
  trace("compiled");

  const setup::Setup back =
      setup::setup_from_machine(def.value(), m.names, setup.model, m.skeleton.names);
  Result<StateMachineDef> again = compile_setup(back, m.clips);
  if (!again.ok()) fail("setup_from_machine's setup does not compile");
  if (!setup::resolve_ik(back, m.skeleton, &again.value()).ok()) {
    fail("setup_from_machine's IK entries do not resolve");
  }

  StateMachineInstance machine(def.value(), m.skeleton, m.clips);
  RunOptions options;
  options.require_finite = true;
  run_machine(machine, m.skeleton, m.skin, in, options);
  trace("ran");
  return 0;
}
