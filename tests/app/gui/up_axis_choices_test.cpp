// View > Up axis per model file: the choices file (written, read back, garbled lines named by
// file and line), which axis wins (--up, the user's choice for the file, the file's own, +Y), and
// the tool following them for the document it has open.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <glm/matrix.hpp>

#include "anim/files/file_io.h"
#include "gui/settings_menu.h"
#include "gui/tool.h"
#include "gui/up_axis_choices.h"
#include "render/view_options.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

class UpAxisChoicesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("up_axis");
    file_ = (dir_ / "up_axis.conf").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  std::string file_;
};

const FileUpAxis kFileZ{2, 1};

TEST_F(UpAxisChoicesTest, TheCommandLineWinsThenTheUsersChoiceThenTheFileThenY) {
  UpAxisChoices choices;
  const std::string model = (dir_ / "robot.fbx").string();
  EXPECT_EQ(resolve_up_axis(std::nullopt, choices, model, FileUpAxis{}), ui::UpAxis::kY);
  EXPECT_EQ(resolve_up_axis(std::nullopt, choices, model, kFileZ), ui::UpAxis::kZ);
  EXPECT_EQ(resolve_up_axis(std::nullopt, choices, model, FileUpAxis{0, -1}), ui::UpAxis::kNegX);
  choices.by_file[up_axis_file_key(model)] = ui::UpAxis::kNegY;
  EXPECT_EQ(resolve_up_axis(std::nullopt, choices, model, kFileZ), ui::UpAxis::kNegY);
  // Another file is not affected by this one's choice.
  EXPECT_EQ(resolve_up_axis(std::nullopt, choices, (dir_ / "other.fbx").string(), kFileZ),
            ui::UpAxis::kZ);
  EXPECT_EQ(resolve_up_axis(ui::UpAxis::kX, choices, model, kFileZ), ui::UpAxis::kX);
}

TEST_F(UpAxisChoicesTest, APathIsRememberedAbsoluteAndNormalized) {
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  const std::string a = up_axis_file_key("robot.fbx");
  const std::string b = up_axis_file_key("./sub/../robot.fbx");
  fs::current_path(cwd);
  EXPECT_EQ(a, (dir_ / "robot.fbx").lexically_normal().string());
  EXPECT_EQ(a, b);
  EXPECT_EQ(up_axis_file_key("builtin:demo"), "builtin:demo");
}

TEST_F(UpAxisChoicesTest, ChoicesAreWrittenAndReadBack) {
  UpAxisChoices choices;
  choices.by_file["/models/a b.fbx"] = ui::UpAxis::kZ;
  choices.by_file["/models/c.dae"] = ui::UpAxis::kNegX;
  ASSERT_TRUE(save_up_axis_choices(file_, choices).ok());
  Result<std::string> text = files::read_file(file_);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text.value(),
            "# animscope: up axis per model file\n+Z /models/a b.fbx\n-X /models/c.dae\n");
  Result<UpAxisChoices> back = load_up_axis_choices(file_);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().by_file, choices.by_file);
}

TEST_F(UpAxisChoicesTest, AMissingFileMeansNoChoicesAndAGarbledLineIsNamed) {
  Result<UpAxisChoices> none = load_up_axis_choices((dir_ / "none.conf").string());
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none.value().by_file.empty());
  std::ofstream(file_) << "# comment\n+Z /a.fbx\nup /b.fbx\n";
  Result<UpAxisChoices> bad = load_up_axis_choices(file_);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path, file_ + ":3");
  EXPECT_NE(bad.error().message.find("\"up /b.fbx\""), std::string::npos) << bad.error().message;
  std::ofstream(file_) << "+Z\n";
  bad = load_up_axis_choices(file_);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path, file_ + ":1");
}

TEST_F(UpAxisChoicesTest, UpOptionsParseEveryAxisAndSign) {
  EXPECT_EQ(parse_up_axis("y").value(), ui::UpAxis::kY);
  EXPECT_EQ(parse_up_axis("Z").value(), ui::UpAxis::kZ);
  EXPECT_EQ(parse_up_axis("+x").value(), ui::UpAxis::kX);
  EXPECT_EQ(parse_up_axis("-z").value(), ui::UpAxis::kNegZ);
  EXPECT_EQ(parse_up_axis("-Y").value(), ui::UpAxis::kNegY);
  EXPECT_FALSE(parse_up_axis("w").ok());
  EXPECT_FALSE(parse_up_axis("").ok());
  EXPECT_FALSE(parse_up_axis("-").ok());
}

TEST_F(UpAxisChoicesTest, EachAxisIsTurnedToStandOnY) {
  for (const ui::UpAxis up : {ui::UpAxis::kY, ui::UpAxis::kZ, ui::UpAxis::kX, ui::UpAxis::kNegY,
                              ui::UpAxis::kNegZ, ui::UpAxis::kNegX}) {
    glm::vec4 axis(0.0f);
    const std::string name = ui::up_axis_name(up);
    axis[name[1] - 'X'] = name[0] == '-' ? -1.0f : 1.0f;
    const glm::mat4 m = ui::display_transform(up);
    const glm::vec4 turned = m * axis;
    EXPECT_NEAR(turned.y, 1.0f, 1e-6f) << name;
    EXPECT_NEAR(glm::determinant(m), 1.0f, 1e-6f) << name << " is a rotation";
  }
}

// A model whose file says it is Z-up.
Model z_up_model(const std::string& path) {
  Model model;
  model.source_path = path;
  model.skeleton.names = {"root"};
  model.skeleton.parents = {-1};
  model.skeleton.rest.assign(1, Transform{});
  model.up_axis = kFileZ;
  return model;
}

TEST_F(UpAxisChoicesTest, TheToolShowsEachFileWithItsAxisAndKeepsTheUsersChoice) {
  const std::string path = (dir_ / "robot.fbx").string();
  Tool tool;
  tool.settings.config_dir = dir_.string();
  init_up_axis_choices(tool, std::nullopt);
  tool.doc = std::make_unique<ui::Document>(z_up_model(path), path);
  apply_up_axis(tool);
  EXPECT_EQ(tool.panels.viewport.settings.up_axis, ui::UpAxis::kZ);  // As the file says.
  choose_up_axis(tool, ui::UpAxis::kNegY);
  EXPECT_EQ(tool.panels.viewport.settings.up_axis, ui::UpAxis::kNegY);

  // The next run remembers it for this file only.
  Tool next;
  next.settings.config_dir = dir_.string();
  init_up_axis_choices(next, std::nullopt);
  next.doc = std::make_unique<ui::Document>(z_up_model(path), path);
  apply_up_axis(next);
  EXPECT_EQ(next.panels.viewport.settings.up_axis, ui::UpAxis::kNegY);
  const std::string other = (dir_ / "other.fbx").string();
  next.doc = std::make_unique<ui::Document>(z_up_model(other), other);
  apply_up_axis(next);
  EXPECT_EQ(next.panels.viewport.settings.up_axis, ui::UpAxis::kZ);
  // Forgetting the choice brings the file's own back.
  next.doc = std::make_unique<ui::Document>(z_up_model(path), path);
  choose_up_axis(next, std::nullopt);
  EXPECT_EQ(next.panels.viewport.settings.up_axis, ui::UpAxis::kZ);
  Result<UpAxisChoices> saved = load_up_axis_choices(up_axis_choices_path(dir_.string()));
  ASSERT_TRUE(saved.ok());
  EXPECT_TRUE(saved.value().by_file.empty());

  // --up wins for the run, until the user picks one.
  Tool forced;
  forced.settings.config_dir = dir_.string();
  init_up_axis_choices(forced, ui::UpAxis::kX);
  forced.doc = std::make_unique<ui::Document>(z_up_model(path), path);
  apply_up_axis(forced);
  EXPECT_EQ(forced.panels.viewport.settings.up_axis, ui::UpAxis::kX);
}

}  // namespace
}  // namespace anim::app
