// Parse and print: canonical spelling, round trips, tilers, slicing terms, and
// refusal of every malformed string with layout::Error whose op() is "parse".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::parse_int_tuple;
using layout::parse_layout;
using layout::parse_term;
using layout::parse_tiler;
using layout::Term;
using layout::Tiler;
using oracle::str;

::testing::AssertionResult RefusedByParser(const std::string& text) {
  try {
    Layout l = parse_layout(text);
    return ::testing::AssertionFailure() << '"' << text << "\" parsed as " << str(l);
  } catch (const layout::Error& e) {
    if (e.op() != "parse")
      return ::testing::AssertionFailure()
             << '"' << text << "\" refused with op '" << e.op() << "': " << e.what();
    if (e.condition().empty()) return ::testing::AssertionFailure() << "empty condition";
    return ::testing::AssertionSuccess();
  }
}

TEST(Notation, ParsesLayoutsToTheRightValues) {
  Layout l = parse_layout("((2,2),3):((1,2),4)");
  EXPECT_EQ(l.shape(), IntTuple::tuple({IntTuple::tuple({2, 2}), 3}));
  EXPECT_EQ(l.stride(), IntTuple::tuple({IntTuple::tuple({1, 2}), 4}));
  Layout r = parse_layout("8:1");
  EXPECT_TRUE(r.shape().is_int());
  EXPECT_EQ(r.shape().value(), 8);
  EXPECT_EQ(r.stride().value(), 1);
  Layout one = parse_layout("(8):(1)");
  EXPECT_TRUE(one.shape().is_tuple());
  EXPECT_EQ(one.rank(), 1);
  EXPECT_EQ(parse_layout("(5,7):(-1,5)").stride(), IntTuple::tuple({-1, 5}));
}

TEST(Notation, PrintIsCanonical) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"(4,2):(2,1)", "(4,2):(2,1)"},
      {"( 4 , 2 ) : ( 2 , 1 )", "(4,2):(2,1)"},
      {"(_4,_2):(_1,_4)", "(4,2):(1,4)"},
      {"(_2,4):(_1,_2)", "(2,4):(1,2)"},
      {" ((2, 2), 3) :((1,2) ,4) ", "((2,2),3):((1,2),4)"},
      {"8:1", "8:1"},
      {"_8:_1", "8:1"},
      {"(8):(1)", "(8):(1)"},
      {"(4,2)", "(4,2):(1,4)"},  // a shape is the compact left layout
      {"((2,3),4)", "((2,3),4):((1,2),6)"},
      {"6", "6:1"},
      {"(4:1,2:4)", "(4,2):(1,4)"},  // a tuple of layouts concatenates its modes
      {"(5,7):(-1,+5)", "(5,7):(-1,5)"},
      {"\t(3,\n3):(1,3)", "(3,3):(1,3)"},
  };
  for (const auto& [in, out] : cases) {
    EXPECT_EQ(str(parse_layout(in)), out) << in;
    EXPECT_EQ(str(parse_layout(out)), out) << "canonical form must be a fixed point: " << out;
  }
}

TEST(Notation, RoundTripParsePrint) {
  std::vector<Layout> layouts = {
      Layout(),
      Layout(IntTuple::tuple({4, 2}), IntTuple::tuple({1, 4})),
      Layout(IntTuple::tuple({IntTuple::tuple({2, IntTuple::tuple({2, 2})}), 3}),
             IntTuple::tuple({IntTuple::tuple({1, IntTuple::tuple({6, 2})}), 24})),
      Layout(IntTuple::tuple({7}), IntTuple::tuple({-3})),
      Layout(IntTuple::tuple({INT64_MAX, 1}), IntTuple::tuple({INT64_MIN, INT64_MAX})),
      Layout(1, 0),
      Layout(IntTuple::tuple({65536, 65536}), IntTuple::tuple({0, 1})),
  };
  for (const Layout& l : layouts) {
    Layout back = parse_layout(str(l));
    EXPECT_EQ(back, l) << str(l);
    EXPECT_EQ(str(back), str(l));
  }
}

TEST(Notation, IntTuples) {
  EXPECT_EQ(parse_int_tuple("(1,(2,3))"), IntTuple::tuple({1, IntTuple::tuple({2, 3})}));
  EXPECT_EQ(parse_int_tuple("42"), IntTuple(42));
  EXPECT_EQ(parse_int_tuple("()"), IntTuple());
  EXPECT_EQ(parse_int_tuple("-9223372036854775808"), IntTuple(INT64_MIN));
  EXPECT_EQ(parse_int_tuple("9223372036854775807"), IntTuple(INT64_MAX));
  EXPECT_EQ(str(parse_int_tuple("( _1 ,( 2,_3 ))")), "(1,(2,3))");
  EXPECT_THROW(parse_int_tuple("(1,_)"), layout::Error);
  EXPECT_THROW(parse_int_tuple("4:1"), layout::Error);
}

TEST(Notation, Tilers) {
  Tiler t = parse_tiler("<3:3,(2,4):(1,8)>");
  ASSERT_TRUE(t.is_tuple());
  ASSERT_EQ(t.rank(), 2);
  EXPECT_EQ(str(t.elems[0].layout), "3:3");
  EXPECT_EQ(str(t.elems[1].layout), "(2,4):(1,8)");
  EXPECT_EQ(layout::to_string(t), "<3:3,(2,4):(1,8)>");

  // A tuple of integers is a tuple of n:1 layouts, not the layout (4,8):(1,4).
  Tiler s = parse_tiler("(4,8)");
  ASSERT_TRUE(s.is_tuple());
  EXPECT_EQ(layout::to_string(s), "<4:1,8:1>");
  EXPECT_EQ(layout::to_string(Tiler::of_shape(parse_int_tuple("(4,(2,3))"))), "<4:1,<2:1,3:1>>");

  Tiler u = parse_tiler("(4:2,_)");
  ASSERT_TRUE(u.is_tuple());
  EXPECT_TRUE(u.elems[1].is_underscore());
  EXPECT_EQ(layout::to_string(u), "<4:2,_>");

  Tiler n = parse_tiler("8");
  ASSERT_TRUE(n.is_layout());
  EXPECT_EQ(str(n.layout), "8:1");
  EXPECT_TRUE(parse_tiler("_").is_underscore());

  Tiler nested = parse_tiler("<<2:1,_>,3:1>");
  ASSERT_TRUE(nested.is_tuple());
  ASSERT_TRUE(nested.elems[0].is_tuple());
  EXPECT_EQ(layout::to_string(nested), "<<2:1,_>,3:1>");
  // print of a tiler parses back to the same tiler.
  for (const char* s2 : {"<3:3,(2,4):(1,8)>", "<4:2,_>", "<<2:1,_>,3:1>", "8:1"})
    EXPECT_EQ(layout::to_string(parse_tiler(layout::to_string(parse_tiler(s2)))),
              layout::to_string(parse_tiler(s2)));
}

TEST(Notation, SlicingTerms) {
  Term t = parse_term("(_,(1,_))");
  ASSERT_EQ(t.kind, Term::Kind::tuple);
  ASSERT_EQ(t.elems.size(), 2u);
  EXPECT_EQ(t.elems[0].kind, Term::Kind::underscore);
  ASSERT_EQ(t.elems[1].kind, Term::Kind::tuple);
  EXPECT_EQ(t.elems[1].elems[0].kind, Term::Kind::integer);
  EXPECT_EQ(t.elems[1].elems[0].value, 1);
  EXPECT_EQ(t.elems[1].elems[1].kind, Term::Kind::underscore);
  Term l = parse_term("(4,2):(1,4)");
  EXPECT_EQ(l.kind, Term::Kind::layout);
  EXPECT_EQ(str(l.shape), "(4,2)");
  EXPECT_EQ(parse_term("_7").kind, Term::Kind::integer);
  EXPECT_EQ(parse_term("_7").value, 7);
}

TEST(Notation, MalformedStringsAreRefusedWithOpParse) {
  const std::vector<std::string> bad = {
      "",                      // empty
      "   ",                   // only spaces
      "(4,2",                  // unbalanced
      "(4,2))",                // unbalanced
      "((4,2):(1,4)",          // unbalanced
      "4,2):(1,4)",            // trailing garbage
      "(4,2):(1)",             // not congruent
      "(4,2):1",               // not congruent
      "((2,2),3):(1,2,4)",     // not congruent
      "(4,0):(1,4)",           // zero shape
      "(4,-2):(1,4)",          // negative shape
      "0:1",                   // zero shape
      "(4,0)",                 // zero shape as compact layout
      "99999999999999999999",  // integer overflow
      "(4,2):(1,99999999999999999999)",
      "9223372036854775808:1",  // INT64_MAX + 1
      "-9223372036854775809:1",
      "(4611686018427387904,4):(1,1)",  // size overflows int64
      "(4611686018427387904,4)",
      "(4,,2):(1,4)",
      "(,)",
      "(4,2):",
      ":(1,4)",
      "4:1:2",
      "(4;2):(1,4)",
      "abc",
      "(4,2):(1,4) x",
      "4 2",
      "_",  // '_' is not a layout
      "(_,2):(1,2)",
      "(4:1,_)",
      "(4:1):(1)",  // a layout cannot be a shape
      "-",
      "+",
      "(4,2]:(1,4)",
  };
  for (const std::string& s : bad) EXPECT_TRUE(RefusedByParser(s)) << "input: \"" << s << '"';
}

TEST(Notation, DeepNestingIsRefusedWithoutCrashing) {
  for (int depth : {100, 1000, 10000, 100000}) {
    std::string open(static_cast<std::size_t>(depth), '(');
    std::string close(static_cast<std::size_t>(depth), ')');
    EXPECT_TRUE(RefusedByParser(open + "4" + close + ":" + open + "1" + close)) << depth;
    EXPECT_TRUE(RefusedByParser(open)) << depth;
    EXPECT_TRUE(RefusedByParser(open + close)) << depth;
    EXPECT_THROW(parse_tiler(open + "4:1" + close), layout::Error);
    EXPECT_THROW(parse_term(std::string(static_cast<std::size_t>(depth), '<')), layout::Error);
  }
  // Moderate nesting within the documented limit (64) is fine.
  std::string s = std::string(20, '(') + "4" + std::string(20, ')');
  Layout l = parse_layout(s + ":" + s);
  EXPECT_EQ(l.depth(), 20);
  EXPECT_EQ(str(parse_layout(str(l))), str(l));
}

TEST(Notation, ErrorNamesTheInput) {
  try {
    (void)parse_layout("(4,2):(1)");
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "parse");
    EXPECT_NE(e.operands().find("(4,2):(1)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("parse("), std::string::npos) << e.what();
  }
}

}  // namespace
