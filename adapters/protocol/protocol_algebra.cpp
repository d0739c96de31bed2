#include "protocol_algebra.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "subprocess.hpp"

namespace adapters {

namespace {

using layout::to_string;
using props::Value;

std::string text(int64_t v) { return std::to_string(v); }

// By value: the Value is a temporary of the caller's full expression.
template <class T>
T as(const Value& v, const std::string& op) {
  if (const T* x = std::get_if<T>(&v)) return *x;
  throw ProtocolFailure("malformed answer: " + op + ": not of the operation's result kind");
}

[[noreturn]] void unsupported(const std::string& what) {
  throw props::Unsupported(what + " is not an operation of the audit protocol");
}

}  // namespace

ProtocolAlgebra::ProtocolAlgebra(std::string command, int timeout_ms)
    : command_(std::move(command)), timeout_ms_(timeout_ms) {}

ProtocolAlgebra::~ProtocolAlgebra() = default;

// One round trip; the child is (re)started on demand and dropped after a
// protocol failure, so the next request meets a fresh one.
static nlohmann::json round_trip(std::unique_ptr<Subprocess>& child, const std::string& command,
                                 int timeout_ms, const nlohmann::json& request) {
  if (!child) child = std::make_unique<Subprocess>(command);
  const int64_t id = request.at("id").get<int64_t>();
  const auto failure = [&](const std::string& why) -> ProtocolFailure {
    const std::string ended = child->stop();
    child.reset();
    return ProtocolFailure(why + " (the implementation " + ended + ")");
  };
  if (!child->send(request.dump())) throw failure("crash: it closed its input");
  bool timed_out = false;
  const std::optional<std::string> line = child->receive(timeout_ms, timed_out);
  if (!line) {
    if (timed_out) throw failure("timeout: no reply within " + std::to_string(timeout_ms) + " ms");
    throw failure("crash: it exited before replying");
  }
  nlohmann::json reply;
  try {
    reply = nlohmann::json::parse(*line);
  } catch (const nlohmann::json::exception&) {
    throw failure("malformed reply (not JSON): " + line->substr(0, 200));
  }
  if (!reply.is_object() || !reply.contains("id") || reply["id"] != id)
    throw failure("malformed reply (no object with id " + std::to_string(id) +
                  "): " + line->substr(0, 200));
  return reply;
}

ProtocolAlgebra::Hello ProtocolAlgebra::hello() const {
  const nlohmann::json reply =
      round_trip(child_, command_, timeout_ms_,
                 {{"v", kProtocolVersion}, {"id", next_id_++}, {"op", "hello"}});
  Hello h;
  if (reply.contains("name") && reply["name"].is_string()) h.name = reply["name"];
  if (reply.contains("ops") && reply["ops"].is_array())
    for (const auto& op : reply["ops"])
      if (op.is_string()) h.ops.push_back(op.get<std::string>());
  name_ = h.name;
  ops_ = h.ops;
  return h;
}

std::string ProtocolAlgebra::name() const { return name_.empty() ? command_ : name_; }

Value ProtocolAlgebra::request(const std::string& op, const std::vector<std::string>& args) const {
  const props::OpSpec* spec = props::find_op(op);
  if (!spec) unsupported(op);
  if (!ops_.empty() && !announces(op))
    throw props::Unsupported(op + " is not among the implementation's operations");
  if (stand_in_) {
    Request r{op, args};
    if (seen_.insert(r).second) recorded_.push_back(std::move(r));
    return spec->run(*stand_in_, props::parse_operands(*spec, args));
  }
  const nlohmann::json reply =
      round_trip(child_, command_, timeout_ms_,
                 {{"v", kProtocolVersion}, {"id", next_id_++}, {"op", op}, {"args", args}});
  if (reply.contains("unsupported") && reply["unsupported"] == true)
    throw props::Unsupported(op + " is unsupported by the implementation");
  if (reply.contains("refused")) {
    const std::string why =
        reply["refused"].is_string() ? reply["refused"].get<std::string>() : "refused";
    std::string operands;
    for (const std::string& a : args) operands += (operands.empty() ? "" : ", ") + a;
    throw layout::Error(op, operands, why.empty() ? "refused" : why);
  }
  if (!reply.contains("result") || !reply["result"].is_string())
    throw ProtocolFailure("malformed reply: " + op + ": no result, refused or unsupported");
  try {
    return props::parse_value(spec->result, reply["result"].get<std::string>());
  } catch (const layout::Error& e) {
    throw ProtocolFailure("malformed answer: " + op + " gave \"" +
                          reply["result"].get<std::string>().substr(0, 200) +
                          "\", not a value of its kind: " + e.what());
  }
}

bool ProtocolAlgebra::announces(const std::string& op) const {
  return std::find(ops_.begin(), ops_.end(), op) != ops_.end();
}

void ProtocolAlgebra::start_recording(const props::Algebra& stand_in) {
  stand_in_ = &stand_in;
  recorded_.clear();
  seen_.clear();
}

std::vector<ProtocolAlgebra::Request> ProtocolAlgebra::stop_recording() {
  stand_in_ = nullptr;
  seen_.clear();
  return std::exchange(recorded_, {});
}

void ProtocolAlgebra::batch(const std::vector<Request>& requests, int timeout_ms) const {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [op, args] : requests) list.push_back({{"op", op}, {"args", args}});
  const nlohmann::json reply = round_trip(
      child_, command_, timeout_ms,
      {{"v", kProtocolVersion}, {"id", next_id_++}, {"op", "batch"}, {"requests", list}});
  if (!reply.contains("result"))
    throw ProtocolFailure("malformed reply: batch: no result (" + reply.dump().substr(0, 200) +
                          ")");
}

// ---- the operations ---------------------------------------------------------------------

int64_t ProtocolAlgebra::size(const Layout& l) const {
  return as<int64_t>(request("size", {to_string(l)}), "size");
}
int64_t ProtocolAlgebra::cosize(const Layout& l) const {
  return as<int64_t>(request("cosize", {to_string(l)}), "cosize");
}
int64_t ProtocolAlgebra::eval(const Layout& l, int64_t i) const {
  const auto v = as<std::vector<int64_t>>(request("call", {to_string(l), text(i)}), "call");
  if (v.size() != 1) throw ProtocolFailure("malformed answer: call: not one value for one index");
  return v[0];
}
IntTuple ProtocolAlgebra::idx2crd(const IntTuple& i, const IntTuple& shape) const {
  return as<IntTuple>(request("idx2crd", {to_string(i), to_string(shape)}), "idx2crd");
}
int64_t ProtocolAlgebra::crd2idx(const IntTuple& c, const IntTuple& shape,
                                 const IntTuple& stride) const {
  return as<int64_t>(request("crd2idx", {to_string(c), to_string(shape), to_string(stride)}),
                     "crd2idx");
}
int64_t ProtocolAlgebra::crd2idx(const IntTuple& c, const IntTuple& shape) const {
  return as<int64_t>(request("crd2idx", {to_string(c), to_string(shape)}), "crd2idx");
}
int ProtocolAlgebra::rank(const Layout& l) const {
  return static_cast<int>(as<int64_t>(request("rank", {to_string(l)}), "rank"));
}
int ProtocolAlgebra::depth(const Layout& l) const {
  return static_cast<int>(as<int64_t>(request("depth", {to_string(l)}), "depth"));
}
Layout ProtocolAlgebra::flatten(const Layout& l) const {
  return as<Layout>(request("flatten", {to_string(l)}), "flatten");
}
Layout ProtocolAlgebra::make_layout_left(const IntTuple& shape) const {
  return as<Layout>(request("make_layout_left", {to_string(shape)}), "make_layout_left");
}
Layout ProtocolAlgebra::make_layout_right(const IntTuple& shape) const {
  return as<Layout>(request("make_layout_right", {to_string(shape)}), "make_layout_right");
}
Layout ProtocolAlgebra::make_ordered_layout(const IntTuple&, const IntTuple&) const {
  unsupported("make_ordered_layout");
}
IntTuple ProtocolAlgebra::shape_div(const IntTuple& a, const IntTuple& b) const {
  return as<IntTuple>(request("shape_div", {to_string(a), to_string(b)}), "shape_div");
}
IntTuple ProtocolAlgebra::prefix_product(const IntTuple& a, int64_t init) const {
  return as<IntTuple>(request("prefix_product", {to_string(a), text(init)}), "prefix_product");
}
int64_t ProtocolAlgebra::product(const IntTuple& a) const {
  return as<int64_t>(request("product", {to_string(a)}), "product");
}
int64_t ProtocolAlgebra::inner_product(const IntTuple& a, const IntTuple& b) const {
  return as<int64_t>(request("inner_product", {to_string(a), to_string(b)}), "inner_product");
}
Layout ProtocolAlgebra::coalesce(const Layout& l) const {
  return as<Layout>(request("coalesce", {to_string(l)}), "coalesce");
}
Layout ProtocolAlgebra::coalesce(const Layout& l, const IntTuple& profile) const {
  return as<Layout>(request("coalesce_by_mode", {to_string(l), to_string(profile)}),
                    "coalesce_by_mode");
}
Layout ProtocolAlgebra::filter(const Layout& l) const {
  return as<Layout>(request("filter", {to_string(l)}), "filter");
}
Layout ProtocolAlgebra::composition(const Layout& a, const Layout& b) const {
  return as<Layout>(request("composition", {to_string(a), to_string(b)}), "composition");
}
Layout ProtocolAlgebra::composition(const Layout& a, const Tiler& b) const {
  return as<Layout>(request("composition", {to_string(a), to_string(b)}), "composition");
}
Layout ProtocolAlgebra::complement(const Layout& a, int64_t cotarget) const {
  return as<Layout>(request("complement", {to_string(a), text(cotarget)}), "complement");
}
Layout ProtocolAlgebra::complement(const Layout& a) const {
  return as<Layout>(request("complement", {to_string(a)}), "complement");
}
Layout ProtocolAlgebra::right_inverse(const Layout& a) const {
  return as<Layout>(request("right_inverse", {to_string(a)}), "right_inverse");
}
Layout ProtocolAlgebra::left_inverse(const Layout& a) const {
  return as<Layout>(request("left_inverse", {to_string(a)}), "left_inverse");
}
Layout ProtocolAlgebra::nullspace(const Layout& a) const {
  return as<Layout>(request("nullspace", {to_string(a)}), "nullspace");
}
Layout ProtocolAlgebra::upcast(const Layout& a, int64_t n) const {
  return as<Layout>(request("upcast", {to_string(a), text(n)}), "upcast");
}
Layout ProtocolAlgebra::downcast(const Layout& a, int64_t n) const {
  return as<Layout>(request("downcast", {to_string(a), text(n)}), "downcast");
}
Layout ProtocolAlgebra::recast_layout(const Layout& a, int64_t old_bits, int64_t new_bits) const {
  return as<Layout>(request("recast_layout", {to_string(a), text(old_bits), text(new_bits)}),
                    "recast_layout");
}
Layout ProtocolAlgebra::make_layout_like(const Layout& l) const {
  return as<Layout>(request("make_layout_like", {to_string(l)}), "make_layout_like");
}
Layout ProtocolAlgebra::tile_to_shape(const Layout& block, const IntTuple& target) const {
  return as<Layout>(request("tile_to_shape", {to_string(block), to_string(target)}),
                    "tile_to_shape");
}
Layout ProtocolAlgebra::tile_to_shape(const Layout& block, const IntTuple& target,
                                      const IntTuple& order) const {
  return as<Layout>(
      request("tile_to_shape", {to_string(block), to_string(target), to_string(order)}),
      "tile_to_shape");
}
Layout ProtocolAlgebra::with_shape(const Layout& a, const IntTuple& shape) const {
  return as<Layout>(request("with_shape", {to_string(a), to_string(shape)}), "with_shape");
}
int64_t ProtocolAlgebra::max_common_vector(const Layout& a, const Layout& b) const {
  return as<int64_t>(request("max_common_vector", {to_string(a), to_string(b)}),
                     "max_common_vector");
}
Layout ProtocolAlgebra::max_common_layout(const Layout& a, const Layout& b) const {
  return as<Layout>(request("max_common_layout", {to_string(a), to_string(b)}),
                    "max_common_layout");
}
#define LAYOUTCHECK_TILER_OP(NAME)                                          \
  Layout ProtocolAlgebra::NAME(const Layout& a, const Tiler& b) const {     \
    return as<Layout>(request(#NAME, {to_string(a), to_string(b)}), #NAME); \
  }
LAYOUTCHECK_TILER_OP(logical_divide)
LAYOUTCHECK_TILER_OP(zipped_divide)
LAYOUTCHECK_TILER_OP(tiled_divide)
LAYOUTCHECK_TILER_OP(flat_divide)
LAYOUTCHECK_TILER_OP(logical_product)
LAYOUTCHECK_TILER_OP(zipped_product)
LAYOUTCHECK_TILER_OP(tiled_product)
#undef LAYOUTCHECK_TILER_OP
Layout ProtocolAlgebra::blocked_product(const Layout& a, const Layout& b) const {
  return as<Layout>(request("blocked_product", {to_string(a), to_string(b)}), "blocked_product");
}
Layout ProtocolAlgebra::raked_product(const Layout& a, const Layout& b) const {
  return as<Layout>(request("raked_product", {to_string(a), to_string(b)}), "raked_product");
}
int64_t ProtocolAlgebra::swizzle(int bits, int base, int shift, int64_t x) const {
  const auto v = as<std::vector<int64_t>>(
      request("swizzle", {text(bits), text(base), text(shift), text(x)}), "swizzle");
  if (v.size() != 1)
    throw ProtocolFailure("malformed answer: swizzle: not one value for one argument");
  return v[0];
}
int64_t ProtocolAlgebra::swizzle_layout(int bits, int base, int shift, const Layout& l,
                                        int64_t i) const {
  const auto v = as<std::vector<int64_t>>(
      request("swizzle_layout_call", {text(bits), text(base), text(shift), to_string(l), text(i)}),
      "swizzle_layout_call");
  if (v.size() != 1)
    throw ProtocolFailure("malformed answer: swizzle_layout_call: not one value for one index");
  return v[0];
}
int64_t ProtocolAlgebra::swizzle_bytes(int b, int m, int s, int64_t bits, const Layout& l,
                                       int64_t i) const {
  const auto v = as<std::vector<int64_t>>(
      request("swizzle_bytes_call", {text(b), text(m), text(s), text(bits), to_string(l), text(i)}),
      "swizzle_bytes_call");
  if (v.size() != 1)
    throw ProtocolFailure("malformed answer: swizzle_bytes_call: not one value for one index");
  return v[0];
}
props::Sliced ProtocolAlgebra::slice(const Layout& l, const layout::Term& coord) const {
  return as<props::Sliced>(request("slice", {to_string(l), to_string(coord)}), "slice");
}
props::Sliced ProtocolAlgebra::local_tile(const Layout& l, const Tiler& tile,
                                          const layout::Term& coord,
                                          const std::optional<layout::Term>& proj) const {
  std::vector<std::string> args = {to_string(l), to_string(tile), to_string(coord)};
  if (proj) args.push_back(to_string(*proj));
  return as<props::Sliced>(request("local_tile", args), "local_tile");
}
props::Sliced ProtocolAlgebra::local_partition(const Layout& l, const Layout& threads, int64_t tid,
                                               const std::optional<layout::Term>& proj) const {
  std::vector<std::string> args = {to_string(l), to_string(threads), text(tid)};
  if (proj) args.push_back(to_string(*proj));
  return as<props::Sliced>(request("local_partition", args), "local_partition");
}

// ---- no protocol operation ---------------------------------------------------------------

props::FlatLayout ProtocolAlgebra::make_flat(const Layout&) const { unsupported("make_flat"); }
props::FlatLayout ProtocolAlgebra::make_flat_unmerged(const Layout&) const {
  unsupported("make_flat_unmerged");
}
int64_t ProtocolAlgebra::flat_eval(const props::FlatLayout&, uint64_t) const {
  unsupported("flat_eval");
}
void ProtocolAlgebra::flat_chunk(const props::FlatLayout&, uint64_t, uint64_t, int64_t*) const {
  unsupported("flat_chunk");
}
std::vector<std::pair<uint64_t, int64_t>> ProtocolAlgebra::flat_for_each(const props::FlatLayout&,
                                                                         uint64_t, uint64_t) const {
  unsupported("flat_for_each");
}
uint64_t ProtocolAlgebra::magic_div(uint64_t, uint64_t) const { unsupported("magic_div"); }
Layout ProtocolAlgebra::parse_layout(const std::string&) const { unsupported("parse_layout"); }
// The laws print values into their failure messages with print(): that is the
// harness's text, not an operation under audit (an Unsupported here would
// turn every such failure into "unsupported"). The notation laws still need
// parse_layout, which stays unsupported.
std::string ProtocolAlgebra::print(const Layout& l) const { return to_string(l); }

}  // namespace adapters
