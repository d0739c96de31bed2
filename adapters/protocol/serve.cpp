#include "serve.hpp"

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "layout/error.hpp"
#include "ops.hpp"
#include "protocol_algebra.hpp"

namespace adapters {

namespace {

nlohmann::json answer(const props::Algebra& algebra, const nlohmann::json& request) {
  const std::string op = request.value("op", "");
  const props::OpSpec* spec = props::find_op(op);
  if (!spec) return {{"unsupported", true}};
  std::vector<std::string> words;
  for (const auto& a : request.value("args", nlohmann::json::array()))
    words.push_back(a.is_string() ? a.get<std::string>() : a.dump());
  try {
    const std::vector<props::Arg> args = props::parse_operands(*spec, words);
    return {{"result", props::to_notation(spec->run(algebra, args))}};
  } catch (const std::invalid_argument& e) {
    return {{"refused", std::string("malformed request: ") + e.what()}};
  } catch (const layout::Error& e) {
    return {{"refused", e.what()}};
  } catch (const props::Unsupported&) {
    return {{"unsupported", true}};
  } catch (const MalformedAnswer& e) {
    return {{"result", e.text()}};
  }
}

}  // namespace

void serve(const props::Algebra& algebra, const std::string& name,
           const std::vector<std::string>& ops, std::istream& in, std::ostream& out) {
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    nlohmann::json request, reply;
    try {
      request = nlohmann::json::parse(line);
      if (request.value("op", "") == "hello") {
        reply = {{"protocol", kProtocolVersion}, {"name", name}};
        if (!ops.empty()) reply["ops"] = ops;
      } else {
        reply = answer(algebra, request);
      }
      reply["id"] = request.at("id");
    } catch (const std::exception& e) {
      std::cerr << name << ": " << e.what() << " (request " << line.substr(0, 200) << ")\n";
      std::exit(3);
    }
    out << reply.dump() << '\n' << std::flush;
  }
}

}  // namespace adapters
