#pragma once
// Bounds-checked reading of a package section: every read either fits the bytes left or marks
// the reader failed (and reads nothing more), so parsers can read straight through and check once.
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace anim::package {

class Reader {
 public:
  Reader(const uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  std::size_t offset() const { return failed_at_; }
  // Bytes not read yet: a section of an older minor version ends before fields added since.
  std::size_t remaining() const { return ok() ? size_ - pos_ : 0; }

  template <class T>
  bool get(T& out) {
    static_assert(std::is_trivially_copyable<T>::value, "read as bytes");
    if (!ok()) return false;
    if (size_ - pos_ < sizeof(T)) return fail("ends early");
    std::memcpy(&out, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  // A count of things each taking at least `min_bytes`: refused when the bytes left cannot hold
  // them, before anything is allocated for them.
  bool get_count(uint32_t& count, std::size_t min_bytes) {
    if (!get(count)) return false;
    if (min_bytes > 0 && count > (size_ - pos_) / min_bytes) return fail("count too large");
    return true;
  }
  bool get_string(std::string& out) {
    uint32_t length = 0;
    if (!get_count(length, 1)) return false;
    out.assign(reinterpret_cast<const char*>(data_ + pos_), length);
    pos_ += length;
    align(4);
    return true;
  }
  template <class T>
  bool get_array(std::vector<T>& out, std::size_t count, std::size_t alignment = 4) {
    static_assert(std::is_trivially_copyable<T>::value, "read as bytes");
    if (!ok()) return false;
    if (count > (size_ - pos_) / sizeof(T)) return fail("array ends past the section");
    out.resize(count);
    if (count > 0) std::memcpy(static_cast<void*>(out.data()), data_ + pos_, count * sizeof(T));
    pos_ += count * sizeof(T);
    align(alignment);
    return true;
  }
  void align(std::size_t alignment) {
    const std::size_t aligned = (pos_ + alignment - 1) / alignment * alignment;
    pos_ = aligned < size_ ? aligned : size_;
  }
  // Puts `where` in front of the problem, when there is one; false either way.
  bool prefix(const std::string& where) {
    if (!ok()) problem_ = where + problem_;
    return false;
  }
  bool fail(const std::string& what) {
    if (ok()) {
      problem_ = what;
      failed_at_ = pos_;
    }
    return false;
  }

 private:
  const uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  std::size_t failed_at_ = 0;
  std::string problem_;
};

}  // namespace anim::package
