// Host-side builders of BulkJobs from library Layouts. They compute the
// algebra's result with the library (the implementation under test), flatten
// every layout and establish the job's invariant (job.hpp), or refuse with
// layout::Error("bulk <law>", operands, why) — never a job that could
// overflow silently.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpu_check/job.hpp"
#include "layout/layout.hpp"

namespace gpu_check {

inline constexpr uint64_t kMaxIndices = uint64_t{1} << 40;   // indices of one job
inline constexpr uint64_t kMaxTileBits = uint64_t{1} << 36;  // tile bitmap: 8 GiB

std::string law_name(Law law);  // "equal", "compose", "tile", "right_inverse", "left_inverse"
std::optional<Law> parse_law(std::string_view name);

// A job together with what it checks, in words and CuTe notation.
struct Prepared {
  BulkJob job;
  std::string statement;  // e.g. "R(i) == A(B(i)) for i < size(B), R = A o B = 4:2"
};

// ---- jobs over given layouts (the caller supplies the result to check) -------
// pre: none. post: the job of job.hpp; n = size(L1), size(B), size(T), size(R),
// size(A) respectively. Refused: n > kMaxIndices; sizes of L1, L2 differ; a
// layout past kMaxFlatRank modes or int64 offsets; a composed argument past
// the outer layout's max_index, or negative with a multi-mode outer layout;
// tile m < 1 or m > kMaxTileBits.
BulkJob equal_job(const layout::Layout& l1, const layout::Layout& l2);
BulkJob compose_job(const layout::Layout& a, const layout::Layout& b, const layout::Layout& r);
BulkJob tile_job(const layout::Layout& t, int64_t m);
BulkJob right_inverse_job(const layout::Layout& a, const layout::Layout& r);
BulkJob left_inverse_job(const layout::Layout& a, const layout::Layout& l);

// ---- the laws with the library's results ---------------------------------------
// The library's own refusals (composition, complement, left_inverse) propagate.
Prepared prepare_equal(const layout::Layout& l1, const layout::Layout& l2);
Prepared prepare_compose(const layout::Layout& a, const layout::Layout& b);  // R = A o B
Prepared prepare_tile(const layout::Layout& a, int64_t m);  // T = (A, complement(A, m))
Prepared prepare_right_inverse(const layout::Layout& a);
Prepared prepare_left_inverse(const layout::Layout& a);

}  // namespace gpu_check
