// The pictures and reports of cli/draw, parsed back with a real XML parser
// (pugixml): the SVG and the HTML report are well-formed, and every cell's
// position and label agree with the brute-force oracle.
#include <gtest/gtest.h>

#include <pugixml.hpp>
#include <string>

#include "draw/grid.hpp"
#include "draw/render.hpp"
#include "draw/report.hpp"
#include "explain.hpp"
#include "layout/notation.hpp"
#include "layout/swizzle.hpp"
#include "oracle.hpp"
#include "progress.hpp"

namespace layoutcheck::draw {
namespace {

using layout::parse_layout;

pugi::xml_document parse(const std::string& text) {
  pugi::xml_document doc;
  const pugi::xml_parse_result r =
      doc.load_string(text.c_str(), pugi::parse_default | pugi::parse_doctype);
  EXPECT_TRUE(r) << r.description() << " at offset " << r.offset << "\n" << text.substr(0, 400);
  return doc;
}

struct DrawnCell {
  int64_t row, col;
  std::string label;
  bool mismatch;
};

std::vector<DrawnCell> cells_of(const pugi::xml_node& svg) {
  std::vector<DrawnCell> out;
  for (const pugi::xpath_node& n : svg.select_nodes(".//rect[starts-with(@class, 'cell')]")) {
    const pugi::xml_node r = n.node();
    out.push_back(
        {r.attribute("data-row").as_llong(), r.attribute("data-col").as_llong(),
         r.attribute("data-label").as_string(),
         std::string(r.attribute("class").as_string()).find("mismatch") != std::string::npos});
  }
  return out;
}

// The layouts of CuTe's layout lesson, nested and of rank 1, 2 and 3, and
// negative strides.
const char* const kLayouts[] = {"8:1",
                                "(4,2):(2,1)",
                                "(2,(2,2)):(4,(1,2))",
                                "((2,2),(2,4)):((1,4),(2,8))",
                                "(4,2,3):(1,12,4)",
                                "(3,(2,4)):(-1,(6,12))",
                                "((2,3),2,(2,2)):((1,2),6,(12,24))",
                                "(1,1):(0,0)"};

TEST(DrawSvg, EveryCellIsTheOraclesOffset) {
  for (const char* text : kLayouts) {
    const layout::Layout l = parse_layout(text);
    const std::string svg = to_svg(layout_grid(l));
    const pugi::xml_document doc = parse(svg);
    const pugi::xml_node root = doc.child("svg");
    ASSERT_TRUE(root) << text;
    EXPECT_STREQ(root.child_value("title"), layout::to_string(l).c_str());
    const std::vector<DrawnCell> cells = cells_of(root);
    const int64_t size = *props::oracle::size(l);
    ASSERT_EQ(static_cast<int64_t>(cells.size()), size) << text;
    const int64_t rows = l.rank() == 1 ? 1 : props::oracle::size(props::oracle::mode(l, 0)).value();
    std::vector<int> seen(static_cast<std::size_t>(size), 0);
    for (const DrawnCell& c : cells) {
      const int64_t i = c.row + rows * c.col;  // the colexicographic index of the cell
      ASSERT_GE(i, 0);
      ASSERT_LT(i, size) << text;
      ++seen[static_cast<std::size_t>(i)];
      EXPECT_EQ(c.label, std::to_string(*props::oracle::eval(l, i)))
          << text << " at (" << c.row << "," << c.col << ")";
      EXPECT_FALSE(c.mismatch);
    }
    for (int s : seen) EXPECT_EQ(s, 1) << text;
  }
}

// A divide's result shows its tiles: thick rules every tile extent.
TEST(DrawSvg, NestedModesGetRulesAtTheirTiles) {
  const Grid g = layout_grid(parse_layout("((2,4),(4,2)):((1,2),(8,32))"));
  EXPECT_EQ(g.rows, 8);
  EXPECT_EQ(g.cols, 8);
  EXPECT_EQ(g.row_rules, (std::vector<int64_t>{2, 4, 6}));
  EXPECT_EQ(g.col_rules, (std::vector<int64_t>{4}));
  const pugi::xml_document doc = parse(to_svg(g));
  EXPECT_EQ(doc.child("svg").select_nodes(".//line[@class='rule']").size(), 4u);
  // rank 3: modes 1 and 2 side by side, a rule where mode 1's block ends
  const Grid r3 = layout_grid(parse_layout("(4,2,3):(1,12,4)"));
  EXPECT_EQ(r3.cols, 6);
  EXPECT_EQ(r3.col_rules, (std::vector<int64_t>{2, 4}));
}

TEST(DrawSvg, TvCellsNameTheThreadAndValueTheOracleMapsThere) {
  // make_layout_tv((4,2):(2,1), (2,2):(1,2)): 8 threads x 4 values over an 8 x 4 tile
  const layout::Layout tv = parse_layout("((2,4),(2,2)):((16,2),(1,8))");
  const Grid g = tv_grid(tv, 8, 4);
  const pugi::xml_document doc = parse(to_svg(g));
  const std::vector<DrawnCell> cells = cells_of(doc.child("svg"));
  ASSERT_EQ(cells.size(), 32u);
  for (int64_t t = 0; t < 8; ++t)
    for (int64_t v = 0; v < 4; ++v) {
      const int64_t idx = *props::oracle::eval(tv, t + 8 * v);
      const auto it = std::find_if(cells.begin(), cells.end(), [&](const DrawnCell& c) {
        return c.row == idx % 8 && c.col == idx / 8;
      });
      ASSERT_NE(it, cells.end());
      EXPECT_EQ(it->label, "T" + std::to_string(t) + " V" + std::to_string(v));
    }
  EXPECT_THROW(tv_grid(tv, 4, 4), std::invalid_argument);  // offsets past the tile
  // every cell is hit once: none blank, none with "+k"
  for (const Cell& c : g.cells) {
    EXPECT_FALSE(c.label.empty());
    EXPECT_TRUE(c.note.empty());
  }
}

TEST(DrawSvg, SwizzledCellsAreTheOraclesSwizzleWithTheirBank) {
  const auto sw = parse_swizzled("Sw<3,3,3> o (8,64):(64,1)");
  ASSERT_TRUE(sw.has_value());
  const Grid g = swizzle_grid(*sw, 2);
  const pugi::xml_document doc = parse(to_svg(g));
  const std::vector<DrawnCell> cells = cells_of(doc.child("svg"));
  ASSERT_EQ(cells.size(), 512u);
  const layout::Layout l = parse_layout("(8,64):(64,1)");
  for (const DrawnCell& c : cells) {
    const int64_t want =
        props::oracle::swizzle(3, 3, 3, *props::oracle::eval(l, c.row + 8 * c.col));
    EXPECT_EQ(c.label, std::to_string(want));
    EXPECT_EQ(g.at(c.row, c.col).note, "b" + std::to_string((want * 2 / 4) % 32));
  }
  EXPECT_FALSE(parse_swizzled("(8,64):(64,1)").has_value());
  EXPECT_THROW(parse_swizzled("Sw<3,3> o 8:1"), layout::Error);
  EXPECT_THROW(parse_swizzled("Sw<3,3,3> 8:1"), layout::Error);
}

TEST(DrawTex, OneNodePerCell) {
  const std::string tex = to_tex(layout_grid(parse_layout("(4,(2,2)):(2,(1,8))")));
  std::size_t nodes = 0;
  for (std::size_t p = tex.find("\\node[fill="); p != std::string::npos;
       p = tex.find("\\node[fill=", p + 1))
    ++nodes;
  EXPECT_EQ(nodes, 16u);
  EXPECT_NE(tex.find("\\begin{tikzpicture}"), std::string::npos);
  EXPECT_NE(tex.find("\\end{document}"), std::string::npos);
}

// The report of COMP-FN's known counterexample under a wrong composition:
// well-formed XHTML, the operands drawn, and the red cells exactly the
// indices where the oracle's A(B(i)) differs from the actual values.
TEST(DrawReport, MismatchingCellsAreTheOraclesMismatches) {
  const layout::Layout a = parse_layout("(3,2):(1,4)"), b = parse_layout("(3,2):(1,1)");
  props::Explanation e;
  e.caption = "A(B(i)) against (A o B)(i)";
  e.arrangement = b;
  const layout::Layout wrong = parse_layout("(3,2):(1,1)");  // CuTe's answer: 3 at index 5
  for (int64_t i = 0; i < 6; ++i) {
    e.expected.push_back(props::oracle::eval(a, *props::oracle::eval(b, i)));
    e.actual.push_back(props::oracle::eval(wrong, i));
  }
  ReportEntry f;
  f.law = "COMP-FN";
  f.kind = "wrong answer";
  f.heading = "a test";
  f.operands = {"(3,2):(1,4)", "(3,2):(1,1)"};
  f.what = "A o B = (3,2):(1,1) is not A(B(i))";
  f.index = 5;
  f.expected = 4;
  f.actual = 3;
  f.replay = "layoutcheck check COMP-FN '(3,2):(1,4)' '(3,2):(1,1)'";
  f.explanation = e;
  const std::string html = report_html("a report", "one finding", {f}, {"X: holds"});
  const pugi::xml_document doc = parse(html);
  const pugi::xml_node body = doc.child("html").child("body");
  ASSERT_TRUE(body);
  EXPECT_EQ(body.select_nodes(".//section[@class='law']").size(), 2u);  // the finding, held
  // two operands and the expected and actual grids
  EXPECT_EQ(body.select_nodes(".//*[local-name()='svg']").size(), 4u);
  int red = 0;
  for (const pugi::xpath_node& n : body.select_nodes(".//*[local-name()='rect']")) {
    const std::string cls = n.node().attribute("class").as_string();
    if (cls.find("mismatch") == std::string::npos) continue;
    ++red;
    const int64_t i =
        n.node().attribute("data-row").as_llong() + 3 * n.node().attribute("data-col").as_llong();
    EXPECT_NE(e.expected[static_cast<std::size_t>(i)], e.actual[static_cast<std::size_t>(i)]);
  }
  int want = 0;
  for (int64_t i = 0; i < 6; ++i) want += e.expected[i] != e.actual[i] ? 2 : 0;  // both grids
  EXPECT_EQ(red, want);
  EXPECT_EQ(want, 2);  // index 5 only
  EXPECT_NE(html.find("layoutcheck check COMP-FN"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);  // self-contained, static
  EXPECT_EQ(html.find("src="), std::string::npos);     // nothing fetched
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
}

// props::explain: expected values from the oracle, actual ones through the
// algebra given; a wrong algebra's mismatches are exactly the oracle's.
struct ReturnsB : props::Algebra {
  layout::Layout composition(const layout::Layout&, const layout::Layout& b) const override {
    return b;
  }
};

TEST(Explain, ExpectedFromTheOracleActualFromTheAlgebra) {
  const layout::Layout a = parse_layout("(6,2):(1,7)"), b = parse_layout("(3,2):(2,3)");
  const std::vector<props::Arg> args = {a, b};
  const ReturnsB wrong;
  const auto e = props::explain("COMP-FN", wrong, args);
  ASSERT_TRUE(e.has_value());
  ASSERT_EQ(e->expected.size(), 6u);
  int mismatches = 0;
  for (int64_t i = 0; i < 6; ++i) {
    EXPECT_EQ(e->expected[i], props::oracle::eval(a, *props::oracle::eval(b, i)));
    EXPECT_EQ(e->actual[i], props::oracle::eval(b, i));
    mismatches += e->expected[i] != e->actual[i];
  }
  EXPECT_EQ(mismatches, 1);  // index 5: A(B(5)) = A(7) = 8, B(5) = 7 (cutlass #2955)
  // the library refuses this composition: no table
  EXPECT_FALSE(props::explain("COMP-FN", props::reference_algebra(), args).has_value());
  // COAL-FN through the library: no mismatch
  const auto c = props::explain("COAL-FN", props::reference_algebra(),
                                {parse_layout("((2,4),(3,5)):((1,2),(8,24))")});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->expected, c->actual);
  EXPECT_EQ(c->expected.size(), 120u);
  EXPECT_FALSE(props::explain("SIZE-ORACLE", props::reference_algebra(), {a}).has_value());
  // the library's logical_divide and swizzled layouts agree with the definitions
  const auto d = props::explain("LDIV-DEF", props::reference_algebra(),
                                {parse_layout("(8,4):(1,8)"), layout::parse_tiler("4:2")});
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->expected.size(), 32u);
  EXPECT_EQ(d->expected, d->actual);
  const auto w = props::explain("SWZ-LAYOUT", props::reference_algebra(),
                                {layout::parse_int_tuple("(2,0,2)"), parse_layout("(4,8):(8,1)")});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->expected, w->actual);
  EXPECT_EQ(w->expected[1], props::oracle::swizzle(2, 0, 2, 8));
}

TEST(Progress, DrawsOnlyWhenEnabled) {
  ProgressBar quiet("audit", 10, false);
  quiet.update(3, "COMP-FN");  // must print nothing (not checkable here) and not crash
  EXPECT_FALSE(quiet.enabled());
  EXPECT_EQ(quiet.line(3, "COMP-FN"), "audit [#########.....................] 3/10 COMP-FN");
  EXPECT_EQ(quiet.line(12, ""), "audit [##############################] 10/10");
}

}  // namespace
}  // namespace layoutcheck::draw
