// Internal: checking the results of the divides and products against their
// definitions (definitions.hpp), for the laws of divide_laws.cpp and
// product_laws.cpp.
#pragma once

#include "definitions.hpp"
#include "law_util.hpp"

namespace props::util {

// r = op(A, T) is its definition; where the definition has no result (a
// complement not defined, a tiler of too high a rank), r is a failure.
inline Outcome check_tiler_op(const std::string& law, const std::vector<Arg>& args,
                              const std::string& op, const Layout& a, const Tiler& t,
                              const Layout& r) {
  defs::Definition def;
  try {
    def = defs::tiler_definition(op, a, t, limit());
  } catch (const defs::NotDefined& e) {
    return fail(law, args, op + " gave " + show(r) + ", but " + e.why + ": it had to refuse");
  }
  return defs::check_definition(law, args, op, def, r);
}

// One operation of a regrouping law.
struct Regrouping {
  const char* name;
  Layout (*run)(const Algebra&, const Layout&, const Tiler&);
};

// DIV-REGROUP / PROD-REGROUP on the operations [first, last) of `ops`, args
// = {A, T}: each result that is not refused is its definition.
inline Outcome check_regroupings(const std::string& law, const Regrouping* ops, const Algebra& alg,
                                 const std::vector<Arg>& args, std::size_t first,
                                 std::size_t last) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  return each_part(first, last, [&](std::size_t part) -> Outcome {
    const Regrouping& op = ops[part];
    Layout r;
    try {
      r = op.run(alg, a, t);
    } catch (const Error&) {
      return vacuous("refused");
    }
    return check_tiler_op(law, args, op.name, a, t, r);
  });
}

}  // namespace props::util
