#include "gpu_check/report.hpp"

#include <cstdio>
#include <stdexcept>

namespace gpu_check {

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string index_text(uint64_t i) { return i == kNone ? "none" : std::to_string(i); }

}  // namespace

std::string describe(const BulkResult& r) {
  std::string s = "checked " + std::to_string(r.checked) + ", mismatches " +
                  std::to_string(r.mismatches) + ", first " + index_text(r.first);
  if (r.first != kNone)
    s += " (expected " + std::to_string(r.expected) + ", actual " + std::to_string(r.actual) + ")";
  s += ", checksum " + hex(r.checksum);
  if (r.out_of_range || r.duplicates || r.covered)
    s += ", out of range " + std::to_string(r.out_of_range) + ", duplicates " +
         std::to_string(r.duplicates) + ", covered " + std::to_string(r.covered);
  return s;
}

std::string verdict(const BulkJob& job, const BulkResult& r) {
  if (r.mismatches == 0) return "holds";
  std::string s = "fails: ";
  if (job.law == Law::tile) {
    s += std::to_string(r.out_of_range) + " offsets out of [0, " + std::to_string(job.m) + "), " +
         std::to_string(r.duplicates) + " duplicate hits, " + std::to_string(job.m - r.covered) +
         " offsets never hit";
    if (r.first != kNone)
      s += "; first bad index " + std::to_string(r.first) + ": offset " + std::to_string(r.actual) +
           (r.actual < 0 || static_cast<uint64_t>(r.actual) >= job.m ? " (out of range)"
                                                                     : " (hit more than once)");
    return s;
  }
  s += std::to_string(r.mismatches) + (r.mismatches == 1 ? " mismatch" : " mismatches");
  if (r.first != kNone)
    s += "; first at i = " + std::to_string(r.first) + ": expected " + std::to_string(r.expected) +
         ", got " + std::to_string(r.actual);
  return s;
}

std::string count_text(uint64_t n) {
  std::string s = std::to_string(n);
  if (n != 0 && (n & (n - 1)) == 0) s += " (2^" + std::to_string(__builtin_ctzll(n)) + ")";
  return s;
}

std::string sci(double v) {
  char buf[32];
  if (v < 10000)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.2e", v);
  std::string s = buf;
  const auto e = s.find("e+");  // 4.29e+09 -> 4.29e9
  if (e != std::string::npos) {
    std::size_t k = e + 2;
    while (k + 1 < s.size() && s[k] == '0') ++k;
    s = s.substr(0, e) + "e" + s.substr(k);
  }
  return s;
}

std::string seconds_text(double s) {
  if (s < 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f s", s);
  return buf;
}

uint64_t parse_size(const std::string& text) {
  auto digits = [&](const std::string& t) -> uint64_t {
    if (t.empty() || t.size() > 19 || t.find_first_not_of("0123456789") != std::string::npos)
      throw std::invalid_argument("not a size: '" + text + "' (give N, 2^K or 1<<K)");
    return std::stoull(t);
  };
  for (const char* op : {"^", "<<"}) {
    const auto p = text.find(op);
    if (p == std::string::npos) continue;
    const uint64_t base = digits(text.substr(0, p));
    const uint64_t k = digits(text.substr(p + std::string(op).size()));
    if (std::string(op) == "^" && base != 2)
      throw std::invalid_argument("not a size: '" + text + "' (only powers of 2: 2^K)");
    const uint64_t mult = std::string(op) == "^" ? 1 : base;
    if (k > 62 || (mult != 0 && mult > (uint64_t{1} << (62 - k))))
      throw std::invalid_argument("size too large: '" + text + "' (at most 2^62)");
    return mult << k;
  }
  return digits(text);
}

}  // namespace gpu_check
