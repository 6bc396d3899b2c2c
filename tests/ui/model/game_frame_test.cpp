// A game's frame read against the tool's copy of the setup (game_frame.h): the description is
// checked name by name, and the state restored from a frame shows what the instance that sent
// it showed, mid-transition too (the weights a running transition gave its tracks are undone
// into their base weights and given again by the restored instance).
#include "anim/ui/model/game_frame.h"

#include <vector>

#include <gtest/gtest.h>

#include "anim/link/protocol.h"
#include "link/link_machine.h"

namespace anim::ui {
namespace {

using testutil::LinkMachine;

link::Watching describe(const StateMachineDef& def) {
  link::Watching w;
  for (const ParameterDef& p : def.parameters) w.parameters.push_back({p.name, p.type});
  link::LayerInfo base;
  for (const StateDef& s : def.states) base.states.push_back(s.name);
  base.transitions = static_cast<uint32_t>(def.transitions.size());
  w.layers.push_back(base);
  for (const LayerDef& l : def.layers) {
    link::LayerInfo info;
    info.name = l.name;
    for (const StateDef& s : l.states) info.states.push_back(s.name);
    info.transitions = static_cast<uint32_t>(l.transitions.size());
    w.layers.push_back(info);
  }
  return w;
}

// What the link sends for `m` (its public API after an update).
link::Frame frame_of(const StateMachineInstance& m) {
  link::Frame f;
  for (int p = 0; p < static_cast<int>(m.def().parameters.size()); ++p)
    f.parameters.push_back({m.value(p), m.target(p), m.vector(p)});
  for (int l = 0; l < m.layer_count(); ++l) {
    link::FrameLayer layer;
    layer.weight = m.layer_weight(l);
    for (const auto& a : m.active_states(l)) layer.active.push_back(a);
    layer.transition = m.transition(l);
    f.layers.push_back(layer);
  }
  return f;
}

TEST(GameFrame, TheDescriptionIsCheckedNameByName) {
  LinkMachine lm;
  EXPECT_EQ(description_mismatch(describe(lm.def), lm.def), "");
  link::Watching renamed = describe(lm.def);
  renamed.parameters[2].name = "lean";
  EXPECT_EQ(description_mismatch(renamed, lm.def),
            "the game's parameter 2 is \"lean\", the setup's \"aim\"");
  link::Watching retyped = describe(lm.def);
  retyped.parameters[0].type = ParameterType::kInt;
  EXPECT_EQ(description_mismatch(retyped, lm.def),
            "the game's parameter \"speed\" is a int, the setup's a float");
  link::Watching fewer = describe(lm.def);
  fewer.layers[0].states.pop_back();
  EXPECT_EQ(description_mismatch(fewer, lm.def),
            "in the base machine the game has 2 states, the setup 3");
  link::Watching state = describe(lm.def);
  state.layers[1].states[0] = "Salute";
  EXPECT_EQ(description_mismatch(state, lm.def),
            "in layer \"upper\" the game's state 0 is \"Salute\", the setup's \"Wave\"");
  link::Watching transitions = describe(lm.def);
  transitions.layers[0].transitions = 2;
  EXPECT_EQ(description_mismatch(transitions, lm.def),
            "in the base machine the game has 2 transitions, the setup 3");
}

// Through Idle -> Walk -> Run, every frame: the instance restored from the frame reports the very
// states, weights, times, transition and parameters of the one that sent it.
TEST(GameFrame, TheRestoredStateShowsWhatTheGameShowed) {
  LinkMachine lm;
  StateMachineInstance game(lm.def, lm.skeleton, lm.clips);
  StateMachineInstance tool(lm.def, lm.skeleton, lm.clips);
  std::vector<StateMachineInstance::SavedParameter> parameters(lm.def.parameters.size());
  std::vector<StateMachineInstance::SavedLayer> layers(lm.def.layers.size() + 1);
  int mid_transition = 0;
  for (int i = 0; i < 120; ++i) {
    if (i == 10) game.set_value(0, 1.0f);
    if (i == 60) game.set_value(0, 2.0f);
    game.update(1.0f / 60.0f);
    const link::Frame f = frame_of(game);
    ASSERT_TRUE(game_frame_state(f, lm.def, parameters, layers)) << "frame " << i;
    ASSERT_TRUE(tool.restore_state(parameters, layers)) << "frame " << i;
    mid_transition += game.transition().transition >= 0 ? 1 : 0;
    for (int l = 0; l < game.layer_count(); ++l) {
      ASSERT_EQ(tool.active_states(l).size(), game.active_states(l).size()) << "frame " << i;
      for (std::size_t a = 0; a < game.active_states(l).size(); ++a) {
        EXPECT_EQ(tool.active_states(l)[a].state, game.active_states(l)[a].state);
        EXPECT_NEAR(tool.active_states(l)[a].weight, game.active_states(l)[a].weight, 1e-5f)
            << "frame " << i;
        EXPECT_NEAR(tool.active_states(l)[a].normalized_time,
                    game.active_states(l)[a].normalized_time, 1e-6f);
      }
      EXPECT_EQ(tool.transition(l).transition, game.transition(l).transition);
      EXPECT_NEAR(tool.transition(l).progress, game.transition(l).progress, 1e-5f);
      EXPECT_EQ(tool.layer_weight(l), game.layer_weight(l));
    }
    EXPECT_EQ(tool.value(0), game.value(0));
    EXPECT_EQ(tool.target(0), game.target(0));
  }
  EXPECT_GT(mid_transition, 10);  // Both fades were seen while they ran.
  EXPECT_EQ(game.current_state(), 2);
}

TEST(GameFrame, AFrameThatDoesNotFitIsRefused) {
  LinkMachine lm;
  StateMachineInstance game(lm.def, lm.skeleton, lm.clips);
  game.update(1.0f / 60.0f);
  std::vector<StateMachineInstance::SavedParameter> parameters(lm.def.parameters.size());
  std::vector<StateMachineInstance::SavedLayer> layers(lm.def.layers.size() + 1);
  link::Frame f = frame_of(game);
  f.layers[0].active[0].state = 7;
  EXPECT_FALSE(game_frame_state(f, lm.def, parameters, layers));
  f = frame_of(game);
  f.parameters.pop_back();
  EXPECT_FALSE(game_frame_state(f, lm.def, parameters, layers));
  f = frame_of(game);
  f.layers[0].transition.transition = 9;
  EXPECT_FALSE(game_frame_state(f, lm.def, parameters, layers));
}

}  // namespace
}  // namespace anim::ui
