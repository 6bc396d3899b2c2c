// Prints the SIMD backend core/src/simd4.h compiles to on this target.
#include <cstdio>

#include "simd4.h"

int main() {
  std::printf("simd4 backend: %s\n", anim::simd::kBackend);
  return 0;
}
