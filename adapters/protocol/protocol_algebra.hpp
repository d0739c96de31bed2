// props::Algebra over the audit protocol (docs/AUDIT.md): every operation is
// a JSON-lines request to a child process that runs another implementation
// (pycute, a CuTe build, anything). Operations and operands are those of
// `layoutcheck op` (the op table), in CuTe notation; so is the reply.
//   reply {"id": n, "result": "..."}       the answer
//         {"id": n, "refused": "message"}  a refusal (layout::Error)
//         {"id": n, "unsupported": true}   no such operation (props::Unsupported)
// A crash, a timeout, a malformed reply or an answer that does not parse is a
// ProtocolFailure (a finding of the audit); the child is restarted for the
// next request. Operations the protocol has no name for (the flat evaluation
// core, the parser) are Unsupported.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algebra.hpp"
#include "ops.hpp"

namespace adapters {

class Subprocess;

using props::IntTuple;
using props::Layout;
using props::Tiler;

constexpr int kProtocolVersion = 1;

class ProtocolFailure : public props::ImplementationFailure {
public:
  using props::ImplementationFailure::ImplementationFailure;
};

class ProtocolAlgebra : public props::Algebra {
public:
  // command: run by /bin/sh -c; timeout_ms: per request.
  ProtocolAlgebra(std::string command, int timeout_ms);
  ~ProtocolAlgebra() override;

  // The handshake ({"op": "hello"}): the implementation's name and the
  // operations it says it has (empty: it did not say; otherwise the others
  // are Unsupported without a request). Throws ProtocolFailure when the child
  // does not answer it.
  struct Hello {
    std::string name;
    std::vector<std::string> ops;
  };
  Hello hello() const;
  std::string name() const override;

  // One request: op with its operands in notation -> the reply's value, as the
  // op table's result kind of op.
  props::Value request(const std::string& op, const std::vector<std::string>& args) const;
  int64_t requests() const { return next_id_ - 1; }

  // The `batch` extension (docs/AUDIT.md), for implementations that answer
  // faster many at a time (cute-static compiles its cases in one go).
  // While recording, requests are not sent: `stand_in` answers them (the
  // library, whose answers lead the law to the same next requests in most
  // cases) and they are kept, once each; batch() then sends the recorded
  // requests in one {"op": "batch", "requests": [...]} so the implementation
  // can prepare their answers. Announced by "batch" among the hello's ops.
  using Request = std::pair<std::string, std::vector<std::string>>;
  bool announces(const std::string& op) const;
  void start_recording(const props::Algebra& stand_in);
  std::vector<Request> stop_recording();
  // Throws ProtocolFailure when the reply is not a result.
  void batch(const std::vector<Request>& requests, int timeout_ms) const;

  int64_t size(const Layout& l) const override;
  int64_t cosize(const Layout& l) const override;
  int64_t eval(const Layout& l, int64_t i) const override;
  IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const override;
  int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) const override;
  int64_t crd2idx(const IntTuple& c, const IntTuple& shape) const override;
  int rank(const Layout& l) const override;
  int depth(const Layout& l) const override;
  Layout flatten(const Layout& l) const override;
  Layout make_layout_left(const IntTuple& shape) const override;
  Layout make_layout_right(const IntTuple& shape) const override;
  Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order) const override;
  IntTuple shape_div(const IntTuple& a, const IntTuple& b) const override;
  IntTuple prefix_product(const IntTuple& a, int64_t init) const override;
  int64_t product(const IntTuple& a) const override;
  int64_t inner_product(const IntTuple& a, const IntTuple& b) const override;
  Layout coalesce(const Layout& l) const override;
  Layout coalesce(const Layout& l, const IntTuple& profile) const override;
  Layout filter(const Layout& l) const override;
  Layout composition(const Layout& a, const Layout& b) const override;
  Layout composition(const Layout& a, const Tiler& b) const override;
  Layout complement(const Layout& a, int64_t cotarget) const override;
  Layout complement(const Layout& a) const override;
  Layout right_inverse(const Layout& a) const override;
  Layout left_inverse(const Layout& a) const override;
  Layout nullspace(const Layout& a) const override;
  Layout upcast(const Layout& a, int64_t n) const override;
  Layout downcast(const Layout& a, int64_t n) const override;
  Layout recast_layout(const Layout& a, int64_t old_bits, int64_t new_bits) const override;
  Layout make_layout_like(const Layout& l) const override;
  Layout tile_to_shape(const Layout& block, const IntTuple& target) const override;
  Layout tile_to_shape(const Layout& block, const IntTuple& target,
                       const IntTuple& order) const override;
  Layout with_shape(const Layout& a, const IntTuple& shape) const override;
  int64_t max_common_vector(const Layout& a, const Layout& b) const override;
  Layout max_common_layout(const Layout& a, const Layout& b) const override;
  Layout logical_divide(const Layout& a, const Tiler& b) const override;
  Layout zipped_divide(const Layout& a, const Tiler& b) const override;
  Layout tiled_divide(const Layout& a, const Tiler& b) const override;
  Layout flat_divide(const Layout& a, const Tiler& b) const override;
  Layout logical_product(const Layout& a, const Tiler& b) const override;
  Layout zipped_product(const Layout& a, const Tiler& b) const override;
  Layout tiled_product(const Layout& a, const Tiler& b) const override;
  Layout blocked_product(const Layout& a, const Layout& b) const override;
  Layout raked_product(const Layout& a, const Layout& b) const override;
  int64_t swizzle(int bits, int base, int shift, int64_t x) const override;
  int64_t swizzle_layout(int bits, int base, int shift, const Layout& l, int64_t i) const override;
  int64_t swizzle_bytes(int b, int m, int s, int64_t bits, const Layout& l,
                        int64_t i) const override;
  props::Sliced slice(const Layout& l, const layout::Term& coord) const override;
  props::Sliced local_tile(const Layout& l, const Tiler& tile, const layout::Term& coord,
                           const std::optional<layout::Term>& proj) const override;
  props::Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid,
                                const std::optional<layout::Term>& proj) const override;
  // The library's own internals: no protocol operation.
  props::FlatLayout make_flat(const Layout& l) const override;
  props::FlatLayout make_flat_unmerged(const Layout& l) const override;
  int64_t flat_eval(const props::FlatLayout& f, uint64_t i) const override;
  void flat_chunk(const props::FlatLayout& f, uint64_t start, uint64_t count,
                  int64_t* out) const override;
  std::vector<std::pair<uint64_t, int64_t>> flat_for_each(const props::FlatLayout& f,
                                                          uint64_t start,
                                                          uint64_t count) const override;
  uint64_t magic_div(uint64_t d, uint64_t n) const override;
  Layout parse_layout(const std::string& text) const override;
  std::string print(const Layout& l) const override;

private:
  std::string command_;
  int timeout_ms_;
  mutable std::unique_ptr<Subprocess> child_;
  mutable int64_t next_id_ = 1;
  mutable std::string name_;
  mutable std::vector<std::string> ops_;      // from hello; empty: ask for every operation
  const props::Algebra* stand_in_ = nullptr;  // recording when set
  mutable std::vector<Request> recorded_;
  mutable std::set<Request> seen_;  // recorded_, for a fast "once each"
};

}  // namespace adapters
