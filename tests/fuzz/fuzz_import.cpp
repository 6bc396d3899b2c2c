// libFuzzer harness: a model read by assimp in this process and converted by our code
// (anim_import's scene conversion), the way the import child does it. The first byte picks
// what the rest is:
// - below 128: a file, in the format kFormats[byte % kFormatCount] (the extension assimp is
//   told), read by import_model_from_memory;
// - 128 and above: choices for FuzzSceneImporter (fuzz_scene.h), which builds a scene from them;
//   assimp validates and post-processes it as it does a file's, then model_from_scene converts it.
//   This reaches our conversion with shapes no parser of assimp's produces, and runs none of
//   assimp's parsers.
// A model that converts goes on the way the child sends it (a package of key clips, which must
// load again) and the way `pack` bakes it (every clip compressed); its clips are sampled.
//
// assimp's own crashes and hangs are assimp's (they are why the tool imports in a child
// process). The formats whose readers were seen to crash or hang on fuzzed bytes are read only
// by the standalone driver (the committed seeds, which they survive) and by a libFuzzer build run
// with ANIMSCOPE_FUZZ_IMPORT_ALL=1; otherwise those inputs are skipped. See tests/fuzz/README.md.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <assimp/Importer.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/import/import_model.h"
#include "anim/package.h"
#include "fuzz_mode.h"
#include "fuzz_run.h"
#include "fuzz_sample.h"
#include "fuzz_scene.h"

namespace {

// Formats with skeletons or animations first (what our conversion does most with), then common
// static ones. Indices are what seeds start with: append, never reorder.
const char* const kFormats[] = {"gltf", "glb", "fbx", "dae", "bvh", "x",   "smd",     "md5mesh",
                                "ms3d", "b3d", "obj", "ply", "stl", "3ds", "ase",     "ac",
                                "off",  "md2", "md3", "mdl", "lwo", "irr", "irrmesh", "csm"};
constexpr std::size_t kFormatCount = sizeof(kFormats) / sizeof(kFormats[0]);
// assimp 5.2.5 readers seen to crash or hang on fuzzed bytes (tests/fuzz/README.md).
const char* const kFragile[] = {"gltf", "glb", "smd", "ply", "off"};

bool read_fragile_formats() {
  // The standalone driver runs fixed inputs, known to pass.
  if (!anim::fuzz::under_libfuzzer()) return true;
  static const bool all = std::getenv("ANIMSCOPE_FUZZ_IMPORT_ALL") != nullptr;
  return all;
}

bool fragile(const char* format) {
  for (const char* f : kFragile) {
    if (std::strcmp(f, format) == 0) return true;
  }
  return false;
}

anim::Result<anim::Model> read_scene(const uint8_t* data, std::size_t size) {
  Assimp::Importer importer;
  importer.RegisterLoader(new anim::fuzz::FuzzSceneImporter);  // The importer owns it.
  const aiScene* scene = importer.ReadFileFromMemory(data, size, anim::import::import_read_flags(),
                                                     anim::fuzz::FuzzSceneImporter::kExtension);
  if (scene == nullptr) return anim::Error{anim::Error::Code::kParse, importer.GetErrorString(), "fuzz"};
  return anim::import::model_from_scene(*scene, "fuzz");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace anim;
  if (size < 2) return 0;
  Result<Model> imported = Error{};
  if (data[0] >= 128) {
    imported = read_scene(data + 1, size - 1);
  } else {
    const char* format = kFormats[data[0] % kFormatCount];
    if (fragile(format) && !read_fragile_formats()) return 0;
    imported = import::import_model_from_memory(Span<const uint8_t>(data + 1, size - 1), format, "fuzz");
  }
  if (!imported.ok()) {
    fuzz::trace(imported.error().to_string().c_str());
    return 0;
  }
  fuzz::trace("imported");
  const Model& model = imported.value();
  if (!model.skeleton.validate().ok()) fuzz::fail("an imported skeleton does not validate");
  for (const Clip& clip : model.clips) {
    if (!clip.validate(model.skeleton.joint_count()).ok()) fuzz::fail("an imported clip does not validate");
  }
  model.skinned_joint_count();
  model.influenced_vertex_counts();
  fuzz::sample_all(model.clips, model.skeleton);

  // The import child's answer: the model as a package of key clips, which the parent loads.
  Package sent;
  sent.skeleton = model.skeleton;
  sent.skin = model.skin;
  sent.mesh = model.mesh;
  sent.key_clips = model.clips;
  sent.max_influences = model.max_influences;
  sent.truncated_vertices = model.truncated_vertices;
  const std::vector<uint8_t> bytes = bake::write_package(sent);
  Result<Package> received = load_package(Span<const uint8_t>(bytes.data(), bytes.size()));
  if (!received.ok()) {
    std::fprintf(stderr, "fuzz: %s\n", received.error().to_string().c_str());
    fuzz::fail("an imported model, packed as the import child sends it, does not load");
  }

  // `pack`: every clip compressed, then sampled as a game samples it.
  std::vector<CompressedClip> compressed;
  for (const Clip& clip : model.clips) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, model.skeleton);
    if (c.ok()) compressed.push_back(std::move(c.value().clip));
  }
  fuzz::sample_all(compressed, model.skeleton);
  return 0;
}
