// The law catalog on hand-picked inputs (the CuTe lesson examples, the
// examples of DESIGN.md and docs/SEMANTICS.md): every law holds for the
// reference algebra, and every law catches a small wrong algebra.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>

#include "law.hpp"
#include "law_util.hpp"
#include "layout/algebra.hpp"
#include "oracle.hpp"

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::Sliced;
using layout::Tiler;
using props::Algebra;
using props::Arg;
using props::ArgKind;
using props::Law;

// The operands of a law, parsed from CuTe notation by the law's argument kinds.
std::vector<Arg> parse_args(const Law& law, const std::vector<std::string>& text) {
  EXPECT_EQ(law.args.size(), text.size()) << law.id;
  std::vector<Arg> out;
  for (std::size_t k = 0; k < text.size() && k < law.args.size(); ++k)
    out.push_back(props::parse_arg(law.args[k], text[k]));
  return out;
}

using Inputs = std::vector<std::vector<std::string>>;

// Hand-picked inputs, by law. Each law's list exercises its precondition (no
// law is vacuous on them: see the mutant table below, which reuses them).
const std::map<std::string, Inputs>& hand_picked() {
  static const std::map<std::string, Inputs> m = {
      {"COAL-FN",
       {{"(4,2):(1,4)"},
        {"((2,2),3):((1,2),4)"},
        {"(2,1,4):(1,7,2)"},
        {"(2,(1,6)):(1,(6,2))"},
        {"(4,2):(2,1)"},
        {"1:0"},
        {"(2,2):(0,0)"},
        {"(3,6,2,8):(96,16,8,2)"},
        {"(4,2):(-1,-4)"}}},
      {"COMP-TILE",
       {{"4:2", "16"},
        {"4:2", "24"},
        {"(2,2):(1,6)", "24"},
        {"(4,6):(1,4)", "24"},
        {"(2,4):(8,1)", "64"},
        {"(3,1,2):(1,5,6)", "36"},
        {"1:0", "6"}}},
      {"COMP-ASSOC",
       {{"(4,2):(2,1)", "4:2", "2:1"},
        {"(4,4):(4,1)", "(4,4):(4,1)", "(2,2):(1,4)"},
        {"(3,6,2,8):(96,16,8,2)", "16:3", "(4,4):(1,4)"},
        {"(10,2):(16,4)", "(3,4):(1,5)", "(3,2):(2,3)"}}},
      {"COORD-ROUNDTRIP", {{"(4,2)"}, {"((2,2),3)"}, {"(3,(2,3))"}, {"7"}, {"(2,1,(1,3))"}}},
      {"COORD-AGREE",
       {{"(4,2):(2,1)"},
        {"((2,2),3):((1,2),4)"},
        {"(3,(2,3)):(1,(0,-5))"},
        {"8:1"},
        {"(2,(2,2)):(0,(1,2))"}}},
      {"EVAL-ORACLE",
       {{"(4,2):(2,1)"},
        {"((2,2),3):((1,2),4)"},
        {"(3,2):(1,-7)"},
        {"4:-1"},
        {"(65536,65536):(1,65536)"},
        {"(2,2):(4611686018427387904,1)"},
        {"(4,1):(1,5)"}}},
      {"SIZE-ORACLE",
       {{"(4,2):(2,1)"}, {"((2,2),3):((1,2),4)"}, {"(65536,65536):(1,65536)"}, {"1:0"}}},
      {"COSIZE-ORACLE",
       {{"(4,2):(2,1)"},
        {"4:-1"},
        {"(2,(2,2)):(0,(1,2))"},
        {"(3,2):(1,-7)"},
        {"(4,3):(4611686018427387904,1)"},
        {"((2,2),3):((1,2),4)"}}},
      {"COMPACT-BIJ", {{"(4,2)"}, {"((2,2),3)"}, {"(3,(2,1),5)"}, {"9"}}},
      {"COAL-CANON",
       {{"(2,2):(1,2)", "4:1"},
        {"((2,1),3):((1,9),2)", "6:1"},
        {"(2,2):(1,2)", "(2,2):(2,1)"},
        {"(4,2):(0,4)", "(4,2):(0,4)"},
        {"(3,1):(5,0)", "3:5"},
        {"(2,3):(3,1)", "(2,3):(1,2)"}}},
      {"COAL-MODE",
       {{"((2,2),(3,1)):((1,2),(4,9))", "(1,1)"},
        {"((2,2),3):((1,2),4)", "(1)"},
        {"((2,2),(2,2)):((1,2),(8,16))", "1"},
        {"(4,2):(2,1)", "(1,1,1)"}}},
      {"FILTER-IMAGE",
       {{"(2,(2,2)):(0,(1,2))"},
        {"(4,2):(0,1)"},
        {"(3,1,2):(2,5,0)"},
        {"(2,2):(0,0)"},
        {"(2,3):(3,1)"}}},
      {"COMP-FN",
       {{"(4,2):(2,1)", "4:2"},
        {"(4,4):(4,1)", "(4,4):(4,1)"},
        {"(2,3):(1,2)", "(2,3):(3,1)"},
        {"(10,2):(16,4)", "(3,4):(1,5)"},
        {"(3,6,2,8):(96,16,8,2)", "16:72"},
        {"(1,(2,4)):(0,(-1,512))", "4:-1"},
        {"(6,2):(1,7)", "(3,2):(2,3)"}}},
      {"COMP-COMPAT",
       {{"(4,4):(4,1)", "(4,4):(4,1)"},
        {"(10,2):(16,4)", "(3,4):(1,5)"},
        {"(4,2):(2,1)", "((2,2),1):((1,2),4)"}}},
      {"COMP-ID", {{"(4,2):(2,1)"}, {"((2,2),3):((1,2),4)"}, {"(3,2):(0,-1)"}, {"(6,2):(1,7)"}}},
      {"COMP-LINEAR",
       {{"8:2", "(4,2):(2,1)"},
        {"(2,2):(1,2)", "(3,5):(7,1)"},
        {"(4,1):(3,12)", "(2,2):(0,9)"},
        {"24:1", "(2,3):(12,1)"}}},
      {"COMP-TILER",
       {{"(12,(4,8)):(59,(13,1))", "<3:4,8:2>"},
        {"(8,8):(1,8)", "(4,2)"},
        {"(8,8):(1,8)", "<_,2:2>"},
        {"(4,2):(2,1)", "2:2"},
        {"(8,4):(4,1)", "<2:1,2:1,2:1>"}}},
      {"COMP-REFUSE",
       {{"(6,2):(1,7)", "(3,2):(2,3)"},
        {"(4,6,8):(2,3,5)", "6:3"},
        {"(3,5):(1,3)", "5:2"},
        {"(4,2):(2,1)", "4:2"},
        {"65535:1125899906842624", "3:8191"},
        {"(8,8):(8,1)", "(2,4):(4,1)"}}},
      {"CPL-DISJOINT",
       {{"4:2", "16"},
        {"(2,2):(1,6)", "24"},
        {"(2,2):(2,3)", "24"},
        {"(3,2):(2,7)", "40"},
        {"(2,3):(0,2)", "12"}}},
      {"CPL-ORDERED",
       {{"4:2", "24"}, {"(2,2):(1,6)", "24"}, {"(3,2):(2,7)", "40"}, {"(2,1,2):(4,3,1)", "16"}}},
      {"CPL-BOUND",
       {{"4:2", "16"}, {"4:2", "5"}, {"(3,2):(2,7)", "40"}, {"(2,2):(1,6)", "24"}, {"1:0", "7"}}},
      {"RINV-FN",
       {{"(4,2):(2,1)"}, {"(2,2):(1,3)"}, {"(2,(2,2)):(0,(1,2))"}, {"(3,2):(2,1)"}, {"4:-1"}}},
      {"RINV-MAX",
       {{"(4,2):(2,1)"}, {"(2,2,2):(1,1,2)"}, {"(3,2):(1,2)"}, {"(2,3):(3,1)"}, {"(2,2):(1,3)"}}},
      {"LINV-FN",
       {{"2:9223372036854775806"},
        {"(2,2):(1,2305843009213693952)"},
        {"(4,2):(2,1)"},
        {"(2,2):(1,4)"},
        {"4:-1"},
        {"(3,2):(2,12)"},
        {"(2,2):(4,1)"}}},
      {"LDIV-DEF",
       {{"(4,2,3):(2,1,8)", "4:2"},
        {"(12,(4,8)):(59,(13,1))", "<3:4,(2,4):(1,8)>"},
        {"32:1", "48:1"},
        {"(8,8):(1,8)", "<4:1,_>"},
        {"24:1", "(2,2):(1,6)"}}},
      {"LDIV-PERM",
       {{"(4,2,3):(2,1,8)", "4:1"},
        {"24:1", "(2,2):(2,1)"},
        {"(6,4):(1,6)", "(2,3):(3,1)"},
        {"(8,2):(1,0)", "8:1"}}},
      {"DIV-REGROUP",
       {{"(12,(4,8)):(59,(13,1))", "<3:4,(2,4):(1,8)>"},
        {"(8,8):(1,8)", "<4:1,2:1>"},
        {"24:1", "4:1"},
        {"(8,8,2):(1,8,64)", "<2:1,_>"}}},
      {"LPROD-DEF",
       {{"(2,2):(4,1)", "6:1"},
        {"(2,5):(5,1)", "(3,4):(1,3)"},
        {"(4,4):(1,4)", "<2:1,3:1>"},
        {"4:2", "3:1"}}},
      {"PROD-REGROUP",
       {{"(4,4):(1,4)", "<2:1,3:1>"}, {"(2,2):(4,1)", "6:1"}, {"(2,5):(5,1)", "(3,4):(1,3)"}}},
      {"PROD-SIZE",
       {{"(2,2):(4,1)", "6:1"},
        {"(2,5):(5,1)", "(3,4):(1,3)"},
        {"(4,2):(1,4)", "(2,3):(3,1)"},
        {"4:2", "(2,2):(1,2)"}}},
      {"BLOCKED-DEF",
       {{"(2,5):(5,1)", "(3,4):(1,3)"},
        {"(4,2):(1,4)", "(2,3):(3,1)"},
        {"4:1", "(2,3):(1,2)"},
        {"(2,2):(1,2)", "3:1"}}},
      {"RAKED-DEF",
       {{"(2,5):(5,1)", "(3,4):(1,3)"},
        {"(4,2):(1,4)", "(2,3):(3,1)"},
        {"4:1", "(2,3):(1,2)"},
        {"(2,2):(1,2)", "3:1"}}},
      {"SWZ-ORACLE",
       {{"(3,4,3)", "0"},
        {"(2,0,-3)", "1000"},
        {"(0,0,0)", "5"},
        {"(2,3,1)", "0"},
        {"(3,60,3)", "0"},
        {"(1,62,1)", "-4096"}}},
      {"SWZ-INVOL", {{"(3,4,3)", "0"}, {"(2,0,-3)", "1000"}, {"(1,61,1)", "-2048"}}},
      {"SWZ-PASS", {{"(3,4,3)", "0"}, {"(2,0,-3)", "-1000"}, {"(2,2,3)", "4000"}}},
      {"SWZ-BIJ",
       {{"(3,4,3)", "0"}, {"(2,0,-3)", "1000"}, {"(1,0,1)", "-7"}, {"(3,20,5)", "1048000"}}},
      {"SWZ-LAYOUT", {{"(3,4,3)", "(8,64):(64,1)"}, {"(2,0,-2)", "(4,4):(1,4)"}}},
      {"NOTE-ROUNDTRIP",
       {{"(4,2):(2,1)"},
        {"(8):(1)"},
        {"((2,2),3):((1,2),4)"},
        {"4:-1"},
        {"(1,(2,4)):(0,(-1,512))"}}},
      {"NOTE-CANON",
       {{"(4,2):(2,1)"},
        {" ( _4 , _2 ) : ( _1 , _4 ) "},
        {"(4,2)"},
        {"(8):(1)"},
        {"((2,2),3):((1,2),-4)"},
        {"(4:2,3:1)"},
        {"+8:-1"}}},
      {"PARSE-MALFORMED",
       {{"(4,2"},
        {"(4,2):(2,1))"},
        {""},
        {"  "},
        {"(4,2]:(2,1)"},
        {"0:1"},
        {"(4,2):(1)"},
        {"99999999999999999999:1"},
        {"(4;2):(2,1)"},
        {"(4,2):(2,1)"},
        {"((()"}}},
      {"REFUSE-MSG",
       {{"(6,2):(1,7)", "(3,2):(2,3)"},
        {"(2,2):(2,3)", "4:1"},
        {"(4,6,8):(2,3,5)", "6:3"},
        {"65535:1125899906842624", "3:8191"},
        {"(4,2):(2,1)", "(2,2):(1,2)"}}},
      {"CPL-EXACT",
       {{"4:2", "16"},
        {"3:2", "16"},
        {"(2,2):(1,6)", "24"},
        {"(4,6):(1,4)", "24"},
        {"(2,4):(0,3)", "40"},
        {"(2,2):(2,3)", "8"}}},
      {"COMP-COMPLETE",
       {{"2:1", "(2,2):(-2,1)"},
        {"5:2", "(2,8):(8,-1)"},
        {"(8,3):(5,1)", "(2,4):(-4,-1)"},
        {"(2,8):(8,1)", "4:5"},
        {"(2,5):(0,1)", "2:5"},
        {"(6,2):(1,7)", "(3,2):(2,3)"},
        {"(4,6,8):(2,3,5)", "6:3"}}},
      {"PROD-COMPLETE",
       {{"2:8", "2:33"},
        {"2:1", "(3,2):(2,-1)"},
        {"3:4", "2:1"},
        {"(4,4):(1,4)", "2:1"},
        {"(2,2):(2,3)", "4:1"}}},
      {"DIV-COMPLETE",
       {{"(2,8):(8,1)", "4:5"},
        {"16:1", "(2,2):(2,3)"},
        {"(6,2):(1,7)", "(3,2):(2,3)"},
        {"(4,6):(1,4)", "3:2"},
        {"(3,4):(0,1)", "(2,2):(1,3)"}}},
      {"LINV-COMPLETE",
       {{"(2,8):(5,4)"},
        {"(4,2):(7,2)"},
        {"(4,2):(3,-2)"},
        {"(2,2):(1,1)"},
        {"(3,3):(2,3)"},
        {"(2,2):(-2,1)"}}},
      {"RINV-COMPLETE", {{"(4,2):(2,1)"}, {"(65536,65536):(65536,1)"}, {"(2,2,2):(-1,-2,4)"}}},
      {"CPL-COMPLETE", {{"4:2", "12"}, {"(2,2):(2,3)", "8"}, {"4:-1", "8"}, {"4:2", "0"}}},
      {"MAX-COMMON",
       {{"(8,4):(1,8)", "(8,4):(1,8)"},
        {"(8,4):(4,1)", "(8,4):(1,8)"},
        {"((2,4),4):((1,2),8)", "(8,4):(1,8)"},
        {"(8,4):(1,8)", "(8,4):(1,16)"},
        {"(6,2):(1,7)", "(3,2):(2,3)"}}},
      {"MAKE-LIKE",
       {{"(2,3,4,5):(0,42,1,0)"}, {"(2,2,2,2):(0,2,4,1)"}, {"((2,3),4):((12,1),-3)"}, {"8:0"}}},
      {"WITH-SHAPE",
       {{"(8,4):(1,8)", "(4,8)"},
        {"(8,4):(4,1)", "(2,16)"},
        {"(6,2):(1,7)", "(3,4)"},
        {"(4,4):(4,1)", "((2,2),4)"}}},
      {"TILE-TO-SHAPE",
       {{"(8,8):(8,1)", "(64,32)"},
        {"(2,2):(1,2)", "8"},
        {"(8,8):(8,1)", "(60,32)"},
        {"(4,2):(1,4)", "(8,(2,4))"},
        {"(2,2):(1,8)", "(4,6)"}}},
      {"NULLSPACE-DEF",
       {{"(2,(3,4),5):(0,(1,0),0)"}, {"(4,2):(1,4)"}, {"(4,2):(0,4)"}, {"(1,4):(0,0)"}, {"8:0"}}},
      {"RANK-DEPTH", {{"((2,2),3):((1,2),4)"}, {"8:1"}, {"(8):(1)"}, {"(((2),3)):(((1),2))"}}},
      {"FLATTEN-DEF",
       {{"((2,2),3):((1,2),4)"}, {"8:1"}, {"(8):(1)"}, {"(2,(1,(3,4))):(1,(0,(2,6)))"}}},
      {"MAKE-COMPACT", {{"((2,2),3)"}, {"(3,1,2)"}, {"(4,2)"}, {"7"}, {"(0,2)"}}},
      {"TUPLE-UTIL",
       {{"((2,3),4)", "1"}, {"(4294967297,4294967297)", "1"}, {"(3,-2)", "5"}, {"7", "-3"}}},
      {"SHAPE-DIV",
       {{"(3,4)", "6"}, {"((2,3),4)", "(2,2)"}, {"(3,4)", "5"}, {"(4,6)", "48"}, {"8", "2"}}},
      {"SLICE-DEF",
       {{"(4,2):(1,4)", "(_,1)"},
        {"((2,3),4):((1,2),6)", "((_,1),_)"},
        {"(4,2):(1,4)", "(3,1)"},
        {"((2,2),3):((1,2),4)", "((1,_),_)"},
        {"(4,2):(1,4)", "5"},
        {"(4,2):(1,4)", "_"},
        {"(4,2):(1,4)", "(_,1,2)"}}},
      {"UPCAST-DEF",
       {{"(8,64):(64,1)", "8"},
        {"((8,4),128):((128,0),1)", "16"},
        {"(32,(32,4)):(32,(1,1024))", "16"},
        {"(3,4):(1,3)", "2"},
        {"(4,2):(-1,8)", "4"},
        {"(4,2):(3,8)", "2"},
        {"(2,3,1,1):(3,2,6,6)", "6"}}},
      {"DOWNCAST-DEF",
       {{"(8,32):(32,1)", "2"}, {"(4,2):(-1,4)", "2"}, {"(4,2):(2,8)", "2"}, {"(4,4):(1,1)", "3"}}},
      {"RECAST-DEF",
       {{"(8,64):(64,1)", "16", "32"},
        {"(8,32):(32,1)", "32", "16"},
        {"((8,4),128):((128,0),1)", "1", "16"},
        {"(8,6):(6,1)", "16", "24"},
        {"(8,64):(64,1)", "0", "16"}}},
      {"SWIZZLE-BYTES",
       {{"(3,4,3)", "16", "((8,8),(8,8)):((64,8),(1,512))"},
        {"(2,4,3)", "8", "(8,64):(64,1)"},
        {"(3,4,3)", "128", "(8,8):(1,8)"},
        {"(1,4,3)", "4", "(64,8):(1,64)"},
        {"(3,4,3)", "16", "(4,2):(-1,4)"}}},
      {"LTILE-DEF",
       {{"(8,8):(1,8)", "(4,2)", "(1,2)", "1"},
        {"24:1", "4:2", "2", "1"},
        {"(8,6):(6,1)", "<4:1,_>", "(1,3)", "1"},
        {"(8,8):(1,8)", "(4,2)", "9", "1"},
        {"(64,32):(1,64)", "(16,8,4)", "(2,3,_)", "(1,X,1)"},
        {"(64,32,2):(1,64,2048)", "(16,8)", "(2,_)", "1"},
        {"(64,32):(1,64)", "(16,8,4)", "(2,3,_)", "(1,1,X)"}}},
      {"LPART-DEF",
       {{"(8,8):(1,8)", "(2,2):(1,3)", "3", "1"},
        {"(8,8):(1,8)", "(2,4):(4,1)", "5", "1"},
        {"(8,8):(1,8)", "(2,2):(1,3)", "2", "1"},
        {"32:1", "4:2", "6", "1"},
        {"(16,8):(1,16)", "(2,16,1):(16,1,0)", "21", "(1,X,1)"},
        {"(16,8):(8,1)", "(4,2):(2,1)", "5", "1"}}},
      {"FLAT-RANGE",
       {{"(4,2):(2,1)"},
        {"(4,2):(1,1)"},
        {"(3,4294967297):(1,3)"},
        {"(4,2):(1,4611686018427387904)"},
        {"(2,3):(-1,-4611686018427387903)"},
        // The block past the last whole one is cut at index 2^64 - 1: every
        // index it has fits (max_index saturates), or r = 1 already passes.
        {"(6,2,1,1):(0,6,6,6)"},
        {"(6,2,1,1):(0,-6,-6,-6)"},
        {"(2,6,1):(6,0,6)"},
        {"(2,6,1):(-6,0,-6)"}}},
      {"FLAT-EVAL",
       {{"(4,2):(1,1)", "7"},
        {"(3,4294967301,2):(1,3,0)", "9"},
        {"(2,3):(-1,4611686018427387903)", "5"},
        {"((2,2),3):((1,2),4)", "1"}}},
      {"FLAT-WINDOW",
       {{"((16,16),3):((1,16),256)", "3"}, {"(5,7):(1,5)", "11"}, {"(4,2):(1,1)", "-2"}}},
      {"MAGIC-DIV",
       {{"3", "-1"},
        {"4294967297", "-5"},
        {"-3", "-1"},
        {"9223372036854775807", "-2"},
        {"1", "-1"},
        {"641", "4294967296"}}},
      {"NO-OVERFLOW",
       {{"2:4611686018427387904", "3:1"},
        {"2:9223372036854775806", "2:1"},
        {"65535:140737488355328", "3:8191"},
        {"(2,2):(1,2305843009213693952)", "10:1"},
        {"65535:1125899906842624", "3:8191"},
        {"(4,2):(2,1)", "(2,2):(1,2)"},
        {"(65536,65536):(1,65536)", "65536:65536"},
        {"4611686018427387904:1", "2:1"}}},
  };
  return m;
}

// --- every law holds for the reference algebra on its hand-picked inputs ----

class LawHolds : public testing::TestWithParam<std::string> {};

TEST_P(LawHolds, OnHandPickedInputs) {
  const Law* law = props::find_law(GetParam());
  ASSERT_NE(law, nullptr);
  const auto it = hand_picked().find(law->id);
  ASSERT_NE(it, hand_picked().end()) << "no hand-picked inputs for " << law->id;
  ASSERT_FALSE(it->second.empty());
  int checked = 0;  // inputs on which the law checked something
  for (const auto& text : it->second) {
    const auto args = parse_args(*law, text);
    const props::Outcome out = law->check(props::reference_algebra(), args);
    EXPECT_FALSE(out.failed()) << props::describe(*out);
    checked += out.held();
    for (std::size_t p = 0; p < law->parts.size(); ++p) {
      const props::Outcome part = law->check_part(props::reference_algebra(), args, p);
      EXPECT_FALSE(part.failed()) << law->parts[p] << ": " << props::describe(*part);
    }
  }
  EXPECT_GT(checked, 0) << law->id << " is vacuous on every hand-picked input";
}

std::vector<std::string> law_ids() {
  std::vector<std::string> ids;
  for (const Law& l : props::catalog()) ids.push_back(l.id);
  return ids;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string out;
  for (char c : info.param) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

INSTANTIATE_TEST_SUITE_P(Catalog, LawHolds, testing::ValuesIn(law_ids()), test_name);

// A law of several parts names each part (distinct names) and can check each.
TEST(Catalog, LawsOfSeveralPartsNameAndCheckEachPart) {
  int laws = 0;
  for (const Law& l : props::catalog()) {
    if (l.parts.empty()) continue;
    ++laws;
    EXPECT_GE(l.parts.size(), 2u) << l.id;
    EXPECT_TRUE(static_cast<bool>(l.check_part)) << l.id;
    const std::set<std::string> names(l.parts.begin(), l.parts.end());
    EXPECT_EQ(names.size(), l.parts.size()) << l.id << " names a part twice";
    EXPECT_EQ(names.count(""), 0u) << l.id << " has an unnamed part";
  }
  // REFUSE-MSG, NO-OVERFLOW, DIV-REGROUP, PROD-REGROUP, PROD-SIZE, TUPLE-UTIL, FLAT-WINDOW,
  // PROD-COMPLETE, DIV-COMPLETE
  EXPECT_EQ(laws, 9);
}

TEST(Catalog, IdsAreUniqueAndDocumented) {
  std::set<std::string> seen;
  for (const Law& l : props::catalog()) {
    EXPECT_TRUE(seen.insert(l.id).second) << "duplicate id " << l.id;
    EXPECT_FALSE(l.statement.empty()) << l.id;
    EXPECT_FALSE(l.ops.empty()) << l.id;
    EXPECT_FALSE(l.classes.empty()) << l.id;
    EXPECT_FALSE(l.args.empty()) << l.id;
    EXPECT_EQ(props::find_law(l.id), &l);
  }
  EXPECT_GE(props::catalog().size(), 35u);
  for (const char* id : {"COAL-FN", "COMP-TILE", "COMP-ASSOC"})
    EXPECT_NE(props::find_law(id), nullptr) << id;
  EXPECT_EQ(props::find_law("NO-SUCH-LAW"), nullptr);
}

TEST(Catalog, DocsListEveryLaw) {
  std::ifstream in(LAYOUTCHECK_LAWS_MD);
  ASSERT_TRUE(in) << LAYOUTCHECK_LAWS_MD;
  std::stringstream text;
  text << in.rdbuf();
  for (const Law& l : props::catalog())
    EXPECT_NE(text.str().find("| `" + l.id + "` |"), std::string::npos)
        << l.id << " is not listed in docs/LAWS.md";
}

// A library bug the laws found (NO-OVERFLOW on generated large inputs):
// left_inverse(2:2^62) returned (2^62,2):(0,1), whose size 2^63 passes int64.
// Fixed in e72fda5: it refuses.
TEST(Catalog, LeftInverseResultSizeFitsInt64) {
  for (const char* a : {"2:4611686018427387904", "2:9223372036854775806"}) {
    try {
      const Layout l = props::reference_algebra().left_inverse(layout::parse_layout(a));
      EXPECT_TRUE(props::oracle::size(l).has_value())
          << "left_inverse(" << a << ") = " << layout::to_string(l);
    } catch (const layout::Error&) {
    }
  }
}

TEST(Catalog, CounterexamplesNameTheInputs) {
  const Law* law = props::find_law("COMP-FN");
  ASSERT_NE(law, nullptr);
  struct ReturnsB : Algebra {
    Layout composition(const Layout&, const Layout& b) const override { return b; }
  } wrong;
  const auto out = law->check(wrong, parse_args(*law, {"(4,2):(2,1)", "4:2"}));
  ASSERT_TRUE(out.failed());
  EXPECT_EQ(out->law, "COMP-FN");
  EXPECT_EQ(out->inputs, "(4,2):(2,1), 4:2");
  EXPECT_TRUE(out->index.has_value());
  EXPECT_NE(props::describe(*out).find("COMP-FN on (4,2):(2,1), 4:2"), std::string::npos);
  EXPECT_EQ(props::notation({Arg(std::string("a\"b\n"))}), "\"a\\\"b\\x0a\"");
}

// --- every law catches a wrong algebra ----------------------------------------
// Each wrong algebra differs from the library in one operation, the way a
// realistic bug would.

layout::Layout leaves_layout(const std::vector<layout::Mode>& m) {
  return layout::from_modes(m.data(), m.data() + m.size());
}
std::vector<layout::Mode> modes_of(const Layout& l) {
  const auto fm = layout::flat_modes(l);
  return std::vector<layout::Mode>(fm.begin(), fm.end());
}

struct CoalFirstMode : Algebra {  // coalesce keeps only the first mode
  Layout coalesce(const Layout& l) const override { return l.shape().is_int() ? l : l[0]; }
};
struct CoalFlattenOnly : Algebra {  // coalesce forgets to merge and drop
  Layout coalesce(const Layout& l) const override { return layout::flatten(l); }
};
struct CoalModeWhole : Algebra {  // by-mode coalesce ignores the profile
  Layout coalesce(const Layout& l, const IntTuple&) const override { return layout::coalesce(l); }
};
struct FilterIsCoalesce : Algebra {  // filter keeps stride-0 modes
  Layout filter(const Layout& l) const override { return layout::coalesce(l); }
};
struct CplStrideOff : Algebra {  // complement's last stride one off
  Layout complement(const Layout& a, int64_t m) const override {
    auto md = modes_of(layout::complement(a, m));
    md.back().d += 1;
    return leaves_layout(md);
  }
};
struct CplIsIdentity : Algebra {  // complement returns M:1
  Layout complement(const Layout&, int64_t m) const override { return Layout(m, 1); }
};
struct CplOverlapsItself : Algebra {  // off A's image, but (A, R) repeats offsets
  Layout complement(const Layout&, int64_t) const override {
    return layout::parse_layout("(2,2):(3,5)");
  }
};
struct CplReversed : Algebra {  // complement's modes in the wrong order
  Layout complement(const Layout& a, int64_t m) const override {
    auto md = modes_of(layout::complement(a, m));
    std::reverse(md.begin(), md.end());
    return leaves_layout(md);
  }
};
struct CplDoubleLast : Algebra {  // complement's last mode twice too long
  Layout complement(const Layout& a, int64_t m) const override {
    auto md = modes_of(layout::complement(a, m));
    md.back().s *= 2;
    return leaves_layout(md);
  }
};
struct CompReturnsB : Algebra {  // composition returns B
  Layout composition(const Layout&, const Layout& b) const override { return b; }
};
struct CompCoalesced : Algebra {  // composition loses B's profile
  Layout composition(const Layout& a, const Layout& b) const override {
    return layout::coalesce(layout::composition(a, b));
  }
};
struct CompRefuses : Algebra {  // composition refuses everything
  Layout composition(const Layout& a, const Layout& b) const override {
    throw layout::Error("composition", layout::to_string(a) + ", " + layout::to_string(b),
                        "refused");
  }
};
struct CompNoCarry : Algebra {  // CuTe's by-mode composition without the no-carry check
  Layout composition(const Layout& a, const Layout& b) const override {
    if (b.shape().is_int()) return layout::composition(a, b);
    std::vector<Layout> m;
    for (int k = 0; k < b.rank(); ++k) m.push_back(layout::composition(a, b[k]));
    return layout::make_layout(m);
  }
};
struct CompTilerKeepsRest : Algebra {  // legacy pycute: keeps A's modes past the tiler
  Layout composition(const Layout& a, const Tiler& t) const override {
    if (!t.is_tuple() || a.shape().is_int()) return layout::composition(a, t);
    Tiler padded = t;
    while (padded.rank() < a.rank()) padded.elems.push_back(Tiler::underscore());
    return layout::composition(a, padded);
  }
};
struct CompEmptyMessage : Algebra {  // refuses without saying why
  Layout composition(const Layout&, const Layout&) const override {
    throw layout::Error("composition", "", "");
  }
};
struct CompLogicError : Algebra {  // throws the wrong exception type
  Layout composition(const Layout&, const Layout&) const override {
    throw std::logic_error("composition: unreachable");
  }
};
struct CompWraps : Algebra {  // a result whose offsets pass int64
  Layout composition(const Layout&, const Layout&) const override {
    return Layout::unchecked(4, INT64_MAX / 2);
  }
};
// Needless refusals (issue 12): each refuses inputs that have an answer.
struct CompRefusesNegative : Algebra {  // a B of several modes with a negative stride
  Layout composition(const Layout& a, const Layout& b) const override {
    for (const layout::Mode& m : layout::flat_modes(b))
      if (m.d < 0 && b.shape().is_tuple())
        throw layout::Error("composition", layout::to_string(a) + ", " + layout::to_string(b),
                            "B has several modes and a negative stride");
    return layout::composition(a, b);
  }
};
struct ProdRefusesUnderscore : Algebra {  // `_` in a product tiler
  static void no_underscore(const Tiler& t) {
    if (t.is_underscore()) throw layout::Error("logical_product", "", "'_' refused");
    for (const Tiler& e : t.elems) no_underscore(e);
  }
  Layout logical_product(const Layout& a, const Tiler& t) const override {
    no_underscore(t);
    return layout::logical_product(a, t);
  }
  Layout zipped_product(const Layout& a, const Tiler& t) const override {
    no_underscore(t);
    return layout::zipped_product(a, t);
  }
};
struct DivRefuses : Algebra {  // the divides refuse everything
  Layout logical_divide(const Layout&, const Tiler&) const override {
    throw layout::Error("logical_divide", "", "refused");
  }
  Layout zipped_divide(const Layout&, const Tiler&) const override {
    throw layout::Error("zipped_divide", "", "refused");
  }
};
struct LinvNoLayout : Algebra {  // claims "no layout inverts A" of everything
  Layout left_inverse(const Layout& a) const override {
    throw layout::Error("left_inverse", layout::to_string(a), "no layout inverts A");
  }
};
struct LinvNotInjective : Algebra {  // claims A is not injective
  Layout left_inverse(const Layout& a) const override {
    throw layout::Error("left_inverse", layout::to_string(a), "A is not injective");
  }
};
struct RinvRefuses : Algebra {
  Layout right_inverse(const Layout& a) const override {
    throw layout::Error("right_inverse", layout::to_string(a), "refused");
  }
};
struct CplRefusesInterleaving : Algebra {  // a false condition
  Layout complement(const Layout& a, int64_t m) const override {
    throw layout::Error("complement", layout::to_string(a) + ", " + std::to_string(m),
                        "A is not injective or interleaves");
  }
};
struct LikeIgnoresZeros : Algebra {  // stride-0 leaves ordered like the others
  Layout make_layout_like(const Layout& l) const override {
    return layout::make_ordered_layout(l.shape(), l.stride());
  }
};
struct WithShapeRowMajor : Algebra {  // S read row-major
  Layout with_shape(const Layout& a, const IntTuple& s) const override {
    return layout::composition(a, layout::make_layout_right(s));
  }
};
struct TileToShapeRowMajor : Algebra {  // the copies laid out row-major
  Layout tile_to_shape(const Layout& b, const IntTuple& t) const override {
    const int r = t.rank();
    const Layout p = r == 1 ? b : layout::append_to_rank(b, r);
    layout::TupleBuilder counts;
    for (int i = 0; i < r; ++i)
      counts.add_int(layout::product(r == 1 ? t : t[i]) / (r == 1 ? p.size() : p[i].size()));
    const IntTuple shape = r == 1 ? IntTuple(layout::product(t) / p.size()) : counts.done();
    return layout::coalesce(layout::blocked_product(p, layout::make_layout_right(shape)), shape);
  }
};
struct McvAlwaysOne : Algebra {  // the conservative answer where CuTe's is larger
  int64_t max_common_vector(const Layout&, const Layout&) const override { return 1; }
  Layout max_common_layout(const Layout&, const Layout&) const override { return Layout(); }
};
struct UpcastFloorShape : Algebra {  // floor(s / (N/d)): a partial wide element lost
  Layout upcast(const Layout& a, int64_t n) const override {
    IntTuple s = a.shape(), d = a.stride();
    for (std::size_t k = 0; k < s.raw().size(); ++k) {
      int64_t& sv = s.raw()[k].v;
      int64_t& dv = d.raw()[k].v;
      if (s.raw()[k].tuple || dv == 0) continue;
      const int64_t m = dv < 0 ? -dv : dv;
      if (m < n) sv = std::max<int64_t>(1, sv / (n / m));
      dv = dv / (m < n ? m : n);
    }
    return Layout(s, d);
  }
};
struct DowncastScalesEveryStride : Algebra {  // the unit stride multiplied too
  Layout downcast(const Layout& a, int64_t n) const override {
    IntTuple d = a.stride();
    for (layout::ItNode& x : d.raw())
      if (!x.tuple) x.v *= n;
    return Layout(a.shape(), d);
  }
};
struct RecastInverted : Algebra {  // up and down swapped
  Layout recast_layout(const Layout& a, int64_t from, int64_t to) const override {
    return layout::recast_layout(a, to, from);
  }
};
struct SwizzleBytesElementUnits : Algebra {  // the swizzle applied to element offsets
  int64_t swizzle_bytes(int b, int m, int s, int64_t, const Layout& l, int64_t i) const override {
    return layout::Swizzle(b, m, s)(l(i));
  }
};
struct NullspaceCompact : Algebra {  // the kernel's strides compact over its own shape
  Layout nullspace(const Layout& a) const override {
    layout::Modes k;
    int64_t p = 1;
    for (const layout::Mode& m : layout::flat_modes(a))
      if (m.d == 0) {
        k.push_back({m.s, p});
        p *= m.s;
      }
    return layout::from_modes(k);
  }
};
struct RinvReturnsA : Algebra {
  Layout right_inverse(const Layout& a) const override { return a; }
};
struct RinvTrivial : Algebra {  // correct but gives up at once
  Layout right_inverse(const Layout&) const override { return Layout(); }
};
struct LinvIsRinv : Algebra {
  Layout left_inverse(const Layout& a) const override { return layout::right_inverse(a); }
};
struct LdivTileOnly : Algebra {  // logical_divide forgets the rest mode
  Layout logical_divide(const Layout& a, const Tiler& t) const override {
    return layout::composition(a, t);
  }
};
struct ZippedIsLogical : Algebra {  // zipped_divide does not regroup
  Layout zipped_divide(const Layout& a, const Tiler& t) const override {
    return layout::logical_divide(a, t);
  }
};
struct LprodNoComplement : Algebra {  // logical_product without the complement
  Layout logical_product(const Layout& a, const Tiler& t) const override {
    if (!t.is_layout()) return layout::logical_product(a, t);
    return layout::make_layout({a, t.layout});
  }
};
struct ZippedProductIsLogical : Algebra {
  Layout zipped_product(const Layout& a, const Tiler& t) const override {
    return layout::logical_product(a, t);
  }
};
struct BlockedReturnsA : Algebra {
  Layout blocked_product(const Layout& a, const Layout&) const override { return a; }
};
struct BlockedIsRaked : Algebra {
  Layout blocked_product(const Layout& a, const Layout& b) const override {
    return layout::raked_product(a, b);
  }
};
struct RakedIsBlocked : Algebra {
  Layout raked_product(const Layout& a, const Layout& b) const override {
    return layout::blocked_product(a, b);
  }
};
struct Idx2crdWraps : Algebra {  // pycute: wraps past the domain
  IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const override {
    if (!i.is_int()) return layout::idx2crd(i, shape);
    return layout::idx2crd(i.value() % layout::product(shape), shape);
  }
};
struct Crd2idxIntFirstStride : Algebra {  // an integer coordinate read as mode 0 only
  int64_t crd2idx(const IntTuple& c, const IntTuple& s, const IntTuple& d) const override {
    if (!c.is_int()) return layout::crd2idx(c, s, d);
    return c.value() * d.leaves()[0];
  }
};
struct EvalWraps : Algebra {  // eval wraps past the domain
  int64_t eval(const Layout& l, int64_t i) const override { return l(i >= 0 ? i % l.size() : i); }
};
struct EvalRowMajor : Algebra {  // eval with the last mode fastest
  int64_t eval(const Layout& l, int64_t i) const override {
    const auto m = layout::flat_modes(l);
    int64_t v = 0;
    for (std::size_t k = m.size(); k-- > 0;) {
      const int64_t digit = k == 0 ? i : i % m[k].s;
      if (k != 0) i /= m[k].s;
      v += digit * m[k].d;
    }
    return v;
  }
};
struct SizeIsCosize : Algebra {
  int64_t size(const Layout& l) const override { return l.cosize(); }
};
struct CosizePycute : Algebra {  // pycute: L(size - 1) + 1
  int64_t cosize(const Layout& l) const override { return l(l.size() - 1) + 1; }
};
struct SwzShiftOff : Algebra {
  int64_t swizzle(int b, int m, int s, int64_t x) const override {
    return layout::Swizzle(b, m, s + 1)(x);
  }
};
struct SwzLayoutNoSwizzle : Algebra {  // the swizzled layout forgets the swizzle
  int64_t swizzle_layout(int, int, int, const Layout& l, int64_t i) const override { return l(i); }
};
struct SwzAdd : Algebra {  // adds the source bits instead of XOR-ing them
  int64_t swizzle(int b, int m, int s, int64_t x) const override {
    (void)layout::Swizzle(b, m, s);
    const int64_t src = (x >> (m + s)) & ((int64_t{1} << b) - 1);
    return static_cast<int64_t>(static_cast<uint64_t>(x) + (static_cast<uint64_t>(src) << m));
  }
};
struct SwzClearField : Algebra {  // clears the target bits
  int64_t swizzle(int b, int m, int s, int64_t x) const override {
    (void)layout::Swizzle(b, m, s);
    return x & ~(((int64_t{1} << b) - 1) << m);
  }
};
struct PrintUnwrapsRank1 : Algebra {  // prints (8):(1) as 8:1
  std::string print(const Layout& l) const override {
    if (l.shape().is_tuple() && l.rank() == 1) return layout::to_string(l[0]);
    return layout::to_string(l);
  }
};
struct ParseBareShapeRowMajor : Algebra {  // a bare shape read as row-major
  Layout parse_layout(const std::string& text) const override {
    if (text.find(':') == std::string::npos)
      return layout::make_layout_right(layout::parse_int_tuple(text));
    return layout::parse_layout(text);
  }
};
struct ParseLenient : Algebra {  // malformed text becomes 1:0
  Layout parse_layout(const std::string& text) const override {
    try {
      return layout::parse_layout(text);
    } catch (const layout::Error&) {
      return Layout();
    }
  }
};

struct CplUnit : Algebra {  // a weaker complement: 1:0 is off A's image and increasing
  Layout complement(const Layout&, int64_t) const override { return Layout(); }
};
struct RankCountsLeaves : Algebra {
  int rank(const Layout& l) const override { return l.shape().num_leaves(); }
};
struct FlattenIsCoalesce : Algebra {
  Layout flatten(const Layout& l) const override { return layout::coalesce(l); }
};
struct RightIsLeft : Algebra {
  Layout make_layout_right(const IntTuple& s) const override { return layout::make_layout_left(s); }
};
struct PrefixInclusive : Algebra {  // inclusive instead of exclusive prefix products
  IntTuple prefix_product(const IntTuple& t, int64_t init) const override {
    IntTuple r = t;
    int64_t run = init;
    for (layout::ItNode& n : r.raw())
      if (!n.tuple) n.v = run *= n.v;
    return r;
  }
};
struct ShapeDivNoCarry : Algebra {  // every leaf divided by B, the rest not carried
  IntTuple shape_div(const IntTuple& a, const IntTuple& b) const override {
    const int64_t d = layout::product(b);
    IntTuple r = a;
    for (layout::ItNode& n : r.raw())
      if (!n.tuple) n.v = (n.v + d - 1) / d;
    return r;
  }
};
struct SliceOffsetZero : Algebra {
  Sliced slice(const Layout& l, const layout::Term& c) const override {
    Sliced s = layout::slice(l, c);
    s.offset = 0;
    return s;
  }
};
struct LocalTileReversed : Algebra {  // the tile coordinate read last mode first
  Sliced local_tile(const Layout& l, const Tiler& t, const layout::Term& c,
                    const std::optional<layout::Term>& p) const override {
    layout::Term r = c;
    std::reverse(r.elems.begin(), r.elems.end());
    return layout::local_tile(l, t, r, p);
  }
};
struct LocalPartitionCompact : Algebra {  // the thread's index taken as if P were compact
  Sliced local_partition(const Layout& l, const Layout& p, int64_t tid,
                         const std::optional<layout::Term>& proj) const override {
    return layout::local_partition(l, layout::make_layout_left(p.shape()), tid, proj);
  }
};
struct FlatMaxIndexAll : Algebra {  // max_index always saturated
  layout::FlatLayout make_flat(const Layout& l) const override {
    layout::FlatLayout f = layout::make_flat(l);
    f.max_index = ~uint64_t{0};
    return f;
  }
};
struct FlatDivider32 : Algebra {  // dividers built from the low 32 bits of the divisor
  layout::FlatLayout make_flat(const Layout& l) const override {
    layout::FlatLayout f = layout::make_flat(l);
    for (int k = 0; k < f.rank; ++k)
      if (f.shape[k] > (int64_t{1} << 32)) {
        const uint64_t low = static_cast<uint64_t>(f.shape[k]) & 0xffffffffu;
        f.div[k] = layout::MagicDivider::make(low == 0 ? 1 : low);
        f.div[k].d = static_cast<uint64_t>(f.shape[k]);
      }
    return f;
  }
};
struct ChunkLastWrong : Algebra {  // eval_chunk past one pattern block: the last entry off
  void flat_chunk(const layout::FlatLayout& f, uint64_t start, uint64_t count,
                  int64_t* out) const override {
    f.eval_chunk(start, count, out);
    if (count > 256) out[count - 1] += 1;
  }
};
struct DividerNoFixup : Algebra {  // mulhi and shift, without the round-up fix-up
  uint64_t magic_div(uint64_t d, uint64_t n) const override {
    const layout::MagicDivider m = layout::MagicDivider::make(d);
    return layout::mulhi64(m.m, n) >> (m.sh1 + m.sh2);
  }
};

struct Kill {
  std::string law;
  std::string mutant;
  std::function<std::unique_ptr<Algebra>()> make;
  std::vector<std::string> args;
};

template <class M>
Kill kill(std::string law, std::string name, std::vector<std::string> args) {
  return {std::move(law), std::move(name), [] { return std::make_unique<M>(); }, std::move(args)};
}

const std::vector<Kill>& kills() {
  static const std::vector<Kill> k = {
      kill<CoalFirstMode>("COAL-FN", "CoalFirstMode", {"(4,2):(1,4)"}),
      kill<CoalFlattenOnly>("COAL-FN", "CoalFlattenOnly", {"((2,2),3):((1,2),4)"}),
      kill<CplStrideOff>("COMP-TILE", "CplStrideOff", {"4:2", "16"}),
      kill<CompReturnsB>("COMP-ASSOC", "CompReturnsB", {"(4,2):(2,1)", "4:2", "2:1"}),
      kill<Idx2crdWraps>("COORD-ROUNDTRIP", "Idx2crdWraps", {"(4,2)"}),
      kill<Crd2idxIntFirstStride>("COORD-AGREE", "Crd2idxIntFirstStride", {"(4,2):(2,1)"}),
      kill<EvalWraps>("EVAL-ORACLE", "EvalWraps", {"(4,2):(2,1)"}),
      kill<EvalRowMajor>("EVAL-ORACLE", "EvalRowMajor", {"(4,2):(2,1)"}),
      kill<SizeIsCosize>("SIZE-ORACLE", "SizeIsCosize", {"(4,2):(1,8)"}),
      kill<CosizePycute>("COSIZE-ORACLE", "CosizePycute", {"4:-1"}),
      kill<EvalRowMajor>("COMPACT-BIJ", "EvalRowMajor", {"(4,2)"}),
      kill<CoalFlattenOnly>("COAL-CANON", "CoalFlattenOnly", {"(2,2):(1,2)", "4:1"}),
      kill<CoalFirstMode>("COAL-CANON", "CoalFirstMode", {"(2,3):(3,1)", "(2,3):(3,2)"}),
      kill<CoalModeWhole>("COAL-MODE", "CoalModeWhole", {"((2,2),(3,1)):((1,2),(4,9))", "(1,1)"}),
      kill<FilterIsCoalesce>("FILTER-IMAGE", "FilterIsCoalesce", {"(2,(2,2)):(0,(1,2))"}),
      kill<CompReturnsB>("COMP-FN", "CompReturnsB", {"(4,2):(2,1)", "4:2"}),
      kill<CompNoCarry>("COMP-FN", "CompNoCarry", {"(6,2):(1,7)", "(3,2):(2,3)"}),
      kill<CompCoalesced>("COMP-COMPAT", "CompCoalesced", {"(4,4):(4,1)", "(4,4):(4,1)"}),
      kill<CompRefuses>("COMP-ID", "CompRefuses", {"(4,2):(2,1)"}),
      kill<CompReturnsB>("COMP-ID", "CompReturnsB", {"(4,2):(2,1)"}),
      kill<CompRefuses>("COMP-LINEAR", "CompRefuses", {"8:2", "(4,2):(2,1)"}),
      kill<CompTilerKeepsRest>("COMP-TILER", "CompTilerKeepsRest",
                               {"(8,4,2):(1,8,32)", "<2:1,2:1>"}),
      kill<CompNoCarry>("COMP-REFUSE", "CompNoCarry", {"(6,2):(1,7)", "(3,2):(2,3)"}),
      kill<CplIsIdentity>("CPL-DISJOINT", "CplIsIdentity", {"4:2", "16"}),
      kill<CplOverlapsItself>("CPL-DISJOINT", "CplOverlapsItself", {"4:2", "16"}),
      kill<CplReversed>("CPL-ORDERED", "CplReversed", {"4:2", "16"}),
      kill<CplDoubleLast>("CPL-BOUND", "CplDoubleLast", {"4:2", "16"}),
      kill<RinvReturnsA>("RINV-FN", "RinvReturnsA", {"(4,2):(2,1)"}),
      kill<RinvTrivial>("RINV-MAX", "RinvTrivial", {"(4,2):(2,1)"}),
      kill<LinvIsRinv>("LINV-FN", "LinvIsRinv", {"(2,2):(1,4)"}),
      kill<LdivTileOnly>("LDIV-DEF", "LdivTileOnly", {"(4,2,3):(2,1,8)", "4:2"}),
      kill<LdivTileOnly>("LDIV-PERM", "LdivTileOnly", {"(4,2,3):(2,1,8)", "4:1"}),
      kill<ZippedIsLogical>("DIV-REGROUP", "ZippedIsLogical", {"(8,8):(1,8)", "<4:1,2:1>"}),
      kill<LprodNoComplement>("LPROD-DEF", "LprodNoComplement", {"(2,2):(4,1)", "6:1"}),
      kill<ZippedProductIsLogical>("PROD-REGROUP", "ZippedProductIsLogical",
                                   {"(4,4):(1,4)", "<2:1,3:1>"}),
      kill<BlockedReturnsA>("PROD-SIZE", "BlockedReturnsA", {"(2,2):(4,1)", "6:1"}),
      kill<BlockedIsRaked>("BLOCKED-DEF", "BlockedIsRaked", {"(2,5):(5,1)", "(3,4):(1,3)"}),
      kill<RakedIsBlocked>("RAKED-DEF", "RakedIsBlocked", {"(2,5):(5,1)", "(3,4):(1,3)"}),
      kill<SwzShiftOff>("SWZ-ORACLE", "SwzShiftOff", {"(3,4,3)", "0"}),
      kill<SwzAdd>("SWZ-INVOL", "SwzAdd", {"(3,4,3)", "0"}),
      kill<SwzAdd>("SWZ-PASS", "SwzAdd", {"(3,4,3)", "0"}),
      kill<SwzClearField>("SWZ-BIJ", "SwzClearField", {"(3,4,3)", "0"}),
      kill<SwzAdd>("SWZ-BIJ", "SwzAdd", {"(3,20,5)", "0"}),
      kill<SwzLayoutNoSwizzle>("SWZ-LAYOUT", "SwzLayoutNoSwizzle", {"(3,4,3)", "(8,64):(64,1)"}),
      kill<PrintUnwrapsRank1>("NOTE-ROUNDTRIP", "PrintUnwrapsRank1", {"(8):(1)"}),
      kill<ParseBareShapeRowMajor>("NOTE-CANON", "ParseBareShapeRowMajor", {"(4,2)"}),
      kill<ParseLenient>("PARSE-MALFORMED", "ParseLenient", {"(4,2"}),
      kill<CompEmptyMessage>("REFUSE-MSG", "CompEmptyMessage", {"(4,2):(2,1)", "(2,2):(1,2)"}),
      kill<CompLogicError>("REFUSE-MSG", "CompLogicError", {"(4,2):(2,1)", "(2,2):(1,2)"}),
      kill<CompWraps>("NO-OVERFLOW", "CompWraps", {"(4,2):(2,1)", "(2,2):(1,2)"}),
      kill<CplUnit>("CPL-EXACT", "CplUnit", {"3:2", "16"}),
      kill<CompRefusesNegative>("COMP-COMPLETE", "CompRefusesNegative", {"2:1", "(2,2):(-2,1)"}),
      kill<CompRefuses>("COMP-COMPLETE", "CompRefuses", {"(2,8):(8,1)", "4:5"}),
      kill<CompNoCarry>("COMP-COMPLETE", "CompNoCarry", {"(6,2):(1,7)", "(3,2):(2,3)"}),
      kill<ProdRefusesUnderscore>("PROD-COMPLETE", "ProdRefusesUnderscore", {"3:4", "2:1"}),
      kill<DivRefuses>("DIV-COMPLETE", "DivRefuses", {"(3,4):(0,1)", "(2,2):(1,3)"}),
      kill<LinvNoLayout>("LINV-COMPLETE", "LinvNoLayout", {"(2,8):(5,4)"}),
      kill<LinvNotInjective>("LINV-COMPLETE", "LinvNotInjective", {"(3,3):(2,3)"}),
      kill<LinvIsRinv>("LINV-COMPLETE", "LinvIsRinv", {"(2,2):(1,4)"}),
      kill<RinvRefuses>("RINV-COMPLETE", "RinvRefuses", {"(65536,65536):(65536,1)"}),
      kill<CplRefusesInterleaving>("CPL-COMPLETE", "CplRefusesInterleaving", {"4:2", "12"}),
      kill<RankCountsLeaves>("RANK-DEPTH", "RankCountsLeaves", {"((2,2),3):((1,2),4)"}),
      kill<NullspaceCompact>("NULLSPACE-DEF", "NullspaceCompact", {"(2,3,4):(0,1,0)"}),
      kill<UpcastFloorShape>("UPCAST-DEF", "UpcastFloorShape", {"(3,4):(1,3)", "2"}),
      kill<DowncastScalesEveryStride>("DOWNCAST-DEF", "DowncastScalesEveryStride",
                                      {"(8,32):(32,1)", "2"}),
      kill<RecastInverted>("RECAST-DEF", "RecastInverted", {"(8,64):(64,1)", "16", "32"}),
      kill<SwizzleBytesElementUnits>("SWIZZLE-BYTES", "SwizzleBytesElementUnits",
                                     {"(3,4,3)", "16", "((8,8),(8,8)):((64,8),(1,512))"}),
      kill<McvAlwaysOne>("MAX-COMMON", "McvAlwaysOne", {"(8,4):(1,8)", "(8,4):(1,8)"}),
      kill<TileToShapeRowMajor>("TILE-TO-SHAPE", "TileToShapeRowMajor", {"(8,8):(8,1)", "(64,32)"}),
      kill<LikeIgnoresZeros>("MAKE-LIKE", "LikeIgnoresZeros", {"(2,3,4,5):(0,42,1,0)"}),
      kill<WithShapeRowMajor>("WITH-SHAPE", "WithShapeRowMajor", {"(8,4):(1,8)", "(4,8)"}),
      kill<FlattenIsCoalesce>("FLATTEN-DEF", "FlattenIsCoalesce", {"((2,2),3):((1,2),4)"}),
      kill<RightIsLeft>("MAKE-COMPACT", "RightIsLeft", {"(4,2)"}),
      kill<PrefixInclusive>("TUPLE-UTIL", "PrefixInclusive", {"((2,3),4)", "1"}),
      kill<ShapeDivNoCarry>("SHAPE-DIV", "ShapeDivNoCarry", {"(3,4)", "6"}),
      kill<SliceOffsetZero>("SLICE-DEF", "SliceOffsetZero", {"(4,2):(1,4)", "(_,1)"}),
      kill<LocalTileReversed>("LTILE-DEF", "LocalTileReversed",
                              {"(8,8):(1,8)", "(4,2)", "(1,2)", "1"}),
      kill<LocalPartitionCompact>("LPART-DEF", "LocalPartitionCompact",
                                  {"(8,8):(1,8)", "(2,2):(1,3)", "3", "1"}),
      kill<FlatMaxIndexAll>("FLAT-RANGE", "FlatMaxIndexAll", {"(4,2):(1,4611686018427387904)"}),
      kill<FlatDivider32>("FLAT-EVAL", "FlatDivider32", {"(3,4294967301,2):(1,3,0)", "9"}),
      kill<ChunkLastWrong>("FLAT-WINDOW", "ChunkLastWrong", {"((16,16),3):((1,16),256)", "3"}),
      kill<DividerNoFixup>("MAGIC-DIV", "DividerNoFixup", {"3", "100"}),
  };
  return k;
}

class LawCatches : public testing::TestWithParam<std::string> {};

TEST_P(LawCatches, AWrongAlgebra) {
  const Law* law = props::find_law(GetParam());
  ASSERT_NE(law, nullptr);
  int tried = 0;
  for (const Kill& k : kills()) {
    if (k.law != law->id) continue;
    ++tried;
    const auto wrong = k.make();
    const auto args = parse_args(*law, k.args);
    // The reference passes on the same inputs: the counterexample is the mutant's.
    const props::Outcome ref = law->check(props::reference_algebra(), args);
    EXPECT_FALSE(ref.failed()) << props::describe(*ref);
    const props::Outcome out = law->check(*wrong, args);
    ASSERT_TRUE(out.failed()) << law->id << " missed " << k.mutant;
    EXPECT_EQ(out->law, law->id);
    EXPECT_FALSE(out->what.empty());
    // A law of several parts: the parts together catch what the law catches.
    if (!law->parts.empty()) {
      bool caught = false;
      for (std::size_t p = 0; p < law->parts.size(); ++p)
        caught = caught || law->check_part(*wrong, args, p).failed();
      EXPECT_TRUE(caught) << law->id << ": no part catches " << k.mutant;
    }
  }
  EXPECT_GT(tried, 0) << "no wrong algebra for " << law->id;
}

INSTANTIATE_TEST_SUITE_P(Catalog, LawCatches, testing::ValuesIn(law_ids()), test_name);

// CPL-DISJOINT's second check: (A, R) with R off A's image but overlapping
// itself. (4,(2,2)):(2,(3,5)) first repeats an offset at index 8 (value 5 = the
// value at index 5).
TEST(Catalog, CplDisjointReportsTheFirstRepeatedOffset) {
  const Law* law = props::find_law("CPL-DISJOINT");
  ASSERT_NE(law, nullptr);
  const CplOverlapsItself wrong;
  const props::Outcome out = law->check(wrong, {layout::parse_layout("4:2"), int64_t{16}});
  ASSERT_TRUE(out.failed());
  EXPECT_NE(out->what.find("repeats an offset"), std::string::npos) << out->what;
  EXPECT_EQ(out->index, 8);
  EXPECT_EQ(out->actual, 5);
}

// B's offsets pass int64 but A o B fits: (4,1):(1,1) o 4:3074457345618258604
// is 4:768614336404564651 (A(x) = x mod 4 + x div 4, B(3) = 2^63 + 4). The
// composition laws evaluate A(B(i)) in 128 bits: the library's answer holds,
// and an answer that is off at one point is caught there (a fuzzer finding:
// the laws used to compare with the oracle's "does not fit" sentinel).
struct CompOffByOneStride : Algebra {
  Layout composition(const Layout& a, const Layout& b) const override {
    const Layout r = layout::composition(a, b);
    return r.shape().is_int() ? Layout(r.shape(), r.stride().value() - 1) : r;
  }
};
TEST(Catalog, CompositionWithOffsetsPastInt64IsCheckedIn128Bits) {
  const std::vector<Arg> args = {layout::parse_layout("(4,1):(1,1)"),
                                 layout::parse_layout("4:3074457345618258604")};
  EXPECT_EQ(
      layout::to_string(layout::composition(std::get<Layout>(args[0]), std::get<Layout>(args[1]))),
      "4:768614336404564651");
  for (const char* id : {"COMP-FN", "COMP-REFUSE"}) {
    const Law* law = props::find_law(id);
    ASSERT_NE(law, nullptr);
    const props::Outcome ref = law->check(props::reference_algebra(), args);
    EXPECT_FALSE(ref.failed()) << props::describe(*ref);
    const props::Outcome bad = law->check(CompOffByOneStride(), args);
    ASSERT_TRUE(bad.failed()) << id;
    EXPECT_EQ(bad->index, 1) << props::describe(*bad);
    EXPECT_EQ(bad->expected, 768614336404564651) << props::describe(*bad);
  }
}

// The oracle at 128-bit indices: A(x) = x mod 4 + x div 4 for A = (4,1):(1,1),
// odd for negative x, nullopt past its 2^125 bound.
TEST(Oracle, EvaluatesAt128BitIndices) {
  using props::oracle::wide;
  const auto lv = props::oracle::leaves(layout::parse_layout("(4,1):(1,1)"));
  const wide x = (wide{1} << 63) + 4;
  EXPECT_EQ(props::oracle::eval_wide(lv, x), wide{2305843009213693953});
  EXPECT_EQ(props::oracle::eval_wide(lv, -x), -wide{2305843009213693953});
  EXPECT_EQ(props::oracle::eval_wide(lv, (wide{1} << 125) + 1), std::nullopt);
  const auto big = props::oracle::leaves(layout::parse_layout("2:9223372036854775807"));
  EXPECT_EQ(props::oracle::eval_wide(big, wide{1} << 70), std::nullopt);  // 2^70 * d > 2^125
  EXPECT_EQ(props::oracle::eval_wide(big, 1), wide{INT64_MAX});
}

// The set helpers of the laws (sorted vectors instead of std::set).
TEST(LawUtil, ValueSetAndFirstRepeat) {
  using props::util::first_repeat;
  using props::util::value_set;
  EXPECT_EQ(value_set({3, 1, 3, 2, 1}), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_TRUE(props::util::contains(value_set({5, 9}), 9));
  EXPECT_FALSE(props::util::contains(value_set({5, 9}), 7));
  EXPECT_EQ(first_repeat({}), std::nullopt);
  EXPECT_EQ(first_repeat({4, 2, 7}), std::nullopt);
  EXPECT_EQ(first_repeat({4, 2, 4}), 2u);
  // 2 repeats at index 3 before 4 repeats at index 4; a triple counts once.
  EXPECT_EQ(first_repeat({4, 2, 9, 2, 4, 2}), 3u);
  EXPECT_EQ(first_repeat({7, 7, 7}), 1u);
}

}  // namespace

// composition's fast path proves "no carry" digit by digit: where, for each
// bounded mode j of A, the largest digits the leaves of B put in it add up to
// at most a_j - 1, the leaves' values add without a carry (composition.cpp,
// DigitRoom). Every two-leaf B over A = (a0,a1,2):(1, a0+1, (a0+1)*a1 + 1)
// (not linear across its digit boundaries, so a carry changes the value),
// with strides up to a0*a1 + 1 and down to -(a0*a1 + 1): the digit sums land
// below, at and past each a_j - 1. COMP-COMPLETE checks each answer against
// the brute-force composition and each refusal against the exact search.
TEST(Catalog, CompositionAtTheDigitBoundariesOfA) {
  const Law* law = props::find_law("COMP-COMPLETE");
  ASSERT_NE(law, nullptr);
  int held = 0, cases = 0;
  for (const int64_t a0 : {2, 3, 4, 6})
    for (const int64_t a1 : {2, 3, 4}) {
      const Layout a(IntTuple::tuple({a0, a1, 2}), IntTuple::tuple({1, a0 + 1, (a0 + 1) * a1 + 1}));
      const int64_t m = a0 * a1 + 1;
      for (int64_t s0 = 2; s0 <= 4; ++s0)
        for (int64_t s1 = 2; s1 <= 3; ++s1)
          for (int64_t d0 = 1; d0 <= m; ++d0)
            for (int64_t d1 = -m; d1 <= m; ++d1) {
              const Layout b(IntTuple::tuple({s0, s1}), IntTuple::tuple({d0, d1}));
              const props::Outcome out = law->check(props::reference_algebra(), {a, b});
              ASSERT_FALSE(out.failed()) << props::describe(*out);
              held += out.held();
              ++cases;
            }
    }
  EXPECT_GT(held, cases * 9 / 10) << held << " of " << cases;
}
