// Layers in setup files (format version 3): reading and writing them byte for byte, the
// migration of version-2 files, validation at each layer's pointers, and compiling into
// LayerDefs (and back, through setup_from_machine).
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "support/matchers.h"

namespace anim::setup {
namespace {

using namespace ::anim::testutil;

// A canonical version-3 file with an override layer and an additive one.
constexpr const char* kLayered = R"({
  "format": "animscope.setup",
  "version": 3,
  "model": "wuson.x",
  "parameters": [
    {
      "name": "aim",
      "type": "float",
      "default": 0,
      "min": 0,
      "max": 1
    },
    {
      "name": "waving",
      "type": "bool",
      "default": 0
    }
  ],
  "blend_spaces": [],
  "states": [
    {
      "name": "Walk",
      "motion": "walk",
      "speed": 1,
      "loop": true
    }
  ],
  "default_state": "Walk",
  "transitions": [],
  "layers": [
    {
      "name": "UpperBody",
      "blend": "override",
      "weight": 0.5,
      "weight_parameter": "aim",
      "mask": {
        "include": [
          "spine"
        ],
        "exclude": [
          "head"
        ],
        "note": "arms only"
      },
      "states": [
        {
          "name": "Still",
          "motion": "walk",
          "speed": 1,
          "loop": true
        },
        {
          "name": "Wave",
          "motion": "wave",
          "speed": 1,
          "loop": true
        }
      ],
      "default_state": "Still",
      "transitions": [
        {
          "from": "Still",
          "to": "Wave",
          "conditions": [
            {
              "parameter": "waving",
              "op": "true"
            }
          ],
          "exit_time": null,
          "duration": 0.2,
          "offset": 0,
          "interruption": "none"
        }
      ]
    },
    {
      "name": "Lean",
      "blend": "additive",
      "weight": 1,
      "mask": {
        "include": [],
        "exclude": []
      },
      "reference": "walk",
      "states": [
        {
          "name": "Lean",
          "motion": "lean",
          "speed": 1,
          "loop": true
        }
      ],
      "default_state": "Lean",
      "transitions": [],
      "color": "blue"
    }
  ],
  "editor": {}
}
)";

const std::vector<std::string> kClips = {"walk", "wave", "lean"};

setup::Setup Parse(const std::string& text) {
  const Result<setup::Setup> setup = parse_setup(text, "layers.json");
  EXPECT_TRUE(setup.ok()) << setup.error().to_string();
  return setup.ok() ? setup.value() : setup::Setup{};
}

std::vector<std::string> Found(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> found;
  for (const Diagnostic& d : diagnostics) {
    found.push_back(std::string(d.severity == Diagnostic::Severity::kError ? "E " : "W ") +
                    d.pointer + ": " + d.message);
  }
  return found;
}

TEST(SetupLayersTest, LayersReadAsWrittenAndWriteBackByteForByte) {
  const setup::Setup setup = Parse(kLayered);
  ASSERT_EQ(setup.layers.size(), 2u);
  const SetupLayer& upper = setup.layers[0];
  EXPECT_EQ(upper.name, "UpperBody");
  EXPECT_EQ(upper.blend, LayerBlend::kOverride);
  EXPECT_EQ(upper.weight, 0.5f);
  EXPECT_EQ(upper.weight_parameter, std::optional<std::string>("aim"));
  EXPECT_THAT(upper.mask_include, ElementsAre("spine"));
  EXPECT_THAT(upper.mask_exclude, ElementsAre("head"));
  EXPECT_EQ(upper.mask_extra, Json::parse(R"({"note": "arms only"})"));
  EXPECT_FALSE(upper.reference.has_value());
  ASSERT_EQ(upper.states.size(), 2u);
  EXPECT_EQ(upper.default_state, "Still");
  ASSERT_EQ(upper.transitions.size(), 1u);
  EXPECT_EQ(upper.transitions[0].to, "Wave");
  const SetupLayer& lean = setup.layers[1];
  EXPECT_EQ(lean.blend, LayerBlend::kAdditive);
  EXPECT_EQ(lean.reference, std::optional<std::string>("walk"));
  EXPECT_EQ(lean.extra, Json::parse(R"({"color": "blue"})"));
  EXPECT_EQ(to_json_text(setup), kLayered);
  EXPECT_THAT(Found(validate_setup(setup, kClips)), IsEmpty());
}

TEST(SetupLayersTest, AVersionTwoFileLoadsUnchangedAndSavesAsVersionThree) {
  std::string text = kLayered;
  const std::size_t layers = text.find("  \"layers\"");
  text.erase(layers, text.find("  \"editor\"") - layers);
  std::string version_two = text;
  version_two.replace(version_two.find("\"version\": 3"), 12, "\"version\": 2");
  const setup::Setup setup = Parse(version_two);
  EXPECT_THAT(setup.layers, IsEmpty());
  EXPECT_EQ(to_json_text(setup), text) << "only the version changed";
  EXPECT_THAT(to_json_text(setup), Not(HasSubstr("layers")));
}

TEST(SetupLayersTest, MalformedLayersAreReportedAtTheirPointers) {
  Json doc = Json::parse(kLayered);
  doc["layers"][0]["blend"] = "multiply";
  doc["layers"][0]["mask"]["include"][0] = 7;
  doc["layers"][1]["mask"] = 3;
  const std::string text = doc.dump(2);
  std::vector<Diagnostic> problems;
  ASSERT_FALSE(parse_setup(text, "bad.json", &problems).ok());
  EXPECT_THAT(Found(problems),
              ElementsAre("E /layers/0/blend: unknown blend \"multiply\" (expected override or "
                          "additive)",
                          "E /layers/0/mask/include: entry 0 is not a name (a non-empty string)",
                          "E /layers/1/mask: expected an object: {\"include\": [...], "
                          "\"exclude\": [...]}"));
}

TEST(SetupLayersTest, ValidationChecksEachLayerAndItsMachineAtTheLayersPointers) {
  setup::Setup setup = Parse(kLayered);
  SetupLayer& upper = setup.layers[0];
  upper.weight = 1.5f;
  upper.weight_parameter = "waving";  // A bool.
  upper.mask_include = {"spine", "spien"};
  upper.transitions[0].to = "Wav";
  upper.states.push_back(upper.states[0]);  // A second "Still".
  upper.reference = "walk";                 // On an override layer.
  SetupLayer& lean = setup.layers[1];
  lean.name = "UpperBody";
  lean.reference = "wlak";
  lean.default_state = "Leen";
  const std::vector<std::string> joints = {"root", "spine", "head", "arm"};
  EXPECT_THAT(
      Found(validate_setup(setup, kClips, {}, joints)),
      ElementsAre(
          "E /layers/0/weight: weight 1.5 is outside [0, 1]",
          "E /layers/0/weight_parameter: parameter \"waving\" has type bool; a layer's weight "
          "needs a float parameter",
          "E /layers/0/reference: only an additive layer has a reference pose",
          "E /layers/0/mask/include/1: unknown joint \"spien\" (did you mean \"spine\"?)",
          "E /layers/0/states/2/name: duplicate state name \"Still\" (first at /states/0)",
          "E /layers/0/transitions/0/to: unknown state \"Wav\" (did you mean \"Wave\"?)",
          "W /layers/0/states/1: state \"Wave\" is not reachable from the default state \"Still\"",
          "E /layers/1/name: duplicate layer name \"UpperBody\" (first at /layers/0)",
          "E /layers/1/reference: unknown clip \"wlak\" (did you mean \"walk\"?)",
          "E /layers/1/default_state: unknown state \"Leen\" (did you mean \"Lean\"?)",
          // The upper layer no longer reads aim (its weight is "waving" now).
          "W /parameters/0: parameter \"aim\" is read by no condition, blend space or layer "
          "weight: setting it changes nothing"));
  // Without the model's joints, mask names go unchecked.
  for (const std::string& found : Found(validate_setup(setup, kClips))) {
    EXPECT_THAT(found, Not(HasSubstr("unknown joint")));
  }
}

std::vector<Clip> Clips() {
  std::vector<Clip> clips;
  for (const std::string& name : kClips) {
    ClipBuilder b(name, 1.0f, 1);
    b.add_translation(0, 0.0f, {0, 0, 0});
    clips.push_back(b.build());
  }
  return clips;
}

TEST(SetupLayersTest, CompilingResolvesEachLayersNamesIntoItsOwnIndices) {
  const std::vector<Clip> clips = Clips();
  const Result<StateMachineDef> compiled = compile_setup(Parse(kLayered), clips);
  ASSERT_TRUE(compiled.ok()) << compiled.error().to_string();
  const StateMachineDef& def = compiled.value();
  ASSERT_EQ(def.layers.size(), 2u);
  const LayerDef& upper = def.layers[0];
  EXPECT_EQ(upper.name, "UpperBody");
  EXPECT_EQ(upper.weight, 0.5f);
  EXPECT_EQ(upper.weight_parameter, 0) << "aim";
  EXPECT_EQ(upper.reference_clip, -1);
  EXPECT_THAT(upper.mask.include, ElementsAre("spine"));
  ASSERT_EQ(upper.states.size(), 2u);
  EXPECT_EQ(upper.states[1].motion.index, 1) << "wave";
  EXPECT_EQ(upper.default_state, 0);
  ASSERT_EQ(upper.transitions.size(), 1u);
  EXPECT_EQ(upper.transitions[0].from, 0);
  EXPECT_EQ(upper.transitions[0].to, 1) << "an index into the layer's states";
  EXPECT_EQ(upper.transitions[0].conditions[0].parameter, 1) << "waving";
  const LayerDef& lean = def.layers[1];
  EXPECT_EQ(lean.blend, LayerBlend::kAdditive);
  EXPECT_EQ(lean.reference_clip, 0) << "walk";
  EXPECT_EQ(lean.weight_parameter, -1);
  EXPECT_EQ(def.find_layer("Lean"), 1);
  EXPECT_EQ(def.find_layer("Base"), -1);

  // And back: the machine's setup writes the same layers (the file's extra fields aside).
  setup::Setup back = setup_from_machine(def, kClips, "wuson.x");
  setup::Setup original = Parse(kLayered);
  original.layers[0].mask_extra = Json::object();
  original.layers[1].extra = Json::object();
  EXPECT_EQ(to_json_text(back), to_json_text(original));
}

}  // namespace
}  // namespace anim::setup
