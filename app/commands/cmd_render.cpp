// `animscope render MODEL|SETUP.json|PACKAGE.animpack [--clip NAME] [--time T] [--set ...]
// [--travel ...] --size WxH --out FILE.png`: renders one frame offscreen (hidden window) to a
// PNG, for thumbnails and tests.
#include "commands/cmd_render.h"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <utility>

#include <glm/gtc/matrix_transform.hpp>
#include "anim/bake/package_model.h"
#include "anim/clip_sample_rate.h"
#include "anim/clip_set.h"
#include "anim/sampling.h"
#include "anim/state_machine.h"
#include "anim/ui/model/document.h"
#include "anim/ui/scene/follow_camera.h"
#include "anim/ui/scene/joint_picking.h"
#include "anim/ui/scene/posed_model.h"
#include "anim/ui/scene/vertex_picking.h"
#include "anim/ui/views/animate/viewport_overlay.h"
#include "cli/errors.h"
#include "cli/scripted_run.h"
#include "commands/command_input.h"
#include "commands/commands.h"
#include "commands/pose_source.h"
#include "commands/render_command_line.h"
#include "loading/input_loading.h"
#include "loading/model_source.h"
#include "loading/package_input.h"
#include "render/gl_window.h"
#include "render/overlay_options.h"
#include "render/overlay_pass.h"
#include "render/png_writer.h"
#include "render/render_overlays.h"
#include "render/render_target.h"
#include "render/scene_renderer.h"
#include "render/view_options.h"

namespace anim::app {
namespace {

struct Size {
  int width = 0, height = 0;
};

// The joint influencing the most vertices: a useful default for the heatmap.
int busiest_joint(const Model& model) {
  const std::vector<uint32_t> counts = model.influenced_vertex_counts();
  int best = -1;
  for (std::size_t j = 0; j < counts.size(); ++j) {
    if (best < 0 || counts[j] > counts[best]) best = static_cast<int>(j);
  }
  return best;
}

struct Scene {
  Model model;
  std::vector<Transform> local;
  RenderOverlays overlays;
  // Where root motion took the character (a setup's or package's machine that moves it).
  RootMotion world;
};

// The overlays' request and trails for `model` (the trail's joint is --joint's).
void start_overlays(const RenderArgs& args, const Model& model, RenderOverlays& overlays) {
  const OverlayOptions& options = args.overlays;
  ui::OverlayRequest request;
  request.ghosts = options.ghosts;
  request.onion_frames = options.onion_frames;
  request.onion_step = static_cast<float>(options.onion_step_frames) / kDefaultSampleRate;
  overlays.poses.set_request(request);
  overlays.start_trails(options.trail_seconds, args.joint ? model.skeleton.find(*args.joint) : -1);
}

// Flags that need --clip, refused without one (and for a package's compressed clips).
std::optional<Error> clip_only_flags(const RenderArgs& args, bool package) {
  const std::pair<const char*, bool> flags[] = {{"onion", args.overlays.onion_given},
                                                {"crossfade", args.crossfade.has_value()}};
  for (const auto& [flag, given] : flags) {
    if (!given) continue;
    if (!args.clip) {
      return Error{Error::Code::kInvalidArgument,
                   std::string("--") + flag + " needs --clip (the clip it shows)", ""};
    }
    if (package) {
      return Error{
          Error::Code::kInvalidArgument,
          std::string("--") + flag + " is for a model's or a setup's clips, not a package's", ""};
    }
  }
  if (package && args.clip && args.overlays.trail_seconds > 0.0f) {
    return Error{Error::Code::kInvalidArgument,
                 "--trail with --clip is for a model's or a setup's clips, not a package's", ""};
  }
  return std::nullopt;
}

// What render does while a state machine runs: records the trails over their last seconds,
// follows where root motion takes the character and, once it is posed, takes the ghosts of the
// last frame.
class RenderWatcher : public MachineRunWatcher {
 public:
  RenderWatcher(const Model& model, float time, RenderOverlays& overlays, RootMotion& world,
                bool in_world)
      : model_(model),
        trail_from_(time - overlays.root_trail.length()),
        overlays_(overlays),
        world_(world),
        in_world_(in_world),
        local_(model.skeleton.joint_count()) {}

  bool frame(StateMachineInstance& machine, float time) override {
    if (!overlays_.trails() || time < trail_from_ - 0.5f / kTrailRate) return true;
    // In the world the trails follow the character where root motion took it by now.
    const glm::mat4 place = in_world_ ? to_matrix(world_) : glm::mat4(1.0f);
    return machine.evaluate(local_) && overlays_.record(model_, local_, time, place);
  }
  void stepped(const StateMachineInstance& machine) override {
    world_ = compose(world_, machine.root_motion());
  }
  void finished(const StateMachineInstance& machine) override {
    if (overlays_.poses.request().ghosts) overlays_.poses.set_transition_ghosts(model_, machine);
  }

 private:
  const Model& model_;
  const float trail_from_;
  RenderOverlays& overlays_;
  RootMotion& world_;
  const bool in_world_;
  std::vector<Transform> local_;
};

// The pose the machine of `source` reaches after `time` seconds of steps at the trails' rate from
// its default state, with the --set changes and --travel requests applied as `play` applies them
// (a travel that cannot start noted on `err`); nothing after
// printing why not. `model` is what is drawn: the trails, the ghosts and `world` (where root
// motion took it) are recorded on it in `overlays`.
std::optional<std::vector<Transform>> pose_of_machine(const PoseSource& source, const Model& model,
                                                      const RenderArgs& args, float time,
                                                      const std::string& input,
                                                      RenderOverlays& overlays, RootMotion& world,
                                                      std::ostream& err) {
  Result<MachineScript> script =
      parse_script(args.sets, args.travels, *source.machine(), args.ground);
  if (!script.ok()) {
    print_error(err, Error{script.error().code, script.error().message, input});
    return std::nullopt;
  }
  RenderWatcher watcher(model, time, overlays, world, args.overlays.root_motion_in_world);
  std::vector<std::string> problems;
  Result<std::vector<Transform>> local =
      run_machine(source, std::move(script).value(), time, 1.0f / kTrailRate, &watcher, &problems);
  for (const std::string& problem : problems) err << "animscope: " << problem << "\n";
  if (!local.ok()) {
    print_error(err, Error{local.error().code, local.error().message, input});
    return std::nullopt;
  }
  return std::move(local).value();
}

// A package as the game shows it: its mesh posed by a compressed clip, by its state machine
// over the compressed clips, or at rest. The model (clips decoded) is only what is drawn.
std::optional<Scene> package_scene(const RenderArgs& args, std::ostream& err) {
  const std::string& input = args.input;
  const float time = args.time;
  if (std::optional<Error> refused = clip_only_flags(args, /*package=*/true)) {
    print_error(err, *refused);
    return std::nullopt;
  }
  if (!args.anim.empty()) {
    print_error(err, Error{Error::Code::kInvalidArgument,
                           "--anim adds clip files to a model or setup, not to a package", input});
    return std::nullopt;
  }
  std::optional<PoseSource> source = PoseSource::open(input, {}, err);
  if (!source) return std::nullopt;
  const Package& package = *source->package();
  Result<Model> model = bake::model_from_package(package, input);
  if (!model.ok()) {
    print_error(err, Error{model.error().code, model.error().to_string(), input});
    return std::nullopt;
  }
  Scene scene{std::move(model).value(), package.skeleton.rest, {}, {}};
  start_overlays(args, scene.model, scene.overlays);
  if (scene.model.mesh.vertices.empty()) {
    if (args.no_skeleton) {
      print_error(err, Error{Error::Code::kInvalidArgument,
                             "the package has no mesh (packed with --no-mesh) and --no-skeleton "
                             "hides its skeleton: nothing to draw",
                             input});
      return std::nullopt;
    }
    err << "animscope: " << input << ": no mesh (packed with --no-mesh); drawing its skeleton\n";
  }
  if (const std::optional<std::string>& clip_name = args.clip) {
    const int index = package.find_clip(*clip_name);
    if (index < 0) {
      print_error(err, Error{Error::Code::kNotFound, "no clip \"" + *clip_name + "\"", input});
      return std::nullopt;
    }
    Result<std::vector<Transform>> local =
        source->sample(index, wrap_time(time, source->clips().duration(index), true));
    if (!local.ok()) {
      print_error(err, local.error());
      return std::nullopt;
    }
    scene.local = std::move(local).value();
  } else if (source->machine()) {
    std::optional<std::vector<Transform>> local =
        pose_of_machine(*source, scene.model, args, time, input, scene.overlays, scene.world, err);
    if (!local) return std::nullopt;
    scene.local = std::move(*local);
  }
  return scene;
}

// The pose to draw: a clip at a time, a setup's state machine run for that long, or the rest
// pose. Problems are printed to `err`.
std::optional<Scene> build_scene(const RenderArgs& args, std::ostream& err) {
  const std::string& input = args.input;
  const float time = args.time;
  if (is_package_path(input)) return package_scene(args, err);
  if (std::optional<Error> refused = clip_only_flags(args, /*package=*/false)) {
    print_error(err, *refused);
    return std::nullopt;
  }
  std::optional<PoseSource> source = PoseSource::open(input, args.anim, err);
  if (!source) return std::nullopt;
  Scene scene;
  // Drawn from the scene once posed; until then the source's clips and machine play from it.
  const Model& model = source->input()->model;
  scene.local = model.skeleton.rest;
  start_overlays(args, model, scene.overlays);
  if (const std::optional<std::string>& clip_name = args.clip) {
    const int index = model.find_clip(*clip_name);
    if (index < 0) {
      print_error(err, Error{Error::Code::kNotFound, "no clip \"" + *clip_name + "\"", input});
      return std::nullopt;
    }
    CrossfadeSpec fade;
    int fade_to = -1;
    if (const std::optional<std::string>& text = args.crossfade) {
      Result<CrossfadeSpec> spec = parse_crossfade(*text);
      if (!spec.ok()) {
        print_error(err, Error{spec.error().code, spec.error().message, input});
        return std::nullopt;
      }
      fade = spec.value();
      fade_to = model.find_clip(fade.clip);
      if (fade_to < 0) {
        print_error(err, Error{Error::Code::kNotFound, "--crossfade: no clip \"" + fade.clip + "\"",
                               input});
        return std::nullopt;
      }
    }
    // Played from the start as the tool's Player plays it (a loop wraps the time).
    ClipPlayback playback(model, index, fade_to, fade);
    if (!playback.pose_at(time, scene.local, &scene.overlays) ||
        !record_clip_trails(model, playback, time, scene.overlays)) {
      print_error(err, Error{Error::Code::kInvalidData,
                             "clip \"" + *clip_name + "\" does not fit the skeleton", input});
      return std::nullopt;
    }
  } else if (source->input()->setup) {
    if (!source->prepare_machine(err)) return std::nullopt;
    // With root motion the character plays in place, as the tool's "In place" view shows it.
    std::optional<std::vector<Transform>> local =
        pose_of_machine(*source, model, args, time, input, scene.overlays, scene.world, err);
    if (!local) return std::nullopt;
    scene.local = std::move(*local);
  }
  scene.model = std::move(source->input()->model);
  return scene;
}

// What the tool draws over its view with ImGui (names, the picked vertex, the legend), drawn the
// same way into the bound target.
void draw_overlay(const RenderArgs& args, const Model& model, const ui::PosedModel& posed,
                  const ui::ViewportSettings& settings, const FrameInputs& frame, Size size,
                  int vertex) {
  const glm::vec2 view(size.width, size.height);
  const glm::mat4 model_to_clip =
      frame.camera.projection(frame.aspect) * frame.camera.view() * frame.display;
  OverlayPass::create()->draw(size.width, size.height, [&](ImDrawList* draw) {
    if (args.names) {
      ui::draw_joint_names(draw, ImVec2(0, 0), view, model.skeleton, posed.model_space,
                           model_to_clip, settings.selected_joint);
    }
    glm::vec2 at;
    if (vertex >= 0 &&
        ui::project_to_viewport(ui::skinned_position(model.mesh.vertices[vertex], posed.palette),
                                model_to_clip, view, &at)) {
      ui::draw_vertex_marker(draw, ImVec2(at.x, at.y), vertex);
    }
    if (args.legend) {
      ui::draw_legend(draw, ImVec2(0, 0), view, ui::make_legend(model, settings, vertex));
    }
  });
}

// `bounds` grown to take in the overlays, so that the framing shows them too.
ui::Bounds with_overlays(ui::Bounds bounds, const RenderOverlays& overlays,
                         const ui::ViewportSettings& settings) {
  auto grow = [&bounds](const glm::vec3& p) {
    bounds.min = glm::min(bounds.min, p);
    bounds.max = glm::max(bounds.max, p);
  };
  for (const ui::TrailRecorder* trail : {&overlays.joint_trail, &overlays.root_trail}) {
    for (const ui::TrailPoint& p : trail->points()) grow(p.position);
  }
  for (const ui::OnionFrame& f : overlays.poses.onion()) {
    for (const glm::mat4& m : f.pose.model_space) grow(glm::vec3(m[3]));
  }
  const ui::GhostPoses& ghosts = overlays.poses.ghosts();
  if (settings.show_ghosts && ghosts.active) {
    for (const ui::PosedModel* pose : {&ghosts.source, &ghosts.target}) {
      for (const glm::mat4& m : pose->model_space) grow(glm::vec3(m[3]));
    }
  }
  return bounds;
}

// The view's settings from the command line for `model`, and the vertex --vertex picks (-1 for
// none); the problem with --joint or --vertex (a name or number the model lacks) printed, as
// nothing.
struct View {
  ui::ViewportSettings settings;
  int picked = -1;
};
std::optional<View> view_of(const RenderArgs& args, const Model& model, ui::Shading shading,
                            ui::UpAxis up, ui::Ramp ramp, std::ostream& err) {
  View view;
  ui::ViewportSettings& settings = view.settings;
  settings.shading = shading;
  settings.show_skeleton = !args.no_skeleton;
  settings.show_grid = !args.no_grid;
  settings.show_joint_axes = args.axes;
  settings.up_axis = args.up ? up : up_axis_from_file(model.up_axis);
  settings.ramp = ramp;
  settings.unlit = args.unlit;
  const float v = args.vertex ? std::strtof(args.vertex->c_str(), nullptr) : -1.0f;
  const bool vertex_ok =
      v >= 0.0f && v == std::floor(v) && v < static_cast<float>(model.mesh.vertices.size());
  view.picked = vertex_ok ? static_cast<int>(v) : -1;
  if (args.vertex && !vertex_ok) {
    print_error(err, Error{Error::Code::kNotFound,
                           "--vertex: no vertex " + *args.vertex + " (the mesh has " +
                               std::to_string(model.mesh.vertices.size()) + ")",
                           model.source_path});
    return std::nullopt;
  }
  apply_overlay_options(args.overlays, settings);
  if (const std::optional<std::string>& joint = args.joint) {
    settings.selected_joint = model.skeleton.find(*joint);
    if (settings.selected_joint < 0) {
      print_error(err,
                  Error{Error::Code::kNotFound, "no joint \"" + *joint + "\"", model.source_path});
      return std::nullopt;
    }
  } else if (settings.shading == ui::Shading::kWeightHeatmap) {
    settings.selected_joint = busiest_joint(model);
  }
  if (args.legend && !ui::make_legend(model, settings).shown) {
    err << "animscope: --legend: the " << ui::shading_name(settings.shading)
        << " shading has no colour ramp to explain; no legend drawn\n";
  }
  return view;
}

// What the frame draws and the camera framing it. `posed` is moved where root motion took the
// character when the view shows it in the world, framed with where it started so the way it
// came shows.
FrameInputs frame_of(const RenderArgs& args, const Scene& scene, ui::PosedModel& posed,
                     const ui::ViewportSettings& settings, Size size) {
  const Model& model = scene.model;
  ui::Bounds start = posed.bounds(model);
  if (settings.root_motion_in_world) posed.move(to_matrix(scene.world));
  ui::Bounds shown = posed.bounds(model);
  if (settings.root_motion_in_world && start.valid() && shown.valid()) {
    shown.min = glm::min(shown.min, start.min);
    shown.max = glm::max(shown.max, start.max);
  }
  FrameInputs frame;
  frame.model = &model;
  frame.palette = posed.palette;
  frame.joint_model = posed.model_space;
  frame.display = ui::display_transform(settings.up_axis);
  frame.bounds =
      ui::transform_bounds(with_overlays(shown, scene.overlays, settings), frame.display);
  frame.ghosts = &scene.overlays.poses.ghosts();
  frame.onion = scene.overlays.poses.onion();
  if (scene.overlays.trails()) {
    frame.joint_trail = &scene.overlays.joint_trail;
    frame.root_trail = &scene.overlays.root_trail;
  }
  frame.camera.yaw = args.yaw * 3.14159265f / 180.0f;
  frame.camera.pitch = args.pitch * 3.14159265f / 180.0f;
  frame.aspect = static_cast<float>(size.width) / size.height;
  frame.camera.frame(frame.bounds, frame.aspect);
  const int root = ui::trail_root_joint(model);
  if (settings.follow_root && root >= 0) {  // Centred on the root, as the tool's follow camera.
    ui::follow_root(glm::vec3(frame.display * posed.model_space[root][3]), frame.camera);
  }
  return frame;
}

// Draws `frame` offscreen (a hidden window's context), with the 2D overlay when asked, and
// writes it to --out.
Status draw_to_png(const RenderArgs& args, const Model& model, const ui::PosedModel& posed,
                   const View& view, const FrameInputs& frame, Size size) {
  GlWindow::Options window_options;
  window_options.hidden = true;
  window_options.width = 64;
  window_options.height = 64;
  window_options.vsync = false;
  auto window = GlWindow::create(window_options);
  if (!window.ok()) return window.error();
  auto renderer = SceneRenderer::create();
  if (!renderer.ok()) return renderer.error();
  RenderTarget target;
  target.resize(size.width, size.height);
  target.bind();
  renderer.value()->draw(frame, view.settings);
  if (args.legend || args.names || args.vertex) {
    draw_overlay(args, model, posed, view.settings, frame, size, view.picked);
  }
  target.resolve();
  const std::vector<uint8_t> pixels = target.read_pixels();
  return write_png(args.out, target.width(), target.height(), pixels);
}

}  // namespace

int cmd_render(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<RenderCommandLine> line = render_command_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const RenderArgs& args = line->args;
  // The names were checked as they were parsed; these only turn them into the view's settings.
  Result<ui::Shading> shading = parse_shading(args.shading);
  // Without --up, the file's own up axis (in view_of, once the model is read).
  Result<ui::UpAxis> up = parse_up_axis(args.up.value_or("y"));
  Result<ui::Ramp> ramp = parse_ramp_option(args.ramp);
  for (const Error* e : {shading.ok() ? nullptr : &shading.error(), up.ok() ? nullptr : &up.error(),
                         ramp.ok() ? nullptr : &ramp.error()}) {
    if (e) {
      print_error(err, *e);
      return kExitError;
    }
  }
  std::optional<Scene> scene = build_scene(args, err);
  if (!scene) return kExitError;
  const Model& model = scene->model;
  const std::optional<View> view =
      view_of(args, model, shading.value(), up.value(), ramp.value(), err);
  if (!view) return kExitError;
  ui::PosedModel posed;
  if (!posed.update(model, scene->local)) {
    print_error(err, Error{Error::Code::kInvalidData, "the skin names joints the skeleton lacks",
                           model.source_path});
    return kExitError;
  }
  const Size size{args.width, args.height};
  const FrameInputs frame = frame_of(args, *scene, posed, view->settings, size);
  const Status drawn = draw_to_png(args, model, posed, *view, frame, size);
  if (!drawn.ok()) {
    print_error(err, drawn.error());
    return kExitError;
  }
  return kExitOk;
}

}  // namespace anim::app
