#pragma once
// The benchmarks' shared assets: Wuson and its clips, float and compressed, built once outside
// the timed loops.
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "anim/bake/clip_compression.h"
#include "anim/import/import_model.h"
#include "anim/model.h"

namespace anim::bench {

inline const Model& wuson() {
  static const Model model = [] {
    Result<Model> m = anim::import::import_model(ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X");
    if (!m.ok()) std::abort();
    return std::move(m).value();
  }();
  return model;
}

inline const Clip& wuson_clip(const std::string& name) {
  const int index = wuson().find_clip(name);
  if (index < 0) std::abort();
  return wuson().clips[index];
}

// A Wuson clip compressed at the default tolerance, as a package holds it.
inline const CompressedClip& compressed_wuson_clip(const std::string& name) {
  static std::map<std::string, CompressedClip> cache;  // Nodes stay put: references last.
  auto found = cache.find(name);
  if (found != cache.end()) return found->second;
  Result<bake::CompressedResult> c = bake::compress_clip(wuson_clip(name), wuson().skeleton);
  if (!c.ok()) std::abort();
  return cache.emplace(name, std::move(c.value().clip)).first->second;
}

}  // namespace anim::bench
