#pragma once
// A scene for fuzz_import made from the fuzzer's bytes instead of read from a file: an assimp
// importer of its own ("fuzzscene" files) that builds nodes, meshes with bones and animations
// with keys as a FuzzInput chooses, so that assimp's post-processing (its scene validation
// first) and then our conversion see shapes no file parser of assimp's would reach or survive:
// duplicate and empty names, bones naming no node, channels on the mesh's own node, keys out of
// order or past the duration, zero or non-finite scales and times, ...
#include <assimp/BaseImporter.h>

namespace anim::fuzz {

class FuzzSceneImporter : public Assimp::BaseImporter {
 public:
  static constexpr const char* kExtension = "fuzzscene";

  bool CanRead(const std::string& file, Assimp::IOSystem* io, bool check_signature) const override;
  const aiImporterDesc* GetInfo() const override;

 protected:
  void InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) override;
};

}  // namespace anim::fuzz
