// SmallVector<T, N>: a vector of trivially copyable T that keeps up to N
// elements inline (no heap allocation) and moves to the heap past that.
// The algebra's hot paths build and copy small tuples; keeping them inline is
// what makes an operation on a rank-4 layout cost tens of nanoseconds.
#pragma once

#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <type_traits>

namespace layout {

template <class T, std::size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  SmallVector() = default;
  SmallVector(std::initializer_list<T> init) {
    reserve(init.size());
    for (const T& x : init) push_back(x);
  }
  SmallVector(const SmallVector& o) { assign(o.data(), o.size_); }
  SmallVector(SmallVector&& o) noexcept { steal(o); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      size_ = 0;
      assign(o.data(), o.size_);
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      heap_.reset();
      cap_ = N;
      size_ = 0;
      steal(o);
    }
    return *this;
  }
  ~SmallVector() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return heap_ ? heap_.get() : inline_; }
  const T* data() const { return heap_ ? heap_.get() : inline_; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }

  void clear() { size_ = 0; }
  void reserve(std::size_t n) {
    if (n <= cap_) return;
    std::size_t cap = cap_ * 2 > n ? cap_ * 2 : n;
    std::unique_ptr<T[]> fresh(new T[cap]);
    if (size_ != 0) std::memcpy(fresh.get(), data(), size_ * sizeof(T));
    heap_ = std::move(fresh);
    cap_ = cap;
  }
  void resize(std::size_t n) {
    reserve(n);
    for (std::size_t i = size_; i < n; ++i) data()[i] = T{};
    size_ = n;
  }
  void push_back(const T& x) {
    if (size_ == cap_) {
      T copy = x;  // x may live inside this vector
      reserve(size_ + 1);
      data()[size_++] = copy;
      return;
    }
    data()[size_++] = x;
  }
  void pop_back() { --size_; }
  void append(const T* p, std::size_t n) {
    if (n == 0) return;
    if (p >= begin() && p < end()) {  // appending a piece of ourselves
      std::size_t off = static_cast<std::size_t>(p - begin());
      reserve(size_ + n);
      p = data() + off;
    } else {
      reserve(size_ + n);
    }
    std::memmove(data() + size_, p, n * sizeof(T));
    size_ += n;
  }

private:
  void assign(const T* p, std::size_t n) {
    reserve(n);
    if (n != 0) std::memcpy(data(), p, n * sizeof(T));
    size_ = n;
  }
  void steal(SmallVector& o) {
    if (o.heap_) {
      heap_ = std::move(o.heap_);
      cap_ = o.cap_;
      size_ = o.size_;
      o.cap_ = N;
      o.size_ = 0;
    } else {
      assign(o.inline_, o.size_);
      o.size_ = 0;
    }
  }

  T inline_[N];
  std::unique_ptr<T[]> heap_;
  std::size_t size_ = 0;
  std::size_t cap_ = N;
};

}  // namespace layout
