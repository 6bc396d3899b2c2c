#include "monkey/tool_monkey.h"

#include <execinfo.h>
#include <unistd.h>

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "gui/job_runner.h"
#include "gui/sdl_keys.h"
#include "gui/settings_menu.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "gui/tool_frame.h"
#include "monkey/document_check.h"
#include "monkey/glyph_cells.h"
#include "monkey/monkey_files.h"
#include "monkey/monkey_input.h"
#include "monkey/monkey_time.h"
#include "monkey/monkey_view_renderer.h"
#include "render/gl_window.h"
#include "render/scene_renderer.h"
#include "support/sanitized.h"

namespace anim::app::monkey {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// --- The last steps, for a crash report written from a signal handler ---

constexpr int kRecent = 40;
char g_header[2048];
char g_recent[kRecent][320];
std::atomic<long> g_last{-1};  // Index of the newest step in g_recent.

void write_text(const char* text) {
  const ssize_t written = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)written;
}

void print_recent_steps() {
  write_text(g_header);
  const long last = g_last.load();
  for (long i = std::max(0L, last - kRecent + 1); i <= last; ++i) {
    write_text(g_recent[i % kRecent]);
  }
}

void record_step(long index, const Step& step) {
  std::snprintf(g_recent[index % kRecent], sizeof g_recent[0], "  step %ld: %s\n", index,
                step.describe().c_str());
  g_last = index;
}

extern "C" void on_fatal_signal(int signal) {
  write_text("\nmonkey: the tool died; ");
  print_recent_steps();
  // Where: the frames of the thread that died (addr2line -e the test binary turns the addresses
  // into lines; -g1 keeps the line tables).
  write_text("monkey: the stack:\n");
  void* frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), STDERR_FILENO);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void install_crash_report() {
  std::signal(SIGABRT, on_fatal_signal);  // ImGui's assertions, assert(), std::terminate.
  // Under the sanitizers they catch the other faults and report them themselves, then this runs;
  // without them the handler reports the faults too.
  if (test_support::SetSanitizerDeathCallback(print_recent_steps)) return;
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(s, on_fatal_signal);
}

// The GL window, once a run is over (see the end of run_monkey).
GlWindow* g_window_kept_to_exit = nullptr;

// Characters that make a typed name a path: kept from the file dialog (and the clipboard), so a
// Save dialog cannot be led out of the sandbox.
bool is_path_char(char c) { return c == '/' || c == '\\' || c == '~'; }

// --- Clipboard: the tool's copies and pastes, kept in the process ---

struct Clipboard {
  std::string text;
};
const char* get_clipboard(void* user) { return static_cast<Clipboard*>(user)->text.c_str(); }
void set_clipboard(void* user, const char* text) {
  // Pasted into a Save dialog, a copied path could lead it out of the sandbox.
  std::string& kept = static_cast<Clipboard*>(user)->text;
  kept = text;
  kept.erase(std::remove_if(kept.begin(), kept.end(), is_path_char), kept.end());
}

// Settings > Import stays in reach of the monkey's clicks, but its loads always run in the child
// under a limit this machine can afford: in this process, assimp would read the invalid corpus
// (OutOfMemory.off) with nothing to stop it, which is what the setting is for. Set back after
// every frame, before the next frame can start a load; true when it had changed.
constexpr uint64_t kMonkeyImportLimit = uint64_t{2} << 30;
bool keep_import_safe(Tool& tool) {
  const ImportOptions& now = tool.settings.import_options;
  if (!now.in_process && now.memory_limit != 0 && now.memory_limit <= kMonkeyImportLimit) {
    return false;
  }
  ImportOptions safe = now;
  safe.in_process = false;
  safe.memory_limit = kMonkeyImportLimit;
  set_import_settings(tool, safe);
  return true;
}

// Where the file dialog may stay: in the sandbox, but not in its state folder, whose recovery
// copies are named by the process id and the wall clock, so a listing there would differ between
// runs (the monkey's clock cannot reach the names another process chose).
bool dialog_may_stay(const Tool& tool, const MonkeyFiles& files) {
  const std::string dir = tool.file_dialog.widget.directory();
  return is_under(files.root, dir) && !is_under(files.root + "/state", dir);
}

// Paths the tool has opened or saved must lie in the sandbox; empty when they do.
std::string check_paths(const Tool& tool, const std::string& root) {
  std::string out;
  if (tool.doc && !tool.doc->setup_path().empty() && !is_under(root, tool.doc->setup_path())) {
    out += "the setup's file is outside the sandbox: " + tool.doc->setup_path() + "\n";
  }
  for (const std::string& path : tool.settings.recent.paths()) {
    if (!is_under(root, path)) out += "a recent file is outside the sandbox: " + path + "\n";
  }
  return out;
}

// What a draw list drew, as one number: the place (to a quarter pixel) and colour of every vertex
// of every shape and of every glyph's cell (monkey/glyph_cells.h), every command's clip rectangle
// and index count, in order. Text that differs but lays out the same (a process id in a path, a
// clock time) changes nothing the monkey can aim at, and so nothing here; text that lays out
// differently does. Two runs that show the same layout give the same numbers.
std::uint64_t list_fingerprint(const ImDrawList& list, const GlyphCells& cells) {
  std::uint64_t hash = 1469598103934665603ull;  // FNV-1a.
  const auto mix = [&hash](std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (value >> (i * 8)) & 0xffu;
      hash *= 1099511628211ull;
    }
  };
  const auto quarter = [](float v) { return static_cast<std::uint64_t>(std::lround(v * 4.0f)); };
  const auto pair = [&quarter](float a, float b) {
    return quarter(a) << 32 | (quarter(b) & 0xffffffffu);
  };
  mix(static_cast<std::uint64_t>(list.VtxBuffer.Size));
  for (const ImDrawVert& v : list.VtxBuffer) {
    const ImVec2 place = cells.place(v);
    mix(pair(place.x, place.y));
    mix(v.col);
  }
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    mix(pair(cmd.ClipRect.x, cmd.ClipRect.y));
    mix(pair(cmd.ClipRect.z, cmd.ClipRect.w));
    mix(cmd.ElemCount);
  }
  return hash;
}

// A frame for the step log: the fingerprint of every draw list with the window that drew it, so
// two runs that part show where their frames differ.
std::string frame_fingerprint(const ImDrawData* data, const GlyphCells& cells) {
  std::string out;
  if (data == nullptr) return out;
  char number[24];
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList& list = *data->CmdLists[l];
    std::snprintf(number, sizeof number, "%016llx",
                  static_cast<unsigned long long>(list_fingerprint(list, cells)));
    out += std::string(out.empty() ? "" : ", ") +
           (list._OwnerName != nullptr ? list._OwnerName : "?") + " " + number;
  }
  return out;
}

struct Counts {
  long steps_by_kind[10] = {};
  int quits = 0, dialogs_sent_back = 0, errors_shown = 0, impatient_frames = 0;
  int import_settings_reset = 0;
  long file_dialog_frames = 0, setup_frames = 0, setup_tab_frames = 0;
  std::map<std::string, long> modal_frames;  // By dialog.
  double slowest_frame_ms = 0.0;
  std::set<std::string> windows;  // Every ImGui window, popup and menu that appeared.
};

// What the frame showed, for the summary: how much of the tool the steps reached.
void count_frame(const Tool& tool, Counts& counts) {
  counts.file_dialog_frames += tool.file_dialog.widget.is_open();
  counts.setup_frames += tool.doc && tool.doc->has_setup();
  counts.setup_tab_frames += tool.panels.workspace == Workspace::kGraph;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (const ImGuiWindow* modal = ImGui::GetTopMostPopupModal()) {
    ++counts.modal_frames[std::string(modal->Name).substr(0, std::string(modal->Name).find("##"))];
  }
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->WasActive) continue;
    // Child windows are named "Parent/Child_ID": keep the part a reader knows.
    std::string name = w->Name;
    if (const std::size_t hashes = name.find("##"); hashes != std::string::npos && hashes > 0) {
      name = name.substr(0, hashes);
    }
    counts.windows.insert(name);
  }
}

// The one command that runs this again: the same seed, events and impatience, the same test.
std::string replay_command(const MonkeyOptions& options) {
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string out;
  if (const char* helper = std::getenv("ANIMSCOPE_IMPORT_HELPER")) {
    out += std::string("ANIMSCOPE_IMPORT_HELPER=") + helper + " ";
  }
  char numbers[256];
  std::snprintf(
      numbers, sizeof numbers,
      "ANIMSCOPE_MONKEY_SEED=%llu ANIMSCOPE_MONKEY_EVENTS=%d ANIMSCOPE_MONKEY_IMPATIENCE=%g ",
      static_cast<unsigned long long>(options.seed), options.events, options.impatience);
  out += numbers + (ec ? std::string("app_tool_monkey_test") : self);
  if (test != nullptr) {
    out += std::string(" --gtest_filter=") + test->test_suite_name() + "." + test->name();
  }
  return out;
}

}  // namespace

MonkeyOptions options_from_environment(MonkeyOptions base) {
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_SEED"))
    base.seed = std::strtoull(v, nullptr, 0);
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_EVENTS")) base.events = std::atoi(v);
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_IMPATIENCE")) base.impatience = std::atof(v);
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_CHECK_EVERY")) {
    base.check_every = std::max(1, std::atoi(v));
  }
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_LOG")) base.log_steps = std::atoi(v) != 0;
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_GL_EVERY")) base.gl_every = std::atoi(v);
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_LOG_FILE")) base.log_file = v;
  if (const char* v = std::getenv("ANIMSCOPE_MONKEY_SANDBOX")) {
    base.sandbox = v;
    base.sandbox_exact = true;
  }
  return base;
}

namespace {

// One run: the sandbox, the tool as run_gui starts it (on the monkey's clock, job runner and
// clipboard, in a real GL context without a display), the input stream, and what it counted.
class MonkeyRun {
 public:
  explicit MonkeyRun(const MonkeyOptions& options)
      : options_(options), patience_(options.seed ^ 0x9e3779b97f4a7c15ull) {}

  // Makes the sandbox, the window and the tool; check ::testing::Test::HasFatalFailure() after.
  void open();
  // The steps, each followed by its checks, then a last look once the loads landed: the
  // problem found, empty when none; `steps` is how many ran.
  std::string play(long& steps);
  void print_summary(long steps, double seconds) const;
  // Shuts the tool down, and removes the sandbox unless the run failed.
  void close();

 private:
  // One frame of the tool for `step`, as run_gui draws it, with the monkey's background work.
  void frame(const Step& step);
  // Runs the background work the frame's jobs wait on, now or (impatient) a few frames later.
  void run_jobs();
  // Frames without input, until what `frame` needs is settled.
  void idle(int count);
  // What the step does besides its input: a dropped file, a file changed on disk.
  void apply_side_effects(const Step& step);
  // What is wrong after a step: the renderer's problems, ImGui's frame, the paths, the document.
  std::string problems_after(long step_index);
  void log_step(std::ofstream& log, long step_index, const std::string& described);

  const MonkeyOptions& options_;
  fs::path previous_dir_;
  MonkeyFiles files_;
  std::unique_ptr<GlWindow> window_;
  std::unique_ptr<SceneRenderer> renderer_;
  std::unique_ptr<MonkeyViewRenderer> view_;
  std::unique_ptr<MonkeyTime> time_;
  ManualJobRunner jobs_;
  Tool tool_;
  Clipboard clipboard_;
  std::unique_ptr<GlyphCells> cells_;
  std::unique_ptr<MonkeyInput> input_;
  std::mt19937_64 patience_;  // Its own stream: see run_jobs.
  int hold_ = -1;             // Frames the waiting jobs wait still; -1: not decided.
  Counts counts_;
  bool had_error_ = false;
  long frames_ = 0;
};

void MonkeyRun::open() {
  // The process id keeps runs apart; padded, it is drawn the same width in every run (the
  // font's digits are all one width), so the sandbox's path lays out the same.
  char pid[16];
  std::snprintf(pid, sizeof pid, "%07d", static_cast<int>(::getpid()));
  // Not the event count: a run cut short at a failing step replays the same steps.
  const std::string sandbox_name =
      options_.sandbox_exact ? options_.sandbox
                             : options_.sandbox + "-" + std::to_string(options_.seed) + "-" + pid;
  previous_dir_ = fs::current_path();
  files_ = make_monkey_files(sandbox_name, options_.seed);
  if (::testing::Test::HasFailure()) return;

  // A real GL context without a display: SDL's offscreen driver (EGL, Mesa's llvmpipe here).
  ::setenv("SDL_VIDEODRIVER", "offscreen", 1);
  GlWindow::Options window_options;
  window_options.hidden = true;
  window_options.vsync = false;
  auto window = GlWindow::create(window_options);
  ASSERT_TRUE(window.ok()) << window.error().to_string();
  window_ = std::move(window).value();
  auto renderer = SceneRenderer::create();
  ASSERT_TRUE(renderer.ok()) << renderer.error().to_string();
  renderer_ = std::move(renderer).value();
  view_ = std::make_unique<MonkeyViewRenderer>(*renderer_);

  // The tool as run_gui starts it, on the monkey's clocks and job runner.
  time_ = std::make_unique<MonkeyTime>(files_.root);
  time_->stamp_changes();
  use_job_runner(tool_, jobs_, [this] { return time_->seconds(); });
  tool_.wall_clock = [this] { return time_->wall_ms(); };
  start_tool(tool_, StartupRequest{});
  keep_import_safe(tool_);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ui::set_key_map(sdl_key_map());
  configure_imgui(tool_, true, 1.0f);
  ImGui_ImplSDL2_InitForOpenGL(window_->sdl(), window_->context());  // Key map.
  ImGui_ImplOpenGL3_Init("#version 450");
  ImGuiIO& io = ImGui::GetIO();
  io.ClipboardUserData = &clipboard_;
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  io.DisplaySize =
      ImVec2(static_cast<float>(window_options.width), static_cast<float>(window_options.height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);

  io.Fonts->Build();  // Before the first frame: the monkey reads its glyphs.
  ASSERT_TRUE(same_digit_boxes()) << "the font's digits share no box (monkey/glyph_cells.h)";
  cells_ = std::make_unique<GlyphCells>();
  input_ = std::make_unique<MonkeyInput>(
      options_.seed,
      InputPools{files_.real, files_.broken, static_cast<int>(files_.changeable.size())}, *cells_);
}

void MonkeyRun::run_jobs() {
  // Background work runs when the monkey says: each batch before the next frame, or, when the
  // monkey is impatient with it (a stream of its own, so the steps stay the same), a few frames
  // later, while the Loading dialog shows and Cancel can be clicked.
  if (jobs_.waiting() == 0) return;
  if (hold_ < 0) {
    const bool impatient =
        options_.impatience > 0.0 &&
        std::uniform_real_distribution<double>(0.0, 1.0)(patience_) < options_.impatience;
    hold_ = impatient ? std::uniform_int_distribution<int>(1, 40)(patience_) : 0;
  }
  if (hold_ > 0) {
    --hold_;
    ++counts_.impatient_frames;
    return;
  }
  while (jobs_.run_next()) {
  }
  hold_ = -1;
  time_->stamp_changes();  // What a load wrote (the import child's files).
}

void MonkeyRun::frame(const Step& step) {
  run_jobs();
  // A file dialog that wandered out of the sandbox goes back, before it can save there.
  if (tool_.file_dialog.widget.is_open() && !dialog_may_stay(tool_, files_)) {
    tool_.file_dialog.widget.navigate(files_.work);
    ++counts_.dialogs_sent_back;
  }
  const Clock::time_point frame_start = Clock::now();
  const bool gl = options_.gl_every > 0 && frames_ % options_.gl_every == 0;
  ++frames_;
  view_->set_drawing(gl);
  ImGui_ImplOpenGL3_NewFrame();
  time_->advance(step.dt);
  tool_frame(tool_, *view_, step.dt);
  if (gl) {  // ImGui's draw data at a quarter of the resolution, likewise.
    const ImGuiIO& io = ImGui::GetIO();
    ImDrawData* draw_data = ImGui::GetDrawData();
    draw_data->FramebufferScale = ImVec2(0.25f, 0.25f);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, static_cast<int>(io.DisplaySize.x * 0.25f),
               static_cast<int>(io.DisplaySize.y * 0.25f));
    glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(draw_data);
    window_->swap();
  }
  window_->set_title(window_title(tool_));
  counts_.slowest_frame_ms =
      std::max(counts_.slowest_frame_ms,
               std::chrono::duration<double, std::milli>(Clock::now() - frame_start).count());
  // The user asked to quit (menu, Ctrl+Q, or a quit that waited on the unsaved question):
  // the monkey stays.
  if (tool_.quit) {
    tool_.quit = false;
    ++counts_.quits;
  }
  counts_.import_settings_reset += keep_import_safe(tool_);
  count_frame(tool_, counts_);
  if (!tool_.messages.error_title.empty() && !had_error_) ++counts_.errors_shown;
  had_error_ = !tool_.messages.error_title.empty();
  time_->stamp_changes();  // What the frame saved (setups, recovery copies, settings).
}

void MonkeyRun::idle(int count) {
  for (int i = 0; i < count; ++i) {
    Step idle;
    idle.kind = Step::Kind::kIdle;
    apply_to_io(idle, ImGui::GetIO());
    frame(idle);
  }
}

void MonkeyRun::apply_side_effects(const Step& step) {
  if (step.kind == Step::Kind::kDrop) {
    tool_.loading.dropped.insert(tool_.loading.dropped.end(), step.files.begin(), step.files.end());
  }
  if (step.kind == Step::Kind::kDisk) {
    const std::string& bytes = files_.originals[static_cast<std::size_t>(step.file)];
    std::ofstream(files_.changeable[static_cast<std::size_t>(step.file)],
                  std::ios::binary | std::ios::trunc)
        << (step.cut ? bytes.substr(0, bytes.size() / 3) : bytes);
  }
}

std::string MonkeyRun::problems_after(long step_index) {
  std::string problem = view_->take_problems();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.WithinFrameScope || g.CurrentWindowStack.Size != 0 || g.FrameCountEnded != g.FrameCount) {
    problem += "ImGui's frame did not end cleanly\n";
  }
  problem += check_paths(tool_, files_.root);
  if (problem.empty() && (step_index + 1) % options_.check_every == 0) {
    problem = check_document(tool_);
  }
  if (::testing::Test::HasFailure() && problem.empty()) problem = "see the failure above\n";
  return problem;
}

void MonkeyRun::log_step(std::ofstream& log, long step_index, const std::string& described) {
  // The sandbox's name differs between runs (the process id): written as <sandbox>.
  std::string line = described;
  for (std::size_t at = line.find(files_.root); at != std::string::npos;
       at = line.find(files_.root, at)) {
    line.replace(at, files_.root.size(), "<sandbox>");
  }
  log << "step " << step_index << ": " << line << " | "
      << frame_fingerprint(ImGui::GetDrawData(), *cells_) << "\n";
}

std::string MonkeyRun::play(long& steps) {
  ImGuiIO& io = ImGui::GetIO();
  std::ofstream log;
  if (!options_.log_file.empty()) log.open(options_.log_file, std::ios::trunc);
  const Clock::time_point start = Clock::now();
  std::string problem;
  for (steps = 0; steps < options_.events && problem.empty(); ++steps) {
    Step step = input_->next(ImGui::GetDrawData(), io.DisplaySize);
    if (step.kind == Step::Kind::kText && tool_.file_dialog.widget.is_open()) {
      step.text.erase(std::remove_if(step.text.begin(), step.text.end(), is_path_char),
                      step.text.end());
    }
    record_step(steps, step);
    if (options_.log_steps) std::printf("step %ld: %s\n", steps, step.describe().c_str());
    const std::string described = step.describe();
    ++counts_.steps_by_kind[static_cast<int>(step.kind)];
    apply_to_io(step, io);
    apply_side_effects(step);
    frame(step);
    if (tool_.file_dialog.widget.is_open() && !dialog_may_stay(tool_, files_)) {
      // Back at once, and drawn there, so the next step aims at what the sandbox shows, not at
      // a listing of folders that differ between machines (a seed replays the same anywhere).
      // Twice: ImGui sizes a frame's scroll bars from the content of the frame before, which
      // was the listing outside.
      idle(2);
    }
    if (log) log_step(log, steps, described);
    problem = problems_after(steps);
    if ((steps + 1) % std::max(1, options_.events / 10) == 0) {
      std::printf("monkey: %ld steps, %d documents opened, %.1f s\n", steps + 1,
                  tool_.loading.doc_serial,
                  std::chrono::duration<double>(Clock::now() - start).count());
      std::fflush(stdout);
    }
  }
  if (!problem.empty()) return problem;
  // The end: let the last loads land, and look once more.
  hold_ = 0;
  idle(3);
  return check_document(tool_) + check_paths(tool_, files_.root);
}

void MonkeyRun::print_summary(long steps, double seconds) const {
  const char* kinds[] = {"move", "button", "wheel", "key",   "text",
                         "drop", "resize", "idle",  "leave", "disk"};
  std::printf(
      "monkey: %ld events in %.1f s (%.0f events/s), %ld frames (%ld drawn with GL), "
      "slowest frame %.1f ms\n",
      steps, seconds, static_cast<double>(steps) / seconds, frames_,
      options_.gl_every > 0 ? (frames_ + options_.gl_every - 1) / options_.gl_every : 0,
      counts_.slowest_frame_ms);
  std::printf("monkey: ");
  for (int k = 0; k < 10; ++k)
    std::printf("%s %ld%s", kinds[k], counts_.steps_by_kind[k], k < 9 ? ", " : "\n");
  std::printf(
      "monkey: %d documents opened, %d errors shown, %d quits answered, %d file dialogs "
      "sent back to the sandbox, %d frames while loading, %d import settings set back\n",
      tool_.loading.doc_serial, counts_.errors_shown, counts_.quits, counts_.dialogs_sent_back,
      counts_.impatient_frames, counts_.import_settings_reset);
  std::printf(
      "monkey: frames with the file dialog open %ld, with a setup %ld, in the State machine "
      "workspace %ld; with a modal dialog:",
      counts_.file_dialog_frames, counts_.setup_frames, counts_.setup_tab_frames);
  for (const auto& [name, frames] : counts_.modal_frames)
    std::printf(" [%s] %ld", name.c_str(), frames);
  std::printf("\nmonkey: windows seen:");
  for (const std::string& name : counts_.windows) std::printf(" [%s]", name.c_str());
  std::printf("\n");
  std::fflush(stdout);
}

void MonkeyRun::close() {
  renderer_.reset();
  stop_tool(tool_);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  // The window and its GL context stay to the process's end: destroying them unloads Mesa's
  // driver, whose own allocations LeakSanitizer would then report as leaks of an unnamed module.
  g_window_kept_to_exit = window_.release();
  fs::current_path(previous_dir_);
  if (!::testing::Test::HasFailure()) {
    std::error_code ec;
    fs::remove_all(files_.root, ec);
  } else {
    std::printf("monkey: the sandbox is kept: %s\n", files_.root.c_str());
  }
}

}  // namespace

void run_monkey(const MonkeyOptions& options) {
  std::snprintf(g_header, sizeof g_header,
                "seed %llu, %d events, impatience %g; replay it with\n  %s\nThe last steps:\n",
                static_cast<unsigned long long>(options.seed), options.events, options.impatience,
                replay_command(options).c_str());
  std::printf("monkey: %s", g_header);
  std::printf("\n");
  std::fflush(stdout);
  install_crash_report();

  MonkeyRun run(options);
  run.open();
  if (::testing::Test::HasFailure()) return;
  const Clock::time_point start = Clock::now();
  long steps = 0;
  const std::string problem = run.play(steps);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!problem.empty()) {
    ADD_FAILURE() << "after step " << steps - 1 << ":\n" << problem;
    print_recent_steps();
  }
  run.print_summary(steps, seconds);
  run.close();
}

}  // namespace anim::app::monkey
