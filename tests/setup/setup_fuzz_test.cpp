// Mutation fuzzing of the setup reader: damaged files must give an error or a setup, never a
// crash, and whatever parses must save, reload and save again to the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "support/setup_files.h"

namespace anim::setup {
namespace {

const std::vector<std::string> kClips = {"idle", "walk", "run", "jump"};

// SplitMix64: small and the same on every platform, so every run sees the same mutations.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

const char* const kTokens[] = {
    "{",     "}",           "[",         "]",           ",",    ":",     "\"",   "\\",
    "-",     ".",           "0",         "e",           "\"\"", "null",  "true", "false",
    "1e39",  "1e999",       "-0",        "{}",          "[]",   "0.5",   "-1",   "\"*\"",
    "\"x\"", "\"trigger\"", "\"float\"", "\"\\u0000\"", "\xff", "1e-50",
};
constexpr std::size_t kTokenCount = sizeof(kTokens) / sizeof(kTokens[0]);

// Byte ranges of the values after each ": " (up to the next comma or line end).
std::vector<std::pair<std::size_t, std::size_t>> value_spans(const std::string& text) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (std::size_t at = text.find(": "); at != std::string::npos; at = text.find(": ", at + 1)) {
    const std::size_t begin = at + 2;
    const std::size_t end = text.find_first_of(",\n", begin);
    spans.emplace_back(begin, end == std::string::npos ? text.size() : end);
  }
  return spans;
}

void mutate_once(std::string* text, Random* random) {
  std::string& t = *text;
  const std::size_t at = random->below(t.size() + 1);
  switch (random->below(7)) {
    case 0:  // Flip one bit.
      if (!t.empty()) t[random->below(t.size())] ^= static_cast<char>(1 << random->below(8));
      break;
    case 1:  // Delete a short run.
      if (at < t.size()) t.erase(at, 1 + random->below(16));
      break;
    case 2:  // Insert punctuation or a token.
      t.insert(at, kTokens[random->below(kTokenCount)]);
      break;
    case 3:  // Truncate.
      t.resize(random->below(t.size() + 1));
      break;
    case 4: {  // Swap two values.
      const auto spans = value_spans(t);
      if (spans.size() < 2) break;
      auto a = spans[random->below(spans.size())];
      auto b = spans[random->below(spans.size())];
      if (a.first > b.first) std::swap(a, b);
      if (a.second > b.first) break;  // Same or overlapping.
      const std::string first = t.substr(a.first, a.second - a.first);
      const std::string second = t.substr(b.first, b.second - b.first);
      t.replace(b.first, second.size(), first);
      t.replace(a.first, first.size(), second);
      break;
    }
    case 5: {  // Replace a value by a token.
      const auto spans = value_spans(t);
      if (spans.empty()) break;
      const auto span = spans[random->below(spans.size())];
      t.replace(span.first, span.second - span.first, kTokens[random->below(kTokenCount)]);
      break;
    }
    default: {  // Copy a chunk elsewhere.
      const std::size_t from = random->below(t.size());
      const std::string chunk = t.substr(from, 1 + random->below(40));
      t.insert(random->below(t.size() + 1), chunk);
      break;
    }
  }
}

struct Tally {
  int parsed = 0;
  int rejected = 0;
};

// Feeds one text through parse, validate and a save/reload cycle, checking the invariants.
void check_text(const std::string& text, Tally* tally) {
  std::vector<Diagnostic> diagnostics;
  const Result<setup::Setup> parsed = parse_setup(text, "fuzz.json", &diagnostics);
  if (!parsed.ok()) {
    ++tally->rejected;
    ASSERT_FALSE(diagnostics.empty()) << text;
    ASSERT_FALSE(parsed.error().message.empty()) << text;
    ASSERT_EQ(parsed.error().path, "fuzz.json");
    const Diagnostic& first = diagnostics.front();
    const std::string expected =
        first.pointer.empty() ? first.message : first.pointer + ": " + first.message;
    ASSERT_EQ(parsed.error().message.compare(0, expected.size(), expected), 0) << text;
    return;
  }
  ++tally->parsed;
  ASSERT_TRUE(diagnostics.empty()) << text;
  for (const Diagnostic& d : validate_setup(parsed.value(), kClips)) {
    ASSERT_FALSE(d.message.empty()) << text;
  }
  const std::string saved = to_json_text(parsed.value());
  const Result<setup::Setup> reloaded = parse_setup(saved, "saved.json");
  ASSERT_TRUE(reloaded.ok()) << reloaded.error().to_string() << "\n" << saved;
  ASSERT_EQ(to_json_text(reloaded.value()), saved) << text;
}

TEST(SetupFuzzTest, TenThousandTextMutationsNeverCrash) {
  const std::string seed =
      testing::read_text_file(testing::setup_example_path("complete.setup.json"));
  ASSERT_FALSE(seed.empty());
  Random random(20240611);
  Tally tally;
  for (int i = 0; i < 10000; ++i) {
    std::string text = seed;
    const std::size_t steps = 1 + random.below(3);
    for (std::size_t s = 0; s < steps; ++s) mutate_once(&text, &random);
    check_text(text, &tally);
    if (::testing::Test::HasFatalFailure()) return;
  }
  RecordProperty("parsed", tally.parsed);
  RecordProperty("rejected", tally.rejected);
  // Both outcomes are exercised: a fuzzer that only ever fails to parse checks little.
  EXPECT_GT(tally.parsed, 200);
  EXPECT_GT(tally.rejected, 500);
}

// Every JSON pointer of a document, containers included.
void collect_pointers(const Json& json, const Json::json_pointer& at,
                      std::vector<Json::json_pointer>* out) {
  out->push_back(at);
  if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it) {
      collect_pointers(it.value(), at / it.key(), out);
    }
  } else if (json.is_array()) {
    for (std::size_t i = 0; i < json.size(); ++i) collect_pointers(json[i], at / i, out);
  }
}

Json random_value(Random* random) {
  switch (random->below(10)) {
    case 0:
      return nullptr;
    case 1:
      return random->below(2) == 0;
    case 2:
      return -1e39;
    case 3:
      return static_cast<double>(random->next() % 2001) / 100.0 - 10.0;
    case 4:
      return static_cast<std::int64_t>(random->next() % 7) - 3;
    case 5:
      return "*";
    case 6:
      return Json::array({1, "x"});
    case 7:
      return Json::object({{"name", "Idle"}});
    case 8:
      return kClips[random->below(kClips.size())];
    default:
      return "";
  }
}

TEST(SetupFuzzTest, TreeMutationsGiveErrorsOrSetups) {
  const Json seed =
      Json::parse(testing::read_text_file(testing::setup_example_path("complete.setup.json")));
  std::vector<Json::json_pointer> pointers;
  collect_pointers(seed, Json::json_pointer(), &pointers);
  Random random(7);
  Tally tally;
  for (int i = 0; i < 1000; ++i) {
    Json doc = seed;
    const std::size_t steps = 1 + random.below(2);
    for (std::size_t s = 0; s < steps; ++s) {
      const Json::json_pointer& at = pointers[1 + random.below(pointers.size() - 1)];
      if (!doc.contains(at)) continue;
      if (random.below(4) != 0) {
        doc[at] = random_value(&random);
        continue;
      }
      Json& parent = doc[at.parent_pointer()];
      if (parent.is_object()) {
        parent.erase(at.back());
      } else if (parent.is_array()) {
        parent.erase(static_cast<std::size_t>(std::stoul(at.back())));
      }
    }
    check_text(doc.dump(2), &tally);
    if (::testing::Test::HasFatalFailure()) return;
  }
  RecordProperty("parsed", tally.parsed);
  RecordProperty("rejected", tally.rejected);
  EXPECT_GT(tally.parsed, 50);
  EXPECT_GT(tally.rejected, 50);
}

}  // namespace
}  // namespace anim::setup
