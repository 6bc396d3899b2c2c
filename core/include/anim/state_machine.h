#pragma once
// One character's run of a StateMachineDef: parameters, active states with weights, and the
// pose they blend to.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"
#include "anim/clip_set.h"
#include "anim/cycle_time.h"
#include "anim/dead_blending.h"
#include "anim/foot_ik.h"
#include "anim/ground_query.h"
#include "anim/inertialization.h"
#include "anim/pose_carry_over.h"
#include "anim/root_motion.h"
#include "anim/sampling.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"
#include "anim/state_machine_scratch.h"
#include "anim/transform.h"

namespace anim {

// Why a transition the machine looked at in an update did or did not fire: the first check that
// stopped it, in the order the runtime makes them (the interruption rule, then the any-state
// rule, then the exit time, then the conditions).
enum class TraceReason {
  kFired,  // It fired in this update.
  // A transition is running and its interruption rule does not let this one interrupt it:
  // "none" lets nothing interrupt, "source" only transitions from the state it leaves or from
  // any state, "destination" only those from the state it leads to or from any state.
  kInterruptionBlocked,
  // An any-state transition to the state that is already current: it does not restart it.
  kAlreadyInState,
  kExitTimeNotReached,  // Its source state's normalized time is before its exit time.
  kConditionFailed,     // At least one of its conditions does not hold.
  // Every check held, but a transition checked before it fired (one per layer and update).
  kEarlierTransitionFired,
};
// "fired", "interruption_blocked", "already_in_state", "exit_time_not_reached",
// "condition_failed", "earlier_transition_fired".
const char* to_string(TraceReason reason);

class StateMachineInstance {
 public:
  // Most states blended at once (a transition interrupted while interrupting ...). Beyond it
  // the faintest state is dropped.
  static constexpr int kMaxActive = 6;

  // A state's part in its sync group (StateDef::sync_group) at the last update: the group followed
  // it (kLeads), it followed the group's leader (kFollows), or neither (kApart: in no group, a
  // one-shot, or a group with no leader playing).
  enum class GroupSync : uint8_t { kApart, kLeads, kFollows };
  struct ActiveState {
    int state = -1;
    float weight = 0.0f;
    float normalized_time = 0.0f;  // Loops wrap into [0, 1); one-shots clamp to [0, 1].
    GroupSync group = GroupSync::kApart;
  };
  struct TransitionStatus {
    int transition = -1;  // Index into the def's transitions; -1: none running.
    int from = -1;        // The state it leaves: the transition's source, or for an any-state
                          // transition the state that was current when it fired.
    int to = -1;
    float progress = 0.0f;  // In [0, 1].
  };

  // An event of the def that playback crossed during the last update().
  struct FiredEvent {
    int event = -1;       // Index into the def's events.
    int state = -1;       // The state whose clip crossed it, in its layer's states.
    float weight = 0.0f;  // That state's weight in its layer's blend when it fired.
    int layer = 0;        // 0: the base machine; i + 1: the def's layers[i].
  };
  // Most events one update() reports; further ones are counted in events_dropped().
  static constexpr int kMaxEvents = 64;

  // One condition of a traced transition, as the update checked it.
  struct TraceCondition {
    int parameter = -1;  // Index into the def's parameters.
    ConditionOp op = ConditionOp::kTrue;
    float value = 0.0f;   // The condition's operand (unused by true, false and trigger).
    float actual = 0.0f;  // The parameter's value when the update checked it.
    bool pass = false;
  };
  // One transition an update looked at (see set_trace()).
  struct TraceEntry {
    int layer = 0;        // 0: the base machine; i + 1: the def's layers[i].
    int transition = -1;  // Index into that layer's transitions.
    int from = -1;        // Its source state in the layer's states, -1 for any state.
    int to = -1;
    bool fired = false;
    TraceReason reason = TraceReason::kConditionFailed;
    // Its conditions, in the def's order, all of them evaluated even when an earlier check
    // already stopped it: trace_conditions(entry) gives them.
    int first_condition = 0;
    int condition_count = 0;
    bool has_exit_time = false;       // False: the rest below is unused.
    float exit_time_required = 0.0f;  // Normalized, as the def gives it.
    // The source's normalized time the check compared: a looping source's time within its
    // cycle, [0, 1), when the exit time is below 1 (the check then also passes when the frame
    // stepped over the exit time and wrapped, so `current` may be below `required`); otherwise
    // its time since it started (cycles and fraction).
    float exit_time_current = 0.0f;
    bool exit_time_pass = false;
    // The rest is for the entry that fired. Whether it interrupted: a transition was running, or
    // the pose of an inertialized or dead-blended switch was still carrying over. It then starts
    // from the pose shown, whatever part of it is carried over.
    bool interrupted = false;
    // Its destination picks up where it is, still fading out from before: no start time.
    bool resumed = false;
    float start_time = 0.0f;  // Otherwise its destination's normalized start time.
    // It joins its destination's sync group that plays: it starts at the group leader's place
    // (StateDef::sync_group), not at the transition's offset or markers.
    bool joined_group = false;
    // With sync by markers (TransitionDef::sync): where between its markers the destination
    // started, which is where the state it leaves was; invalid when a clip lacks those markers
    // and it started at its offset instead (normalized time).
    MarkerPosition start_marker;
  };
  // A switch whose pose still carries over (an inertialized or dead-blended transition, which
  // switches the machine at once: transition() no longer shows it), see carry_over().
  struct CarryOver {
    int transition = -1;  // Index into the layer's transitions; -1: nothing carries over.
    int from = -1;        // The state it left, as TransitionStatus::from.
    int to = -1;
    TransitionBlend blend = TransitionBlend::kInertialize;
    float duration = 0.0f;     // Seconds.
    float elapsed = 0.0f;      // Seconds since the switch, in [0, duration).
    float half_life = 0.0f;    // kDeadBlend: seconds for the old pose's velocity to halve.
    bool interrupted = false;  // It started while a transition ran or another pose carried over.
  };

  // The dynamic state of one playing track of a layer, as save_state() copies it.
  struct SavedTrack {
    int state = -1;           // Index into the layer's states.
    int slot = 0;             // Which of the layer's kMaxActive pose buffers it samples into.
    CycleTime time;           // Normalized time, cycles and fraction.
    CycleTime previous_time;  // `time` before the update that made this state.
    float base_weight = 0.0f;
    bool entered = true;  // Not updated yet since it started.
    int leader = -1;      // A marker-synced blend space's leading clip, or -1.
    GroupSync group = GroupSync::kApart;
  };
  // Everything that changes while a layer (or the base) runs: its tracks, oldest first, and the
  // transition running between them.
  struct SavedLayer {
    std::array<SavedTrack, kMaxActive> tracks{};
    int track_count = 0;
    int running = -1;  // Transition index, -1 for none.
    int running_from = -1;
    float elapsed = 0.0f;  // Seconds into the running transition.
    int started = -1;      // The transition the update that made this state started, or -1.
    float weight = 1.0f;   // The layer's set weight (set_layer_weight).
  };
  struct SavedParameter {
    float value = 0.0f;      // Where the parameter is now...
    float target = 0.0f;     // ... and where it smooths to.
    glm::vec3 vector{0.0f};  // A kVector3 parameter's value.
  };

  // All three must outlive the instance; `clips` are float clips (the tool) or compressed ones
  // (a package). Allocates every buffer here, once: the character's context (its sampling
  // cursors, its layers' masks) and the pose buffers its evaluation writes (a
  // StateMachineScratch of its own).
  StateMachineInstance(const StateMachineDef& def, const Skeleton& skeleton, ClipSet clips);
  // One character of a crowd: it shares `soa_rest`, the skeleton's rest pose in SoA form (to_soa
  // of skeleton.rest, soa_block_count(joints) blocks; of the wrong size, the instance keeps its
  // own copy), and it holds no pose buffers: it evaluates with a StateMachineScratch that the
  // caller lends (evaluate_soa(output, scratch)), one per thread for all the characters that
  // thread evaluates. Each character then holds only what it keeps between frames, and the
  // crowd's working set stays in cache. `soa_rest` must outlive the instance.
  StateMachineInstance(const StateMachineDef& def, const Skeleton& skeleton, ClipSet clips,
                       Span<const SoaTransform> soa_rest);
  // A temporary def, skeleton or rest pose would be gone before the first update.
  StateMachineInstance(StateMachineDef&&, const Skeleton&, ClipSet) = delete;
  StateMachineInstance(const StateMachineDef&, Skeleton&&, ClipSet) = delete;
  StateMachineInstance(StateMachineDef&&, const Skeleton&, ClipSet,
                       Span<const SoaTransform>) = delete;
  StateMachineInstance(const StateMachineDef&, Skeleton&&, ClipSet,
                       Span<const SoaTransform>) = delete;
  StateMachineInstance(const StateMachineDef&, const Skeleton&, ClipSet, SoaPose&&) = delete;

  // Parameters by index or name; false for an unknown name or index. Setting a smoothed
  // float moves its target; the value follows at the parameter's rate during update().
  bool set_value(int parameter, float value);
  bool set_float(const std::string& name, float value);
  bool set_int(const std::string& name, int value);
  bool set_bool(const std::string& name, bool value);
  bool set_trigger(const std::string& name);
  // A parameter's value now and its target; 0 for an unknown index (and for a kVector3 one).
  float value(int parameter) const;
  float target(int parameter) const;
  // A kVector3 parameter (an IK target): set at once, no smoothing; false for an unknown name or
  // index, another type, or a value that is not finite. vector() is zero for those.
  bool set_vector(int parameter, const glm::vec3& value);
  bool set_vector(const std::string& name, const glm::vec3& value);
  glm::vec3 vector(int parameter) const;

  // Inverse kinematics (the def's "ik" entries, ik_def.h). evaluate_soa() applies them on the
  // finished pose; feet entries cast against the ground set here (model space: the character's
  // frame), and without one do nothing. The query and what it reads must outlive their use.
  void set_ground(const GroundQuery& ground) { ground_ = ground; }
  const GroundQuery& ground() const { return ground_; }
  // What each entry did in the last evaluate: the top level's entries, then each layer's in layer
  // order (StateMachineDef::ik_entry_count() of them); zeroed before any. A feet entry's legs
  // are in ik_legs(entry).
  Span<const IkEntryResult> ik_results() const { return ik_results_; }
  Span<const FootIkLegResult> ik_legs(std::size_t entry) const;

  // Advances time by dt seconds, fires at most one transition per layer (the base and each
  // layer above it), updates weights. A trigger a transition uses is reset once every layer has
  // been checked. Deterministic; never allocates.
  //
  // Also collects the events playback crossed, in the order it crossed them (per active state,
  // oldest state first): each event fires once per crossing, whatever the frame rate (several
  // loops in one long frame fire it several times; playing backwards crosses it backwards; a
  // paused state crosses nothing). Every active state fires its clip's events, so both sides of
  // a transition do. A state entered at time t fires an event at exactly t. A blend space fires
  // the events of its heaviest point only, so a walk/run blend gives one footstep per step.
  //
  // Returns how the character moved (root motion): with the def's root_motion_joint and the
  // clips' tracks (ClipSet::with_root_motion), each active state of the base machine moves it by
  // what its clips' tracks say for the time it advanced (a blend space's clips blended by its
  // weights, a loop that wraps counting its whole cycles), blended by the states' weights; a
  // state whose root_motion is false moves it by none (its motion stays in its pose); layers
  // move it by none. The translation is in the character's frame at the start of the update.
  // Without root motion, no move. Also kept as root_motion() until the next update.
  RootMotion update(float dt);
  const RootMotion& root_motion() const { return root_motion_; }
  // Whether the character moves by its clips: the def names a joint in range and the clips have
  // tracks.
  bool moves() const { return moves_; }
  // The events of the last update(), until the next one.
  Span<const FiredEvent> events() const { return {fired_.data(), fired_count_}; }
  // Crossings beyond kMaxEvents in the last update().
  int64_t events_dropped() const { return fired_dropped_; }
  // The transition trace ("why did it (not) transition?"). Off by default, and then update()
  // spends one branch on it. Turning it on allocates its buffers once, sized for every
  // transition and condition of the def, so that no update can overflow them and none
  // allocates; turning it off frees them and empties trace().
  void set_trace(bool on);
  bool tracing() const { return tracing_; }
  // The transitions the last update() looked at, layer by layer (the base first), each layer's
  // in the def's order, which is the order the runtime checks them in (an any-state transition
  // is checked where the def lists it). Listed: the transitions from the current state and from
  // any state, and while a transition runs, those from the state it leaves too (whether or not
  // its interruption rule lets them interrupt). Not listed: the running transition itself,
  // transitions from any other state, and any layer with no active state. Every listed one is
  // evaluated in full, also after one fired, so an entry can say "an earlier one won". Empty
  // while tracing is off; valid until the next update().
  Span<const TraceEntry> trace() const { return {trace_.data(), trace_count_}; }
  // Empty for an entry that is not one of trace()'s.
  Span<const TraceCondition> trace_conditions(const TraceEntry& entry) const;
  // Puts a trace made elsewhere in place of the last update's: that of another instance of the
  // same def, whose state this one shows through restore_state (a game's character, whose
  // frames the tool follows over the game link), so that trace() says why that instance's
  // update did or did not transition. Each entry's conditions are `conditions`[first_condition,
  // + condition_count). Everything is checked first (tracing on, at most one entry per
  // transition, each entry's layer, transition and its ends, each condition's parameter and
  // operator as this def has them, finite numbers, known reasons); false, changing nothing,
  // when anything does not fit. Never allocates.
  bool restore_trace(Span<const TraceEntry> entries, Span<const TraceCondition> conditions);

  // The pose, in structure-of-arrays form (soa_pose.h), what SoaLocalToModelJob takes: samples
  // the active states from the clips (a blend space's points blended by weight), blends them by
  // weight, then applies each layer in order (override or additive, under its mask, at
  // layer_weight(); a layer of weight 0 is not sampled), all on SoA poses, in `scratch`'s
  // buffers; then the def's IK entries (ik_def.h; an entry a job refuses, a target too far to
  // compute with, does nothing and reports weight 0). `output` has soa_block_count(joints) blocks;
  // the lanes past the last joint hold the identity. False (output unspecified) when `output` has
  // the wrong size, `scratch` does not fit the def and skeleton (StateMachineScratch::fits), no
  // state of the base is active, or a clip does not fit the skeleton. Never allocates. Calls that
  // share a scratch must not run at the same time.
  [[nodiscard]] bool evaluate_soa(Span<SoaTransform> output, StateMachineScratch& scratch);
  // The same with the instance's own scratch; false for a crowd's character (which has none).
  [[nodiscard]] bool evaluate_soa(Span<SoaTransform> output);
  // The same pose as one Transform per joint (for tools): evaluate_soa() with the instance's own
  // scratch, converted at the end. False as evaluate_soa(), or when `output` does not have one
  // Transform per joint. Never allocates.
  [[nodiscard]] bool evaluate(Span<Transform> output);
  // The pose of active state `index` (as in active_states(layer)) alone, as the last successful
  // evaluate sampled it (an additive layer's: its delta from its reference), for the tool's
  // ghosts of a transition's ends; in SoA form (from_soa converts it). It lives in the scratch
  // that evaluate used: valid until the next update(), or until that scratch evaluates another
  // character. Empty for a bad layer or index, before any evaluate, and while the layer has one
  // active state (that state is sampled straight into the layer's pose). A layer evaluate
  // skipped (weight 0) keeps older poses.
  Span<const SoaTransform> active_pose(int layer, std::size_t index) const;

  // Carries a running character over from `before`, an instance of another definition (the
  // tool rebuilds the machine after each edit of its setup, and playback goes on): each
  // parameter whose name `before` also has takes its value and target, made to fit its own type
  // and range; the state that was current in `before`, when a state of that name exists here,
  // goes on from its time, alone (a running transition is settled in its destination; a
  // one-shot stops at its end). Each layer goes on likewise from the layer of its name in
  // `before`, keeping a weight set by set_layer_weight. Everything else stays as the
  // constructor left it. Never allocates.
  void continue_from(const StateMachineInstance& before);

  // Saving and restoring a running character exactly (the tool's rewind, replays): every value
  // that update() changes, into caller-owned spans of def().parameters.size() parameters and
  // layer_count() layers. save_state() is false when a span has the wrong size. restore_state()
  // checks everything first (sizes, state, slot and transition indices, finite times and
  // weights) and is false, changing nothing, when anything does not fit this def; otherwise the
  // instance continues exactly as the one saved would have, bit for bit: the same update()s give
  // the same states and evaluate() the same pose. It empties events() and trace() (they belong
  // to an update) and leaves tracing as it was. Neither allocates. Not saved: the decay of an
  // inertialized transition in progress (the restored instance shows its machine's own pose,
  // and the next switch carries over from the poses it shows from then on).
  bool save_state(Span<SavedParameter> parameters, Span<SavedLayer> layers) const;
  bool restore_state(Span<const SavedParameter> parameters, Span<const SavedLayer> layers);

  // Layer 0 is the base machine (the def's own states), layer i + 1 the def's layers[i]. The
  // queries below take a layer and default to the base.
  int layer_count() const { return static_cast<int>(machines_.size()); }
  // Each returns its empty value for a bad layer (-1, no states, no transition).
  int current_state(int layer = 0) const;  // The newest state (the destination while
                                           // transitioning), an index into the layer's states.
  Span<const ActiveState> active_states(int layer = 0) const;
  TransitionStatus transition(int layer = 0) const;
  // The inertialized or dead-blended switch whose pose is carrying over now, as the last update()
  // left it (state_machine_inertia.cpp); none after restore_state(), which does not save it.
  CarryOver carry_over(int layer = 0) const;
  // Travel (Godot's AnimationNodeStateMachinePlayback::travel): takes the shortest path of
  // transitions (fewest; of equal ones, the transitions listed first) from the current state of
  // `layer` to `state`, one transition after the other, each with its own duration and blend, as
  // soon as the one before has finished, without waiting for their conditions. A transition of
  // the path is any from the state the machine is in at that step, any-state ones included.
  // While it travels the layer's own transitions do not fire; it ends on arriving, and
  // restore_state and continue_from end it. Allocates the path (update() never allocates).
  enum class TravelResult {
    kStarted,       // On the way; traveling(layer) until it arrives.
    kAlreadyThere,  // The state is the current one: nothing to do.
    kNoPath,        // No chain of transitions leads there from the current state.
    kBadState,      // Not a state of the layer (or a bad layer).
  };
  TravelResult travel(int state, int layer = 0);
  bool traveling(int layer = 0) const;
  // The transitions still to take, in order (indices into the layer's transitions); empty when
  // not traveling.
  Span<const int> travel_path(int layer = 0) const;
  // Where active state `index` (as in active_states(layer)) is between the sync markers of the
  // clip its time follows (its clip, or a blend space's heaviest point): marker names index
  // def().marker_names. Invalid when that clip has no markers, or for a bad layer or index.
  MarkerPosition active_marker(int layer, std::size_t index) const;
  // A layer's weight now: its set weight (the def's, or set_layer_weight's) times its weight
  // parameter's value clamped to [0, 1]. The base's is 1.
  float layer_weight(int layer) const;
  // Sets a layer's weight (clamped to [0, 1]) in place of the def's, as Unity's SetLayerWeight.
  // False for the base, a bad index or a value that is not finite.
  bool set_layer_weight(int layer, float weight);
  const StateMachineDef& def() const { return *def_; }
  // Per-character bytes: the instance and the buffers it owns (cursors, masks, trace, its own
  // scratch and rest pose if it has them), not the def, skeleton, clips, shared rest pose or a
  // lent scratch.
  std::size_t byte_size() const;
  // The clips it plays (with their root-motion tracks, when the def moves the character).
  const ClipSet& clips() const { return clips_; }

 private:
  // One state playing in a machine: a transition blends several.
  struct Track {
    int state = -1;
    int slot = 0;              // Which pose buffer and cursors it uses, within its machine's.
    CycleTime time;            // Normalized, cumulative (cycles and fraction).
    float base_weight = 0.0f;  // Weight when the running transition started.
    CycleTime previous_time;   // `time` before the last update: exit times crossed since.
    bool entered = true;       // Not updated yet since it started: events at its start fire.
    // A blend space synced by markers: the clip whose normalized time `time` is (its heaviest
    // point at the last update; the others follow it between their markers), or -1.
    int leader = -1;
    GroupSync group = GroupSync::kApart;  // Its part in its sync group at the last update.
  };
  // One state machine's run: the base's, or a layer's, with its own tracks and pose buffers.
  struct Machine {
    // The scalars every update reads first, then the active states and the tracks (the first
    // few of each in use), then what additive layers alone use: the fewest lines touched.
    const std::vector<StateDef>* states = nullptr;
    const std::vector<TransitionDef>* transitions = nullptr;
    const LayerDef* layer = nullptr;  // Null for the base.
    std::size_t track_count = 0;
    int running = -1;       // Running transition index, -1 for none.
    int running_from = -1;  // State it left.
    float elapsed = 0.0f;   // Seconds into the running transition.
    int started = -1;       // The transition the last update started, or -1.
    // It started while a transition ran or a switch's pose carried over (CarryOver::interrupted).
    bool started_interrupting = false;
    bool reference_ok = true;  // The reference clip fits the skeleton.
    // An additive layer's reference: the reference clip's first frame when it names one (then
    // `reference` holds it), else the state's motion at its start, sampled each evaluate with
    // cursors of its own (reference_cursors, one per clip the machine plays, as in cursors_).
    bool state_reference = false;
    std::array<bool, kMaxActive> slot_used{};
    std::size_t active_count = 0;
    float weight = 1.0f;           // The layer's set weight, before its weight parameter.
    std::size_t first_cursor = 0;  // Its clips' cursors in cursors_ start here.
    std::vector<float> mask;       // Per joint; empty: every joint (the base).
    std::array<ActiveState, kMaxActive> active{};
    std::array<Track, kMaxActive> tracks{};  // Oldest first; the last is the current state.
    SoaPose reference;
    std::vector<ClipCursor> reference_cursors;

    bool additive() const { return layer != nullptr && layer->blend == LayerBlend::kAdditive; }
  };

  void init_machine(Machine& m, int default_state);
  bool restorable(Span<const SavedParameter> parameters, Span<const SavedLayer> layers) const;

  // The track a transition from `state` checks its exit time on: the newest track playing it,
  // or the current one when none does.
  const Track& source_track(const Machine& m, int state) const;
  // Whether `source` has reached t's exit time (t has one); `current` gets the time compared.
  bool exit_time_reached(const Machine& m, const TransitionDef& t, const Track& source,
                         float* current) const;
  bool conditions_hold(const Machine& m, const TransitionDef& t, const Track& source) const;
  int find_transition(const Machine& m) const;
  void start(Machine& m, int transition);
  void finish_if_done(Machine& m);
  TransitionStatus transition_status(const Machine& m) const;
  float phase_rate(const StateDef& state);
  BlendSpace2DWeights weights_2d(const BlendSpace2DDef& space) const;  // At the current values.
  // 1D blend space `space`'s weights at its parameter's current value. An update asks for them
  // several times (the phase rate, root motion, events, the pose): the last ones are kept while
  // the value stays the same.
  BlendSpaceWeights weights_1d(int space);
  float display_time(const Machine& m, const Track& track) const;
  float track_weight(const Machine& m, std::size_t index) const;
  // The clip a state's time is that of, whose events it fires: its clip, or a blend space's
  // heaviest point (on a tie the one listed first); -1 for none.
  int leading_clip(const StateDef& state) const;
  // Sync markers (state_machine_sync.cpp). Whether `state` is a blend space synced by markers.
  bool marker_synced(const StateDef& state) const;
  // `clip`'s normalized time when `leader` is at `phase`: at the leader's place between their
  // markers; `phase` itself for the leader, with no leader (-1) or without those markers.
  float clip_phase(int leader, float phase, int clip) const;
  // The leader `track` plays by: its own when marker-synced, else -1.
  int track_leader(const StateDef& state, const Track& track) const;
  // The clip whose normalized time `track`'s time is: its leader, else its leading clip.
  int time_clip(const StateDef& state, const Track& track) const;
  // Clip `clip`'s place between its markers at `phase`, and the phase it is at a place (nearest
  // `hint`; negative for none); invalid and negative for a clip out of range.
  MarkerPosition place_in(int clip, float phase) const;
  float phase_in(int clip, const MarkerPosition& at, float hint) const;
  // Before an update advances `track`: when its heaviest point changed, its time becomes the new
  // leader's, at the same place between their markers (the pose does not jump).
  void follow_leader(const StateDef& state, Track& track) const;
  // Where transition `t` starts its destination: its offset, or with marker sync the place of
  // the state it leaves (`from`, the machine's current track). `place` (may be null) gets that
  // place, or invalid when it fell back to the offset.
  float start_phase(const Machine& m, const TransitionDef& t,
                    MarkerPosition* place = nullptr) const;
  // Where a new track of `t`'s destination starts (normalized): at its sync group's place when a
  // looping state of the group plays (`joined` true), else at start_phase's (`place` as there).
  // What start() places it at and what the trace reports, before it starts.
  float entry_phase(const Machine& m, const TransitionDef& t, bool* joined,
                    MarkerPosition* place) const;
  // The track of `m` transition `t` goes back to: a state still fading out, other than the state
  // it leaves (its source, or for an any-state transition the current state); m.track_count for
  // none. start() picks it up where it is; the trace says so.
  static std::size_t resumed_track(const Machine& m, const TransitionDef& t);
  // Whether a transition starting now in machine `machine` interrupts something.
  bool interrupting(std::size_t machine) const;
  // Sync groups (state_machine_sync_groups.cpp). A track of machine `machine`.
  struct GroupMember {
    int machine = -1;
    int track = -1;
    bool found() const { return machine >= 0; }
  };
  // The member `group` follows now (none when no looping state of it plays but followers).
  GroupMember group_leader(int group) const;
  // Where a group's leader is: the clip its time is that of, its normalized time there, and its
  // place between that clip's markers (invalid without markers).
  struct GroupPlace {
    int clip = -1;
    float phase = 0.0f;
    MarkerPosition marker;
  };
  GroupPlace group_place(const GroupMember& leader) const;
  // The normalized time `state` (a track of it: `track`, whose time gives the hint among a clip's
  // several stretches) is at when the group's leader is at `place`.
  float group_phase(const GroupPlace& place, const StateDef& state, const Track& track) const;
  // After an update advanced every track: each group's followers move to its leader's place.
  void sync_groups();
  void follow_group(const GroupPlace& place, const StateDef& state, Track& track) const;
  void fire_events(std::size_t machine, std::size_t track);
  void fire(int event, std::size_t machine, std::size_t track);
  int update_machine(Machine& m);  // Returns the transition it started, or -1.
  // Traveling (state_machine_travel.cpp): per machine, the path still to take.
  struct Travel {
    std::vector<int> path;  // Transition indices.
    std::size_t next = 0;   // The next to take.
    bool active() const { return next < path.size(); }
  };
  // The next transition of machine `m`'s travel to start now (its running transition over), or
  // -1; ends a travel the machine left (a state off the path).
  int next_travel_step(std::size_t machine);
  void end_travels();
  // Appends to the trace what update_machine looked at in `machine`, before it starts `fired`.
  void trace_machine(std::size_t machine, int fired);
  // The fired entry `e`'s start: whether it interrupts, where its destination starts.
  void trace_start(std::size_t machine, TraceEntry& e) const;
  // Sets up cursors_, cursor_of_ and the machines' reference cursors: one cursor per clip each
  // machine's states play, sized for that clip.
  void init_cursors();
  // Machine `machine`'s cursor for `clip` (its reference set: `reference`); null for a clip it
  // does not play.
  ClipCursor* cursor(std::size_t machine, int clip, bool reference);
  // Samples `state` of machine `machine` at `phase` into `out` with the shared scratch poses and
  // the machine's cursors (its reference set: `reference`). False: a clip that does not fit the
  // skeleton.
  // `leader`: as track_leader gives it (-1: every point at `phase`).
  bool sample_state(const StateDef& state, float phase, int leader, std::size_t machine,
                    bool reference, StateMachineScratch& scratch, Span<SoaTransform> out);
  bool sample_track(std::size_t machine, const Track& track, StateMachineScratch& scratch,
                    Span<SoaTransform> pose);
  bool blend_machine(std::size_t machine, StateMachineScratch& scratch, Span<SoaTransform> output);
  // Prefetching (state_machine_prefetch.cpp): a crowd's character is cold each frame. At the
  // start of an update, the lines its update reads first (parameters, machines, cursor index,
  // the base machine's cursors) and what its carry-overs read and write in the evaluate;
  // once the machines have moved on, what the evaluate after it samples with (the cursors of the
  // clips its tracks play; those of the base machine's states that move the character, as
  // track_move reads their root-motion places), while root motion runs.
  void prefetch_state() const;
  void prefetch_cursors();
  // Root motion (state_machine_root_motion.cpp). Set up from the def and the clips' tracks.
  void init_root_motion();
  // The clips `state` plays now (a clip alone, or a blend space's points at the parameters'
  // values) and their weights, into `clips` and `weights` (3 each); how many.
  int state_clips(const StateDef& state, int* clips, float* weights);
  // How `track`'s state moved the character over the last update, before weighting.
  RootMotion track_move(const Machine& m, const Track& track);
  // Where `state`'s motion has taken the character at `phase` since its start (its clips' frames
  // blended as its pose is).
  RootMotion state_frame(const StateDef& state, float phase, int leader);
  // A state that keeps its motion in its pose: the root joint in `pose` put back where the clip
  // had it, `frame` away from where it plays in place.
  void keep_motion_in_pose(const RootMotion& frame, Span<SoaTransform> pose) const;
  RootMotion base_root_motion();
  // Inertialized and dead-blended transitions (state_machine_inertia.cpp). A machine that has
  // one keeps its last two output poses in a PoseCarryOver; at its switch the offsets from them
  // to the new pose (or the old pose and its velocity) are captured, and they carry over onto its
  // pose over the transition's duration, whatever the machine does next (a transition that
  // interrupts starts from the pose shown, carried-over part included: nothing pops).
  // Which switch a machine's carry-over came from, for carry_over().
  struct CarrySwitch {
    int transition = -1;
    int from = -1, to = -1;
    bool interrupted = false;
  };
  void init_inertia();
  // In update(), after the machines moved on: starts or advances each machine's decay.
  void update_inertia(float dt);
  // In evaluate_soa(), on machine `machine`'s blended pose: captures offsets after a switch,
  // adds the decaying ones, and keeps the pose for the next switch.
  void inertialize(std::size_t machine, Span<SoaTransform> pose);
  void refresh_active(Machine& m);
  // The rest pose sampling starts from: the shared one, or the instance's own.
  Span<const SoaTransform> rest() const {
    return shared_rest_.empty() ? Span<const SoaTransform>(own_rest_) : shared_rest_;
  }

  // What every update and evaluate reads or writes comes first, together on the fewest cache
  // lines a character touches each frame; what only events, the trace, travel, states that keep
  // their motion, IK or an instance without a crowd's shared buffers use comes after.
  const StateMachineDef* def_;
  const Skeleton* skeleton_;
  ClipSet clips_;
  std::vector<SmoothedValue> params_;
  std::vector<Machine> machines_;  // [0] the base, [i + 1] the def's layers[i].
  std::size_t fired_count_ = 0;
  int64_t fired_dropped_ = 0;
  bool tracing_ = false;
  static_assert(StateMachineScratch::kSlots == kMaxActive);
  std::size_t blocks_ = 0;
  Span<const SoaTransform> shared_rest_;
  // Where the last evaluate wrote its poses (active_pose): a lent scratch, or own_scratch_.
  bool evaluated_ = false;
  const StateMachineScratch* lent_ = nullptr;
  // Sampling cursors, one per clip a machine's states play, each sized for its clip (as ozz keeps
  // a context per animation): a cursor never starts over for another clip, and a character holds
  // no more than its clips need. cursor_of_[machine * clips + clip] indexes cursors_ (-1: a clip
  // the machine never plays). Two tracks playing one clip at different times share its cursor.
  std::vector<int32_t> cursor_of_;
  std::vector<ClipCursor> cursors_;  // Also the base machine's root-motion cursors.
  // weights_1d's last answers: of which space, at which value.
  struct WeightsMemo {
    int space = -1;
    float value = 0.0f;
    BlendSpaceWeights weights;
  };
  std::array<WeightsMemo, 2> weights_memo_{};
  std::size_t weights_memo_next_ = 0;  // The entry the next new answer replaces.
  // Root motion: on when moves_; the last update's move.
  bool moves_ = false;
  RootMotion root_motion_;
  // Per machine, as machines_; empty when the def has no inertialized transition.
  std::vector<PoseCarryOver> inertia_;
  std::vector<CarrySwitch> carry_switches_;  // One per entry of inertia_.
  float last_dt_ = 0.0f;                     // The last update's step.
  std::vector<Travel> travels_;              // Per machine, from the first travel(); empty before.
  // IK (state_machine_ik.cpp): kVector3 parameters' values, one per parameter (unused for the
  // others); the ground; the last evaluate's results, and the feet entries' legs, flat, with
  // where each entry's start (ik_leg_start_[entry]; as many as the entry's legs).
  std::vector<glm::vec3> vectors_;
  GroundQuery ground_;
  std::vector<IkEntryResult> ik_results_;
  std::vector<FootIkLegResult> ik_legs_;
  std::vector<uint32_t> ik_leg_start_;
  // The last update's events (the first fired_count_).
  std::array<FiredEvent, kMaxEvents> fired_{};
  std::vector<TraceEntry> trace_;  // Sized by set_trace(true); the first trace_count_ are used.
  std::size_t trace_count_ = 0;
  std::vector<TraceCondition> trace_conditions_;
  std::size_t trace_condition_count_ = 0;
  SoaPose own_rest_;                 // Empty when the rest pose is shared.
  StateMachineScratch own_scratch_;  // Empty for a crowd's character.
  // For states that keep their motion in the pose: the root-motion joint's parent in the model
  // at rest, and its inverse.
  glm::mat4 root_parent_{1.0f}, root_parent_inverse_{1.0f};
  // Runs the def's IK entries on `output` (evaluate_soa's finished pose), with scratch's model
  // space and correction buffers; false only when a job refuses its input.
  bool apply_ik(Span<SoaTransform> output, StateMachineScratch& scratch);
  // The share of the base machine's weight whose clip is between marker `marker` (an index into
  // the def's marker names) and the marker after it: a feet leg's stance; 0 for -1.
  float stance_share(int marker) const;
  void init_ik();
};

}  // namespace anim
