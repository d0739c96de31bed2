// cute_static_check: CuTe's static layouts, evaluated by CuTe on the GPU (or
// the host), against this library's answer to the same operations, over every
// index up to a budget. docs/BULK.md, "CuTe's static layouts".
//
//   cute_static_check [--backend auto|gpu|cpu] [--budget N|2^K|full]
//                     [--plant-bug[=NAME]] [--only NAME,...] [--threads N]
//                     [--show] [--list]
//
// Exit: 0 every case agrees, 1 a case disagrees (or our library refuses one),
// 2 a usage error, 77 --backend gpu without a usable GPU (ctest's skip code).
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "gpu_check/cute_static.hpp"
#include "gpu_check/cute_static_ours.hpp"
#include "layout/error.hpp"
#include "layout/notation.hpp"

namespace cs = gpu_check::cute_static;

namespace {

constexpr int kSkip = 77;
constexpr uint64_t kCpuBudget = uint64_t{1} << 24;
constexpr const char* kDefaultPlant = "blocked_thr_rep";

struct Options {
  std::string backend = "auto";
  uint64_t budget = 0;  // 0: the backend's default
  bool full = false;
  std::string plant;  // case whose host side is planted wrong ("" none)
  std::vector<std::string> only;
  unsigned threads = 0;
  bool show = false;
  bool list = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr,
               "error: %s\nusage: cute_static_check [--backend auto|gpu|cpu] "
               "[--budget N|2^K|full] [--plant-bug[=NAME]] [--only NAME,...] [--threads N] "
               "[--show] [--list]\n",
               why.c_str());
  std::exit(2);
}

uint64_t parse_count(const std::string& s) {
  try {
    std::size_t pos = 0;
    if (s.rfind("2^", 0) == 0) {
      const int e = std::stoi(s.substr(2), &pos);
      if (pos + 2 == s.size() && e >= 0 && e < 63) return uint64_t{1} << e;
    } else {
      const unsigned long long v = std::stoull(s, &pos);
      if (pos == s.size() && v > 0) return v;
    }
  } catch (const std::exception&) {
  }
  usage("not a count: " + s);
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--backend") {
      o.backend = value();
      if (o.backend != "auto" && o.backend != "gpu" && o.backend != "cpu")
        usage("--backend takes auto, gpu or cpu");
    } else if (a == "--budget") {
      const std::string v = value();
      if (v == "full")
        o.full = true;
      else
        o.budget = parse_count(v);
    } else if (a == "--plant-bug") {
      o.plant = kDefaultPlant;
    } else if (a.rfind("--plant-bug=", 0) == 0) {
      o.plant = a.substr(12);
    } else if (a == "--only") {
      const std::string v = value();
      for (std::size_t p = 0; p <= v.size();) {
        const std::size_t q = std::min(v.find(',', p), v.size());
        if (q > p) o.only.push_back(v.substr(p, q - p));
        p = q + 1;
      }
    } else if (a == "--threads") {
      o.threads = static_cast<unsigned>(parse_count(value()));
    } else if (a == "--show") {
      o.show = true;
    } else if (a == "--list") {
      o.list = true;
    } else if (a == "-h" || a == "--help") {
      std::printf(
          "cute_static_check: CuTe's static layouts (evaluated by CuTe on the GPU or the host)\n"
          "against this library's result of the same operation, every index up to the budget.\n"
          "  --backend auto|gpu|cpu  where CuTe evaluates (auto: the GPU when one is usable)\n"
          "  --budget N|2^K|full     indices per layout: all when the size is within N, else\n"
          "                          the first and the last N/2 (default: full on the GPU,\n"
          "                          2^24 on the CPU)\n"
          "  --plant-bug[=NAME]      check a wrong host-side layout for case NAME (default %s)\n"
          "  --only NAME,...         only these cases\n"
          "  --threads N             host threads (default: all cores)\n"
          "  --show                  print CuTe's and our layout for every case\n"
          "  --list                  print the table and exit\n"
          "exit: 0 all agree, 1 a disagreement, 2 usage, 77 no GPU for --backend gpu\n",
          kDefaultPlant);
      std::exit(0);
    } else {
      usage("unknown argument " + a);
    }
  }
  return o;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string log2_text(uint64_t n) {
  char buf[32];
  if ((n & (n - 1)) == 0)
    std::snprintf(buf, sizeof buf, "2^%d", static_cast<int>(std::log2(static_cast<double>(n))));
  else
    std::snprintf(buf, sizeof buf, "2^%.2f", std::log2(static_cast<double>(n)));
  return buf;
}

struct Row {
  std::string name, op, size = "-", checked = "-", cute_s = "-", ours_s = "-", structure = "-";
  double cute_seconds = 0, ours_seconds = 0;
  std::string result;
  std::vector<std::string> notes;  // printed under the table
};

// CuTe's values of [lo, lo + count) on the chosen backend.
std::vector<int64_t> cute_values(int k, bool gpu, uint64_t lo, uint64_t count) {
  std::vector<int64_t> v(count);
  if (gpu)
    cs::gpu_values(k, lo, count, v.data());
  else
    cs::cpu_values(k, lo, count, v.data());
  return v;
}

// Checks case k; returns whether CuTe and we agree.
bool check_case(int k, const Options& o, bool gpu, uint64_t budget, Row& row, uint64_t& total) {
  const cs::Case& c = cs::cases()[static_cast<std::size_t>(k)];
  row.name = c.name;
  row.op = c.op;
  const cs::CuteResult cute = cs::cute_result(k);
  row.size = std::to_string(cute.size);
  layout::Layout ours;
  try {
    ours = cs::our_result(c);
    if (o.plant == c.name) ours = cs::planted(ours);
  } catch (const std::exception& e) {
    row.result = "ours refused";
    row.notes.push_back(std::string("our library refuses: ") + e.what());
    row.notes.push_back("CuTe's result: " + cute.text);
    return false;
  }
  const std::string ours_text = layout::to_string(ours);
  try {
    row.structure = layout::parse_layout(cute.text) == ours ? "same" : "differs";
  } catch (const layout::Error&) {
    row.structure = "unparsed";
  }
  if (o.show || o.plant == c.name) {
    row.notes.push_back("CuTe: " + cute.text);
    row.notes.push_back("ours: " + ours_text);
  }
  if (ours.size() != cute.size) {
    row.result = "SIZE DIFFERS";
    row.notes.push_back("size: CuTe " + std::to_string(cute.size) + ", ours " +
                        std::to_string(ours.size()) + " (ours " + ours_text + ", CuTe " +
                        cute.text + ")");
    return false;
  }
  const layout::FlatLayout flat = layout::make_flat(ours);
  // The indices checked: all of them within the budget, else the first and
  // the last budget/2 (where the offsets and indices are largest).
  const uint64_t size = static_cast<uint64_t>(cute.size);
  std::vector<std::pair<uint64_t, uint64_t>> windows;
  if (size <= budget) {
    windows.push_back({0, size});
  } else {
    const uint64_t half = std::max<uint64_t>(budget / 2, 1);
    windows.push_back({0, half});
    windows.push_back({size - half, size});
  }
  uint64_t n = 0, chunks = 0, differing = 0;
  double cute_s = 0, ours_s = 0;
  std::string where;
  for (const auto& [lo, hi] : windows) {
    n += hi - lo;
    const uint64_t wc = cs::chunk_count(hi - lo);
    chunks += wc;
    std::vector<uint64_t> theirs(wc), mine(wc);
    auto t0 = std::chrono::steady_clock::now();
    if (gpu) {
      cute_s += cs::gpu_hashes(k, lo, hi, theirs.data());
    } else {
      cs::cpu_hashes(k, lo, hi, theirs.data(), o.threads);
      cute_s += seconds_since(t0);
    }
    t0 = std::chrono::steady_clock::now();
    cs::our_hashes(flat, lo, hi, mine.data(), o.threads);
    ours_s += seconds_since(t0);
    for (uint64_t c = 0; c < wc; ++c) {
      if (theirs[c] == mine[c] || differing++ != 0) continue;
      // The first differing chunk, index by index on both sides.
      const cs::ChunkRange r = cs::chunk_range(lo, hi, c);
      const uint64_t count = r.end - r.begin;
      const std::vector<int64_t> v = cute_values(k, gpu, r.begin, count);
      std::vector<int64_t> w(count);
      flat.eval_chunk(r.begin, count, w.data());
      where = "chunk hashes differ but every value of the chunk agrees";
      for (uint64_t j = 0; j < count; ++j) {
        if (v[j] == w[j]) continue;
        where = "first differing index " + std::to_string(r.begin + j) + ": CuTe " +
                std::to_string(v[j]) + ", ours " + std::to_string(w[j]);
        break;
      }
    }
  }
  row.checked = std::to_string(n);
  total += n;
  row.cute_seconds = cute_s;
  row.ours_seconds = ours_s;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", cute_s);
  row.cute_s = buf;
  std::snprintf(buf, sizeof buf, "%.3f", ours_s);
  row.ours_s = buf;
  if (differing == 0) {
    row.result = "agree";
    return true;
  }
  row.result = "MISMATCH";
  row.notes.push_back(where + " (" + std::to_string(differing) + " of " + std::to_string(chunks) +
                      " chunks of 2^20 differ)");
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_args(argc, argv);
  const std::vector<cs::Case>& all = cs::cases();
  if (static_cast<int>(all.size()) != cs::cute_case_count()) {
    std::fprintf(stderr, "error: %zu cases of text, %d CuTe expressions\n", all.size(),
                 cs::cute_case_count());
    return 2;
  }
  if (o.list) {
    for (const cs::Case& c : all)
      std::printf("%-24s %s %s%s%s%s%s\n    CuTe: %s\n", c.name, c.op, c.a, *c.b ? " " : "", c.b,
                  *c.c ? " " : "", c.c, c.cute);
    return 0;
  }
  std::vector<int> selected;
  for (int k = 0; k < static_cast<int>(all.size()); ++k) {
    bool want = o.only.empty();
    for (const std::string& s : o.only) want = want || s == all[static_cast<std::size_t>(k)].name;
    if (want) selected.push_back(k);
  }
  for (const std::string& s : o.only) {
    bool known = false;
    for (const cs::Case& c : all) known = known || s == c.name;
    if (!known) usage("no case " + s + " (see --list)");
  }
  if (!o.plant.empty()) {
    bool known = false;
    for (const cs::Case& c : all) known = known || o.plant == c.name;
    if (!known) usage("--plant-bug: no case " + o.plant + " (see --list)");
  }

  std::string gpu_description;
  const bool gpu_ok = cs::gpu_available(gpu_description);
  bool gpu = false;
  if (o.backend == "gpu") {
    if (!gpu_ok) {
      std::printf("skipped: no GPU (%s)\n", gpu_description.c_str());
      return kSkip;
    }
    gpu = true;
  } else if (o.backend == "auto") {
    gpu = gpu_ok;
  }
  const uint64_t budget = o.full          ? ~uint64_t{0}
                          : o.budget != 0 ? o.budget
                          : gpu           ? ~uint64_t{0}
                                          : kCpuBudget;
  const unsigned threads =
      o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  std::printf("cute_static_check: CuTe on the %s (GPU: %s), ours on %u host threads; budget %s\n",
              gpu ? "GPU" : "CPU", gpu_description.c_str(), threads,
              budget == ~uint64_t{0} ? "full" : (log2_text(budget) + " per layout").c_str());
  if (!o.plant.empty())
    std::printf("planted: a wrong host-side layout for %s (must be reported)\n", o.plant.c_str());

  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Row> rows;
  uint64_t total = 0;
  int failed = 0;
  for (int k : selected) {
    Row row;
    bool ok = false;
    try {
      ok = check_case(k, o, gpu, budget, row, total);
    } catch (const std::exception& e) {
      row.name = all[static_cast<std::size_t>(k)].name;
      row.op = all[static_cast<std::size_t>(k)].op;
      row.result = "ERROR";
      row.notes.push_back(e.what());
    }
    failed += ok ? 0 : 1;
    rows.push_back(std::move(row));
  }

  const char* be = gpu ? "GPU s" : "CPU s";
  std::printf("%-24s %-18s %12s %12s %9s %9s %-9s %s\n", "layout", "op", "size", "checked", be,
              "ours s", "structure", "result");
  for (const Row& r : rows) {
    std::printf("%-24s %-18s %12s %12s %9s %9s %-9s %s\n", r.name.c_str(), r.op.c_str(),
                r.size.c_str(), r.checked.c_str(), r.cute_s.c_str(), r.ours_s.c_str(),
                r.structure.c_str(), r.result.c_str());
  }
  for (const Row& r : rows)
    for (const std::string& n : r.notes) std::printf("  %s: %s\n", r.name.c_str(), n.c_str());
  double cute_total = 0, ours_total = 0;
  for (const Row& r : rows) {
    cute_total += r.cute_seconds;
    ours_total += r.ours_seconds;
  }
  std::printf("total: %zu layouts, %" PRIu64 " indices (%s) in %.1f s (%s %.2f s, ours %.2f s); ",
              rows.size(), total, total ? log2_text(total).c_str() : "0", seconds_since(t0),
              gpu ? "GPU" : "CPU", cute_total, ours_total);
  if (failed == 0)
    std::printf("all agree\n");
  else
    std::printf("%d of %zu DISAGREE\n", failed, rows.size());
  return failed == 0 ? 0 : 1;
}
