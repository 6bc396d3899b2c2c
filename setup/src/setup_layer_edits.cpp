#include "anim/setup/layer_edits.h"

#include <algorithm>
#include <utility>

#include "anim/find_by_name.h"
#include "anim/layer_blending.h"

namespace anim::setup {
namespace {

// Where a layer's boxes are kept: editor["layers"][name]["nodes"].
const Json* layer_nodes(const Setup& setup, const std::string& name) {
  const auto layers = setup.editor.find("layers");
  if (layers == setup.editor.end() || !layers->is_object()) return nullptr;
  const auto layer = layers->find(name);
  if (layer == layers->end() || !layer->is_object()) return nullptr;
  const auto nodes = layer->find("nodes");
  return nodes == layer->end() ? nullptr : &*nodes;
}

bool erase_name(std::vector<std::string>& names, const std::string& name) {
  const auto it = std::remove(names.begin(), names.end(), name);
  if (it == names.end()) return false;
  names.erase(it, names.end());
  return true;
}

}  // namespace

std::string add_layer(Setup& setup, const std::string& base, const std::string& motion) {
  std::string name = base;
  for (int n = 2; find_by_name(setup.layers, name) >= 0; ++n) name = base + " " + std::to_string(n);
  SetupLayer layer;
  layer.name = name;
  SetupState state;
  state.name = "Default";
  state.motion = motion;
  layer.states = {state};
  layer.default_state = state.name;
  setup.layers.push_back(std::move(layer));
  return name;
}

bool rename_layer(Setup& setup, const std::string& from, const std::string& to) {
  const int index = find_by_name(setup.layers, from);
  if (index < 0 || to.empty() || to == from || find_by_name(setup.layers, to) >= 0) return false;
  setup.layers[index].name = to;
  // The layer's boxes keep their places.
  Json& editor = setup.editor;
  if (editor.is_object() && editor.contains("layers") && editor["layers"].is_object() &&
      editor["layers"].contains(from)) {
    Json places = editor["layers"][from];
    editor["layers"].erase(from);
    editor["layers"][to] = std::move(places);
  }
  return true;
}

bool remove_layer(Setup& setup, const std::string& name) {
  const int index = find_by_name(setup.layers, name);
  if (index < 0) return false;
  setup.layers.erase(setup.layers.begin() + index);
  return true;
}

bool move_layer(Setup& setup, int index, int delta) {
  const int to = index + delta;
  const int count = static_cast<int>(setup.layers.size());
  if (index < 0 || index >= count || to < 0 || to >= count || delta == 0) return false;
  std::swap(setup.layers[index], setup.layers[to]);
  return true;
}

std::vector<bool> mask_of(const SetupLayer& layer, const Skeleton& skeleton) {
  LayerMaskDef mask;
  mask.include = layer.mask_include;
  mask.exclude = layer.mask_exclude;
  const std::vector<float> weights = resolve_layer_mask(mask, skeleton);
  std::vector<bool> out(weights.size());
  for (std::size_t j = 0; j < weights.size(); ++j) out[j] = weights[j] > 0.0f;
  return out;
}

bool set_joint_in_mask(SetupLayer& layer, const Skeleton& skeleton, int joint, bool included) {
  if (joint < 0 || static_cast<std::size_t>(joint) >= skeleton.joint_count()) return false;
  if (mask_of(layer, skeleton)[joint] == included) return false;
  const std::string& name = skeleton.names[joint];
  // First drop the joint's own entry against the wish; the nearest listed ancestor (or the
  // default) then decides, and only if it still disagrees does the joint get an entry.
  const bool had_includes = !layer.mask_include.empty();
  erase_name(included ? layer.mask_exclude : layer.mask_include, name);
  if (had_includes && layer.mask_include.empty()) {
    // With its last include entry gone the mask would mean the whole body: the roots are
    // excluded instead, so the joints under no entry stay out.
    for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
      const std::string& root = skeleton.names[j];
      const bool listed = std::find(layer.mask_exclude.begin(), layer.mask_exclude.end(), root) !=
                          layer.mask_exclude.end();
      if (skeleton.parents[j] < 0 && !listed) layer.mask_exclude.push_back(root);
    }
  }
  if (mask_of(layer, skeleton)[joint] != included) {
    if (included && layer.mask_include.empty()) {
      // A first include entry would drop every joint under no entry (no include means the whole
      // body): the roots are listed first, so those joints stay in.
      for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
        if (skeleton.parents[j] < 0) layer.mask_include.push_back(skeleton.names[j]);
      }
    }
    (included ? layer.mask_include : layer.mask_exclude).push_back(name);
  }
  return true;
}

Setup machine_view(const Setup& setup, int machine) {
  if (machine <= 0 || static_cast<std::size_t>(machine) > setup.layers.size()) return setup;
  const SetupLayer& layer = setup.layers[machine - 1];
  Setup view = setup;
  view.layers.clear();
  view.states = layer.states;
  view.transitions = layer.transitions;
  view.default_state = layer.default_state;
  if (!view.editor.is_object()) view.editor = Json::object();
  view.editor.erase("nodes");
  view.editor.erase("layers");
  if (const Json* nodes = layer_nodes(setup, layer.name)) view.editor["nodes"] = *nodes;
  return view;
}

bool store_machine_view(Setup& setup, int machine, const Setup& view) {
  if (machine < 0 || static_cast<std::size_t>(machine) > setup.layers.size()) return false;
  if (machine == 0) {
    std::vector<SetupLayer> layers = std::move(setup.layers);
    const Json layer_places = setup.editor.is_object() && setup.editor.contains("layers")
                                  ? setup.editor["layers"]
                                  : Json();
    setup = view;
    setup.layers = std::move(layers);
    if (!layer_places.is_null()) setup.editor["layers"] = layer_places;
    return true;
  }
  SetupLayer& layer = setup.layers[machine - 1];
  layer.states = view.states;
  layer.transitions = view.transitions;
  layer.default_state = view.default_state;
  const auto nodes = view.editor.is_object() ? view.editor.find("nodes") : view.editor.end();
  if (nodes != view.editor.end()) {
    if (!setup.editor.is_object()) setup.editor = Json::object();
    if (!setup.editor.contains("layers") || !setup.editor["layers"].is_object()) {
      setup.editor["layers"] = Json::object();
    }
    setup.editor["layers"][layer.name]["nodes"] = *nodes;
  }
  // The places of the machines nested in it are kept by path in the editor block the view shares.
  const auto machines = view.editor.is_object() ? view.editor.find("machines") : view.editor.end();
  if (machines != view.editor.end()) {
    if (!setup.editor.is_object()) setup.editor = Json::object();
    setup.editor["machines"] = *machines;
  }
  return true;
}

Status rename_state_in(Setup& setup, int machine, const MachinePath& path, const std::string& from,
                       const std::string& to) {
  if (machine < 0 || static_cast<std::size_t>(machine) > setup.layers.size()) {
    return Error{Error::Code::kNotFound,
                 "no machine " + std::to_string(machine) + ": the setup has " +
                     std::to_string(setup.layers.size()) + " layer(s)",
                 "/layers"};
  }
  Setup view = machine_view(setup, machine);
  const Status renamed = rename_state(view, path, from, to);
  if (!renamed.ok()) return renamed;
  store_machine_view(setup, machine, view);
  return Ok{};
}

}  // namespace anim::setup
