#include <cmath>
#include <cstring>

#include "scene_convert.h"

namespace anim::import {
namespace {

// An integer-valued metadata entry, whatever number type the importer stored it as.
bool metadata_int(const aiMetadata& meta, const char* key, int& out) {
  const aiMetadataEntry* entry = nullptr;
  for (unsigned i = 0; i < meta.mNumProperties; ++i) {
    if (std::strcmp(meta.mKeys[i].C_Str(), key) == 0) entry = &meta.mValues[i];
  }
  if (entry == nullptr || entry->mData == nullptr) return false;
  double value = 0.0;
  switch (entry->mType) {
    case AI_INT32:
      value = *static_cast<const int32_t*>(entry->mData);
      break;
    case AI_UINT64:
      value = static_cast<double>(*static_cast<const uint64_t*>(entry->mData));
      break;
    case AI_FLOAT:
      value = *static_cast<const float*>(entry->mData);
      break;
    case AI_DOUBLE:
      value = *static_cast<const double*>(entry->mData);
      break;
    default:
      return false;
  }
  if (!std::isfinite(value) || value != std::round(value) || std::abs(value) > 16) return false;
  out = static_cast<int>(value);
  return true;
}

bool metadata_is(const aiMetadata& meta, const char* key, const char* text) {
  aiString value;
  return meta.Get(key, value) && std::strcmp(value.C_Str(), text) == 0;
}

}  // namespace

FileUpAxis scene_up_axis(const aiScene& scene) {
  FileUpAxis up;
  if (scene.mMetaData == nullptr) return up;
  const aiMetadata& meta = *scene.mMetaData;
  int axis = -1, sign = 1;
  if (metadata_int(meta, "UpAxis", axis) && axis >= 0 && axis <= 2) {
    up.axis = static_cast<int8_t>(axis);
    if (metadata_int(meta, "UpAxisSign", sign) && (sign == 1 || sign == -1)) {
      up.sign = static_cast<int8_t>(sign);
    }
  } else if (metadata_is(meta, "SourceAsset_Format", "Collada Importer")) {
    up.axis = 1;  // assimp turns a scene of any <up_axis> to +Y as it reads it.
  }
  return up;
}

}  // namespace anim::import
