// bare_assimp_load FILE: reads FILE with assimp and the post-processing flags animscope's importer
// uses, and nothing else: the yardstick for `animscope info FILE`'s start-up time (README,
// "Performance"). Exit 0 when assimp read it, 2 otherwise.
#include <cstdio>

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bare_assimp_load FILE\n");
    return 2;
  }
  Assimp::Importer importer;
  const aiScene* scene =
      importer.ReadFile(argv[1], aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                     aiProcess_GenSmoothNormals | aiProcess_ValidateDataStructure);
  if (scene == nullptr) {
    std::fprintf(stderr, "bare_assimp_load: %s: %s\n", argv[1], importer.GetErrorString());
    return 2;
  }
  std::printf("%s: %u meshes, %u animations\n", argv[1], scene->mNumMeshes, scene->mNumAnimations);
  return 0;
}
