// IK in packages (1.10): vector3 parameters (VEC3) and the IK entries of the top level and each
// layer (IKEN) read back field by field, every bad value refused with the section and entry
// named, older packages and readers unaffected, and a loaded two-bone entry putting the end
// joint on a vector parameter's target.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/bake/package_writer.h"
#include "anim/local_to_model.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/state_machine.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/packages.h"
#include "support/rigs.h"

namespace anim {
namespace {

using namespace ::anim::testutil;

// pelvis (0) with two legs: hip_l (1) -> knee_l (2) -> ankle_l (3), hip_r (4) -> knee_r (5) ->
// ankle_r (6); spine (7) -> neck (8) -> head (9) above the pelvis.
Skeleton Biped() {
  return Rig({"pelvis", "hip_l", "knee_l", "ankle_l", "hip_r", "knee_r", "ankle_r", "spine", "neck",
              "head"},
             {-1, 0, 1, 2, 0, 4, 5, 0, 7, 8}, glm::vec3(0.0f, -0.5f, 0.0f));
}

ParameterDef Vector(const std::string& name, const glm::vec3& value) {
  ParameterDef p = Parameter(name, ParameterType::kVector3);
  p.default_vector = value;
  return p;
}

IkEntryDef TwoBone() {
  IkEntryDef e;
  e.name = "reach";
  e.type = IkType::kTwoBone;
  e.weight = {0.75f, 1};  // "ik_on".
  e.joints = {1, 2, 3};
  e.target = {{0.1f, -0.9f, 0.2f}, 2};  // "hand_target".
  e.pole = {{0.0f, 0.0f, 1.0f}, 3};     // "knee_pole".
  e.twist = 0.25f;
  e.soften = 0.9f;
  e.bend_axis = {0.0f, 0.0f, -1.0f};
  return e;
}

IkEntryDef Aim() {
  IkEntryDef e;
  e.name = "look";
  e.type = IkType::kAim;
  e.weight = {0.5f, -1};
  e.joints = {7, 8, 9};
  e.shares = {0.25f, 0.25f, 0.5f};
  e.target = {{1.0f, 2.0f, 3.0f}, -1};
  e.pole = {{0.0f, 1.0f, 0.0f}, -1};
  e.twist = -0.5f;
  e.forward = {0.0f, 0.0f, 1.0f};
  e.up = {0.0f, 1.0f, 0.0f};
  e.offset = {0.0f, 0.1f, 0.05f};
  return e;
}

IkEntryDef Feet() {
  IkEntryDef e;
  e.name = "feet";
  e.type = IkType::kFeet;
  e.legs = {{1, 2, 3}, {4, 5, 6}};
  e.pelvis = 0;
  e.soften = 0.8f;
  e.foot_height = 0.07f;
  e.max_pelvis_drop = 0.3f;
  e.lift_height = 0.07f;
  e.ground_up = {0.0f, 0.0f, 1.0f};
  return e;
}

// Parameters speed (float), ik_on (float), hand_target and knee_pole (vector3), go (bool); IK
// entries of all three kinds at the top level and an aim and a two-bone one in the layer.
Package IkPackage() {
  StateMachineDef def;
  def.parameters = {Parameter("speed", ParameterType::kFloat),
                    Parameter("ik_on", ParameterType::kFloat),
                    Vector("hand_target", {0.5f, -1.0f, 0.25f}),
                    Vector("knee_pole", {0.0f, 0.0f, 1.0f}), Parameter("go", ParameterType::kBool)};
  def.states = {ClipState("A", 0)};
  def.ik = {TwoBone(), Aim(), Feet()};
  LayerDef layer;
  layer.name = "upper";
  layer.states = {ClipState("A", 0)};
  IkEntryDef second = TwoBone();
  second.name = "other";
  second.joints = {4, 5, 6};
  second.weight = {1.0f, -1};
  layer.ik = {Aim(), second};
  def.layers = {layer};
  return package_of(def, Biped(), {StillClip("still", 1.0f, 10)});
}

void ExpectSameEntries(const std::vector<IkEntryDef>& read, const std::vector<IkEntryDef>& made) {
  ASSERT_EQ(read.size(), made.size());
  for (std::size_t i = 0; i < made.size(); ++i) {
    SCOPED_TRACE("entry " + std::to_string(i));
    const IkEntryDef &a = read[i], &b = made[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.weight.value, b.weight.value);
    EXPECT_EQ(a.weight.parameter, b.weight.parameter);
    EXPECT_EQ(a.joints, b.joints);
    EXPECT_EQ(a.target.value, b.target.value);
    EXPECT_EQ(a.target.parameter, b.target.parameter);
    EXPECT_EQ(a.pole.value, b.pole.value);
    EXPECT_EQ(a.pole.parameter, b.pole.parameter);
    EXPECT_EQ(a.twist, b.twist);
    EXPECT_EQ(a.soften, b.soften);
    EXPECT_EQ(a.bend_axis, b.bend_axis);
    EXPECT_EQ(a.shares, b.shares);
    EXPECT_EQ(a.forward, b.forward);
    EXPECT_EQ(a.up, b.up);
    EXPECT_EQ(a.offset, b.offset);
    ASSERT_EQ(a.legs.size(), b.legs.size());
    for (std::size_t l = 0; l < b.legs.size(); ++l) {
      EXPECT_EQ(a.legs[l].hip, b.legs[l].hip);
      EXPECT_EQ(a.legs[l].knee, b.legs[l].knee);
      EXPECT_EQ(a.legs[l].ankle, b.legs[l].ankle);
    }
    EXPECT_EQ(a.pelvis, b.pelvis);
    EXPECT_EQ(a.foot_height, b.foot_height);
    EXPECT_EQ(a.max_pelvis_drop, b.max_pelvis_drop);
    EXPECT_EQ(a.lift_height, b.lift_height);
    EXPECT_EQ(a.ground_up, b.ground_up);
    EXPECT_EQ(a.plant_markers, b.plant_markers);
  }
}

// The bytes of the first section of `kind` in `bytes`, given to `change` (which may shorten
// them), written back with the table's size and CRC to match, and zeros where a shortened
// section's bytes were (padding, as the writer leaves it): a damaged file whose CRC still holds,
// so the section's own checks must catch it.
void ChangeSection(std::vector<uint8_t>& bytes, uint32_t kind,
                   const std::function<void(std::vector<uint8_t>&)>& change) {
  const std::vector<package::SectionEntry> sections = Sections(bytes);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    package::SectionEntry e = sections[i];
    if (e.kind != kind) continue;
    std::vector<uint8_t> data(bytes.begin() + static_cast<std::ptrdiff_t>(e.offset),
                              bytes.begin() + static_cast<std::ptrdiff_t>(e.offset + e.size));
    change(data);
    ASSERT_LE(data.size(), e.size);
    std::memcpy(bytes.data() + e.offset, data.data(), data.size());
    std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(e.offset + data.size()),
              bytes.begin() + static_cast<std::ptrdiff_t>(e.offset + e.size), uint8_t{0});
    e.size = data.size();
    e.crc = package::crc32(data.data(), data.size());
    std::memcpy(bytes.data() + sizeof(package::Header) + i * sizeof(e), &e, sizeof(e));
    return;
  }
  ADD_FAILURE() << "no such section";
}

void ExpectBytesRefused(const std::vector<uint8_t>& bytes, const std::string& section,
                        const std::string& message) {
  Result<Package> r = load(bytes);
  ASSERT_FALSE(r.ok()) << message;
  EXPECT_NE(r.error().path.find(section), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find(message), std::string::npos) << r.error().to_string();
}

TEST(PackageIk, RoundTripIsExactFieldByField) {
  const Package made = IkPackage();
  const std::vector<uint8_t> bytes = bake::write_package(made);
  EXPECT_TRUE(HasSection(bytes, package::kVectorParameters));
  EXPECT_TRUE(HasSection(bytes, package::kIk));
  package::Header header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  EXPECT_GE(header.minor, 10);  // IKEN since 1.10.
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  ASSERT_EQ(m.parameters.size(), made.state_machine.parameters.size());
  for (std::size_t i = 0; i < m.parameters.size(); ++i) {
    const ParameterDef &a = m.parameters[i], &b = made.state_machine.parameters[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.type, b.type) << i;
    EXPECT_EQ(a.default_value, b.default_value);
    EXPECT_EQ(a.min, b.min);
    EXPECT_EQ(a.max, b.max);
    EXPECT_EQ(a.default_vector, b.default_vector) << i;
  }
  EXPECT_EQ(m.parameters[2].type, ParameterType::kVector3);
  EXPECT_EQ(m.parameters[2].default_vector, glm::vec3(0.5f, -1.0f, 0.25f));
  ExpectSameEntries(m.ik, made.state_machine.ik);
  ASSERT_EQ(m.layers.size(), 1u);
  ExpectSameEntries(m.layers[0].ik, made.state_machine.layers[0].ik);
  EXPECT_EQ(m.ik_entry_count(), 5u);
}

TEST(PackageIk, NoIkWritesNeitherSection) {
  Package p = IkPackage();
  p.state_machine.ik.clear();
  p.state_machine.layers[0].ik.clear();
  p.state_machine.parameters[2].type = ParameterType::kFloat;
  p.state_machine.parameters[3].type = ParameterType::kFloat;
  const std::vector<uint8_t> bytes = bake::write_package(p);
  EXPECT_FALSE(HasSection(bytes, package::kVectorParameters));
  EXPECT_FALSE(HasSection(bytes, package::kIk));
  EXPECT_FALSE(HasSection(bytes, package::kIkPlantMarkers));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_FALSE(r.value().state_machine.has_ik());
}

TEST(PackageIk, BadJointsAreRefusedWithTheEntryNamed) {
  Package p = IkPackage();
  p.state_machine.ik[0].joints[2] = 10;  // Ten joints: 0 to 9.
  ExpectRefused(p, "(IKEN)", "top level, IK entry 0 \"reach\": a joint 10 out of range");
  p = IkPackage();
  p.state_machine.ik[0].joints = {1, 2, 6};  // ankle_r is not below knee_l.
  ExpectRefused(p, "(IKEN)", "IK entry 0 \"reach\": a joint \"knee_l\" is not an ancestor of");
  p = IkPackage();
  p.state_machine.ik[0].joints = {3, 2, 1};  // Upside down.
  ExpectRefused(p, "(IKEN)", "a joint \"ankle_l\" is not an ancestor of \"knee_l\"");
  p = IkPackage();
  p.state_machine.ik[0].joints = {1, 2};
  ExpectRefused(p, "(IKEN)", "a two-bone entry needs 3 joints");
  p = IkPackage();
  p.state_machine.layers[0].ik[0].joints = {9, 8, 7};  // The aim chain reversed.
  ExpectRefused(p, "(IKEN)",
                "layer 0 \"upper\", IK entry 0 \"look\": a joint \"head\" is not an ancestor");
  p = IkPackage();
  p.state_machine.layers[0].ik[0].joints.assign(kMaxIkChain + 1, 7);
  p.state_machine.layers[0].ik[0].shares.assign(kMaxIkChain + 1, 0.0f);
  ExpectRefused(p, "(IKEN)", "layer 0 \"upper\", IK entry 0: 17 joints (at most 16)");
  p = IkPackage();
  p.state_machine.ik[2].legs[1] = {4, 2, 6};  // knee_l is not below hip_r.
  ExpectRefused(p, "(IKEN)", "IK entry 2 \"feet\": leg 1 joint \"hip_r\" is not an ancestor");
  p = IkPackage();
  p.state_machine.ik[2].pelvis = 7;  // The spine is above no hip.
  ExpectRefused(p, "(IKEN)", "leg 0 joint \"spine\" is not an ancestor of \"hip_l\"");
  p = IkPackage();
  p.state_machine.ik[2].pelvis = -1;
  ExpectRefused(p, "(IKEN)", "IK entry 2 \"feet\": pelvis -1 out of range");
  p = IkPackage();
  p.state_machine.ik[2].legs.assign(kMaxIkLegs + 1, IkLegDef{1, 2, 3});
  ExpectRefused(p, "(IKEN)", "top level, IK entry 2: 5 legs (at most 4)");
  p = IkPackage();
  p.state_machine.ik[2].legs.clear();
  ExpectRefused(p, "(IKEN)", "a feet entry needs 1 to 4 legs");
  p = IkPackage();
  p.state_machine.layers[0].ik.assign(package::kMaxIkEntries + 1, TwoBone());
  ExpectRefused(p, "(IKEN)", "layer 0 \"upper\": 65 IK entries (at most 64)");
}

TEST(PackageIk, BadParametersAreRefused) {
  Package p = IkPackage();
  p.state_machine.ik[0].target.parameter = 0;  // "speed", a float.
  ExpectRefused(p, "(IKEN)", "target parameter \"speed\" is not a vector3 parameter");
  p = IkPackage();
  p.state_machine.ik[0].pole.parameter = 4;  // "go", a bool.
  ExpectRefused(p, "(IKEN)", "pole parameter \"go\" is not a vector3 parameter");
  p = IkPackage();
  p.state_machine.ik[0].weight.parameter = 2;  // "hand_target", a vector3.
  ExpectRefused(p, "(IKEN)", "weight parameter \"hand_target\" is not a float parameter");
  p = IkPackage();
  p.state_machine.layers[0].ik[1].target.parameter = 5;
  ExpectRefused(p, "(IKEN)", "layer 0 \"upper\", IK entry 1 \"other\": target parameter 5 out");
  // A vector3 parameter read as a number anywhere: a 1D blend space, a condition, a layer weight.
  p = IkPackage();
  p.state_machine.blend_spaces = {Space1D("b", 3, {0, 0}, {0.0f, 1.0f})};
  ExpectRefused(p, "(VEC3)", "\"knee_pole\" is read by a 1D blend space or a condition");
  p = IkPackage();
  p.state_machine.states.push_back(ClipState("B", 0));
  p.state_machine.transitions = {Go(0, 1, {{2, ConditionOp::kGreater, 0.0f}})};
  ExpectRefused(p, "(VEC3)", "\"hand_target\" is read by a 1D blend space or a condition");
  p = IkPackage();
  p.state_machine.layers[0].states.push_back(ClipState("B", 0));
  p.state_machine.layers[0].transitions = {Go(0, 1, {{3, ConditionOp::kLess, 0.0f}})};
  ExpectRefused(p, "(LAYR)", "a transition condition is out of range");
  p = IkPackage();
  p.state_machine.layers[0].weight_parameter = 2;
  ExpectRefused(p, "(LAYR)", "bad blend, weight, weight parameter or reference clip");
}

TEST(PackageIk, BadNumbersAreRefused) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Package p = IkPackage();
  p.state_machine.ik[0].soften = nan;
  ExpectRefused(p, "(IKEN)", "top level, IK entry 0 \"reach\": a value is not finite");
  p = IkPackage();
  p.state_machine.ik[0].soften = 1.5f;
  ExpectRefused(p, "(IKEN)", "soften outside [0, 1]");
  p = IkPackage();
  p.state_machine.ik[2].soften = -0.1f;
  ExpectRefused(p, "(IKEN)", "IK entry 2 \"feet\": soften outside [0, 1]");
  p = IkPackage();
  p.state_machine.ik[1].weight.value = 2.0f;
  ExpectRefused(p, "(IKEN)", "weight outside [0, 1]");
  p = IkPackage();
  p.state_machine.ik[1].offset.y = std::numeric_limits<float>::infinity();
  ExpectRefused(p, "(IKEN)", "IK entry 1 \"look\": a vector is not finite");
  p = IkPackage();
  p.state_machine.ik[1].shares = {0.25f, nan, 0.5f};
  ExpectRefused(p, "(IKEN)", "a share is not finite");
  p = IkPackage();
  p.state_machine.ik[1].shares = {0.5f, 0.5f, 0.5f};
  ExpectRefused(p, "(IKEN)", "the shares sum to 1.5");
  p = IkPackage();
  p.state_machine.ik[1].shares = {-0.5f, 1.0f, 0.5f};
  ExpectRefused(p, "(IKEN)", "a negative share");
  p = IkPackage();
  p.state_machine.ik[1].shares = {0.3f, 0.3f, 0.4005f};  // Within 1e-3 of 1: kept.
  EXPECT_TRUE(load(bake::write_package(p)).ok());
  p = IkPackage();
  p.state_machine.ik[1].shares = {0.5f, 0.5f};
  ExpectRefused(p, "(IKEN)", "an aim entry needs 1 to 16 joints, a share each");
  p = IkPackage();
  p.state_machine.ik[2].max_pelvis_drop = -1.0f;
  ExpectRefused(p, "(IKEN)", "a negative max pelvis drop");
  p = IkPackage();
  p.state_machine.parameters[2].default_vector.z = nan;
  ExpectRefused(p, "(VEC3)", "\"hand_target\"'s default is not finite");
  p = IkPackage();
  p.state_machine.ik[1].name.assign(package::kMaxIkNameLength + 1, 'x');
  ExpectRefused(p, "(IKEN)", "top level, IK entry 1: a name of 257 bytes (at most 256)");
}

TEST(PackageIk, DamagedBytesAreRefused) {
  const std::vector<uint8_t> good = bake::write_package(IkPackage());
  // The first entry's type (after the list and entry counts and the name "reach", padded).
  std::vector<uint8_t> bytes = good;
  ChangeSection(bytes, package::kIk, [](std::vector<uint8_t>& s) {
    const uint32_t type = 7;
    std::memcpy(s.data() + 4 + 4 + 4 + 8, &type, sizeof(type));
  });
  ExpectBytesRefused(bytes, "(IKEN)", "top level, IK entry 0: unknown type 7");
  // The top level's entry count past what the bytes hold, then past the cap.
  for (const uint32_t count : {1000u, 65u}) {
    bytes = good;
    ChangeSection(bytes, package::kIk,
                  [count](std::vector<uint8_t>& s) { std::memcpy(s.data() + 4, &count, 4); });
    Result<Package> r = load(bytes);
    ASSERT_FALSE(r.ok()) << count;
    EXPECT_NE(r.error().path.find("(IKEN)"), std::string::npos);
  }
  // A list count that is not 1 + the layer count.
  bytes = good;
  ChangeSection(bytes, package::kIk, [](std::vector<uint8_t>& s) { s[0] = 1; });
  ExpectBytesRefused(bytes, "(IKEN)", "IK entries for 1 lists, the state machine has 2");
  // Every truncation of the section: refused, never read past.
  std::size_t size = 0;
  for (const package::SectionEntry& e : Sections(good))
    size = e.kind == package::kIk ? e.size : size;
  ASSERT_GT(size, 0u);
  for (std::size_t keep = 0; keep < size; keep += 3) {
    bytes = good;
    ChangeSection(bytes, package::kIk, [keep](std::vector<uint8_t>& s) { s.resize(keep); });
    Result<Package> r = load(bytes);
    ASSERT_FALSE(r.ok()) << keep << " of " << size << " bytes kept";
    EXPECT_NE(r.error().path.find("(IKEN)"), std::string::npos) << r.error().to_string();
  }
  // The VEC3 section: an index not rising, and one naming a parameter that is no float.
  bytes = good;
  ChangeSection(bytes, package::kVectorParameters, [](std::vector<uint8_t>& s) {
    const int32_t index = 2;  // The second entry names hand_target again.
    std::memcpy(s.data() + 4 + 16, &index, sizeof(index));
  });
  ExpectBytesRefused(bytes, "(VEC3)", "vector parameter 1: index 2 out of range or not rising");
  bytes = good;
  ChangeSection(bytes, package::kVectorParameters, [](std::vector<uint8_t>& s) {
    const int32_t index = 4;  // "go", a bool.
    std::memcpy(s.data() + 4 + 16, &index, sizeof(index));
  });
  ExpectBytesRefused(bytes, "(VEC3)", "vector parameter 1: \"go\" is not stored as a float");
  ExpectCorruptionRefusedOrHarmless(good);
}

TEST(PackageIk, TruncatedSectionIsRefusedWithTheEntryNamed) {
  std::vector<uint8_t> bytes = bake::write_package(IkPackage());
  ChangeSection(bytes, package::kIk, [](std::vector<uint8_t>& s) { s.resize(s.size() - 8); });
  // The layer's last entry ("other") lacks its ground up's last bytes.
  ExpectBytesRefused(bytes, "(IKEN)", "layer 0 \"upper\", IK entry 1: ends early");
}

TEST(PackageIk, SectionsInTheWrongPlaceAreRefused) {
  // VEC3 must follow the state machine directly: swapping it with the layers puts it late.
  std::vector<uint8_t> bytes = bake::write_package(IkPackage());
  std::vector<package::SectionEntry> table = Sections(bytes);
  std::size_t vec = 0, layers = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].kind == package::kVectorParameters) vec = i;
    if (table[i].kind == package::kLayers) layers = i;
  }
  ASSERT_LT(vec, layers);
  std::swap(table[vec], table[layers]);
  std::memcpy(bytes.data() + sizeof(package::Header), table.data(),
              table.size() * sizeof(table[0]));
  ExpectBytesRefused(bytes, "(VEC3)", "vector parameters not directly after the state machine");
}

TEST(PackageIk, AnOlderReaderSkipsBothSections) {
  // What a 1.9 reader sees: no IK, and the vector parameters as floats nothing reads.
  std::vector<uint8_t> bytes = bake::write_package(IkPackage());
  RenameSections(bytes, package::kIk, package::fourcc('I', 'K', 'E', 'X'));
  RenameSections(bytes, package::kVectorParameters, package::fourcc('V', 'E', 'C', 'X'));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  EXPECT_FALSE(m.has_ik());
  EXPECT_EQ(m.parameters[2].type, ParameterType::kFloat);
  EXPECT_EQ(m.parameters[3].type, ParameterType::kFloat);
}

// IkPackage with the clip's sync markers "L" (0.1 s) and "R" (0.6 s) planting the feet entry's
// right and left legs (plant markers 1 and 0).
Package PlantedPackage() {
  Package p = IkPackage();
  p.state_machine.marker_names = {"L", "R"};
  p.state_machine.markers = {{0, 0, 0.1f}, {0, 1, 0.6f}};
  p.state_machine.ik[2].plant_markers = {1, 0};
  return p;
}

// IKPM's bytes for PlantedPackage: the list count (2), the top level's entry count (3), the
// entries' marker counts (0, 0, 2) with the feet entry's two markers, then the layer's (2; 0, 0).
constexpr std::size_t kFeetMarkerCount = 4 + 4 + 4 + 4;
constexpr std::size_t kFeetMarkers = kFeetMarkerCount + 4;

TEST(PackageIk, PlantMarkersRoundTripInTheirOwnSection) {
  const Package made = PlantedPackage();
  const std::vector<uint8_t> bytes = bake::write_package(made);
  EXPECT_TRUE(HasSection(bytes, package::kIkPlantMarkers));
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ExpectSameEntries(r.value().state_machine.ik, made.state_machine.ik);
  EXPECT_EQ(r.value().state_machine.ik[2].plant_markers, (std::vector<int16_t>{1, 0}));
  EXPECT_TRUE(r.value().state_machine.ik[0].plant_markers.empty());
  ExpectSameEntries(r.value().state_machine.layers[0].ik, made.state_machine.layers[0].ik);
  // Without plant markers there is no section.
  EXPECT_FALSE(HasSection(bake::write_package(IkPackage()), package::kIkPlantMarkers));
  // What a 1.10 reader sees: the feet planted by height alone.
  std::vector<uint8_t> older = bytes;
  RenameSections(older, package::kIkPlantMarkers, package::fourcc('I', 'K', 'P', 'X'));
  Result<Package> skipped = load(older);
  ASSERT_TRUE(skipped.ok()) << skipped.error().to_string();
  EXPECT_TRUE(skipped.value().state_machine.ik[2].plant_markers.empty());
  EXPECT_EQ(skipped.value().state_machine.ik[2].legs.size(), 2u);
}

TEST(PackageIk, DamagedPlantMarkersAreRefusedWithTheSectionNamed) {
  const std::vector<uint8_t> good = bake::write_package(PlantedPackage());
  std::vector<uint8_t> bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) {
    const int16_t marker = 5;
    std::memcpy(s.data() + kFeetMarkers + 2, &marker, sizeof(marker));
  });
  ExpectBytesRefused(bytes, "(IKPM)",
                     "IK entry \"feet\": plant marker 5 is not one of the 2 marker names");
  bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) {
    const int16_t marker = -2;
    std::memcpy(s.data() + kFeetMarkers, &marker, sizeof(marker));
  });
  ExpectBytesRefused(bytes, "(IKPM)", "plant marker -2 is not one of the 2 marker names");
  bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) {
    const uint32_t count = 1;  // One marker for two legs.
    std::memcpy(s.data() + kFeetMarkerCount, &count, sizeof(count));
  });
  ExpectBytesRefused(bytes, "(IKPM)", "IK entry \"feet\": 1 plant markers for 2 legs");
  bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) {
    const uint32_t count = 2;  // Markers for the two-bone entry.
    std::memcpy(s.data() + 8, &count, sizeof(count));
  });
  ExpectBytesRefused(bytes, "(IKPM)", "IK entry \"reach\": 2 plant markers for 0 legs");
  bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) { s[4] = 2; });
  ExpectBytesRefused(bytes, "(IKPM)", "plant markers for 2 IK entries of list 0, which has 3");
  bytes = good;
  ChangeSection(bytes, package::kIkPlantMarkers, [](std::vector<uint8_t>& s) { s[0] = 7; });
  ExpectBytesRefused(bytes, "(IKPM)", "plant markers for 7 IK lists, the state machine has 2");
  // Every truncation: refused, never read past.
  std::size_t size = 0;
  for (const package::SectionEntry& e : Sections(good))
    size = e.kind == package::kIkPlantMarkers ? e.size : size;
  ASSERT_GT(size, 0u);
  for (std::size_t keep = 0; keep < size; ++keep) {
    bytes = good;
    ChangeSection(bytes, package::kIkPlantMarkers,
                  [keep](std::vector<uint8_t>& s) { s.resize(keep); });
    Result<Package> r = load(bytes);
    ASSERT_FALSE(r.ok()) << keep << " of " << size << " bytes kept";
    EXPECT_NE(r.error().path.find("(IKPM)"), std::string::npos) << r.error().to_string();
  }
  // Before the IK entries it names.
  bytes = good;
  std::vector<package::SectionEntry> table = Sections(bytes);
  std::size_t ik = 0, plant = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].kind == package::kIk) ik = i;
    if (table[i].kind == package::kIkPlantMarkers) plant = i;
  }
  ASSERT_LT(ik, plant);
  std::swap(table[ik], table[plant]);
  std::memcpy(bytes.data() + sizeof(package::Header), table.data(),
              table.size() * sizeof(table[0]));
  ExpectBytesRefused(bytes, "(IKPM)", "plant markers before the IK entries or the sync markers");
  ExpectCorruptionRefusedOrHarmless(good);
}

TEST(PackageIk, A19PackageStillLoads) {
  // small_synced.animpack as make_fuzz_seeds wrote it at 1.9 (the fuzz seed before 1.10): the
  // small machine (five parameters, four states) with its sync markers and group.
  const std::vector<uint8_t> bytes = OlderPackage("small_synced_1_9.animpack");
  ASSERT_GE(bytes.size(), sizeof(package::Header));
  EXPECT_EQ(HeaderOf(bytes).minor, 9);
  Result<Package> r = load(bytes);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const StateMachineDef& m = r.value().state_machine;
  EXPECT_FALSE(m.has_ik());
  ASSERT_EQ(m.parameters.size(), 5u);
  for (const ParameterDef& p : m.parameters) EXPECT_NE(p.type, ParameterType::kVector3);
  EXPECT_EQ(m.parameters[0].name, "speed");
  EXPECT_EQ(m.parameters[3].type, ParameterType::kTrigger);
  EXPECT_EQ(m.states.size(), 4u);
  EXPECT_EQ(m.sync_groups, std::vector<std::string>{"feet"});
  EXPECT_EQ(m.states[0].sync_role, SyncRole::kLeader);
  EXPECT_EQ(m.markers.size(), 4u);
}

// root -> upper -> lower -> end, along y, one unit each; the clip bends lower by 30 degrees
// about x so the knee's bend shows in the pose.
Package ReachPackage() {
  Skeleton s = ChainRig({"root", "upper", "lower", "end"});
  ClipBuilder bent("bent", 1.0f, 4);
  for (float t : {0.0f, 1.0f}) {
    for (int j = 1; j < 4; ++j) bent.add_translation(j, t, glm::vec3(0.0f, 1.0f, 0.0f));
    bent.add_rotation(2, t, glm::angleAxis(0.5236f, glm::vec3(1, 0, 0)));
  }
  StateMachineDef def;
  def.parameters = {Vector("target", {0.0f, 3.0f, 0.0f})};
  def.states = {ClipState("Bent", 0)};
  IkEntryDef e;
  e.name = "reach";
  e.type = IkType::kTwoBone;
  e.joints = {1, 2, 3};
  e.target = {{0.0f, 0.0f, 0.0f}, 0};
  e.pole = {{0.0f, 0.0f, 1.0f}, -1};
  e.soften = 1.0f;
  def.ik = {e};
  return package_of(def, s, {bent.build()});
}

std::vector<glm::mat4> ModelPose(const Skeleton& s, const std::vector<Transform>& local) {
  std::vector<glm::mat4> model(local.size());
  LocalToModelJob job;
  job.parents = s.parents;
  job.local = local;
  job.output = model;
  EXPECT_TRUE(job.run());
  return model;
}

TEST(PackageIk, ALoadedTwoBoneEntryPutsTheEndOnTheTarget) {
  Result<Package> loaded = load(bake::write_package(ReachPackage()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  const Package& p = loaded.value();
  StateMachineInstance sm(p.state_machine, p.skeleton, ClipSet(p.clips));
  std::vector<Transform> pose(4);
  // Targets within reach (upper at (0, 1, 0), two units of leg below it): the end lands on each.
  for (const glm::vec3& target :
       {glm::vec3(0.8f, 0.2f, 0.5f), glm::vec3(-0.5f, 1.2f, 1.1f), glm::vec3(0.0f, 2.2f, 0.3f)}) {
    ASSERT_TRUE(sm.set_vector("target", target));
    sm.update(1.0f / 30.0f);
    ASSERT_TRUE(sm.evaluate(pose));
    const std::vector<glm::mat4> model = ModelPose(p.skeleton, pose);
    const glm::vec3 end(model[3][3]);
    EXPECT_NEAR(end.x, target.x, 1e-3f);
    EXPECT_NEAR(end.y, target.y, 1e-3f);
    EXPECT_NEAR(end.z, target.z, 1e-3f);
    // The bones keep their lengths.
    EXPECT_NEAR(glm::length(glm::vec3(model[2][3] - model[1][3])), 1.0f, 1e-4f);
    EXPECT_NEAR(glm::length(glm::vec3(model[3][3] - model[2][3])), 1.0f, 1e-4f);
    ASSERT_EQ(sm.ik_results().size(), 1u);
    EXPECT_TRUE(sm.ik_results()[0].reached);
  }
  // Without the entry the end stays where the clip puts it: 1 + cos 30 above upper.
  Package plain = ReachPackage();
  plain.state_machine.ik.clear();
  Result<Package> without = load(bake::write_package(plain));
  ASSERT_TRUE(without.ok());
  StateMachineInstance still(without.value().state_machine, p.skeleton, ClipSet(p.clips));
  still.update(1.0f / 30.0f);
  ASSERT_TRUE(still.evaluate(pose));
  const glm::vec3 end(ModelPose(p.skeleton, pose)[3][3]);
  EXPECT_NEAR(end.y, 2.0f + std::cos(0.5236f), 1e-3f);
  EXPECT_NEAR(end.z, std::sin(0.5236f), 1e-3f);
}

}  // namespace
}  // namespace anim
