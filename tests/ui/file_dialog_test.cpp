#include "anim/ui/file_dialog.h"

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "temp_tree.h"

namespace anim::ui {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr int kEscapeKey = 27;
constexpr int kEnterKey = 13;

// A headless ImGui context: no window, no renderer, input set by hand.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 800.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.KeyMap[ImGuiKey_Escape] = kEscapeKey;
    io.KeyMap[ImGuiKey_Enter] = kEnterKey;
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // One frame drawing the dialog; returns what draw() returned.
  std::optional<std::string> frame(FileDialog& dialog) {
    ImGui::NewFrame();
    std::optional<std::string> chosen = dialog.draw();
    ImGui::Render();
    return chosen;
  }
  // Several frames, so windows settle; the first non-empty result is kept.
  std::optional<std::string> frames(FileDialog& dialog, int count) {
    std::optional<std::string> chosen;
    for (int i = 0; i < count; ++i) {
      std::optional<std::string> result = frame(dialog);
      if (result) chosen = result;
    }
    return chosen;
  }
  // Moves the mouse over the centre of the dialog's widget `name`, then presses and releases
  // the left button on separate frames, as a real click arrives.
  std::optional<std::string> click(FileDialog& dialog, const std::string& name, int clicks = 1) {
    const ItemRect* rect = dialog.item_rects().find(name);
    EXPECT_NE(rect, nullptr) << "no widget recorded as " << name;
    if (rect == nullptr) return std::nullopt;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = rect->center();
    std::optional<std::string> chosen = frame(dialog);
    for (int i = 0; i < clicks; ++i) {
      io.MouseDown[0] = true;
      if (std::optional<std::string> result = frame(dialog)) chosen = result;
      io.MouseDown[0] = false;
      if (std::optional<std::string> result = frame(dialog)) chosen = result;
    }
    return chosen;
  }
  std::optional<std::string> press(FileDialog& dialog, int key) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[key] = true;
    std::optional<std::string> chosen = frame(dialog);
    io.KeysDown[key] = false;
    if (std::optional<std::string> result = frame(dialog)) chosen = result;
    return chosen;
  }
  std::optional<std::string> press_escape(FileDialog& dialog) { return press(dialog, kEscapeKey); }
  // Types `text` into the focused widget, a character per frame.
  void type(FileDialog& dialog, const std::string& text) {
    for (char c : text) {
      ImGui::GetIO().AddInputCharacter(static_cast<unsigned char>(c));
      frame(dialog);
    }
  }
};

std::vector<std::string> names(const FileDialog& dialog) {
  std::vector<std::string> out;
  for (const DirectoryEntry& entry : dialog.listing().entries) out.push_back(entry.name);
  return out;
}

// A small project folder most tests open.
class FileDialogTest : public ::testing::Test {
 protected:
  FileDialogTest() {
    tree_.folder("clips");
    tree_.folder("Assets");
    tree_.folder(".cache");
    tree_.file("model.fbx", 2048);
    tree_.file("Other.X", 10);
    tree_.file("notes.txt", 3);
    tree_.file(".secret.fbx");
    tree_.file("clips/walk.fbx");
    tree_.file("setup.json", 5);
    tree_.link(tree_.path("gone.fbx"), "dangling.fbx");
  }
  void open_models(FileDialogMode mode = FileDialogMode::kOpen) {
    dialog_.open("Open model", tree_.path(), {model_file_filter({"fbx", "x"})}, mode);
  }

  testing::TempTree tree_;
  FileDialog dialog_;
};

TEST(FileFilters, LabelsListAFewPatterns) {
  EXPECT_EQ(model_file_filter({"fbx", "x"}).label, "Supported models (*.fbx, *.x)");
  const FileFilter many = make_file_filter("Models", {"a", "b", "c", "d"}, 2);
  EXPECT_EQ(many.label, "Models (*.a, *.b, ...)");
  EXPECT_THAT(many.extensions, ElementsAre("a", "b", "c", "d"));
  EXPECT_THAT(make_file_filter("J", {"*.JSON", ".json"}).extensions, ElementsAre("json"));
  EXPECT_EQ(json_file_filter().label, "Setup JSON (*.json)");
  EXPECT_TRUE(all_files_filter().extensions.empty());
}

TEST_F(FileDialogTest, OpensInTheFolderWithTheFirstFilterAndAllFiles) {
  open_models();
  EXPECT_TRUE(dialog_.is_open());
  EXPECT_EQ(dialog_.directory(), tree_.path());
  ASSERT_EQ(dialog_.filters().size(), 2u);
  EXPECT_EQ(dialog_.filters()[1].label, "All files");
  EXPECT_THAT(names(dialog_),
              ElementsAre("Assets", "clips", "dangling.fbx", "model.fbx", "Other.X"));

  dialog_.set_filter_index(1);
  EXPECT_THAT(names(dialog_), ElementsAre("Assets", "clips", "dangling.fbx", "model.fbx",
                                          "notes.txt", "Other.X", "setup.json"));
  dialog_.set_show_hidden(true);
  EXPECT_THAT(names(dialog_), Contains(".secret.fbx"));
  EXPECT_THAT(names(dialog_), Contains(".cache"));
  dialog_.set_show_hidden(false);
  EXPECT_THAT(names(dialog_), Not(Contains(".secret.fbx")));
}

TEST_F(FileDialogTest, CatchAllFilterIsNotDuplicated) {
  dialog_.open("Open", tree_.path(), {all_files_filter()});
  EXPECT_EQ(dialog_.filters().size(), 1u);
  dialog_.open("Open", tree_.path(), {});
  EXPECT_EQ(dialog_.filters().size(), 1u);
}

TEST_F(FileDialogTest, StartingAtAFileBeginsInItsFolder) {
  dialog_.open("Save", tree_.path("setup.json"), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_EQ(dialog_.directory(), tree_.path());
  EXPECT_EQ(dialog_.path_text(), "setup.json");

  dialog_.open("Save", tree_.path("missing/new.json"), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_EQ(dialog_.directory(), fs::current_path().string());
}

TEST_F(FileDialogTest, NavigateIntoAFolderAndBackUp) {
  open_models();
  EXPECT_TRUE(dialog_.navigate("clips"));
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  EXPECT_THAT(names(dialog_), ElementsAre("walk.fbx"));
  EXPECT_TRUE(dialog_.go_up());
  EXPECT_EQ(dialog_.directory(), tree_.path());
  EXPECT_EQ(dialog_.selected(), "clips");  // The folder just left.
}

TEST_F(FileDialogTest, UpStopsAtTheRoot) {
  dialog_.open("Open", "/", {});
  EXPECT_EQ(dialog_.directory(), "/");
  EXPECT_FALSE(dialog_.go_up());
  EXPECT_EQ(dialog_.directory(), "/");
}

TEST_F(FileDialogTest, BadPathShowsAnErrorAndStays) {
  open_models();
  EXPECT_FALSE(dialog_.navigate("no/such/place"));
  EXPECT_THAT(dialog_.error(), HasSubstr("no/such/place"));
  EXPECT_EQ(dialog_.directory(), tree_.path());
  EXPECT_FALSE(dialog_.navigate("model.fbx"));  // A file is not a folder.
  EXPECT_FALSE(dialog_.submit(tree_.path("nothing.fbx")));
  EXPECT_THAT(dialog_.error(), HasSubstr("No such file"));
  EXPECT_FALSE(dialog_.submit("   "));
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogTest, UnreadableFolderIsEnteredAndShowsWhy) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every folder";
  HeadlessImGui imgui;
  const std::string locked = tree_.folder("locked");
  fs::permissions(locked, fs::perms::none);
  open_models();
  EXPECT_TRUE(dialog_.navigate("locked"));
  EXPECT_EQ(dialog_.directory(), locked);
  EXPECT_FALSE(dialog_.listing().ok());
  EXPECT_THAT(dialog_.listing().error, HasSubstr("ermission"));
  EXPECT_EQ(imgui.frames(dialog_, 3), std::nullopt);  // Draws the error, no entries.
  EXPECT_TRUE(dialog_.go_up());
  fs::permissions(locked, fs::perms::owner_all);
}

TEST_F(FileDialogTest, SubmittingAFolderEntersIt) {
  open_models();
  dialog_.set_path_text("clips/");
  EXPECT_TRUE(dialog_.submit(dialog_.path_text()));
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  EXPECT_EQ(dialog_.path_text(), "");
  EXPECT_TRUE(dialog_.submit(".."));
  EXPECT_EQ(dialog_.directory(), tree_.path());
  EXPECT_TRUE(dialog_.submit(tree_.path("clips")));  // Absolute.
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
}

TEST_F(FileDialogTest, SubmittingAFileChoosesIt) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 2);
  EXPECT_TRUE(dialog_.submit("  clips/walk.fbx "));
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("clips/walk.fbx"));
  EXPECT_EQ(imgui.frame(dialog_), std::nullopt);  // Only once.
}

TEST_F(FileDialogTest, ActivateEntersFoldersAndChoosesFiles) {
  HeadlessImGui imgui;
  open_models();
  EXPECT_TRUE(dialog_.activate("clips"));
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  dialog_.go_up();
  EXPECT_FALSE(dialog_.activate("dangling.fbx"));
  EXPECT_THAT(dialog_.error(), HasSubstr("Broken link"));
  EXPECT_FALSE(dialog_.activate("not-listed.fbx"));
  EXPECT_TRUE(dialog_.activate("Other.X"));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("Other.X"));
}

TEST_F(FileDialogTest, SelectFillsThePathAndAcceptChooses) {
  HeadlessImGui imgui;
  open_models();
  dialog_.select("model.fbx");
  EXPECT_EQ(dialog_.selected(), "model.fbx");
  EXPECT_EQ(dialog_.path_text(), "model.fbx");
  EXPECT_TRUE(dialog_.accept());
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("model.fbx"));
}

TEST_F(FileDialogTest, AcceptWithNothingIsAnError) {
  open_models();
  EXPECT_FALSE(dialog_.accept());
  EXPECT_FALSE(dialog_.error().empty());
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogTest, SaveAddsTheFilterExtension) {
  HeadlessImGui imgui;
  dialog_.open("Save setup", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_TRUE(dialog_.submit("walk_run"));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("walk_run.json"));

  dialog_.open("Save setup", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_TRUE(dialog_.submit("clips/Upper.JSON"));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("clips/Upper.JSON"));
}

TEST_F(FileDialogTest, SaveAsksBeforeReplacing) {
  HeadlessImGui imgui;
  dialog_.open("Save setup", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_TRUE(dialog_.submit("setup"));
  EXPECT_EQ(dialog_.pending_overwrite(), tree_.path("setup.json"));
  EXPECT_TRUE(dialog_.is_open());
  dialog_.confirm_overwrite(false);
  EXPECT_EQ(dialog_.pending_overwrite(), "");
  EXPECT_TRUE(dialog_.is_open());

  EXPECT_TRUE(dialog_.submit("setup.json"));
  dialog_.confirm_overwrite(true);
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("setup.json"));
}

TEST_F(FileDialogTest, SaveIntoAMissingFolderIsAnError) {
  dialog_.open("Save setup", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  EXPECT_FALSE(dialog_.submit("nowhere/x.json"));
  EXPECT_THAT(dialog_.error(), HasSubstr("nowhere"));
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogTest, SaveKeepsTheTypedNameAcrossFolders) {
  dialog_.open("Save setup", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  dialog_.set_path_text("new.json");
  dialog_.select("clips");
  EXPECT_EQ(dialog_.path_text(), "new.json");
  dialog_.activate("clips");
  EXPECT_EQ(dialog_.path_text(), "new.json");
}

TEST_F(FileDialogTest, RecentFileSelectsItInItsFolder) {
  open_models();
  dialog_.set_recent({tree_.path("clips/walk.fbx"), tree_.path("deleted.fbx")});
  EXPECT_TRUE(dialog_.use_recent(tree_.path("clips/walk.fbx")));
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  EXPECT_EQ(dialog_.selected(), "walk.fbx");
  EXPECT_FALSE(dialog_.use_recent(tree_.path("deleted.fbx")));
  EXPECT_THAT(dialog_.error(), HasSubstr("No longer exists"));
}

TEST_F(FileDialogTest, NameFilterNarrowsTheList) {
  open_models();
  dialog_.set_name_filter("MOD");
  EXPECT_THAT(names(dialog_), ElementsAre("model.fbx"));
}

TEST(FileDialog, ClosedDialogDrawsNothing) {
  HeadlessImGui imgui;
  FileDialog dialog;
  EXPECT_FALSE(dialog.is_open());
  dialog.set_filter_index(3);  // Harmless before open().
  EXPECT_EQ(imgui.frames(dialog, 2), std::nullopt);
  EXPECT_EQ(dialog.item_rects().find("ok"), nullptr);
}

TEST_F(FileDialogTest, CancelClosesWithoutAResult) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 2);
  dialog_.cancel();
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_EQ(imgui.frames(dialog_, 2), std::nullopt);
}

// --- Through ImGui, as a user drives it ---

TEST_F(FileDialogTest, RendersEveryPartWithoutAsserting) {
  HeadlessImGui imgui;
  for (int i = 0; i < 40; ++i) tree_.file("bulk/file" + std::to_string(i) + ".fbx", i * 100);
  open_models();
  dialog_.set_recent({tree_.path("model.fbx")});
  EXPECT_EQ(imgui.frames(dialog_, 3), std::nullopt);
  for (const char* name : {"ok", "cancel", "up", "path", "hidden", "filter", "recent", "crumb:0",
                           "row:clips", "row:model.fbx", "row:dangling.fbx"}) {
    EXPECT_NE(dialog_.item_rects().find(name), nullptr) << name;
  }
  // Errors, a long folder, sorting changes and an overwrite question all draw too.
  dialog_.navigate("nope");
  imgui.frames(dialog_, 2);
  dialog_.navigate("bulk");
  dialog_.set_sort(SortKey::kSize, false);
  imgui.frames(dialog_, 2);
  EXPECT_EQ(dialog_.listing().entries.front().name, "file39.fbx");
  dialog_.open("Save", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  dialog_.submit("setup.json");
  imgui.frames(dialog_, 3);
  EXPECT_NE(dialog_.item_rects().find("replace"), nullptr);
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogTest, ClickingOkChoosesTheSelectedFile) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  dialog_.select("model.fbx");
  EXPECT_EQ(imgui.click(dialog_, "ok"), tree_.path("model.fbx"));
  EXPECT_FALSE(dialog_.is_open());
}

TEST_F(FileDialogTest, ClickingCancelCloses) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  dialog_.select("model.fbx");
  EXPECT_EQ(imgui.click(dialog_, "cancel"), std::nullopt);
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_EQ(imgui.frames(dialog_, 2), std::nullopt);
}

TEST_F(FileDialogTest, ClickingARowSelectsAndDoubleClickingEnters) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  EXPECT_EQ(imgui.click(dialog_, "row:model.fbx"), std::nullopt);
  EXPECT_EQ(dialog_.selected(), "model.fbx");
  EXPECT_TRUE(dialog_.is_open());

  imgui.click(dialog_, "row:clips", 2);
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  imgui.frames(dialog_, 2);
  EXPECT_EQ(imgui.click(dialog_, "row:walk.fbx", 2), tree_.path("clips/walk.fbx"));
  EXPECT_FALSE(dialog_.is_open());
}

TEST_F(FileDialogTest, ClickingABreadcrumbGoesThere) {
  HeadlessImGui imgui;
  open_models();
  dialog_.navigate("clips");
  imgui.frames(dialog_, 3);
  imgui.click(dialog_, "crumb:0");
  EXPECT_EQ(dialog_.directory(), "/");
  imgui.click(dialog_, "up");  // Disabled at the root.
  EXPECT_EQ(dialog_.directory(), "/");
}

TEST_F(FileDialogTest, ClickingUpGoesToTheParent) {
  HeadlessImGui imgui;
  open_models();
  dialog_.navigate("clips");
  imgui.frames(dialog_, 3);
  imgui.click(dialog_, "up");
  EXPECT_EQ(dialog_.directory(), tree_.path());
}

TEST_F(FileDialogTest, ClickingShowHiddenTogglesIt) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  imgui.click(dialog_, "hidden");
  EXPECT_TRUE(dialog_.show_hidden());
  EXPECT_THAT(names(dialog_), Contains(".secret.fbx"));
}

TEST_F(FileDialogTest, TypingAFolderThenEnterEntersItAndABadPathShowsAnError) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);  // The path field has keyboard focus from the start.
  imgui.type(dialog_, "clips");
  EXPECT_EQ(dialog_.path_text(), "clips");
  EXPECT_EQ(imgui.press(dialog_, kEnterKey), std::nullopt);
  EXPECT_EQ(dialog_.directory(), tree_.path("clips"));
  EXPECT_EQ(dialog_.path_text(), "");
  imgui.frames(dialog_, 2);  // Focus comes back to the field after entering a folder.
  imgui.type(dialog_, "../nope.fbx");
  EXPECT_EQ(imgui.press(dialog_, kEnterKey), std::nullopt);
  EXPECT_THAT(dialog_.error(), HasSubstr("No such file"));
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogTest, TypingANameThenClickingOkChoosesIt) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  imgui.type(dialog_, "Other.X");
  EXPECT_EQ(imgui.click(dialog_, "ok"), tree_.path("Other.X"));
}

TEST_F(FileDialogTest, EscapeCancels) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  EXPECT_EQ(imgui.press_escape(dialog_), std::nullopt);
  EXPECT_FALSE(dialog_.is_open());
}

TEST_F(FileDialogTest, EscapeFirstDismissesTheOverwriteQuestion) {
  HeadlessImGui imgui;
  dialog_.open("Save", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  dialog_.submit("setup.json");
  imgui.frames(dialog_, 3);
  imgui.press_escape(dialog_);
  EXPECT_EQ(dialog_.pending_overwrite(), "");
  EXPECT_TRUE(dialog_.is_open());
  imgui.press_escape(dialog_);
  EXPECT_FALSE(dialog_.is_open());
}

TEST_F(FileDialogTest, ClickingReplaceChoosesTheExistingFile) {
  HeadlessImGui imgui;
  dialog_.open("Save", tree_.path(), {json_file_filter()}, FileDialogMode::kSave);
  dialog_.submit("setup");
  imgui.frames(dialog_, 3);
  EXPECT_EQ(imgui.click(dialog_, "replace"), tree_.path("setup.json"));
}

TEST_F(FileDialogTest, ReopeningAfterAChoiceWorks) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  dialog_.select("model.fbx");
  EXPECT_EQ(imgui.click(dialog_, "ok"), tree_.path("model.fbx"));
  open_models();
  imgui.frames(dialog_, 3);
  EXPECT_TRUE(dialog_.is_open());
  dialog_.select("Other.X");
  EXPECT_EQ(imgui.click(dialog_, "ok"), tree_.path("Other.X"));
}

}  // namespace
}  // namespace anim::ui
