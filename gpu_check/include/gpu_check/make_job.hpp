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
#include <vector>

#include "gpu_check/job.hpp"
#include "layout/layout.hpp"

namespace gpu_check {

inline constexpr uint64_t kMaxIndices = uint64_t{1} << 40;   // indices of one job
inline constexpr uint64_t kMaxTileBits = uint64_t{1} << 36;  // tile bitmap: 8 GiB

std::string law_name(Law law);  // "equal", "compose", "tile", "right_inverse", "left_inverse"
std::optional<Law> parse_law(std::string_view name);

// A job together with what it checks: the catalog law it is a bulk instance
// of (docs/LAWS.md), the statement in words and CuTe notation, and the layouts
// the job's flat layouts were built from (for the oracle's spot check):
//   equal {L1, L2}, compose {A, B, R}, tile {T}, right_inverse {A, R},
//   left_inverse {L, A}.
struct Prepared {
  BulkJob job;
  std::string statement;  // e.g. "R(i) == A(B(i)) for i < size(B), R = A o B = 4:2"
  std::string law_id;     // COAL-FN, FLATTEN-DEF, COAL-CANON, COMP-FN, COMP-TILE, RINV-FN,
                          // LINV-FN; SAME-FN for two given layouts
  std::vector<layout::Layout> sources;
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
Prepared prepare_equal(const layout::Layout& l1, const layout::Layout& l2,
                       std::string law_id = "SAME-FN");
// L1 = L against L2 = coalesce(L) (COAL-FN) or flatten(L) (FLATTEN-DEF).
Prepared prepare_coalesce(const layout::Layout& l);
Prepared prepare_flatten(const layout::Layout& l);
Prepared prepare_compose(const layout::Layout& a, const layout::Layout& b);  // R = A o B
Prepared prepare_tile(const layout::Layout& a, int64_t m);  // T = (A, complement(A, m))
Prepared prepare_right_inverse(const layout::Layout& a);
Prepared prepare_left_inverse(const layout::Layout& a);

// ---- by name, for the command line ------------------------------------------------
// The bulk checks by catalog law ID (and the older names): COAL-FN L,
// FLATTEN-DEF L, SAME-FN L1 L2 (equal), COMP-FN A B (compose), COMP-TILE A M
// (tile), RINV-FN A (right_inverse), LINV-FN A (left_inverse).
// "usage: ..." for the help text.
extern const char* const kBulkUsage;
// Throws std::invalid_argument (bad usage: unknown law, wrong operand count,
// a malformed M) and layout::Error (malformed notation, refusals).
Prepared prepare_named(const std::string& name, const std::vector<std::string>& operands);

}  // namespace gpu_check
