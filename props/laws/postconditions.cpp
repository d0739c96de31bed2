#include "postconditions.hpp"

#include <map>

#include "tiler_checks.hpp"

namespace props {

namespace {

using Post = Outcome (*)(const std::string& op, const std::vector<Arg>& args, const Value& result,
                         std::optional<int64_t> min_size);

const Layout& L(const std::vector<Arg>& a, std::size_t i) { return std::get<Layout>(a.at(i)); }
const Layout& R(const Value& v) { return std::get<Layout>(v); }

// The operations that have a post-condition, and how to check it.
const std::map<std::string, Post, std::less<>>& posts() {
  static const std::map<std::string, Post, std::less<>> table = [] {
    std::map<std::string, Post, std::less<>> t;
    t["composition"] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                          std::optional<int64_t>) {
      return post_composition(op, a, L(a, 0), std::get<Tiler>(a.at(1)), R(r));
    };
    t["complement"] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                         std::optional<int64_t>) {
      std::optional<int64_t> m;
      if (a.size() > 1) m = std::get<int64_t>(a[1]);
      return post_complement(op, a, L(a, 0), m, R(r));
    };
    t["right_inverse"] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                            std::optional<int64_t> min_size) {
      return post_right_inverse(op, a, L(a, 0), R(r), min_size.value_or(0));
    };
    t["left_inverse"] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                           std::optional<int64_t>) {
      return post_left_inverse(op, a, L(a, 0), R(r));
    };
    t["shape_div"] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                        std::optional<int64_t>) {
      return post_shape_div(op, a, std::get<IntTuple>(a.at(0)), std::get<IntTuple>(a.at(1)),
                            std::get<IntTuple>(r));
    };
    for (const char* name : {"blocked_product", "raked_product"})
      t[name] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                   std::optional<int64_t>) -> Outcome {
        defs::Definition def;
        try {
          def = defs::blocked_raked_definition(op == "raked_product", L(a, 0), L(a, 1),
                                               util::limit());
        } catch (const defs::NotDefined& e) {
          return fail(op, a, op + " gave " + layout::to_string(R(r)) + ", but " + e.why);
        }
        return defs::check_definition(op, a, op, def, R(r));
      };
    for (const char* name : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                             "logical_product", "zipped_product", "tiled_product"})
      t[name] = [](const std::string& op, const std::vector<Arg>& a, const Value& r,
                   std::optional<int64_t>) {
        return util::check_tiler_op(op, a, op, L(a, 0), std::get<Tiler>(a.at(1)), R(r));
      };
    return t;
  }();
  return table;
}

}  // namespace

Outcome postcondition(const OpSpec& op, const std::vector<Arg>& args, const Value& result,
                      std::optional<int64_t> min_size) {
  const auto it = posts().find(op.name);
  if (it == posts().end()) return vacuous("no post-condition");
  return util::guarded([&] { return it->second(op.name, args, result, min_size); });
}

}  // namespace props
