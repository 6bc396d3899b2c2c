// Each clip's key rate and each file's up axis, as import_model reads them: assimp's BVH takes
// against the frame time their MOTION header states, a glTF clip written here with known key
// times, FBX's UpAxis as the file's text states it, and a Z-up Collada file written here.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sample_rate.h"
#include "anim/import/import_model.h"
#include "import_test_support.h"

namespace anim::import {
namespace {

using test_support::model_path;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The "Frame Time:" of a BVH file's MOTION header, in seconds; 0 if absent.
double bvh_frame_time(const std::string& path) {
  const std::string text = read_text(path);
  const std::size_t at = text.find("Frame Time:");
  if (at == std::string::npos) return 0.0;
  return std::strtod(text.c_str() + at + std::strlen("Frame Time:"), nullptr);
}

TEST(SampleRateTest, BvhTakesHaveTheRateTheirHeaderStates) {
  for (const char* name : {"BVH/01_01.bvh", "BVH/01_03.bvh", "BVH/Boxing_Toes.bvh"}) {
    const std::string path = model_path(name);
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
    const double frame_time = bvh_frame_time(path);
    ASSERT_GT(frame_time, 0.0) << name;
    Result<Model> model = import_model(path);
    ASSERT_TRUE(model.ok()) << model.error().to_string();
    ASSERT_EQ(model.value().clips.size(), 1u) << name;
    const double expected = 1.0 / frame_time;  // .0083333 s: 120 Hz; 0.01 s: 100 Hz.
    EXPECT_NEAR(model.value().clips[0].sample_rate, expected, expected * 1e-3) << name;
  }
}

TEST(SampleRateTest, AnFbxClipKeyedEveryFewFramesHasTheScenesFrameRate) {
  // Two keys 20 frames apart; assimp's ticks are the scene's frames.
  const std::string path = model_path("FBX/animation_with_skeleton.fbx");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
  const test_support::LoadedScene scene = test_support::read_scene(path);
  ASSERT_NE(scene.scene, nullptr) << scene.error;
  ASSERT_EQ(scene.scene->mNumAnimations, 1u);
  const double tps = scene.scene->mAnimations[0]->mTicksPerSecond;
  ASSERT_EQ(tps, 24.0);
  Result<Model> model = import_model(path);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  ASSERT_EQ(model.value().clips.size(), 1u);
  EXPECT_FLOAT_EQ(model.value().clips[0].sample_rate, 24.0f);  // Not 1.2 Hz, its key spacing.
}

std::string base64(const std::vector<uint8_t>& bytes) {
  static const char* kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t n = uint32_t{bytes[i]} << 16 |
                       (i + 1 < bytes.size() ? uint32_t{bytes[i + 1]} << 8 : 0u) |
                       (i + 2 < bytes.size() ? uint32_t{bytes[i + 2]} : 0u);
    out += kDigits[n >> 18 & 63];
    out += kDigits[n >> 12 & 63];
    out += i + 1 < bytes.size() ? kDigits[n >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[n & 63] : '=';
  }
  return out;
}

// A glTF 2.0 file with one node moved by one animation whose translation keys lie at `times`.
std::string gltf_with_key_times(const std::vector<float>& times) {
  std::vector<float> floats(times);
  for (std::size_t i = 0; i < times.size(); ++i) {
    for (float v : {static_cast<float>(i), 0.0f, 0.0f}) floats.push_back(v);
  }
  std::vector<uint8_t> bytes(floats.size() * sizeof(float));
  std::memcpy(bytes.data(), floats.data(), bytes.size());
  const std::size_t n = times.size();
  std::ostringstream json;
  json << R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],)"
       << R"("nodes":[{"name":"mover"}],)"
       << R"("buffers":[{"byteLength":)" << bytes.size()
       << R"(,"uri":"data:application/octet-stream;base64,)" << base64(bytes) << R"("}],)"
       << R"("bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":)" << n * 4
       << R"(},{"buffer":0,"byteOffset":)" << n * 4 << R"(,"byteLength":)" << n * 12 << "}],"
       << R"("accessors":[{"bufferView":0,"componentType":5126,"count":)" << n
       << R"(,"type":"SCALAR","min":[)" << times.front() << "],\"max\":[" << times.back() << "]},"
       << R"({"bufferView":1,"componentType":5126,"count":)" << n << R"(,"type":"VEC3"}],)"
       << R"("animations":[{"name":"move","samplers":[{"input":0,"output":1}],)"
       << R"("channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}]})";
  return json.str();
}

Result<Model> import_text(const std::string& text, const char* format, const char* name) {
  return import_model_from_memory(
      Span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()), format,
      name);
}

TEST(SampleRateTest, AGltfClipHasTheRateOfItsKeyTimes) {
  std::vector<float> times;
  for (int i = 0; i < 13; ++i) times.push_back(static_cast<float>(i) / 24.0f);  // 24 fps.
  Result<Model> model = import_text(gltf_with_key_times(times), "gltf", "move.gltf");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  ASSERT_EQ(model.value().clips.size(), 1u);
  EXPECT_FLOAT_EQ(model.value().clips[0].sample_rate, 24.0f);
  EXPECT_NEAR(model.value().clips[0].duration, 0.5f, 1e-4f);
}

TEST(SampleRateTest, AGltfClipWithIrregularKeysHasNoRateAndFramesCountAtThirty) {
  Result<Model> model =
      import_text(gltf_with_key_times({0.0f, 0.1f, 0.4f, 0.6f, 1.1f}), "gltf", "odd.gltf");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  ASSERT_EQ(model.value().clips.size(), 1u);
  EXPECT_EQ(model.value().clips[0].sample_rate, 0.0f);
  EXPECT_EQ(frame_rate_of(model.value().clips[0]), 30.0f);
}

// The value of `P: "NAME", "int", "Integer", "",VALUE` in an ASCII FBX file's text.
int fbx_int_property(const std::string& text, const std::string& name) {
  const std::string key = "P: \"" + name + "\", \"int\", \"Integer\", \"\",";
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return -100;
  return std::atoi(text.c_str() + at + key.size());
}

TEST(UpAxisTest, AnFbxFileHasTheUpAxisItsGlobalSettingsState) {
  const std::string path = model_path("FBX/embedded_ascii/box.FBX");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
  const std::string text = read_text(path);
  const int axis = fbx_int_property(text, "UpAxis");
  const int sign = fbx_int_property(text, "UpAxisSign");
  ASSERT_EQ(axis, 2) << "the file's GlobalSettings: Z up";
  ASSERT_EQ(sign, 1);
  Result<Model> model = import_model(path);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_EQ(model.value().up_axis.axis, axis);
  EXPECT_EQ(model.value().up_axis.sign, sign);
}

// A Collada file with `<up_axis>` and one triangle whose corners stand `height` along Z.
std::string collada_triangle(const char* up_axis, float height) {
  std::ostringstream dae;
  dae << R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>)"
      << up_axis << R"(</up_axis></asset>
  <library_geometries><geometry id="tri" name="tri"><mesh>
    <source id="tri-pos"><float_array id="tri-pos-array" count="9">0 0 0 1 0 0 0 0 )"
      << height << R"(</float_array>
      <technique_common><accessor source="#tri-pos-array" count="3" stride="3">
        <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
      </accessor></technique_common></source>
    <vertices id="tri-vtx"><input semantic="POSITION" source="#tri-pos"/></vertices>
    <triangles count="1"><input semantic="VERTEX" source="#tri-vtx" offset="0"/><p>0 1 2</p></triangles>
  </mesh></geometry></library_geometries>
  <library_visual_scenes><visual_scene id="scene">
    <node id="n" name="n"><instance_geometry url="#tri"/></node>
  </visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
  return dae.str();
}

TEST(UpAxisTest, AZUpColladaFileIsTurnedYUpAndSaysSo) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "up_axis_dae";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "z_up.dae").string();
  std::ofstream(path) << collada_triangle("Z_UP", 5.0f);
  Result<Model> model = import_model(path);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  // The corner 5 along the file's Z (its up) lies 5 along +Y: the model stands as it should
  // with the +Y up the importer reports.
  EXPECT_EQ(model.value().up_axis.axis, 1);
  EXPECT_EQ(model.value().up_axis.sign, 1);
  float highest = -1e9f;
  for (const Vertex& v : model.value().mesh.vertices) highest = std::max(highest, v.position.y);
  EXPECT_NEAR(highest, 5.0f, 1e-5f);
  // The same triangle in a Y-up file keeps its corner along Z.
  const std::string y_path = (dir / "y_up.dae").string();
  std::ofstream(y_path) << collada_triangle("Y_UP", 5.0f);
  Result<Model> y_up = import_model(y_path);
  ASSERT_TRUE(y_up.ok()) << y_up.error().to_string();
  EXPECT_EQ(y_up.value().up_axis.axis, 1);
  float deepest = -1e9f;
  for (const Vertex& v : y_up.value().mesh.vertices) deepest = std::max(deepest, v.position.z);
  EXPECT_NEAR(deepest, 5.0f, 1e-5f);
}

TEST(UpAxisTest, AFileThatNamesNoAxisHasNone) {
  Result<Model> model = import_text(gltf_with_key_times({0.0f, 0.5f}), "gltf", "plain.gltf");
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  EXPECT_FALSE(model.value().up_axis.known());
}

}  // namespace
}  // namespace anim::import
