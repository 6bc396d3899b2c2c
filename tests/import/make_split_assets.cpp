// make_split_assets SOURCE OUTDIR [--prefix P] [--anim-name N]
// Writes the split files the split_assets tests make (a mesh file and one glTF file per
// animation) into OUTDIR, so that a developer can open them in the tool by hand, and prints
// their paths, the mesh file first.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "split_assets.h"

namespace {

int usage(const char* program) {
  std::fprintf(stderr, "usage: %s SOURCE OUTDIR [--prefix P] [--anim-name N]\n", program);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using anim::import::test_support::split_model;
  using anim::import::test_support::SplitFiles;
  using anim::import::test_support::SplitOptions;

  std::vector<std::string> positional;
  SplitOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool takes_value = arg == "--prefix" || arg == "--anim-name";
    if (takes_value) {
      if (i + 1 >= argc) return usage(argv[0]);
      (arg == "--prefix" ? options.name_prefix : options.clip_file_animation_name) = argv[++i];
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usage(argv[0]);
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() != 2) return usage(argv[0]);

  // The library wants an existing directory; making it here saves the developer a step.
  std::error_code ec;
  std::filesystem::create_directories(positional[1], ec);
  if (ec) {
    std::fprintf(stderr, "%s: %s\n", positional[1].c_str(), ec.message().c_str());
    return 1;
  }
  const anim::Result<SplitFiles> result = split_model(positional[0], positional[1], options);
  if (!result.ok()) {
    std::fprintf(stderr, "%s\n", result.error().to_string().c_str());
    return 1;
  }
  const SplitFiles& files = result.value();
  std::printf("%s\n", files.mesh_file.c_str());
  for (std::size_t i = 0; i < files.clip_files.size(); ++i) {
    std::printf("%s\t(%s)\n", files.clip_files[i].c_str(), files.clip_names[i].c_str());
  }
  return 0;
}
