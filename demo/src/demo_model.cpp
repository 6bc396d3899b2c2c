#include "anim/demo/demo_model.h"

#include "body_mesh.h"
#include "demo_clips.h"
#include "demo_skeleton.h"

namespace anim::demo {

Model make_demo_model() {
  Model model;
  model.source_path = kDemoModelPath;
  model.skeleton = make_demo_skeleton();
  SkinnedBody body = build_body(model.skeleton);
  model.mesh = std::move(body.mesh);
  model.skin = std::move(body.skin);
  model.max_influences = body.max_influences;
  model.truncated_vertices = body.truncated_vertices;
  model.clips.push_back(make_idle_clip(model.skeleton));
  model.clips.push_back(make_walk_clip(model.skeleton));
  model.clips.push_back(make_run_clip(model.skeleton));
  return model;
}

}  // namespace anim::demo
