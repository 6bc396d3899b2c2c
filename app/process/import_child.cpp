#include "process/import_child.h"

#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "anim/bake/package_writer.h"
#include "anim/import/import_model.h"
#include "anim/package.h"
#include "process/import_protocol.h"

namespace anim::app {
namespace {

namespace protocol = import_protocol;

bool write_all(const std::vector<uint8_t>& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // The parent went away.
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Called by operator new when an allocation fails (the address-space limit was reached): say
// so with what needs no allocation, and stop.
void out_of_memory() {
  const protocol::RecordHeader header{protocol::Kind::kOutOfMemory, 0, 0};
  [[maybe_unused]] const ssize_t n = ::write(STDOUT_FILENO, &header, sizeof(header));
  ::_exit(protocol::kOutOfMemoryExit);
}

// The address space in use now, from /proc/self/statm (pages), or 0.
uint64_t address_space_in_use() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long pages = 0;
  const int read = std::fscanf(f, "%llu", &pages);
  std::fclose(f);
  return read == 1 ? pages * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) : 0;
}

// Lets the import take `budget` more bytes of address space than the process holds now (so the
// limit means the same under AddressSanitizer, whose shadow memory is reserved at start).
void limit_address_space(uint64_t budget) {
  const uint64_t limit = address_space_in_use() + budget;
  const rlimit r{static_cast<rlim_t>(limit), static_cast<rlim_t>(limit)};
  ::setrlimit(RLIMIT_AS, &r);
}

Package as_package(Model&& model) {
  Package p;
  p.skeleton = std::move(model.skeleton);
  p.skin = std::move(model.skin);
  p.mesh = std::move(model.mesh);
  p.key_clips = std::move(model.clips);
  p.max_influences = model.max_influences;
  p.truncated_vertices = model.truncated_vertices;
  p.up_axis = model.up_axis;
  return p;
}

}  // namespace

int run_import_child(int argc, const char* const* argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: animscope-import %s FILE [--memory-limit BYTES]\n",
                 kImportChildCommand);
    return 2;
  }
  // A parent killed without the chance to cancel (SIGKILL, a crash) would leave this
  // importing for nobody: the kernel ends it with the parent. If the parent is already gone
  // (re-parented to init), there is nobody to answer.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;
  const std::string path = argv[2];
  if (argc == 5 && !std::strcmp(argv[3], "--memory-limit")) {
    limit_address_space(std::strtoull(argv[4], nullptr, 10));
  }
  std::set_new_handler(out_of_memory);

  Result<Model> model = import::import_model(path, [](float fraction) {
    write_all(protocol::record(protocol::Kind::kProgress, &fraction, sizeof(fraction)));
    return true;  // The parent cancels by killing this process.
  });
  if (!model.ok()) return write_all(protocol::error_record(model.error())) ? 0 : 1;
  const std::vector<uint8_t> bytes = bake::write_package(as_package(std::move(model.value())));
  return write_all(protocol::record(protocol::Kind::kResult, bytes.data(), bytes.size())) ? 0 : 1;
}

}  // namespace anim::app
