#pragma once
// The Blend panel: crossfade from the playing clip to another (duration, blend: crossfade,
// inertialize or dead_blend; the crossfade's curve and frozen or playing outgoing clip, the dead
// blend's half-life) with a live weight plot; a 1D blend of two or more clips on an axis
// driven by a parameter (seed 002's "hold Shift to run" ramp included); and, when a setup is
// open, the state machine's active states, transition and parameters.
#include <string>
#include <vector>

#include "anim/player.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class BlendPanel {
 public:
  // Draws inside the current window.
  void draw(const Document& doc, Commands& cmds, Selection& sel);
  // Applies the Shift ramp to the 1D blend: called once per frame by the tool, whether the panel
  // is shown or not, so it works whatever has the focus.
  void apply_shift_ramp(Document& doc) const;

  // --- Crossfade: what the "Crossfade" button uses ---
  int crossfade_target = -1;       // Clip index; -1 (or invalid) picks a clip not playing.
  float crossfade_seconds = 0.3f;  // 0..2 s; 0 cuts at once.
  FadeCurve crossfade_curve = FadeCurve::kSmoothstep;
  bool freeze_outgoing = false;  // The outgoing clip holds its pose instead of playing on.
  // How the pose moves over (CrossfadeOptions::blend); the curve and freezing apply to
  // kCrossfade only, the half-life (0.01..1 s) to kDeadBlend only.
  TransitionBlend crossfade_blend = TransitionBlend::kCrossfade;
  float crossfade_half_life = 0.1f;
  // Phase sync (CrossfadeOptions::sync_phase): the target starts at the playing clip's
  // normalized time instead of at 0.
  bool crossfade_sync = false;
  // The six above as the options of a crossfade (the Clips panel's menu uses them too).
  CrossfadeOptions crossfade_options() const;

  // --- 1D blend: what the "Start blend" button uses ---
  std::vector<int> blend_clips;        // Clip indices (two or more once a model is shown).
  std::vector<float> blend_positions;  // One per clip; must increase strictly.
  // Seed 002: while on, holding Shift drives the parameter's target to the axis' max and
  // releasing it to the min; the value follows at the parameter's rate.
  bool shift_ramp = false;

  // Rects of the last frame: "fading", "crossfade_target", "crossfade_blend" (and
  // "crossfade_blend=<name>" for each choice while it is open), "crossfade_half_life",
  // "crossfade_sync", "crossfade", "fade_weights" (the plots' place), "start_blend",
  // "stop_blend", "blend_param", "shift_ramp", "blend_weights" (the axis' and plots' place), and
  // the State machine section's (each while its section is open and the model has clips to use
  // it).
  ItemRects rects;

 private:
  void reset_choices(const Document& doc);
  void crossfade_section(const Document& doc, Commands& cmds);
  void blend_section(const Document& doc, Commands& cmds);
  // The blend's clips and their positions on the axis, a row each with a remove button.
  void blend_points_table(const Document& doc);
  // "Add clip", "Start blend" (enabled while the positions increase) and "Stop" (while the
  // blend runs: a fade to its heaviest clip).
  void add_and_start_buttons(const Document& doc, Commands& cmds);
  // The running blend's parameter: its target, the Shift ramp and how fast it follows.
  void blend_parameter_controls(const Document& doc, Commands& cmds, bool running);
  void state_machine_section(const Document& doc, Commands& cmds);
  // "Run state machine", or while it runs a Restart button and the setup's path; true when
  // Restart was clicked (the caller restarts once it no longer reads the machine).
  bool machine_run_controls(const Document& doc, Commands& cmds);

  Document::Stamp seen_;     // The document and clip set the panel state belongs to.
  std::string fade_source_;  // Name of the last outgoing clip, for the weight plot.
};

}  // namespace anim::ui
