// The one printer of setup diagnostics that validate, fmt and the commands' inputs share, against
// lines written out by hand.
#include "cli/diagnostic_lines.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace anim::app {
namespace {

const Diagnostic kAtPointer{Diagnostic::Severity::kError, "/states/2/clip",
                            "no clip named \"run\""};
const Diagnostic kWarningAtPointer{Diagnostic::Severity::kWarning, "/animations/0",
                                   "binds no joint"};
const Diagnostic kWholeFile{Diagnostic::Severity::kError, "", "line 3, column 5: expected ':'"};

std::string line(const Diagnostic& d, const DiagnosticLineStyle& style = {}) {
  std::ostringstream out;
  print_diagnostic(out, "walk.json", d, style);
  return out.str();
}

TEST(DiagnosticLines, FullLineNamesFilePointerAndSeverity) {
  EXPECT_EQ(line(kAtPointer), "walk.json:/states/2/clip: error: no clip named \"run\"\n");
  EXPECT_EQ(line(kWarningAtPointer), "walk.json:/animations/0: warning: binds no joint\n");
}

TEST(DiagnosticLines, ProblemOfTheWholeFileHasNoEmptyPointer) {
  EXPECT_EQ(line(kWholeFile), "walk.json: error: line 3, column 5: expected ':'\n");
}

TEST(DiagnosticLines, WithoutSeverityAsFmtPrints) {
  DiagnosticLineStyle style;
  style.omit_severity = true;
  EXPECT_EQ(line(kAtPointer, style), "walk.json:/states/2/clip: no clip named \"run\"\n");
  EXPECT_EQ(line(kWholeFile, style), "walk.json: line 3, column 5: expected ':'\n");
}

TEST(DiagnosticLines, FileOnlyWithPointerLeavesOtherFilesProblemsUnnamed) {
  DiagnosticLineStyle style;
  style.file_only_with_pointer = true;
  EXPECT_EQ(line(kWarningAtPointer, style), "walk.json:/animations/0: warning: binds no joint\n");
  const Diagnostic clip_file{Diagnostic::Severity::kWarning, "",
                             "jump.fbx: no joint of the model is animated"};
  EXPECT_EQ(line(clip_file, style), "warning: jump.fbx: no joint of the model is animated\n");
}

}  // namespace
}  // namespace anim::app
