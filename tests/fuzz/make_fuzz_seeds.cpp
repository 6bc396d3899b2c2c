// A developer's tool, not a test: writes fuzz_package's seed packages (corpus/fuzz_package/),
// made from nothing third-party: the built-in demo model, and small hand-built packages that use
// every section and every kind of state-machine part; and fuzz_link's seed streams
// (corpus/fuzz_link/): every message a tool sends, and a game's replies and frames of a running
// machine.
//   make_fuzz_seeds write OUTDIR        writes the package seeds
//   make_fuzz_seeds check DIR           fails unless every file in DIR loads (ctest: the committed
//                                       seeds still reach past the loader's checks)
//   make_fuzz_seeds write-link OUTDIR   writes the link seeds
//   make_fuzz_seeds check-link DIR      fails unless every file in DIR decodes to its end
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/demo/demo_model.h"
#include "anim/link/protocol.h"
#include "anim/package.h"
#include "anim/root_motion_builder.h"
#include "anim/state_machine.h"
#include "link_stream.h"

namespace {

using namespace anim;

bool write(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
  return static_cast<bool>(out);
}

CompressedClip compress(const Clip& clip, const Skeleton& skeleton,
                        bake::SegmentMode segments = bake::SegmentMode::kSmaller) {
  bake::CompressionOptions options;
  options.segments = segments;
  Result<bake::CompressedResult> c = bake::compress_clip(clip, skeleton, options);
  if (!c.ok()) {
    std::fprintf(stderr, "make_fuzz_seeds: %s\n", c.error().to_string().c_str());
    std::exit(1);
  }
  return std::move(c.value().clip);
}

// The demo humanoid without its mesh, its clips compressed, and the machine of
// projects/demo_locomotion.json (idle, a walk/run blend space, a stop trigger).
// With `segments` kAlways its clips are in segmented tracks (CLPV sections, package 1.11).
Package demo_package(bake::SegmentMode segments = bake::SegmentMode::kSmaller) {
  const Model model = demo::make_demo_model();
  Package p;
  p.skeleton = model.skeleton;
  p.skin = model.skin;
  for (const Clip& c : model.clips) p.clips.push_back(compress(c, model.skeleton, segments));
  StateMachineDef& m = p.state_machine;
  m.parameters = {{"speed", ParameterType::kFloat, 0.0f, 0.0f, 1.0f, 1.5f},
                  {"stop", ParameterType::kTrigger, 0.0f, 0.0f, 1.0f, 0.0f}};
  m.blend_spaces = {{"WalkRun", 0, {p.find_clip("Walk"), p.find_clip("Run")}, {0.0f, 1.0f}}};
  m.states = {{"Idle", {MotionRef::Kind::kClip, p.find_clip("Idle")}, 1.0f, true},
              {"Locomotion", {MotionRef::Kind::kBlendSpace, 0}, 1.0f, true}};
  TransitionDef go{0,    1,    {{0, ConditionOp::kGreater, 0.05f}}, false, 0.0f,
                   0.3f, 0.0f, Interruption::kDestination};
  TransitionDef back{1,    0,    {{0, ConditionOp::kLess, 0.05f}}, false, 0.0f,
                     0.4f, 0.0f, Interruption::kDestination};
  TransitionDef stop{
      -1, 0, {{1, ConditionOp::kTriggerSet, 0.0f}}, false, 0.0f, 0.0f, 0.0f, Interruption::kNone};
  m.transitions = {go, back, stop};
  m.default_state = 0;
  p.has_state_machine = true;
  return p;
}

// Four joints, a skin of three entries and a quad mesh in two submeshes.
void add_small_body(Package& p) {
  p.skeleton.names = {"root", "hip", "knee", "tip"};
  p.skeleton.parents = {-1, 0, 1, 2};
  p.skeleton.rest.assign(4, Transform{});
  for (int j = 1; j < 4; ++j) p.skeleton.rest[j].translation = glm::vec3(0.0f, 0.5f, 0.0f);
  p.skin.joints = {1, 2, 3};
  p.skin.inverse_bind.assign(3, glm::mat4(1.0f));
  for (int i = 0; i < 4; ++i) {
    Vertex v;
    v.position = glm::vec3(static_cast<float>(i % 2), static_cast<float>(i / 2), 0.0f);
    v.normal = glm::vec3(0.0f, 0.0f, 1.0f);
    v.uv = glm::vec2(static_cast<float>(i % 2), static_cast<float>(i / 2));
    v.joints[0] = static_cast<uint16_t>(i % 3);
    v.joints[1] = static_cast<uint16_t>((i + 1) % 3);
    v.weights[0] = 0.75f;
    v.weights[1] = 0.25f;
    p.mesh.vertices.push_back(v);
  }
  p.mesh.indices = {0, 1, 2, 2, 1, 3};
  p.mesh.submeshes = {{"a", 0, 3, 0, 4}, {"b", 3, 3, 0, 4}};
}

// The two clips small_package compresses, as floats: Swing, and Drift, long enough for 16-bit
// key times.
std::vector<Clip> small_float_clips() {
  ClipBuilder swing("Swing", 1.0f, 4);
  for (int k = 0; k <= 8; ++k) {
    const float t = static_cast<float>(k) / 8.0f;
    swing.add_rotation(1, t, glm::angleAxis(0.6f * std::sin(6.2831853f * t), glm::vec3(1, 0, 0)));
    swing.add_rotation(2, t, glm::angleAxis(0.4f * std::cos(6.2831853f * t), glm::vec3(0, 0, 1)));
    swing.add_translation(0, t, glm::vec3(0.0f, 0.05f * t, 0.0f));
    swing.add_scale(3, t, glm::vec3(1.0f + 0.2f * t));
  }
  ClipBuilder drift("Drift", 12.0f, 4);  // 12 s at 30 ticks per second: 16-bit key times.
  for (int k = 0; k <= 36; ++k) {
    const float t = static_cast<float>(k) / 3.0f;
    drift.add_rotation(0, t, glm::angleAxis(0.1f * t, glm::vec3(0, 1, 0)));
    drift.add_rotation(3, t, glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 1, 0))));
  }
  return {swing.build(), drift.build()};
}

Clip small_key_clip() {
  ClipBuilder keys("Keys", 0.5f, 4);
  keys.add_rotation(2, 0.0f, glm::quat(1, 0, 0, 0));
  keys.add_rotation(2, 0.5f, glm::angleAxis(1.0f, glm::vec3(0, 0, 1)));
  keys.add_translation(1, 0.25f, glm::vec3(0.0f, 0.6f, 0.0f));
  return keys.build();
}

// A machine with every parameter type, condition op and interruption, exit times, offsets and an
// any-state transition, on small_package's clips.
void set_small_machine(StateMachineDef& m) {
  m.parameters = {{"speed", ParameterType::kFloat, 0.25f, -1.0f, 2.0f, 4.0f},
                  {"mode", ParameterType::kInt, 1.0f, 0.0f, 3.0f, 0.0f},
                  {"armed", ParameterType::kBool, 0.0f, 0.0f, 1.0f, 0.0f},
                  {"hit", ParameterType::kTrigger, 0.0f, 0.0f, 1.0f, 0.0f},
                  {"free", ParameterType::kFloat, 0.0f, kUnboundedMin, kUnboundedMax, 0.0f}};
  m.blend_spaces = {{"Blend", 0, {0, 1, 0}, {-1.0f, 0.5f, 2.0f}}};
  m.states = {{"Rest", {MotionRef::Kind::kClip, 0}, 1.0f, true},
              {"Move", {MotionRef::Kind::kBlendSpace, 0}, 1.5f, true},
              {"Once", {MotionRef::Kind::kClip, 1}, 2.0f, false},
              {"Back", {MotionRef::Kind::kClip, 0}, -1.0f, true}};
  m.transitions = {
      {0, 1, {{0, ConditionOp::kGreater, 0.5f}}, false, 0.0f, 0.2f, 0.0f, Interruption::kSource},
      {1, 0, {{0, ConditionOp::kLess, 0.1f}}, true, 0.5f, 0.3f, 0.25f, Interruption::kDestination},
      {-1, 2, {{3, ConditionOp::kTriggerSet, 0.0f}}, false, 0.0f, 0.1f, 0.0f, Interruption::kNone},
      {2, 3, {}, true, 1.0f, 0.0f, 0.0f, Interruption::kNone},
      {3,
       0,
       {{1, ConditionOp::kEqual, 2.0f}, {2, ConditionOp::kTrue, 0.0f}},
       true,
       1.5f,
       0.5f,
       0.5f,
       Interruption::kSource},
      {0,
       3,
       {{1, ConditionOp::kNotEqual, 1.0f}, {2, ConditionOp::kFalse, 0.0f}},
       false,
       0.0f,
       1.0f,
       0.9f,
       Interruption::kDestination},
      {1, 2, {{4, ConditionOp::kGreater, 1e20f}}, false, 0.0f, 0.0f, 0.0f, Interruption::kNone}};
  m.default_state = 0;
}

// add_small_body's four joints, skin and mesh, two compressed clips (one long enough for 16-bit
// key times), a key clip, import info, and (`with_machine`) set_small_machine's machine.
// `moving`: with root motion too (the root's motion taken out of the clips, the ROOT section),
// the state "Back" keeping its motion.
Package small_package(bool with_machine, bool moving = false) {
  Package p;
  add_small_body(p);
  std::vector<Clip> floats = small_float_clips();
  if (moving) {
    RootMotionSettings settings;
    settings.joint = 0;
    for (Clip& c : floats)
      p.root_motion.push_back(extract_root_motion(p.skeleton, settings, c).value());
  }
  p.clips = {compress(floats[0], p.skeleton), compress(floats[1], p.skeleton)};
  p.key_clips = {small_key_clip()};
  p.max_influences = 5;
  p.truncated_vertices = 1;
  if (!with_machine) return p;

  StateMachineDef& m = p.state_machine;
  set_small_machine(m);
  p.has_state_machine = true;
  if (moving) {
    m.root_motion_joint = 0;
    m.states[3].root_motion = false;
  }
  return p;
}

// small_package's machine with the transitions' other blends (an inertialization, a dead blend
// with its half-life), syncs on markers (the blend space, a transition), markers on both clips
// and a sync group of Rest (leader), Move and Back (a follower): the TBLD, DEAD, SYNC and GRUP
// sections.
Package synced_package() {
  Package p = small_package(true);
  StateMachineDef& m = p.state_machine;
  m.transitions[0].blend = TransitionBlend::kInertialize;
  m.transitions[1].blend = TransitionBlend::kDeadBlend;
  m.transitions[1].half_life = 0.05f;
  m.transitions[1].sync = SyncMode::kMarkers;
  m.blend_spaces[0].sync = SyncMode::kMarkers;
  m.marker_names = {"L", "R"};
  m.markers = {{0, 0, 0.1f}, {0, 1, 0.4f}, {1, 1, 0.0f}, {1, 0, 0.2f}};
  m.sync_groups = {"feet"};
  for (int s : {0, 1, 3}) m.states[static_cast<std::size_t>(s)].sync_group = 0;
  m.states[0].sync_role = SyncRole::kLeader;
  m.states[3].sync_role = SyncRole::kFollower;
  return p;
}

// small_package's machine with two vector3 parameters (a target and a pole) and IK entries of
// every kind on its root -> hip -> knee -> tip chain: a two-bone reach, an aim chain and a feet
// entry at the top level, and a layer with a single-joint aim weighted by "speed": the VEC3 and
// IKEN sections.
Package ik_package() {
  Package p = small_package(true);
  StateMachineDef& m = p.state_machine;
  ParameterDef target;
  target.name = "target";
  target.type = ParameterType::kVector3;
  target.default_vector = glm::vec3(0.3f, 1.0f, 0.4f);
  ParameterDef pole = target;
  pole.name = "pole";
  pole.default_vector = glm::vec3(0.0f, 0.0f, 1.0f);
  m.parameters.push_back(target);  // 5
  m.parameters.push_back(pole);    // 6
  IkEntryDef reach;
  reach.name = "reach";
  reach.joints = {1, 2, 3};
  reach.target = {glm::vec3(0.0f), 5};
  reach.pole = {glm::vec3(0.0f), 6};
  reach.weight = {0.8f, -1};
  reach.soften = 0.95f;
  IkEntryDef look;
  look.name = "look";
  look.type = IkType::kAim;
  look.joints = {2, 3};
  look.shares = {0.4f, 0.6f};
  look.target = {glm::vec3(1.0f, 2.0f, 1.0f), -1};
  look.twist = 0.2f;
  look.offset = glm::vec3(0.0f, 0.1f, 0.0f);
  IkEntryDef feet;
  feet.name = "feet";
  feet.type = IkType::kFeet;
  feet.legs = {{1, 2, 3}};
  feet.pelvis = 0;
  feet.foot_height = 0.05f;
  feet.max_pelvis_drop = 0.2f;
  m.ik = {reach, look, feet};
  LayerDef layer;
  layer.name = "upper";
  layer.states = {{"Up", {MotionRef::Kind::kClip, 0}, 1.0f, true}};
  IkEntryDef tip = look;
  tip.name = "tip";
  tip.joints = {3};
  tip.shares = {1.0f};
  tip.target = {glm::vec3(0.0f), 5};
  tip.weight = {1.0f, 0};  // "speed".
  layer.ik = {tip};
  m.layers = {layer};
  return p;
}

// The least a package can be: one joint, nothing else.
Package bare_package() {
  Package p;
  p.skeleton.names = {"only"};
  p.skeleton.parents = {-1};
  p.skeleton.rest = {Transform{}};
  return p;
}

int check(const std::string& dir) {
  int failed = 0, count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    Result<Package> p = load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
    ++count;
    if (!p.ok()) {
      std::fprintf(stderr, "%s: %s\n", entry.path().c_str(), p.error().to_string().c_str());
      ++failed;
    }
  }
  std::printf("%d seed packages, %d do not load\n", count, failed);
  return failed == 0 && count > 0 ? 0 : 1;
}

// A stream for fuzz_link: the receiver byte (0: the game, 1: the tool), then the messages.
std::vector<uint8_t> link_stream(bool to_game, const std::vector<link::Message>& messages) {
  std::vector<uint8_t> out{static_cast<uint8_t>(to_game ? 0 : 1)};
  for (const link::Message& m : messages) link::encode(m, out);
  return out;
}

// What a tool says over a session: every message it sends.
std::vector<link::Message> tool_session() {
  link::SetParameter speed;
  speed.parameter = 0;
  speed.value = 1.25f;
  link::SetParameter aim;
  aim.parameter = 2;
  aim.is_vector = true;
  aim.vector = glm::vec3(0.5f, 1.5f, -2.0f);
  const std::string setup = R"({"version": 1, "model": "m.glb", "states": []})";
  return {link::Hello{link::kMagic, link::kProtocolVersion, "0123456789abcdef0123456789abcdef",
                      "animscope attach"},
          link::ListCharacters{},
          link::Watch{1},
          speed,
          aim,
          link::FireTrigger{1},
          link::Pause{true},
          link::Step{3},
          link::Pause{false},
          link::ApplySetup{std::vector<uint8_t>(setup.begin(), setup.end())},
          link::Watch{link::kNoCharacter}};
}

// A machine that fits link_watching() (four parameters, Idle/Walk/Run and a layer of one state,
// a footstep event), on one joint and still clips; run a while, its frames encoded as the game
// sends them.
std::vector<link::Message> game_session() {
  Skeleton skeleton;
  skeleton.names = {"root"};
  skeleton.parents = {-1};
  skeleton.rest = {Transform{}};
  std::vector<Clip> clips;
  for (const char* name : {"idle", "walk", "run"}) {
    ClipBuilder b(name, 1.0f, 1);
    b.add_rotation(0, 0.0f, glm::quat(1, 0, 0, 0));
    b.add_rotation(0, 1.0f, glm::angleAxis(0.5f, glm::vec3(0, 1, 0)));
    clips.push_back(b.build());
  }
  StateMachineDef def;
  def.parameters = {{"speed", ParameterType::kFloat, 0.0f, 0.0f, 2.0f, 0.0f},
                    {"stop", ParameterType::kTrigger, 0.0f, 0.0f, 1.0f, 0.0f},
                    {"aim", ParameterType::kVector3, 0.0f, 0.0f, 0.0f, 0.0f},
                    {"mode", ParameterType::kInt, 0.0f, 0.0f, 3.0f, 0.0f}};
  def.states = {{"Idle", {MotionRef::Kind::kClip, 0}, 1.0f, true},
                {"Walk", {MotionRef::Kind::kClip, 1}, 1.0f, true},
                {"Run", {MotionRef::Kind::kClip, 2}, 1.0f, true}};
  def.transitions = {
      {0, 1, {{0, ConditionOp::kGreater, 0.5f}}, false, 0.0f, 0.25f, 0.0f, Interruption::kNone},
      {1, 2, {{0, ConditionOp::kGreater, 1.5f}}, false, 0.0f, 0.25f, 0.0f, Interruption::kNone},
      {-1, 0, {{1, ConditionOp::kTriggerSet, 0.0f}}, false, 0.0f, 0.1f, 0.0f, Interruption::kNone}};
  def.events = {EventDef{"footstep", 1, 0.5f, ""}};
  LayerDef upper;
  upper.name = "upper";
  upper.weight = 0.5f;
  upper.states = {{"Wave", {MotionRef::Kind::kClip, 0}, 1.0f, true}};
  def.layers = {upper};
  StateMachineInstance m(def, skeleton, clips);
  std::vector<link::Message> out = {
      link::Welcome{link::kProtocolVersion, "game_loop", 4242,
                    "/home/player/games/wuson_locomotion.animpack"},
      link::CharacterList{{{"c0", "Idle", 4, 2}, {"c1", "Walk", 4, 2}}}, fuzz::link_watching()};
  std::vector<uint8_t> buffer(4096);
  for (int i = 0; i < 24; ++i) {
    if (i == 4) m.set_value(0, 1.0f);
    if (i == 18) m.set_value(0, 2.0f);
    m.set_vector(2, glm::vec3(0.1f * static_cast<float>(i), 1.0f, 0.0f));
    m.update(1.0f / 8.0f);
    const std::size_t n =
        link::encode_frame(m, 0, fuzz::link_watching().setup, static_cast<uint64_t>(i), i / 8.0,
                           i % 5 == 0, buffer);
    Result<link::Message> f =
        link::decode_message(Span<const uint8_t>(buffer.data(), n), fuzz::link_limits(false));
    if (!f.ok()) {
      std::fprintf(stderr, "make_fuzz_seeds: a frame: %s\n", f.error().to_string().c_str());
      std::exit(1);
    }
    out.push_back(f.value());
  }
  out.push_back(link::ApplyResult{false, "/states/0/clip: no clip named Jump"});
  out.push_back(link::ApplyResult{true, ""});
  return out;
}

int write_link(const std::string& dir) {
  std::filesystem::create_directories(dir);
  bool ok = write(dir + "/tool_session.bin", link_stream(true, tool_session()));
  ok = write(dir + "/game_session.bin", link_stream(false, game_session())) && ok;
  ok = write(dir + "/busy.bin",
             link_stream(false, {link::Refused{link::RefusalReason::kBusy,
                                               "held by animscope (127.0.0.1:40212)"}})) &&
       ok;
  ok = write(dir + "/hello.bin", link_stream(true, {tool_session()[0]})) && ok;
  return ok ? 0 : 1;
}

int check_link(const std::string& dir) {
  int failed = 0, count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    const fuzz::LinkStreamResult r = fuzz::decode_link_stream(bytes.data(), bytes.size());
    ++count;
    if (r.refused || r.left != 0 || r.decoded == 0) {
      std::fprintf(stderr, "%s: %d messages decoded, then %s\n", entry.path().c_str(), r.decoded,
                   r.refused ? "one refused" : "bytes left over");
      ++failed;
    }
  }
  std::printf("%d seed streams, %d do not decode in full\n", count, failed);
  return failed == 0 && count > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "check") return check(argv[2]);
  if (argc == 3 && std::string(argv[1]) == "write-link") return write_link(argv[2]);
  if (argc == 3 && std::string(argv[1]) == "check-link") return check_link(argv[2]);
  if (argc != 3 || std::string(argv[1]) != "write") {
    std::fprintf(stderr, "usage: make_fuzz_seeds write|check|write-link|check-link DIR\n");
    return 2;
  }
  const std::string dir = argv[2];
  std::filesystem::create_directories(dir);
  bool ok = write(dir + "/demo_locomotion.animpack", bake::write_package(demo_package()));
  ok = write(dir + "/small_machine.animpack", bake::write_package(small_package(true))) && ok;
  ok = write(dir + "/small_no_machine.animpack", bake::write_package(small_package(false))) && ok;
  ok = write(dir + "/small_moving.animpack", bake::write_package(small_package(true, true))) && ok;
  ok = write(dir + "/small_synced.animpack", bake::write_package(synced_package())) && ok;
  ok = write(dir + "/small_ik.animpack", bake::write_package(ik_package())) && ok;
  ok = write(dir + "/demo_segmented.animpack",
             bake::write_package(demo_package(bake::SegmentMode::kAlways))) &&
       ok;
  ok = write(dir + "/bare.animpack", bake::write_package(bare_package())) && ok;
  return ok ? 0 : 1;
}
