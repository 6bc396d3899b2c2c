// The command line's IK options, read without running a command: --ground planes
// (parse_ground_plane, and --ground as play reads it) and X,Y,Z values of --set for vector3
// parameters (parse_changes), each refusal's exact message.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/ground_option.h"
#include "cli/scripted_run.h"
#include "cli_run.h"
#include "commands/commands.h"
#include "support/machines.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::run;

constexpr float kInf = std::numeric_limits<float>::infinity();

std::string ground_error(const std::string& text) {
  Result<GroundPlane> plane = parse_ground_plane(text);
  EXPECT_FALSE(plane.ok()) << text;
  return plane.ok() ? std::string() : plane.error().message;
}

TEST(CliGroundOption, APlaneIsItsFourNumbersUnbounded) {
  Result<GroundPlane> plane = parse_ground_plane("0,2,0,0.05");
  ASSERT_TRUE(plane.ok()) << plane.error().message;
  EXPECT_EQ(plane.value().normal, glm::vec3(0, 2, 0));
  EXPECT_EQ(plane.value().d, 0.05f);
  EXPECT_EQ(plane.value().min_x, -kInf);
  EXPECT_EQ(plane.value().max_x, kInf);
  EXPECT_EQ(plane.value().min_z, -kInf);
  EXPECT_EQ(plane.value().max_z, kInf);
}

TEST(CliGroundOption, ARegionBoundsThePlaneInXAndZ) {
  Result<GroundPlane> plane = parse_ground_plane("-0.5,1,0,0.2@0.5,3,-1e3,1e3");
  ASSERT_TRUE(plane.ok()) << plane.error().message;
  EXPECT_EQ(plane.value().normal, glm::vec3(-0.5f, 1, 0));
  EXPECT_EQ(plane.value().d, 0.2f);
  EXPECT_EQ(plane.value().min_x, 0.5f);
  EXPECT_EQ(plane.value().max_x, 3.0f);
  EXPECT_EQ(plane.value().min_z, -1000.0f);
  EXPECT_EQ(plane.value().max_z, 1000.0f);
}

TEST(CliGroundOption, BadPlanesAreRefusedNamingTheValue) {
  const std::string form = " (expected nx,ny,nz,d[@xmin,xmax,zmin,zmax])";
  EXPECT_EQ(ground_error("0,1,0"), "--ground 0,1,0: the plane needs 4 numbers, got 3" + form);
  EXPECT_EQ(ground_error("0,1,0,0,1"),
            "--ground 0,1,0,0,1: the plane needs 4 numbers, got 5" + form);
  EXPECT_EQ(ground_error(""), "--ground : the plane needs 4 numbers, got 1" + form);
  EXPECT_EQ(ground_error("0,up,0,0"),
            "--ground 0,up,0,0: \"up\" in the plane is not a finite number" + form);
  EXPECT_EQ(ground_error("0,1,0,nan"),
            "--ground 0,1,0,nan: \"nan\" in the plane is not a finite number" + form);
  EXPECT_EQ(ground_error("0,inf,0,0"),
            "--ground 0,inf,0,0: \"inf\" in the plane is not a finite number" + form);
  EXPECT_EQ(ground_error("0,1,,0"),
            "--ground 0,1,,0: \"\" in the plane is not a finite number" + form);
  EXPECT_EQ(ground_error("0,0,0,1"), "--ground 0,0,0,1: the normal is zero" + form);
  EXPECT_EQ(ground_error("0,1,0,0@1,2,3"),
            "--ground 0,1,0,0@1,2,3: the region needs 4 numbers, got 3" + form);
  EXPECT_EQ(ground_error("0,1,0,0@1,2,3,x"),
            "--ground 0,1,0,0@1,2,3,x: \"x\" in the region is not a finite number" + form);
  EXPECT_EQ(ground_error("0,1,0,0@2,1,0,1"),
            "--ground 0,1,0,0@2,1,0,1: the region's xmin is above its xmax" + form);
  EXPECT_EQ(ground_error("0,1,0,0@0,1,5,-5"),
            "--ground 0,1,0,0@0,1,5,-5: the region's zmin is above its zmax" + form);
  // Finite parts whose length overflows.
  EXPECT_EQ(ground_error("3e38,3e38,0,0"),
            "--ground 3e38,3e38,0,0: the normal's length is not finite" + form);
}

// `command` run as animscope runs it: render's arguments are checked in-process before they are
// handed to animscope-gui (check_gui_arguments), the others run.
CliRun run_command(std::vector<std::string> args) {
  if (args[0] != "render") return run(args);
  args.insert(args.begin(), "animscope");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  CliRun r;
  r.code = check_gui_arguments(static_cast<int>(argv.size()), argv.data(), out, err).value_or(-1);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(CliGroundOption, EachCommandRefusesABadGroundAsItReadsTheCommandLine) {
  // Before the input is opened: the file need not exist.
  const CliRun r = run({"play", "no_such_setup.json", "--ground", "0,1,0,0", "--ground", "1,2"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("animscope: --ground 1,2: the plane needs 4 numbers, got 2 (expected "
                       "nx,ny,nz,d[@xmin,xmax,zmin,zmax])\n"),
            std::string::npos)
      << r.err;
  for (const char* command : {"pose", "render"}) {
    const CliRun bad = run_command({command, "no_such_setup.json", "--ground", "0,0,0,0"});
    EXPECT_EQ(bad.code, kExitError) << command;
    EXPECT_NE(bad.err.find("animscope: --ground 0,0,0,0: the normal is zero"), std::string::npos)
        << command << ": " << bad.err;
  }
}

TEST(CliGroundOption, HelpSaysWhatTheGroundIsFor) {
  for (const char* command : {"play", "pose", "render"}) {
    const CliRun r = run_command({command, "--help"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find("--ground"), std::string::npos) << command;
    // The help text is wrapped: look for words that stay on one line.
    EXPECT_NE(r.out.find("find no ground"), std::string::npos) << command << ":\n" << r.out;
  }
}

// Parameters of each type, as a compiled setup has them.
StateMachineDef Def() {
  StateMachineDef def;
  for (const auto& [name, type] :
       std::vector<std::pair<std::string, ParameterType>>{{"speed", ParameterType::kFloat},
                                                          {"look", ParameterType::kVector3},
                                                          {"jump", ParameterType::kTrigger},
                                                          {"aim", ParameterType::kVector3}}) {
    ParameterDef p;
    p.name = name;
    p.type = type;
    def.parameters.push_back(p);
  }
  return def;
}

std::string set_error(const std::string& text) {
  Result<std::vector<ParameterChange>> changes = parse_changes({text}, Def());
  EXPECT_FALSE(changes.ok()) << text;
  return changes.ok() ? std::string() : changes.error().message;
}

TEST(CliSetVectors, AVector3ParameterTakesThreeNumbers) {
  Result<std::vector<ParameterChange>> changes =
      parse_changes({"aim=-1,0,2e-1@0.5", "look=1,2,0.5@0", "speed=0.25", "jump@0.25"}, Def());
  ASSERT_TRUE(changes.ok()) << changes.error().message;
  const std::vector<ParameterChange>& c = changes.value();
  ASSERT_EQ(c.size(), 4u);
  // Sorted by time.
  EXPECT_EQ(c[0].parameter, 1);
  EXPECT_EQ(c[0].vector, glm::vec3(1, 2, 0.5f));
  EXPECT_EQ(c[0].time, 0.0f);
  EXPECT_EQ(c[1].parameter, 0);
  EXPECT_EQ(c[1].value, 0.25f);
  EXPECT_EQ(c[2].parameter, 2);
  EXPECT_EQ(c[2].time, 0.25f);
  EXPECT_EQ(c[3].parameter, 3);
  EXPECT_EQ(c[3].vector, glm::vec3(-1, 0, 0.2f));
  EXPECT_EQ(c[3].time, 0.5f);
}

TEST(CliSetVectors, WrongVectorsAreRefusedNamingTheSet) {
  EXPECT_EQ(set_error("look=1,2@0"),
            "--set look=1,2@0: \"look\" is a vector3 parameter and needs three numbers X,Y,Z, "
            "got 2 in \"1,2\"");
  EXPECT_EQ(set_error("look=1,2,3,4"),
            "--set look=1,2,3,4: \"look\" is a vector3 parameter and needs three numbers X,Y,Z, "
            "got 4 in \"1,2,3,4\"");
  EXPECT_EQ(set_error("look=1"),
            "--set look=1: \"look\" is a vector3 parameter and needs three numbers X,Y,Z, got 1 "
            "in \"1\"");
  EXPECT_EQ(set_error("look=1,nan,0"), "--set look=1,nan,0: \"nan\" is not a finite number");
  EXPECT_EQ(set_error("look=1,2,inf@1"), "--set look=1,2,inf@1: \"inf\" is not a finite number");
  EXPECT_EQ(set_error("look=1,,0"), "--set look=1,,0: \"\" is not a finite number");
  EXPECT_EQ(set_error("look=true,0,0"), "--set look=true,0,0: \"true\" is not a finite number");
  EXPECT_EQ(set_error("look"), "--set look: expected NAME=VALUE@SECONDS");
  EXPECT_EQ(set_error("look=1,2,3@soon"), "--set look=1,2,3@soon: \"soon\" is not a number");
  EXPECT_EQ(set_error("speed=1,2,3"),
            "--set speed=1,2,3: \"speed\" takes one number, not the vector \"1,2,3\" (only "
            "vector3 parameters take X,Y,Z)");
  EXPECT_EQ(set_error("jump=1,0@2"),
            "--set jump=1,0@2: \"jump\" takes one number, not the vector \"1,0\" (only vector3 "
            "parameters take X,Y,Z)");
}

// A scripted run on a machine of one still joint with a float and a vector3 parameter.
class CliScriptedRun : public testutil::IdleWalkRunTest {
 protected:
  CliScriptedRun() {
    def_.parameters = {testutil::Parameter("speed", ParameterType::kFloat),
                       testutil::Parameter("look", ParameterType::kVector3)};
  }
};

TEST_F(CliScriptedRun, VectorsAreSetAtTheirTimeAndTheChangesAtZeroBeforeAnyStep) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  Result<std::vector<ParameterChange>> changes =
      parse_changes({"look=4,5,6@0.5", "look=1,2,3@0", "speed=0.75"}, def_);
  ASSERT_TRUE(changes.ok()) << changes.error().message;
  ScriptedRun run(sm, std::move(changes).value(), 0.25f);
  // Before any step: the changes at 0 hold (pose --time 0 shows them).
  EXPECT_EQ(sm.vector(1), glm::vec3(1, 2, 3));
  EXPECT_EQ(sm.value(0), 0.75f);
  run.step();  // From 0 to 0.25.
  run.step();  // From 0.25 to 0.5.
  EXPECT_EQ(sm.vector(1), glm::vec3(1, 2, 3));
  run.step();  // At 0.5 the second vector, then to 0.75.
  EXPECT_EQ(sm.vector(1), glm::vec3(4, 5, 6));
  EXPECT_EQ(sm.value(0), 0.75f);
  // No --ground: the machine has none.
  EXPECT_EQ(sm.ground().cast, nullptr);
}

TEST_F(CliScriptedRun, GroundPlanesBecomeTheMachinesGroundForTheRun) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  Result<GroundPlane> step = parse_ground_plane("0,1,0,0.2@0.5,10,-10,10");
  Result<GroundPlane> floor = parse_ground_plane("0,2,0,0.05");
  ASSERT_TRUE(step.ok() && floor.ok());
  ScriptedRun run(sm, {}, 1.0f / 60.0f, {}, {floor.value(), step.value()});
  const GroundQuery ground = sm.ground();
  ASSERT_NE(ground.cast, nullptr);
  GroundHit hit;
  // Over the step (x = 1) the raised plane; beside it the floor, 0.05 up (d is along the unit
  // normal, whatever the length given).
  ASSERT_TRUE(ground.cast(ground.user, {1, 3, 0}, {0, -1, 0}, 10, &hit));
  EXPECT_NEAR(hit.point.y, 0.2f, 1e-6f);
  ASSERT_TRUE(ground.cast(ground.user, {0, 3, 0}, {0, -1, 0}, 10, &hit));
  EXPECT_NEAR(hit.point.y, 0.05f, 1e-6f);
  EXPECT_EQ(hit.normal, glm::vec3(0, 1, 0));
}

TEST_F(CliScriptedRun, ApplyChangeSetsEachTypeItsWay) {
  StateMachineInstance sm(def_, skeleton_, clips_);
  ParameterChange vector;
  vector.parameter = 1;
  vector.vector = {0.5f, -1, 2};
  vector.value = 9;  // Not read for a vector3 parameter.
  apply_change(sm, vector);
  EXPECT_EQ(sm.vector(1), glm::vec3(0.5f, -1, 2));
  ParameterChange number;
  number.parameter = 0;
  number.value = 0.25f;
  apply_change(sm, number);
  EXPECT_EQ(sm.value(0), 0.25f);
  number.parameter = 7;  // No such parameter: nothing happens.
  apply_change(sm, number);
  EXPECT_EQ(sm.value(0), 0.25f);
}

}  // namespace
}  // namespace anim::app
