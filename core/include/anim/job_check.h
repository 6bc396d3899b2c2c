#pragma once
// For job runs that cannot fail because their inputs were checked upstream (a skeleton the
// importer or the package loader validated, a pose sized from it): a refusal there is a bug,
// and it stops the program with a message rather than leaving stale output behind. Code whose
// inputs are not known good checks run()'s result instead and reports the problem.
#include <cstdio>
#include <cstdlib>

namespace anim {

inline void require_ran(bool ran, const char* job) {
  if (ran) return;
  std::fprintf(stderr, "animscope: internal error: %s refused inputs checked before\n", job);
  std::abort();
}

}  // namespace anim
