#include "anim/ui/widgets/file_dialog.h"

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/ui/widgets/imgui_frame.h"
#include "support/imgui_harness.h"
#include "support/matchers.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

namespace fs = std::filesystem;

constexpr int kEscapeKey = 27;
constexpr int kEnterKey = 13;
constexpr int kZKey = 90;  // Undo, with Ctrl.

// A headless ImGui context: no window, no renderer, input set by hand.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGuiIO& io = testing::CreateHeadlessContext(ImVec2(1280.0f, 800.0f));
    io.DeltaTime = 1.0f / 60.0f;
    io.KeyMap[ImGuiKey_Escape] = kEscapeKey;
    io.KeyMap[ImGuiKey_Enter] = kEnterKey;
    io.KeyMap[ImGuiKey_Z] = kZKey;
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // One frame drawing the dialog; returns what draw() returned.
  std::optional<std::string> frame(FileDialog& dialog) {
    new_frame();  // As the tool starts its frames.
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
  // Presses and releases `key` with Ctrl held.
  void press_ctrl(FileDialog& dialog, int key) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    press(dialog, key);
    io.KeyCtrl = false;
  }
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
  EXPECT_EQ(package_file_filter().label, "Packages (*.animpack)");
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

// Found by the monkey test (seed 7, under ASan: a heap-buffer-overflow in ImGui's text editing).
// After Enter enters the typed folder the path field is empty and active again; ImGui 1.86 kept
// the undo history of "clips" with it, so undoing past what was typed since replayed edits of a
// text that is gone, outside its buffer (ui::new_frame now starts each activation afresh).
TEST_F(FileDialogTest, UndoInThePathFieldNeverReachesBackPastAnEnteredFolder) {
  HeadlessImGui imgui;
  open_models();
  imgui.frames(dialog_, 3);
  imgui.type(dialog_, "clips");
  imgui.press(dialog_, kEnterKey);
  ASSERT_EQ(dialog_.directory(), tree_.path("clips"));
  imgui.frames(dialog_, 2);  // Focus comes back to the (now empty) field.
  imgui.type(dialog_, "ab");
  EXPECT_EQ(dialog_.path_text(), "ab");
  for (int i = 0; i < 6; ++i) imgui.press_ctrl(dialog_, kZKey);
  EXPECT_EQ(dialog_.path_text(), "") << "undo stops at the empty field the folder left";
  imgui.type(dialog_, "x");
  EXPECT_EQ(dialog_.path_text(), "x");
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

// --- Choosing several files (kOpenMany) ---

// A character's clips beside it, Unity style, with sizes that order them differently.
class FileDialogManyTest : public ::testing::Test {
 protected:
  FileDialogManyTest() {
    tree_.folder("extra");
    tree_.file("Hero.fbx", 400);
    tree_.file("Hero@Idle.fbx", 100);
    tree_.file("Hero@Run.fbx", 300);
    tree_.file("Hero@Walk.fbx", 200);
    tree_.file("notes.txt");
    tree_.file("extra/Hero@Jump.fbx");
    tree_.link(tree_.path("gone.fbx"), "dangling.fbx");
    dialog_.open("Add animations", tree_.path(), {model_file_filter({"fbx"})},
                 FileDialogMode::kOpenMany);
  }

  testing::TempTree tree_;
  FileDialog dialog_;
};

TEST_F(FileDialogManyTest, ListsFoldersThenFiles) {
  EXPECT_EQ(dialog_.mode(), FileDialogMode::kOpenMany);
  EXPECT_THAT(names(dialog_), ElementsAre("extra", "dangling.fbx", "Hero.fbx", "Hero@Idle.fbx",
                                          "Hero@Run.fbx", "Hero@Walk.fbx"));
  EXPECT_THAT(dialog_.selection(), ElementsAre());
  EXPECT_THAT(dialog_.chosen(), ElementsAre());
}

TEST_F(FileDialogManyTest, ToggleAddsAndRemovesFilesKeepingListingOrder) {
  dialog_.toggle_select("Hero@Walk.fbx");
  dialog_.toggle_select("Hero.fbx");
  dialog_.toggle_select("Hero@Idle.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Idle.fbx", "Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.selected(), "Hero@Idle.fbx");  // The last row clicked.

  dialog_.toggle_select("Hero@Walk.fbx");  // Off again.
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Idle.fbx"));
  dialog_.toggle_select("Hero.fbx");
  dialog_.toggle_select("Hero@Idle.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre());
  EXPECT_EQ(dialog_.path_text(), "");

  dialog_.toggle_select("not-listed.fbx");  // Ignored.
  EXPECT_THAT(dialog_.selection(), ElementsAre());
}

TEST_F(FileDialogManyTest, FoldersAreNeverPartOfAMultiSelection) {
  dialog_.toggle_select("Hero.fbx");
  dialog_.toggle_select("Hero@Run.fbx");
  dialog_.toggle_select("extra");  // Ctrl+click on a folder selects just it.
  EXPECT_THAT(dialog_.selection(), ElementsAre("extra"));
  EXPECT_EQ(dialog_.path_text(), "extra");
  dialog_.toggle_select("Hero@Walk.fbx");  // The folder leaves when a file is added.
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Walk.fbx"));

  dialog_.extend_select("extra");  // Shift+click on a folder selects just it too.
  EXPECT_THAT(dialog_.selection(), ElementsAre("extra"));
  EXPECT_EQ(dialog_.selected(), "extra");

  // A range from a folder holds only the files; the broken link is not a file to add.
  dialog_.extend_select("Hero@Idle.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Idle.fbx"));

  dialog_.toggle_select("dangling.fbx");  // A broken link is selected alone, like a folder.
  EXPECT_THAT(dialog_.selection(), ElementsAre("dangling.fbx"));
}

TEST_F(FileDialogManyTest, ExtendSelectsTheFileRangeFromTheLastClickedRow) {
  dialog_.select("Hero@Walk.fbx");
  dialog_.extend_select("Hero.fbx");  // Upwards.
  EXPECT_THAT(dialog_.selection(),
              ElementsAre("Hero.fbx", "Hero@Idle.fbx", "Hero@Run.fbx", "Hero@Walk.fbx"));
  // The range starts where it started: a second Shift+click re-draws it from there.
  EXPECT_EQ(dialog_.selected(), "Hero@Walk.fbx");
  dialog_.extend_select("Hero@Run.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Run.fbx", "Hero@Walk.fbx"));

  // A Ctrl+click moves the start.
  dialog_.toggle_select("Hero.fbx");
  dialog_.extend_select("Hero@Idle.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Idle.fbx"));

  // With nothing clicked yet, Shift+click selects just the row.
  dialog_.navigate(".");
  dialog_.extend_select("Hero@Run.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Run.fbx"));
}

TEST_F(FileDialogManyTest, RangesFollowTheDisplayedOrder) {
  dialog_.set_sort(SortKey::kSize, true);  // Idle 100, Walk 200, Run 300, Hero 400.
  EXPECT_THAT(names(dialog_), ElementsAre("extra", "dangling.fbx", "Hero@Idle.fbx", "Hero@Walk.fbx",
                                          "Hero@Run.fbx", "Hero.fbx"));
  dialog_.select("Hero@Idle.fbx");
  dialog_.extend_select("Hero@Run.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Idle.fbx", "Hero@Walk.fbx", "Hero@Run.fbx"));
  EXPECT_EQ(dialog_.path_text(), R"("Hero@Idle.fbx" "Hero@Walk.fbx" "Hero@Run.fbx")");

  // Re-sorting re-orders the selection, and the field showing it.
  dialog_.set_sort(SortKey::kName, true);
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Idle.fbx", "Hero@Run.fbx", "Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.path_text(), R"("Hero@Idle.fbx" "Hero@Run.fbx" "Hero@Walk.fbx")");
}

TEST_F(FileDialogManyTest, PathFieldShowsOneNameOrSeveralQuoted) {
  dialog_.select("Hero@Run.fbx");
  EXPECT_EQ(dialog_.path_text(), "Hero@Run.fbx");
  dialog_.toggle_select("Hero@Walk.fbx");
  EXPECT_EQ(dialog_.path_text(), R"("Hero@Run.fbx" "Hero@Walk.fbx")");
  dialog_.toggle_select("Hero.fbx");
  EXPECT_EQ(dialog_.path_text(), R"("Hero.fbx" "Hero@Run.fbx" "Hero@Walk.fbx")");
  dialog_.toggle_select("Hero@Run.fbx");
  dialog_.toggle_select("Hero@Walk.fbx");
  EXPECT_EQ(dialog_.path_text(), "Hero.fbx");
}

TEST_F(FileDialogManyTest, NamesWithQuotesAreEscapedAndReadBack) {
  HeadlessImGui imgui;
  tree_.file(R"(say "hi".fbx)");
  tree_.file(R"(back\slash.fbx)");
  dialog_.refresh();
  dialog_.toggle_select(R"(say "hi".fbx)");
  dialog_.toggle_select(R"(back\slash.fbx)");
  EXPECT_EQ(dialog_.path_text(), R"("back\\slash.fbx" "say \"hi\".fbx")");
  EXPECT_TRUE(dialog_.accept());
  EXPECT_THAT(dialog_.chosen(),
              ElementsAre(tree_.path(R"(back\slash.fbx)"), tree_.path(R"(say "hi".fbx)")));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path(R"(back\slash.fbx)"));
}

TEST_F(FileDialogManyTest, TypedListIsChosenInTypedOrder) {
  HeadlessImGui imgui;
  EXPECT_TRUE(
      dialog_.submit(R"(  "Hero@Walk.fbx"   "Hero.fbx" "extra/Hero@Jump.fbx" "Hero.fbx" )"));
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero@Walk.fbx"), tree_.path("Hero.fbx"),
                                            tree_.path("extra/Hero@Jump.fbx")));  // Each once.
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("Hero@Walk.fbx"));
  EXPECT_EQ(imgui.frame(dialog_), std::nullopt);  // Only once.
}

TEST_F(FileDialogManyTest, TypedListWithAMissingFileChoosesNothing) {
  dialog_.set_path_text(R"("Hero.fbx" "Hero@Swim.fbx" "Hero@Fly.fbx")");
  EXPECT_FALSE(dialog_.accept());
  EXPECT_THAT(dialog_.error(), HasSubstr("Hero@Swim.fbx"));  // The first missing one.
  EXPECT_THAT(dialog_.error(), Not(HasSubstr("Fly")));
  EXPECT_TRUE(dialog_.is_open());
  EXPECT_THAT(dialog_.chosen(), ElementsAre());

  EXPECT_FALSE(dialog_.submit(R"("Hero.fbx" "extra")"));
  EXPECT_THAT(dialog_.error(), HasSubstr("folder"));
  EXPECT_FALSE(dialog_.submit(R"("Hero.fbx" Hero@Run.fbx)"));
  EXPECT_THAT(dialog_.error(), HasSubstr("quotes"));
  EXPECT_FALSE(dialog_.submit(R"("Hero.fbx" "Hero@Run.fbx)"));
  EXPECT_THAT(dialog_.error(), HasSubstr("closing quote"));
  EXPECT_FALSE(dialog_.submit(R"("Hero.fbx" "")"));
  EXPECT_THAT(dialog_.error(), HasSubstr("Empty name"));
  EXPECT_TRUE(dialog_.is_open());
}

TEST_F(FileDialogManyTest, OneTypedPathWorksAsInOpenMode) {
  HeadlessImGui imgui;
  EXPECT_TRUE(dialog_.submit(R"("extra")"));  // One quoted folder is entered.
  EXPECT_EQ(dialog_.directory(), tree_.path("extra"));
  EXPECT_FALSE(dialog_.submit("nope.fbx"));
  EXPECT_THAT(dialog_.error(), HasSubstr("No such file"));
  EXPECT_TRUE(dialog_.submit("../Hero@Idle.fbx"));
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero@Idle.fbx")));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("Hero@Idle.fbx"));
}

TEST_F(FileDialogManyTest, OkChoosesAllInListingOrderAndDrawReturnsTheFirst) {
  HeadlessImGui imgui;
  dialog_.toggle_select("Hero@Walk.fbx");  // Clicked in another order than listed.
  dialog_.toggle_select("Hero@Idle.fbx");
  dialog_.toggle_select("Hero.fbx");
  EXPECT_TRUE(dialog_.accept());
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero.fbx"), tree_.path("Hero@Idle.fbx"),
                                            tree_.path("Hero@Walk.fbx")));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("Hero.fbx"));
  EXPECT_EQ(dialog_.chosen().size(), 3u);  // Still there after draw() hands out the first.
}

TEST_F(FileDialogManyTest, OkWithAnEmptyFieldChoosesTheSelectedRows) {
  dialog_.select("Hero@Idle.fbx");
  dialog_.extend_select("Hero@Walk.fbx");
  dialog_.set_path_text("  ");
  EXPECT_TRUE(dialog_.accept());
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero@Idle.fbx"), tree_.path("Hero@Run.fbx"),
                                            tree_.path("Hero@Walk.fbx")));
}

TEST_F(FileDialogManyTest, SingleClickAfterAMultiSelectionSelectsOnlyThatRow) {
  dialog_.select("Hero.fbx");
  dialog_.extend_select("Hero@Walk.fbx");
  ASSERT_EQ(dialog_.selection().size(), 4u);
  dialog_.select("Hero@Run.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Run.fbx"));
  EXPECT_EQ(dialog_.path_text(), "Hero@Run.fbx");
  EXPECT_EQ(dialog_.ok_label(), "Add");
}

TEST_F(FileDialogManyTest, DoubleClickChoosesThatFileAlone) {
  HeadlessImGui imgui;
  dialog_.select("Hero.fbx");
  dialog_.extend_select("Hero@Walk.fbx");
  EXPECT_TRUE(dialog_.activate("Hero@Run.fbx"));
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero@Run.fbx")));
  EXPECT_EQ(imgui.frame(dialog_), tree_.path("Hero@Run.fbx"));
}

TEST_F(FileDialogManyTest, ListingChangesDropNamesNoLongerListed) {
  dialog_.select("Hero.fbx");
  dialog_.extend_select("Hero@Walk.fbx");
  dialog_.set_name_filter("@");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Idle.fbx", "Hero@Run.fbx", "Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.path_text(), R"("Hero@Idle.fbx" "Hero@Run.fbx" "Hero@Walk.fbx")");

  fs::remove(tree_.path("Hero@Run.fbx"));
  dialog_.refresh();
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Idle.fbx", "Hero@Walk.fbx"));

  dialog_.set_filter_index(1);  // All files: both still listed.
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Idle.fbx", "Hero@Walk.fbx"));
  dialog_.set_name_filter("walk");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.path_text(), "Hero@Walk.fbx");

  // Typed text is the user's: a listing change does not rewrite it.
  dialog_.set_name_filter("");
  dialog_.toggle_select("Hero@Idle.fbx");
  dialog_.set_path_text(R"("Hero@Idle.fbx")");
  dialog_.set_name_filter("idle");
  EXPECT_EQ(dialog_.path_text(), R"("Hero@Idle.fbx")");

  dialog_.navigate("extra");
  EXPECT_THAT(dialog_.selection(), ElementsAre());
  EXPECT_EQ(dialog_.path_text(), "");
}

TEST_F(FileDialogManyTest, OkButtonCountsTheFilesAndAHintExplainsTheKeys) {
  HeadlessImGui imgui;
  imgui.frames(dialog_, 3);
  EXPECT_EQ(dialog_.ok_label(), "Add");
  EXPECT_NE(dialog_.item_rects().find("hint"), nullptr);
  dialog_.toggle_select("Hero.fbx");
  EXPECT_EQ(dialog_.ok_label(), "Add");
  dialog_.toggle_select("Hero@Run.fbx");
  EXPECT_EQ(dialog_.ok_label(), "Add 2 files");
  dialog_.toggle_select("Hero@Walk.fbx");
  EXPECT_EQ(dialog_.ok_label(), "Add 3 files");
  imgui.frames(dialog_, 2);
  // The hint sits between the table and the buttons.
  const ItemRect* hint = dialog_.item_rects().find("hint");
  const ItemRect* ok = dialog_.item_rects().find("ok");
  const ItemRect* row = dialog_.item_rects().find("row:Hero@Walk.fbx");
  ASSERT_NE(hint, nullptr);
  ASSERT_NE(ok, nullptr);
  ASSERT_NE(row, nullptr);
  EXPECT_GT(hint->min.y, row->max.y);
  EXPECT_LT(hint->max.y, ok->min.y + 1.0f);

  // The other modes keep their buttons and have no hint.
  FileDialog open;
  open.open("Open", tree_.path(), {});
  imgui.frames(open, 3);
  EXPECT_EQ(open.ok_label(), "Open");
  EXPECT_EQ(open.item_rects().find("hint"), nullptr);
  open.open("Save", tree_.path(), {}, FileDialogMode::kSave);
  EXPECT_EQ(open.ok_label(), "Save");
}

TEST_F(FileDialogManyTest, CancelLeavesNoChoice) {
  HeadlessImGui imgui;
  EXPECT_TRUE(dialog_.submit(R"("Hero.fbx" "Hero@Run.fbx")"));
  EXPECT_EQ(dialog_.chosen().size(), 2u);
  dialog_.open("Add animations", tree_.path(), {}, FileDialogMode::kOpenMany);
  EXPECT_THAT(dialog_.chosen(), ElementsAre());
  dialog_.toggle_select("Hero.fbx");
  dialog_.cancel();
  EXPECT_THAT(dialog_.chosen(), ElementsAre());
  EXPECT_EQ(imgui.frames(dialog_, 2), std::nullopt);
}

// --- kOpenMany through ImGui input ---

TEST_F(FileDialogManyTest, CtrlClickingRowsSelectsTwoFilesAndOkAddsThem) {
  HeadlessImGui imgui;
  imgui.frames(dialog_, 3);
  EXPECT_EQ(imgui.click(dialog_, "row:Hero@Walk.fbx"), std::nullopt);
  ImGui::GetIO().KeyCtrl = true;
  EXPECT_EQ(imgui.click(dialog_, "row:Hero.fbx"), std::nullopt);
  ImGui::GetIO().KeyCtrl = false;
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.path_text(), R"("Hero.fbx" "Hero@Walk.fbx")");
  EXPECT_EQ(dialog_.ok_label(), "Add 2 files");
  EXPECT_TRUE(dialog_.is_open());

  EXPECT_EQ(imgui.click(dialog_, "ok"), tree_.path("Hero.fbx"));
  EXPECT_FALSE(dialog_.is_open());
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero.fbx"), tree_.path("Hero@Walk.fbx")));
}

TEST_F(FileDialogManyTest, ShiftClickSelectsARangeAndAPlainClickResetsIt) {
  HeadlessImGui imgui;
  imgui.frames(dialog_, 3);
  imgui.click(dialog_, "row:Hero.fbx");
  ImGui::GetIO().KeyShift = true;
  imgui.click(dialog_, "row:Hero@Run.fbx");
  ImGui::GetIO().KeyShift = false;
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Idle.fbx", "Hero@Run.fbx"));
  EXPECT_EQ(dialog_.ok_label(), "Add 3 files");

  ImGui::GetIO().KeyCtrl = true;
  imgui.click(dialog_, "row:Hero@Idle.fbx");  // Ctrl+click takes one out.
  ImGui::GetIO().KeyCtrl = false;
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero.fbx", "Hero@Run.fbx"));

  imgui.click(dialog_, "row:Hero@Walk.fbx");
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.ok_label(), "Add");
}

TEST_F(FileDialogManyTest, DoubleClickingARowAfterASelectionChoosesItAlone) {
  HeadlessImGui imgui;
  imgui.frames(dialog_, 3);
  dialog_.select("Hero.fbx");
  dialog_.extend_select("Hero@Run.fbx");
  EXPECT_EQ(imgui.click(dialog_, "row:Hero@Walk.fbx", 2), tree_.path("Hero@Walk.fbx"));
  EXPECT_THAT(dialog_.chosen(), ElementsAre(tree_.path("Hero@Walk.fbx")));
}

TEST_F(FileDialogManyTest, TypingAQuotedListThenEnterChoosesThem) {
  HeadlessImGui imgui;
  imgui.frames(dialog_, 3);  // The path field has keyboard focus from the start.
  imgui.type(dialog_, R"("Hero@Run.fbx" "Hero@Idle.fbx")");
  EXPECT_EQ(imgui.press(dialog_, kEnterKey), tree_.path("Hero@Run.fbx"));
  EXPECT_THAT(dialog_.chosen(),
              ElementsAre(tree_.path("Hero@Run.fbx"), tree_.path("Hero@Idle.fbx")));
}

TEST_F(FileDialogManyTest, CtrlAndShiftClicksSelectOneRowInOpenMode) {
  HeadlessImGui imgui;
  dialog_.open("Open", tree_.path(), {model_file_filter({"fbx"})});
  imgui.frames(dialog_, 3);
  imgui.click(dialog_, "row:Hero.fbx");
  ImGui::GetIO().KeyCtrl = true;
  imgui.click(dialog_, "row:Hero@Run.fbx");
  ImGui::GetIO().KeyCtrl = false;
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Run.fbx"));
  ImGui::GetIO().KeyShift = true;
  imgui.click(dialog_, "row:Hero@Walk.fbx");
  ImGui::GetIO().KeyShift = false;
  EXPECT_THAT(dialog_.selection(), ElementsAre("Hero@Walk.fbx"));
  EXPECT_EQ(dialog_.selected(), "Hero@Walk.fbx");
  EXPECT_EQ(dialog_.path_text(), "Hero@Walk.fbx");
  EXPECT_EQ(dialog_.ok_label(), "Open");
}

}  // namespace
}  // namespace anim::ui
