#pragma once
// The GoogleMock matchers the suites use most, by their short names in anim::testutil: a suite
// that says `using namespace ::anim::testutil;` writes ElementsAre(...) or Not(IsEmpty())
// without a using-declaration for each. Needs GoogleMock only.
#include <gmock/gmock.h>

namespace anim::testutil {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;
using ::testing::StartsWith;

}  // namespace anim::testutil
