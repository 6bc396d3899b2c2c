#pragma once
// A non-owning view of contiguous elements (C++17 has no std::span).
#include <cstddef>
#include <vector>

namespace anim {

template <class T>
class Span {
 public:
  constexpr Span() = default;
  constexpr Span(T* data, std::size_t size) : data_(data), size_(size) {}
  template <class U, class A>
  Span(std::vector<U, A>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT: implicit by design
  template <class U, class A>
  Span(const std::vector<U, A>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT
  template <class U>
  Span(const Span<U>& other) : data_(other.data()), size_(other.size()) {}  // NOLINT

  constexpr T* data() const { return data_; }
  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr T& operator[](std::size_t i) const { return data_[i]; }
  constexpr T* begin() const { return data_; }
  constexpr T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace anim
