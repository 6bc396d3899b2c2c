// File > Attach to game..., headless: with no game it says so and cannot attach to nothing; with
// a real game (a LinkServer in this process) a click on its row attaches, the characters show
// with their state and the filter hides what does not match, Watch makes the document follow the
// character, and Apply to game swaps the tool's setup into the game, which the status line says.
#include "anim/ui/views/attach/attach_window.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"
#include "support/attached_game.h"
#include "support/imgui_harness.h"

namespace anim::ui {
namespace {

using testutil::eventually;
using testutil::Game;
using testutil::project;

class AttachWindowTest : public ::testing::Test {
 protected:
  AttachWindowTest()
      : h_(ImVec2(480.0f, 560.0f)),
        doc_(demo::make_demo_model(), demo::kDemoModelPath) {
    EXPECT_TRUE(doc_.attach_setup(project("demo_locomotion.json"), "demo_locomotion.json").ok());
    doc_.use_state_machine();
    h_.set_draw([this] { window_.draw_contents(doc_, games_, link_); });
    h_.frames(2);
  }
  // One tool frame: the link's sync, the document's update, the window.
  void tool_frame() {
    link_.sync(doc_);
    doc_.update(testutil::kGameDt);
    h_.frame();
  }
  // Tool frames until `done`, for up to 5 s.
  bool frames_until(const std::function<bool()>& done) {
    return eventually([&] {
      tool_frame();
      return done();
    });
  }

  testing::ImGuiHarness h_;
  Document doc_;
  std::vector<AnnouncedGameEntry> games_;
  AttachLink link_;
  AttachWindow window_;
};

TEST_F(AttachWindowTest, WithNoGameItSaysSoAndCannotAttach) {
  const std::string text = h_.frame_text();
  EXPECT_NE(text.find("No game announces itself here"), std::string::npos) << text;
  EXPECT_NE(text.find("game_loop --link"), std::string::npos) << text;
  // No port typed: "Attach" is disabled and a click on it does nothing.
  ASSERT_TRUE(h_.click(window_.rects(), "attach_other"));
  h_.frames(2);
  EXPECT_EQ(link_.session.status().phase, AttachSession::Phase::kDetached);
  EXPECT_EQ(link_.status_line(doc_), "");
}

TEST_F(AttachWindowTest, AttachWatchFilterAndApplyToTheGame) {
  Game game(project("demo_locomotion.json"));
  const AttachSession::Target t = game.target();
  games_.push_back(AnnouncedGameEntry{4242, t.port, t.token, "test game"});
  h_.frames(1);
  EXPECT_NE(h_.frame_text().find("test game"), std::string::npos);
  ASSERT_TRUE(h_.click(window_.rects(), "game:0"));
  ASSERT_TRUE(frames_until([&] { return link_.session.status().lists > 0; }))
      << link_.session.status().message;
  std::string text = h_.frame_text();
  EXPECT_NE(text.find("attached to test game"), std::string::npos) << text;
  EXPECT_NE(text.find("c0"), std::string::npos) << text;
  EXPECT_NE(text.find("Idle"), std::string::npos) << text;
  ASSERT_NE(window_.rects().find("character:0"), nullptr);

  // A filter that matches nothing hides the row; one matching the state shows it.
  ASSERT_TRUE(h_.click(window_.rects(), "filter"));
  h_.type("zz");
  h_.frames(2);
  EXPECT_EQ(window_.rects().find("character:0"), nullptr);
  h_.replace_text("idl");
  h_.frames(2);
  ASSERT_NE(window_.rects().find("character:0"), nullptr);

  ASSERT_TRUE(h_.click(window_.rects(), "character:0"));
  ASSERT_TRUE(frames_until([&] { return doc_.following_game() && doc_.recording().size() > 10; }));
  EXPECT_NE(link_.status_line(doc_).find("test game: c0, the game's own setup"),
            std::string::npos)
      << link_.status_line(doc_);

  ASSERT_TRUE(h_.click(window_.rects(), "apply"));
  ASSERT_TRUE(frames_until([&] { return link_.apply_note.rfind("applied", 0) == 0; }))
      << link_.apply_note;
  const std::string revision = std::to_string(doc_.setup_history().revision());
  EXPECT_NE(link_.status_line(doc_).find("setup r" + revision + " (the tool's)"),
            std::string::npos)
      << link_.status_line(doc_);
  // The game swapped the same setup in: the tool goes on following it.
  const std::size_t recorded = doc_.recording().size();
  ASSERT_TRUE(frames_until([&] { return doc_.recording().size() > recorded + 10; }));
  EXPECT_TRUE(doc_.following_game());

  ASSERT_TRUE(h_.click(window_.rects(), "detach"));
  ASSERT_TRUE(frames_until([&] { return !doc_.following_game(); }));
  EXPECT_EQ(link_.session.status().phase, AttachSession::Phase::kDetached);
  EXPECT_NE(h_.frame_text().find("Games on this machine"), std::string::npos);
}

// The game names the file it runs: the window shows it, and when the tool's setup is not the
// game's and that file cannot be read here, says so beside the hint to open the game's setup.
TEST_F(AttachWindowTest, TheGamesFileIsShownAndAnUnreadableOneIsSaidSo) {
  setup::Setup other = project("demo_locomotion.json");
  setup::SetupParameter lean;
  lean.name = "lean";
  other.parameters.push_back(lean);
  const std::string file = "/elsewhere/game/demo_locomotion.animpack";
  Game game(other, file);
  const AttachSession::Target t = game.target();
  games_.push_back(AnnouncedGameEntry{4242, t.port, t.token, "test game"});
  h_.frames(1);
  ASSERT_TRUE(h_.click(window_.rects(), "game:0"));
  // The list arrives between frames: its rows are drawn by the frame after.
  ASSERT_TRUE(frames_until([&] { return window_.rects().find("character:0") != nullptr; }))
      << link_.session.status().message;
  ASSERT_TRUE(h_.click(window_.rects(), "character:0"));
  ASSERT_TRUE(frames_until([&] { return !link_.content_note.empty(); }));
  h_.frames(1);
  const std::string text = h_.frame_text();
  EXPECT_NE(text.find("The game runs " + file), std::string::npos) << text;
  EXPECT_NE(text.find("Not shown: the game's character has 3 parameters, the setup 2"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Open the setup the game runs"), std::string::npos) << text;
  EXPECT_NE(text.find("which the tool cannot read here"), std::string::npos) << text;
  EXPECT_NE(window_.rects().find("content_note"), nullptr);
  EXPECT_EQ(link_.take_open_request(), "");
  EXPECT_FALSE(doc_.following_game());
}

}  // namespace
}  // namespace anim::ui
