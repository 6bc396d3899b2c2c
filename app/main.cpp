// animscope: skeletal-animation viewer and runtime tool.
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
  return anim::app::run_cli(argc, argv, std::cout, std::cerr);
}
