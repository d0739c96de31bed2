#include "vectors.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "conformance.hpp"
#include "exit_codes.hpp"
#include "json_convert.hpp"

namespace layoutcheck {

using nlohmann::json;

namespace {

// Deeper JSON is refused while parsing: what is printed later (dump) recurses.
constexpr int kMaxJsonDepth = 100;

json parse_line(const std::string& line) {
  return json::parse(line, [](int depth, json::parse_event_t, json&) {
    if (depth > kMaxJsonDepth)
      throw UsageError("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return true;
  });
}

const json& field(const json& record, const char* name) {
  if (!record.contains(name)) throw UsageError(std::string("missing field \"") + name + "\"");
  return record.at(name);
}

// The structure of a record (fields, op, expect, argument count); conversions
// of the values that the library refuses are left to run_record.
struct Record {
  const props::OpSpec* op;
  props::Expect expect;
  const json* args;
  const json* expected;
  std::optional<int64_t> min_size;
};

Record parse_record(const json& r) {
  if (!r.is_object()) throw UsageError("a record must be a JSON object");
  const json& name = field(r, "op");
  if (!name.is_string()) throw UsageError("\"op\" must be a string");
  Record rec{props::find_op(name.get<std::string>()),
             props::Expect::equal,
             &field(r, "args"),
             nullptr,
             {}};
  if (!rec.op) throw UsageError("unknown op \"" + name.get<std::string>() + "\"");
  const json& expect = field(r, "expect");
  const std::optional<props::Expect> e =
      expect.is_string() ? props::parse_expect(expect.get<std::string>()) : std::nullopt;
  if (!e) throw UsageError("\"expect\" must be equal, valid or refuse_or_valid");
  rec.expect = *e;
  if (!rec.args->is_array() || rec.args->size() < rec.op->required ||
      rec.args->size() > rec.op->args.size())
    throw UsageError("\"args\" must be a list of " + std::to_string(rec.op->required) + " to " +
                     std::to_string(rec.op->args.size()) + " values for " + rec.op->name);
  if (rec.expect == props::Expect::equal) rec.expected = &field(r, "expected");
  if (r.contains("min_size")) rec.min_size = integer_from_json(r.at("min_size"));
  return rec;
}

// Converts and runs one record; `input` receives the case in notation.
props::Judgement run_record(const Record& rec, const props::Disputes& disputes,
                            std::string& input) {
  props::Case c;
  c.op = rec.op;
  c.expect = rec.expect;
  c.min_size = rec.min_size;
  try {
    for (std::size_t i = 0; i < rec.args->size(); ++i)
      c.args.push_back(operand_from_json(rec.op->args[i], (*rec.args)[i]));
  } catch (const layout::Error& e) {  // an input the library will not even construct
    input = rec.op->name + " " + rec.args->dump();
    return {props::Verdict::failed, std::string("an argument was refused: ") + e.what()};
  }
  input = props::record_key(c) + " expect " + std::string(props::to_string(rec.expect));
  if (rec.expected) {
    try {
      c.expected = value_from_json(rec.op->result, *rec.expected);
      input += " " + props::to_notation(*c.expected);
    } catch (const layout::Error& e) {
      c.expected_invalid = rec.expected->dump() + ": " + e.what();
    }
  }
  return props::judge(c, props::attempt(props::reference_algebra(), *rec.op, c.args), disputes);
}

}  // namespace

void run_vector_file(const std::filesystem::path& file, const props::Disputes& disputes,
                     Conformance& out) {
  std::ifstream in(file);
  if (!in) throw UsageError("cannot read " + file.string());
  std::string line;
  for (int64_t number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = file.string() + ":" + std::to_string(number);
    Record rec{};
    json record;
    try {
      record = parse_line(line);
      rec = parse_record(record);
    } catch (const json::exception& e) {
      throw UsageError(where + ": malformed record: " + e.what());
    } catch (const UsageError& e) {
      throw UsageError(where + ": malformed record: " + e.what());
    }
    std::string input;
    const props::Judgement j = [&] {
      try {
        return run_record(rec, disputes, input);
      } catch (const UsageError& e) {
        throw UsageError(where + ": malformed record: " + e.what());
      }
    }();
    out.add(rec.op->name, j, where + ": " + input);
  }
}

props::Disputes disputes_near(const std::filesystem::path& file) {
  const std::filesystem::path list = file.parent_path() / kDisputesFile;
  std::error_code ec;
  if (!std::filesystem::exists(list, ec)) return {};
  try {
    return props::Disputes::load(list);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
}

std::vector<std::filesystem::path> vector_files(const std::filesystem::path& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  if (ec)
    throw UsageError("cannot read the vectors directory " + dir.string() + ": " + ec.message());
  if (files.empty()) throw UsageError("no .jsonl files in " + dir.string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace layoutcheck
