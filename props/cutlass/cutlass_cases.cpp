#include "cutlass_cases.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "conformance.hpp"
#include "definitions.hpp"
#include "ops.hpp"

namespace props::cutlass {

namespace {

std::string shorten(std::string s) {
  if (s.size() > 600) s = s.substr(0, 600) + " ...";
  return s;
}

// The layout inside a value (a layout or a slice's layout), if any.
const Layout* layout_of(const Value& v) {
  if (const auto* l = std::get_if<Layout>(&v)) return l;
  if (const auto* s = std::get_if<Sliced>(&v)) return &s->layout;
  return nullptr;
}

// Why `got` differs from CuTe's `want`, or nothing.
std::optional<std::string> difference(const Value& want, const Value& got) {
  if (auto why = compare_values(want, got, true)) return why;
  const Layout* w = layout_of(want);
  const Layout* g = layout_of(got);
  if (w && g && defs::top_mode_sizes(*w) != defs::top_mode_sizes(*g))
    return std::string("the rank or the top-level mode sizes differ");
  return std::nullopt;
}

}  // namespace

std::vector<Record> load(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::vector<Record> out;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty()) continue;
    try {
      const nlohmann::json j = nlohmann::json::parse(text);
      Record r;
      r.name = j.at("name").get<std::string>();
      r.group = j.at("group").get<std::string>();
      r.src = j.at("src").get<std::string>();
      r.op = j.at("op").get<std::string>();
      r.cute = j.at("cute").get<std::string>();
      r.expect = j.at("expect").get<std::string>();
      r.args = j.at("args").get<std::vector<std::string>>();
      r.line = line;
      out.push_back(std::move(r));
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(file.string() + ":" + std::to_string(line) + ": " + e.what());
    }
  }
  return out;
}

std::optional<std::string> check(const Algebra& alg, const Record& r) {
  if (r.expect != "identical") return "unknown expect \"" + r.expect + "\"";
  const OpSpec* op = find_op(r.op);
  if (!op) return "the operation \"" + r.op + "\" is not in the op table";
  std::vector<Arg> args;
  Value want;
  try {
    args = parse_operands(*op, r.args);
    want = parse_value(op->result, r.cute);
  } catch (const std::exception& e) {
    return std::string("the record does not parse: ") + e.what();
  }
  const Attempt got = attempt(alg, *op, args);
  if (!got.value) return "CuTe: " + shorten(r.cute) + "\n  ours: refused: " + got.error;
  if (auto why = difference(want, *got.value))
    return "CuTe: " + shorten(r.cute) + "\n  ours: " + shorten(to_notation(*got.value)) + "\n  " +
           *why;
  return std::nullopt;
}

std::string describe(const Record& r) {
  std::string args;
  for (const std::string& a : r.args) args += (args.empty() ? "" : " ") + ("'" + a + "'");
  return r.name + " (cutlass_cases.jsonl:" + std::to_string(r.line) + ", group " + r.group + ", " +
         r.src + ")\n  layoutcheck op " + r.op + " " + shorten(args);
}

}  // namespace props::cutlass
