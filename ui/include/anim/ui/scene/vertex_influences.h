#pragma once
// One vertex's skin influences as the Inspector lists them: the joints the importer kept, with
// their weights before and after renormalizing, and what the four-influence limit cut.
#include <vector>

#include "anim/model.h"

namespace anim::ui {

struct VertexInfluence {
  int joint = -1;       // Skeleton joint (several skin entries of one joint are summed).
  float weight = 0.0f;  // As skinned: renormalized so the kept influences sum to 1.
  // Share of the vertex's weight in the file, before the cut influences were dropped:
  // weight * (1 - truncated_weight).
  float original_weight = 0.0f;
};

struct VertexInfluences {
  std::vector<VertexInfluence> kept;  // Heaviest first.
  // Share of the file's weight on influences beyond the fourth, dropped at import. The importer
  // keeps only this total, not which joints they were.
  float cut_weight = 0.0f;
};

// The influences of `vertex`, or none when it is out of range or unskinned.
VertexInfluences vertex_influences(const Model& model, int vertex);

}  // namespace anim::ui
