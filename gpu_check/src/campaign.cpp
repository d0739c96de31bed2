#include "gpu_check/campaign.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "gpu_check/random_layouts.hpp"
#include "gpu_check/report.hpp"
#include "layout/error.hpp"

namespace gpu_check {

namespace {

constexpr Law kLaws[] = {Law::equal, Law::compose, Law::tile, Law::right_inverse,
                         Law::left_inverse};

CaseOutcome run_case(const CampaignOptions& o, Law law, Rng& rng, uint64_t case_seed) {
  CaseOutcome c;
  c.law = law;
  Prepared p;
  try {
    p = random_case(law, rng, o.min_size);
  } catch (const layout::Error& e) {
    c.error = e.what();
    return c;
  }
  c.law_id = p.law_id;
  c.statement = p.statement;
  c.job = p.job;
  try {
    const Timed t = run_timed(o.backend, p.job, 0, p.job.n);
    c.result = t.result;
    c.seconds = t.seconds;
    c.cross = cross_check(p.job, o.backend, o.cross, c.result, case_seed);
  } catch (const GpuError& e) {  // this case's row says so; the next case runs
    c.device_error = e.what();
    return c;
  }
  c.spot = spot_check(p, c.result, case_seed);
  return c;
}

void add_to_row(LawRow& row, const CaseOutcome& c, Backend main) {
  ++row.layouts;
  if (!c.ok()) ++row.failed;
  if (!c.device_error.empty()) ++row.device_errors;
  if (!c.error.empty() || !c.device_error.empty()) return;
  row.indices += c.result.checked;
  row.mismatches += c.result.mismatches;
  row.main_seconds += c.seconds;
  auto add = [&](const std::string& who, double s) {
    if (s < 0) return;
    if (who == "gpu") row.gpu_seconds += s, row.gpu_ran = true;
    if (who == "cpu" || who == "reference") row.cpu_seconds += s, row.cpu_ran = true;
  };
  add(backend_name(main), c.seconds);
  if (c.cross.ran) {
    add(backend_name(main), c.cross.main_seconds);
    add(c.cross.other, c.cross.other_seconds);
  }
}

}  // namespace

bool CampaignReport::ok() const {
  for (const CaseOutcome& c : cases)
    if (!c.ok()) return false;
  return true;
}

int CampaignReport::failed() const {
  int n = 0;
  for (const CaseOutcome& c : cases) n += c.ok() ? 0 : 1;
  return n;
}

int CampaignReport::device_errors() const {
  int n = 0;
  for (const CaseOutcome& c : cases) n += c.device_error.empty() ? 0 : 1;
  return n;
}

uint64_t CampaignReport::indices() const {
  uint64_t n = 0;
  for (const LawRow& r : rows) n += r.indices;
  return n;
}

CampaignReport run_campaign(const CampaignOptions& o) {
  CampaignReport rep;
  rep.options = o;
  Rng rng{o.seed};
  for (int k = 0; k < o.cases; ++k) {
    const Law law = kLaws[k % 5];
    const uint64_t case_seed = rng.next();
    CaseOutcome c = run_case(o, law, rng, case_seed);
    if (o.progress != nullptr) {
      *o.progress << "bulk [" << (k + 1) << "/" << o.cases << "] "
                  << (c.law_id.empty() ? law_name(law) : c.law_id) << ": ";
      if (!c.error.empty())
        *o.progress << "refused: " << c.error << "\n";
      else if (!c.device_error.empty())
        *o.progress << "device error: " << c.device_error << "\n";
      else
        *o.progress << sci(static_cast<double>(c.result.checked)) << " indices, "
                    << verdict(c.job, c.result) << ", " << seconds_text(c.seconds) << " on "
                    << backend_name(o.backend)
                    << (c.cross.ran
                            ? (c.cross.agree ? ", cross-check agrees" : ", cross-check DISAGREES")
                            : "")
                    << (c.spot.agree ? ", oracle agrees" : ", oracle DISAGREES") << "\n";
      o.progress->flush();
    }
    rep.cases.push_back(std::move(c));
  }
  for (const CaseOutcome& c : rep.cases) {
    const std::string id = c.law_id.empty() ? law_name(c.law) : c.law_id;
    auto row = std::find_if(rep.rows.begin(), rep.rows.end(),
                            [&](const LawRow& r) { return r.law_id == id; });
    if (row == rep.rows.end()) {
      rep.rows.push_back({});
      row = rep.rows.end() - 1;
      row->law_id = id;
    }
    add_to_row(*row, c, o.backend);
  }
  return rep;
}

void print_campaign(const CampaignReport& rep, std::ostream& os) {
  for (const CaseOutcome& c : rep.cases) {
    if (c.ok()) continue;
    os << "FAILED " << (c.law_id.empty() ? law_name(c.law) : c.law_id) << ": ";
    if (!c.error.empty()) {
      os << "the library refused operands generated admissible: " << c.error << "\n";
      continue;
    }
    if (!c.device_error.empty()) {
      os << c.statement << "\n  device error: " << c.device_error << "\n";
      continue;
    }
    os << c.statement << "\n  " << verdict(c.job, c.result) << "\n";
    if (!c.cross.agree) os << "  " << c.cross.detail << "\n";
    if (!c.spot.agree) os << "  " << c.spot.detail << "\n";
  }
  const std::vector<std::string> head = {"law",    "layouts",  "indices checked", "mismatches",
                                         "failed", "GPU time", "CPU time",        "indices/s"};
  std::vector<std::vector<std::string>> rows = {head};
  for (const LawRow& r : rep.rows) {
    rows.push_back(
        {r.law_id, std::to_string(r.layouts), sci(static_cast<double>(r.indices)),
         std::to_string(r.mismatches),
         std::to_string(r.failed) +
             (r.device_errors ? " (" + std::to_string(r.device_errors) + " device)" : ""),
         r.gpu_ran ? seconds_text(r.gpu_seconds) : "-",
         r.cpu_ran ? seconds_text(r.cpu_seconds) : "-",
         r.main_seconds > 0 ? sci(static_cast<double>(r.indices) / r.main_seconds) : "-"});
  }
  std::vector<std::size_t> width(head.size(), 0);
  for (const auto& row : rows)
    for (std::size_t k = 0; k < row.size(); ++k) width[k] = std::max(width[k], row[k].size());
  for (const auto& row : rows) {
    for (std::size_t k = 0; k < row.size(); ++k)
      os << (k == 0 ? "" : "  ") << (k == 0 ? std::left : std::right)
         << std::setw(static_cast<int>(width[k])) << row[k];
    os << std::right << "\n";
  }
  const int failed = rep.failed();
  const CampaignOptions& o = rep.options;
  os << "seed " << o.seed << ", min size " << count_text(o.min_size) << ", backend "
     << backend_name(o.backend) << ", cross-check "
     << (o.cross == CrossMode::none     ? "none"
         : o.cross == CrossMode::sample ? "sample"
                                        : "full")
     << "; indices/s on the " << backend_name(o.backend)
     << "; CPU/GPU time includes the cross-check\n";
  os << (rep.cases.size() - static_cast<std::size_t>(failed)) << " passed, " << failed << " failed";
  if (rep.device_errors() > 0) os << " (" << rep.device_errors() << " device errors)";
  os << "\n";
}

}  // namespace gpu_check
