// Packages: what write_package writes, load_package reads back exactly; damaged, truncated or
// hostile bytes give an Error naming the place, never a crash or a huge allocation.
#include "anim/package.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/compressed_sampling.h"
#include "anim/package_format.h"
#include "support/maths.h"
#include "support/package_bytes.h"

namespace anim {
namespace {

using testutil::EditSection;
using testutil::load;
using testutil::RotZ;

// Three joints in a chain, a two-entry skin, one triangle, a clip turning the middle joint and
// moving the root, and a two-state machine with a 1D blend space and two events.
Package small_package() {
  Package p;
  p.skeleton.names = {"root", "mid", "tip"};
  p.skeleton.parents = {-1, 0, 1};
  p.skeleton.rest.resize(3);
  p.skeleton.rest[1].translation = glm::vec3(0, 1, 0);
  p.skeleton.rest[2].translation = glm::vec3(0, 1, 0);
  p.skeleton.rest[2].rotation = RotZ(10.0f);
  p.skin.joints = {1, 2};
  p.skin.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
  p.skin.inverse_bind[1][3] = glm::vec4(0, -2, 0, 1);
  for (int i = 0; i < 3; ++i) {
    Vertex v;
    v.position = glm::vec3(i, 1.5f, 0);
    v.joints[0] = 0;
    v.joints[1] = 1;
    v.weights[0] = 0.75f;
    v.weights[1] = 0.25f;
    p.mesh.vertices.push_back(v);
  }
  p.mesh.indices = {0, 1, 2};
  p.mesh.submeshes.push_back({"tri", 0, 3, 0, 3});

  ClipBuilder b("wave", 1.0f, 3);
  for (int f = 0; f <= 30; ++f) {
    const float t = f / 30.0f;
    b.add_rotation(1, t, RotZ(40.0f * std::sin(6.2831853f * t)));
    b.add_translation(0, t, glm::vec3(0.5f * t, 0, 0));
  }
  Result<bake::CompressedResult> c = bake::compress_clip(b.build(), p.skeleton);
  EXPECT_TRUE(c.ok());
  p.clips.push_back(std::move(c.value().clip));

  StateMachineDef& m = p.state_machine;
  p.has_state_machine = true;
  m.parameters.push_back({"speed", ParameterType::kFloat, 0.25f, 0.0f, 1.0f, 2.0f});
  m.parameters.push_back({"jump", ParameterType::kTrigger, 0.0f, 0.0f, 1.0f, 0.0f});
  m.blend_spaces.push_back({"move", 0, {0, 0}, {0.0f, 1.0f}});
  m.states.push_back({"Idle", {MotionRef::Kind::kClip, 0}, 1.0f, true});
  m.states.push_back({"Move", {MotionRef::Kind::kBlendSpace, 0}, 1.5f, false});
  TransitionDef t;
  t.from = 0;
  t.to = 1;
  t.conditions.push_back({0, ConditionOp::kGreater, 0.5f});
  t.has_exit_time = true;
  t.exit_time = 0.75f;
  t.duration = 0.2f;
  t.offset = 0.1f;
  t.interruption = Interruption::kDestination;
  m.transitions.push_back(t);
  m.default_state = 0;
  m.events.push_back({"step", 0, 0.5f, "left foot"});
  m.events.push_back({"end", 0, 1.0f, ""});
  return p;
}

template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

TEST(Package, RoundTripKeepsEverything) {
  const Package p = small_package();
  Result<Package> back = load(bake::write_package(p));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Package& q = back.value();
  EXPECT_EQ(q.skeleton.names, p.skeleton.names);
  EXPECT_EQ(q.skeleton.parents, p.skeleton.parents);
  for (int j = 0; j < 3; ++j) {
    EXPECT_EQ(q.skeleton.rest[j].translation, p.skeleton.rest[j].translation);
    EXPECT_EQ(q.skeleton.rest[j].rotation, p.skeleton.rest[j].rotation);
    EXPECT_EQ(q.skeleton.rest[j].scale, p.skeleton.rest[j].scale);
  }
  EXPECT_EQ(q.skin.joints, p.skin.joints);
  EXPECT_EQ(q.skin.inverse_bind, p.skin.inverse_bind);
  ASSERT_EQ(q.mesh.vertices.size(), 3u);
  EXPECT_EQ(q.mesh.vertices[2].position, glm::vec3(2, 1.5f, 0));
  EXPECT_EQ(q.mesh.vertices[1].weights[1], 0.25f);
  EXPECT_EQ(q.mesh.indices, p.mesh.indices);
  EXPECT_EQ(q.mesh.submeshes[0].name, "tri");
  ASSERT_EQ(q.clips.size(), 1u);
  const CompressedClip& a = p.clips[0];
  const CompressedClip& c = q.clips[0];
  EXPECT_EQ(c.name, "wave");
  EXPECT_EQ(c.duration, a.duration);
  EXPECT_EQ(c.ticks_per_second, a.ticks_per_second);
  EXPECT_TRUE(same_bytes(c.rotation_groups, a.rotation_groups));
  EXPECT_TRUE(same_bytes(c.tracks, a.tracks));
  EXPECT_TRUE(same_bytes(c.constants, a.constants));
  EXPECT_EQ(c.frames8, a.frames8);
  EXPECT_EQ(c.times16, a.times16);
  EXPECT_EQ(c.bits, a.bits);
  EXPECT_EQ(q.find_clip("wave"), 0);
  ASSERT_TRUE(q.has_state_machine);
  const StateMachineDef& m = q.state_machine;
  ASSERT_EQ(m.parameters.size(), 2u);
  EXPECT_EQ(m.parameters[0].name, "speed");
  EXPECT_EQ(m.parameters[0].rate, 2.0f);
  EXPECT_EQ(m.parameters[1].type, ParameterType::kTrigger);
  ASSERT_EQ(m.blend_spaces.size(), 1u);
  EXPECT_EQ(m.blend_spaces[0].positions, (std::vector<float>{0.0f, 1.0f}));
  ASSERT_EQ(m.states.size(), 2u);
  EXPECT_EQ(m.states[1].motion.kind, MotionRef::Kind::kBlendSpace);
  EXPECT_EQ(m.states[1].speed, 1.5f);
  EXPECT_FALSE(m.states[1].loop);
  ASSERT_EQ(m.transitions.size(), 1u);
  EXPECT_EQ(m.transitions[0].conditions[0].op, ConditionOp::kGreater);
  EXPECT_EQ(m.transitions[0].exit_time, 0.75f);
  EXPECT_EQ(m.transitions[0].offset, 0.1f);
  EXPECT_EQ(m.transitions[0].interruption, Interruption::kDestination);
  ASSERT_EQ(m.events.size(), 2u);
  EXPECT_EQ(m.events[0].name, "step");
  EXPECT_EQ(m.events[0].clip, 0);
  EXPECT_EQ(m.events[0].time, 0.5f);
  EXPECT_EQ(m.events[0].payload, "left foot");
  EXPECT_EQ(m.events[1].name, "end");
  EXPECT_EQ(m.events[1].time, 1.0f);
  EXPECT_EQ(m.events[1].payload, "");
}

TEST(Package, LoadedClipSamplesLikeTheOneWritten) {
  const Package p = small_package();
  Result<Package> back = load(bake::write_package(p));
  ASSERT_TRUE(back.ok());
  SoaPose rest = make_soa_pose(3), a = make_soa_pose(3), b = make_soa_pose(3);
  to_soa(p.skeleton.rest, rest);
  CompressedCursor ca(p.clips[0]), cb(back.value().clips[0]);
  for (float t = 0.0f; t <= 1.0f; t += 0.07f) {
    CompressedSamplingJob job{&p.clips[0], rest, t, &ca, a};
    ASSERT_TRUE(job.run());
    job.clip = &back.value().clips[0];
    job.cursor = &cb;
    job.output = b;
    ASSERT_TRUE(job.run());
    for (int j = 0; j < 3; ++j) {
      EXPECT_EQ(a[0].get(j).rotation, b[0].get(j).rotation) << t;
      EXPECT_EQ(a[0].get(j).translation, b[0].get(j).translation) << t;
    }
  }
}

TEST(Package, WithoutMeshOrMachineLoads) {
  Package p = small_package();
  p.mesh = Mesh{};
  p.has_state_machine = false;
  Result<Package> back = load(bake::write_package(p));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_TRUE(back.value().mesh.vertices.empty());
  EXPECT_FALSE(back.value().has_state_machine);
  EXPECT_EQ(back.value().skin.size(), 2u);
}

TEST(Package, EveryFlippedByteIsRefusedButTheMinorVersion) {
  const std::vector<uint8_t> good = bake::write_package(small_package());
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::vector<uint8_t> bad = good;
    bad[i] ^= 0x5a;
    Result<Package> r = load(bad);  // Must not crash (ASan runs this too).
    // The minor version only tells which kinds of section may be unknown: a newer one loads the
    // same sections. Every other byte is checked: the header, the section table, the sections
    // by their CRCs, and the padding between them (zero).
    if (i == offsetof(package::Header, minor) || i == offsetof(package::Header, minor) + 1) {
      EXPECT_TRUE(r.ok()) << "byte " << i << ": " << r.error().to_string();
      continue;
    }
    ASSERT_FALSE(r.ok()) << "byte " << i;
    EXPECT_FALSE(r.error().path.empty()) << "byte " << i;
  }
}

// The writer pads sections to kSectionAlignment with zeros; a damaged pad byte is named.
TEST(Package, ANonZeroByteBetweenSectionsIsRefused) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  package::SectionEntry first;
  std::memcpy(&first, bytes.data() + sizeof(package::Header), sizeof(first));
  const uint64_t pad = first.offset + first.size;
  ASSERT_NE(pad % package::kSectionAlignment, 0u) << "the skeleton section needs padding here";
  bytes[pad] = 7;
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path, "header");
  EXPECT_NE(
      r.error().message.find("byte " + std::to_string(pad) + ", between sections, is not zero"),
      std::string::npos)
      << r.error().to_string();
}

TEST(Package, OverlappingSectionsAreRefused) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  // Section 1 made to start inside section 0 (its CRC fixed, so only the overlap is wrong).
  package::SectionEntry first, second;
  const std::size_t table = sizeof(package::Header);
  std::memcpy(&first, bytes.data() + table, sizeof(first));
  std::memcpy(&second, bytes.data() + table + sizeof(second), sizeof(second));
  second.offset = first.offset + 4;
  second.size = 8;
  second.crc = package::crc32(bytes.data() + second.offset, second.size);
  std::memcpy(bytes.data() + table + sizeof(second), &second, sizeof(second));
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("sections overlap at byte " + std::to_string(first.offset + 4)),
            std::string::npos)
      << r.error().to_string();
}

TEST(Package, FlippedSectionByteIsACrcError) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  package::SectionEntry first;
  std::memcpy(&first, bytes.data() + sizeof(package::Header), sizeof(first));
  bytes[first.offset + 3] ^= 1;
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("CRC"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().path.find("SKEL"), std::string::npos) << r.error().to_string();
}

TEST(Package, EveryTruncationIsRefused) {
  const std::vector<uint8_t> good = bake::write_package(small_package());
  for (std::size_t n = 0; n < good.size(); ++n) {
    const std::vector<uint8_t> cut(good.begin(), good.begin() + n);
    EXPECT_FALSE(load(cut).ok()) << n << " bytes";
  }
}

TEST(Package, HugeCountsAreRefusedBeforeAllocating) {
  const std::vector<uint8_t> good = bake::write_package(small_package());
  // Section 0 is the skeleton: its first u32 is the joint count.
  auto joints = EditSection(good, 0, [](uint8_t* s, std::size_t) {
    const uint32_t huge = 0xfffffff0u;
    std::memcpy(s, &huge, 4);
  });
  Result<Package> r = load(joints);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("count"), std::string::npos) << r.error().to_string();
  // Section 3 is the clip: after its name (4-byte length "wave"), duration, ticks and joint
  // count come its six array counts; the second is the rotation groups'.
  auto groups = EditSection(good, 3, [](uint8_t* s, std::size_t) {
    const uint32_t huge = 0x7fffffffu;
    std::memcpy(s + 8 + 12 + 4, &huge, 4);
  });
  r = load(groups);
  ASSERT_FALSE(r.ok());
  // A clip in segmented tracks is a CLPV section, laid out as a CLIP one up to its bits.
  EXPECT_TRUE(r.error().path.find("CLIP") != std::string::npos ||
              r.error().path.find("CLPV") != std::string::npos)
      << r.error().to_string();
}

TEST(Package, OutOfRangeIndicesAreRefused) {
  const std::vector<uint8_t> good = bake::write_package(small_package());
  // Skin joint 2 -> 7 (the skeleton has 3): skin section is 1, joints follow the count.
  auto skin = EditSection(good, 1, [](uint8_t* s, std::size_t) {
    const int16_t seven = 7;
    std::memcpy(s + 4 + 2, &seven, 2);
  });
  Result<Package> r = load(skin);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("skin joint out of range"), std::string::npos);
  // Mesh index 2 -> 9 (three vertices).
  auto mesh = EditSection(good, 2, [](uint8_t* s, std::size_t size) {
    const uint32_t three = 3, nine = 9;
    // The indices follow the vertex block: find the count 3 followed by 0 1 2.
    for (std::size_t i = 0; i + 16 <= size; i += 4) {
      uint32_t v[4];
      std::memcpy(v, s + i, 16);
      if (v[0] == three && v[1] == 0 && v[2] == 1 && v[3] == 2) {
        std::memcpy(s + i + 12, &nine, 4);
        return;
      }
    }
    FAIL() << "no index block found";
  });
  r = load(mesh);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("index past the last vertex"), std::string::npos)
      << r.error().to_string();
}

TEST(Package, ParameterRangeWithMinAboveMaxIsRefused) {
  Package p = small_package();
  p.state_machine.parameters[0].min = 2.0f;  // max is 1: std::clamp would be undefined.
  Result<Package> r = load(bake::write_package(p));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().path.find("SMDF"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("\"speed\": bad values"), std::string::npos)
      << r.error().to_string();
}

TEST(Package, AnotherMajorVersionIsRefusedWithBothVersions) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  const uint16_t major = package::kMajorVersion + 1;
  std::memcpy(bytes.data() + 8, &major, 2);
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("version " + std::to_string(major)), std::string::npos)
      << r.error().message;
}

TEST(Package, AnUnknownSectionKindOfAKnownMinorVersionIsRefused) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  package::Header h;
  std::memcpy(&h, bytes.data(), sizeof(h));
  const uint32_t unknown = package::fourcc('X', 'T', 'R', 'A');
  std::memcpy(bytes.data() + sizeof(h) + (h.section_count - 1) * sizeof(package::SectionEntry),
              &unknown, 4);
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("unknown section kind"), std::string::npos)
      << r.error().to_string();
  EXPECT_NE(r.error().path.find("section " + std::to_string(h.section_count - 1)),
            std::string::npos)
      << r.error().to_string();
}

TEST(Package, UnknownSectionsOfANewerMinorVersionAreSkipped) {
  std::vector<uint8_t> bytes = bake::write_package(small_package());
  // Turn the events section (the last) into an unknown kind and bump the minor.
  package::Header h;
  std::memcpy(&h, bytes.data(), sizeof(h));
  h.minor = package::kMinorVersion + 3;
  std::memcpy(bytes.data(), &h, sizeof(h));
  const uint32_t unknown = package::fourcc('X', 'T', 'R', 'A');
  std::memcpy(bytes.data() + sizeof(h) + (h.section_count - 1) * sizeof(package::SectionEntry),
              &unknown, 4);
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r.value().has_state_machine);
  EXPECT_TRUE(r.value().state_machine.events.empty());
  EXPECT_EQ(r.value().clips.size(), 1u);
}

// What the isolated importer sends back: the small package's skeleton, skin and mesh with its
// clip as float keys (two of them, the second with scale keys) and the importer's findings.
Package imported_package() {
  Package p = small_package();
  p.clips.clear();
  p.has_state_machine = false;
  p.state_machine = StateMachineDef{};
  ClipBuilder a("wave", 1.0f, 3);
  for (int f = 0; f <= 4; ++f) {
    a.add_rotation(1, f * 0.25f, RotZ(10.0f * f));
    a.add_translation(0, f * 0.25f - 0.5f, glm::vec3(0.1f * f, 0, -0.3f));
  }
  ClipBuilder b("grow", 2.0f, 3);
  b.add_scale(2, 0.0f, glm::vec3(1.0f));
  b.add_scale(2, 2.0f, glm::vec3(1.5f, 2.0f, 0.75f));
  p.key_clips = {a.build(), b.build()};
  p.max_influences = 7;
  p.truncated_vertices = 123456789012ull;
  return p;
}

template <class V>
void expect_same_tracks(const KeyTracks<V>& a, const KeyTracks<V>& b) {
  ASSERT_EQ(a.ranges.size(), b.ranges.size());
  for (std::size_t j = 0; j < a.ranges.size(); ++j) {
    EXPECT_EQ(a.ranges[j].offset, b.ranges[j].offset);
    EXPECT_EQ(a.ranges[j].count, b.ranges[j].count);
  }
  EXPECT_EQ(a.times, b.times);
  EXPECT_EQ(a.values, b.values);
}

TEST(Package, FloatKeyClipsAndImportInfoRoundTripExactly) {
  const Package p = imported_package();
  Result<Package> back = load(bake::write_package(p));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const Package& q = back.value();
  EXPECT_TRUE(q.clips.empty());
  ASSERT_EQ(q.key_clips.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(q.key_clips[i].name, p.key_clips[i].name);
    EXPECT_EQ(q.key_clips[i].duration, p.key_clips[i].duration);
    expect_same_tracks(q.key_clips[i].translations, p.key_clips[i].translations);
    expect_same_tracks(q.key_clips[i].rotations, p.key_clips[i].rotations);
    expect_same_tracks(q.key_clips[i].scales, p.key_clips[i].scales);
  }
  EXPECT_EQ(q.key_clips[0].translations.times.front(), -0.5f);  // Keys before 0 stay.
  EXPECT_EQ(q.key_clips[1].scales.values.back(), glm::vec3(1.5f, 2.0f, 0.75f));
  EXPECT_EQ(q.max_influences, 7);
  EXPECT_EQ(q.truncated_vertices, 123456789012ull);
}

TEST(Package, DamagedFloatKeyClipsAreRefusedOrHarmless) {
  const std::vector<uint8_t> good = bake::write_package(imported_package());
  int refused = 0;
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::vector<uint8_t> bad = good;
    bad[i] ^= 0x5a;
    Result<Package> r = load(bad);
    if (!r.ok()) ++refused;
  }
  EXPECT_GT(refused, static_cast<int>(good.size() * 9 / 10));
  for (std::size_t n = 0; n < good.size(); ++n) {
    const std::vector<uint8_t> cut(good.begin(), good.begin() + n);
    EXPECT_FALSE(load(cut).ok()) << n << " bytes";
  }
}

TEST(Package, FloatKeyClipsAreValidatedPastTheCrc) {
  const std::vector<uint8_t> good = bake::write_package(imported_package());
  // Sections: SKEL, SKIN, MESH, KEYS "wave", KEYS "grow", INFO. In "wave" (name: 4-byte length
  // and "wave", then the duration), the translation ranges' count is the joint count; make it 2.
  auto ranges = EditSection(good, 3, [](uint8_t* s, std::size_t) {
    const uint32_t two = 2;
    std::memcpy(s + 8 + 4, &two, 4);
  });
  Result<Package> r = load(ranges);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().path.find("KEYS"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("joint count"), std::string::npos) << r.error().to_string();
  // Two rotation keys of "wave" swapped in time: times must rise. The rotation times follow
  // the translation tracks (count, 3 ranges, count, 5 times, 15 floats) and their own count and
  // ranges.
  auto times = EditSection(good, 3, [](uint8_t* s, std::size_t) {
    const std::size_t rotation_times = 8 + 4 + (4 + 24 + 4 + 20 + 60) + (4 + 24 + 4);
    std::swap_ranges(s + rotation_times, s + rotation_times + 4, s + rotation_times + 4);
  });
  r = load(times);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("times do not increase"), std::string::npos)
      << r.error().to_string();
  // A negative influence count in INFO.
  auto info = EditSection(good, 5, [](uint8_t* s, std::size_t) {
    const int32_t negative = -3;
    std::memcpy(s, &negative, 4);
  });
  r = load(info);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().path.find("INFO"), std::string::npos) << r.error().to_string();
}

// Section 5 is EVNT: a count, then per event its name ("step": 4 + 4 bytes), clip and time.
TEST(Package, EventsOutsideTheirClipAreRefused) {
  const std::vector<uint8_t> good = bake::write_package(small_package());
  const auto set_at = [&](std::size_t offset, auto value) {
    return EditSection(
        good, 5, [&](uint8_t* s, std::size_t) { std::memcpy(s + offset, &value, sizeof(value)); });
  };
  for (const auto& bytes : {set_at(4 + 8, int32_t{1}), set_at(4 + 8, int32_t{-1}),
                            set_at(4 + 8 + 4, 1.5f), set_at(4 + 8 + 4, -0.25f)}) {
    Result<Package> r = load(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().path.find("EVNT"), std::string::npos) << r.error().to_string();
    EXPECT_NE(r.error().message.find("event \"step\": bad clip or time"), std::string::npos)
        << r.error().to_string();
  }
  EXPECT_TRUE(load(set_at(4 + 8 + 4, 0.75f)).ok());
}

TEST(Package, NotAPackage) {
  const std::vector<uint8_t> text = {'{', '"', 'a', '"', ':', '1', '}'};
  EXPECT_FALSE(load(text).ok());
  std::vector<uint8_t> zeros(4096, 0);
  Result<Package> r = load(zeros);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("magic"), std::string::npos);
}

TEST(Package, Crc32MatchesTheStandardCheckValue) {
  const char* check = "123456789";  // The CRC-32 check value of this string is 0xCBF43926.
  EXPECT_EQ(package::crc32(reinterpret_cast<const uint8_t*>(check), 9), 0xCBF43926u);
}

// Bit by bit, as the polynomial division is defined: the reference the tables must agree with.
uint32_t crc32_bitwise(const uint8_t* data, std::size_t size, uint32_t crc) {
  crc = ~crc;
  for (std::size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
  }
  return ~crc;
}

TEST(Package, Crc32MatchesTheBitwiseDefinitionAtEveryLengthAndOffset) {
  std::vector<uint8_t> bytes(300);
  uint32_t x = 12345;
  for (uint8_t& b : bytes) b = static_cast<uint8_t>((x = x * 1103515245u + 12345u) >> 24);
  for (std::size_t offset = 0; offset < 9; ++offset) {
    for (std::size_t n = 0; offset + n <= bytes.size(); n += 7) {
      ASSERT_EQ(package::crc32(bytes.data() + offset, n),
                crc32_bitwise(bytes.data() + offset, n, 0))
          << offset << "+" << n;
    }
  }
  // Continuing from an earlier CRC is the same as one pass.
  const uint32_t first = package::crc32(bytes.data(), 123);
  EXPECT_EQ(package::crc32(bytes.data() + 123, 177, first), package::crc32(bytes.data(), 300));
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

// Since 1.5: a KEYS clip's sample rate and the INFO section's up axis, as the import child
// sends a model back to the tool.
TEST(Package, KeyClipSampleRatesAndTheUpAxisComeBack) {
  Package p = small_package();
  ClipBuilder take("take", 1.0f, 3);
  take.add_rotation(1, 0.0f, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  take.add_rotation(1, 1.0f, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  p.key_clips.push_back(take.build());
  p.key_clips.back().sample_rate = 120.0f;
  p.key_clips.push_back(take.build());  // Rate unknown: 0.
  p.up_axis = FileUpAxis{2, -1};
  Result<Package> back = load(bake::write_package(p));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back.value().key_clips.size(), 2u);
  EXPECT_EQ(back.value().key_clips[0].sample_rate, 120.0f);
  EXPECT_EQ(back.value().key_clips[1].sample_rate, 0.0f);
  EXPECT_EQ(back.value().up_axis.axis, 2);
  EXPECT_EQ(back.value().up_axis.sign, -1);
}

TEST(Package, AnUnknownUpAxisStaysUnknown) {
  Result<Package> back = load(bake::write_package(small_package()));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_FALSE(back.value().up_axis.known());
}

// Loading `p` must fail in section `kind` with `message` in the error.
void expect_refused(const Package& p, const std::string& kind, const std::string& message) {
  Result<Package> r = load(bake::write_package(p));
  ASSERT_FALSE(r.ok()) << message;
  EXPECT_NE(r.error().path.find(kind), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find(message), std::string::npos) << r.error().to_string();
}

TEST(Package, ABadUpAxisOrSampleRateIsRefused) {
  Package p = small_package();
  p.up_axis = FileUpAxis{5, 1};
  expect_refused(p, "INFO", "a bad up axis");
  p.up_axis = FileUpAxis{1, 0};
  expect_refused(p, "INFO", "a bad up axis");
  Package q = small_package();
  ClipBuilder take("take", 1.0f, 3);
  take.add_rotation(1, 0.0f, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  q.key_clips.push_back(take.build());
  q.key_clips.back().sample_rate = -30.0f;
  expect_refused(q, "KEYS", "bad sample rate");
}

}  // namespace
}  // namespace anim
