// props::mutants — deliberately wrong algebras. Each is the reference algebra
// with exactly one realistic bug (a classic mistake or a real CuTe bug); the
// selftest runs the whole law suite against each and requires every one to
// be killed, which is what proves that the laws bite.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algebra.hpp"

namespace props::mutants {

struct Mutant {
  std::string name;  // "coalesce-wrong-pair"
  std::string op;    // the operation it changes
  std::string bug;   // the bug in one line
  std::function<std::unique_ptr<Algebra>()> make;
};

// Every mutant, in a fixed order.
const std::vector<Mutant>& all();
const Mutant* find(const std::string& name);

// The control: every operation the mutants change, re-implemented plainly
// (props/mutants/plain_ops.hpp) with every switch at its correct setting. The
// law suite must NOT kill it, so a killed mutant is killed by its bug and
// not by the re-implementation.
std::unique_ptr<Algebra> control();

}  // namespace props::mutants
