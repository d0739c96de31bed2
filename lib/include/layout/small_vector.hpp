// SmallVector<T, N>: a vector of trivially copyable T that keeps up to N
// elements inline (no heap allocation) and moves to the heap past that.
// The algebra's hot paths build and copy small tuples; keeping them inline is
// what makes an operation on a rank-4 layout cost tens of nanoseconds.
//
// data_ points at the inline buffer or at the heap block, so element access
// is one load; copies of a few elements are an inline loop, not a call to
// memcpy (whose set-up costs more than copying a rank-4 layout).
#pragma once

#include <cstddef>
#include <cstring>
#include <initializer_list>
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
  SmallVector(const SmallVector& o) { assign(o.data_, o.size_); }
  SmallVector(SmallVector&& o) noexcept { steal(o); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      size_ = 0;
      assign(o.data_, o.size_);
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      release();
      steal(o);
    }
    return *this;
  }
  ~SmallVector() { release(); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  void clear() { size_ = 0; }
  void reserve(std::size_t n) {
    if (n > cap_) grow(n);
  }
  void resize(std::size_t n) {
    reserve(n);
    for (std::size_t i = size_; i < n; ++i) data_[i] = T{};
    size_ = n;
  }
  void push_back(const T& x) {
    if (size_ == cap_) [[unlikely]] {
      push_back_grow(x);
      return;
    }
    data_[size_++] = x;
  }
  void pop_back() { --size_; }
  // Keeps the first n elements (pre: n <= size()).
  void truncate(std::size_t n) { size_ = n; }
  // Appends n uninitialized elements and returns the first, for the caller
  // to write (one capacity check for a run of writes). Always inlined: a
  // call costs more than its body, and g++ stops inlining it into the
  // larger fast paths on its own.
  [[gnu::always_inline]] T* extend(std::size_t n) {
    reserve(size_ + n);
    T* p = data_ + size_;
    size_ += n;
    return p;
  }
  void append(const T* p, std::size_t n) {
    if (size_ + n > cap_) {
      if (p >= begin() && p < end()) {  // appending a piece of ourselves
        const std::size_t off = static_cast<std::size_t>(p - begin());
        grow(size_ + n);
        p = data_ + off;
      } else {
        grow(size_ + n);
      }
    }
    copy(data_ + size_, p, n);  // the source never overlaps the free tail
    size_ += n;
  }

private:
  // Copies n elements between non-overlapping ranges. Small counts are
  // fixed-size copies (register moves); a loop would become rep movs or a
  // memcpy call, each of which costs more than the copy.
  template <std::size_t K>
  static void copy_fixed(T* dst, const T* src) {
    std::memcpy(static_cast<void*>(dst), src, K * sizeof(T));
  }
  static void copy(T* dst, const T* src, std::size_t n) {
    switch (n) {
      // clang-format off
      case 0: return;
      case 1: copy_fixed<1>(dst, src); return;
      case 2: copy_fixed<2>(dst, src); return;
      case 3: copy_fixed<3>(dst, src); return;
      case 4: copy_fixed<4>(dst, src); return;
      case 5: copy_fixed<5>(dst, src); return;
      case 6: copy_fixed<6>(dst, src); return;
      case 7: copy_fixed<7>(dst, src); return;
      case 8: copy_fixed<8>(dst, src); return;
      case 9: copy_fixed<9>(dst, src); return;
      case 10: copy_fixed<10>(dst, src); return;
      case 11: copy_fixed<11>(dst, src); return;
      case 12: copy_fixed<12>(dst, src); return;
      // clang-format on
      default:
        std::memcpy(static_cast<void*>(dst), src, n * sizeof(T));
    }
  }
  [[gnu::noinline]] void push_back_grow(T x) {  // x by value: it may live inside this vector
    grow(size_ + 1);
    data_[size_++] = x;
  }
  // Out of line: past N elements is the rare case, and inlined it would keep
  // the callers' hot paths (extend, reserve) from being inlined themselves.
  [[gnu::noinline]] void grow(std::size_t n) {
    const std::size_t cap = cap_ * 2 > n ? cap_ * 2 : n;
    T* fresh = new T[cap];
    copy(fresh, data_, size_);
    release();
    heap_ = data_ = fresh;
    cap_ = cap;
  }
  void release() {
    delete[] heap_;
    heap_ = nullptr;
    data_ = inline_;
    cap_ = N;
  }
  void assign(const T* p, std::size_t n) {
    reserve(n);
    copy(data_, p, n);
    size_ = n;
  }
  void steal(SmallVector& o) {
    if (o.heap_) {
      heap_ = data_ = o.heap_;
      cap_ = o.cap_;
      size_ = o.size_;
      o.heap_ = nullptr;
      o.data_ = o.inline_;
      o.cap_ = N;
      o.size_ = 0;
    } else {
      assign(o.inline_, o.size_);
      o.size_ = 0;
    }
  }

  T* data_ = inline_;
  T* heap_ = nullptr;  // the heap block, when data_ points there
  std::size_t size_ = 0;
  std::size_t cap_ = N;
  T inline_[N];
};

}  // namespace layout
