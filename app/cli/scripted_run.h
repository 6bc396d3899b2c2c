#pragma once
// Driving a setup's state machine headless the way `play` does: fixed steps, with parameter
// changes ("--set NAME=VALUE@SECONDS") applied when their time comes. Shared by play, pose and
// render so that each shows the same frame for the same script.
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/ground_planes.h"
#include "anim/result.h"
#include "anim/state_machine.h"

namespace anim::app {

struct ParameterChange {
  int parameter = -1;
  float value = 0.0f;      // A float, int, bool or trigger parameter's value.
  glm::vec3 vector{0.0f};  // A vector3 parameter's value.
  float time = 0.0f;       // Seconds from the start.
};

// Parses every "NAME=VALUE@SECONDS" ("@SECONDS" defaults to 0; a trigger may omit "=VALUE";
// VALUE may be true or false; a vector3 parameter's VALUE is X,Y,Z) and sorts them by time,
// keeping the given order at equal times. A vector for another type, a single number for a
// vector3 one, a wrong count or a non-finite number is an error naming the --set.
Result<std::vector<ParameterChange>> parse_changes(const std::vector<std::string>& texts,
                                                   const StateMachineDef& def);

// Sets the change's parameter on `machine`: set_vector for a vector3 one, else set_value.
void apply_change(StateMachineInstance& machine, const ParameterChange& change);

// Trigger parameters that a transition (of the base or a layer) tests but that no change sets:
// in this run those transitions cannot fire. Nothing in a setup says who sets a trigger (a game
// does), so only a scripted run can tell. Their names, in the def's parameter order.
std::vector<std::string> triggers_never_set(const StateMachineDef& def,
                                            const std::vector<ParameterChange>& changes);

// A travel of the base machine ("--travel PATH@SECONDS"): to the state named PATH (a nested
// state's path, "Locomotion/Run") from SECONDS on.
struct TravelRequest {
  int state = -1;
  float time = 0.0f;
};

// Parses every "PATH@SECONDS" ("@SECONDS" defaults to 0) and sorts them by time; an unknown
// state is an error that lists the states.
Result<std::vector<TravelRequest>> parse_travels(const std::vector<std::string>& texts,
                                                 const StateMachineDef& def);

// What a scripted run does over time: the --set changes and the --travel requests, on the
// --ground planes (cli/ground_option.h; none: feet IK entries find no ground and do nothing).
struct MachineScript {
  std::vector<ParameterChange> changes;
  std::vector<TravelRequest> travels;
  std::vector<GroundPlane> ground;
};
// parse_changes and parse_travels of both lists: the first error. `ground` is taken as it is
// (its planes were checked when the command line was read).
Result<MachineScript> parse_script(const std::vector<std::string>& sets,
                                   const std::vector<std::string>& travels,
                                   const StateMachineDef& def,
                                   std::vector<GroundPlane> ground = {});

class ScriptedRun {
 public:
  // With `ground` planes, the machine's ground (StateMachineInstance::set_ground) for as long as
  // this run lives; the run must not outlive the machine.
  ScriptedRun(StateMachineInstance& machine, std::vector<ParameterChange> changes, float dt,
              std::vector<TravelRequest> travels = {}, std::vector<GroundPlane> ground = {});
  // The machine holds a query into this run's planes: never copied or moved.
  ScriptedRun(const ScriptedRun&) = delete;
  ScriptedRun& operator=(const ScriptedRun&) = delete;
  // Applies the changes due by now, then advances the machine by dt. (The changes at time 0 are
  // applied when the run is made.)
  void step();
  // Frames that reach `seconds` (rounded to the nearest frame).
  long frames_until(float seconds) const;
  // Seconds after the last step.
  float time() const { return static_cast<float>(frames_) * dt_; }
  // Why the travels the last step asked for did not start ("no path from Idle to Halt"); empty
  // when they did.
  const std::vector<std::string>& travel_problems() const { return travel_problems_; }

 private:
  StateMachineInstance& machine_;
  void apply_changes_due();

  std::vector<ParameterChange> changes_;
  std::size_t next_ = 0;
  std::vector<TravelRequest> travels_;
  std::size_t next_travel_ = 0;
  std::vector<std::string> travel_problems_;
  std::vector<GroundPlane> ground_planes_;
  GroundPlanes ground_;
  float dt_;
  long frames_ = 0;
};

}  // namespace anim::app
