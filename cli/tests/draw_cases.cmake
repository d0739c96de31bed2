# Command-line contract of `layoutcheck draw` (docs/CLI.md). Included from
# cli/CMakeLists.txt; same cli_case() format. (The pictures' contents are
# checked against the oracle by draw_tests and report_check.py.)
cli_case(draw.svg RC 0
         STDOUT "^<svg xmlns=\"http://www.w3.org/2000/svg\".*<title>\\(2,\\(2,2\\)\\):\\(4,\\(1,2\\)\\)</title>.*data-row=\"1\" data-col=\"3\" data-label=\"7\".*</svg>~$"
         ARGS draw "(2,(2,2)):(4,(1,2))")
cli_case(draw.html RC 0 STDOUT "^<!DOCTYPE html>~<html xmlns=.*<svg .*</svg>~<pre>layoutcheck draw .*</html>~$"
         ARGS draw "(4,2):(2,1)" --format html)
cli_case(draw.tex RC 0 STDOUT "^.documentclass.convert..standalone.*tikzpicture.*end.document.~$"
         ARGS draw "(4,2):(2,1)" --format tex)
cli_case(draw.op RC 0 STDOUT "<title>logical_divide\\(\\(8,8\\):\\(1,8\\), \\(2,4\\)\\) = \\(\\(2,4\\),\\(4,2\\)\\):\\(\\(1,2\\),\\(8,32\\)\\)</title>.*class=\"rule\""
         ARGS draw op logical_divide "(8,8):(1,8)" "(2,4)")
cli_case(draw.tv RC 0 STDOUT "data-label=\"T0 V0\".*data-label=\"T7 V3\""
         ARGS draw --thr "(4,2):(2,1)" --val "(2,2):(1,2)")
cli_case(draw.swizzle RC 0 STDOUT "<title>Sw&lt;3,3,3&gt; o \\(8,64\\):\\(64,1\\)</title>.*b31"
         ARGS draw "Sw<3,3,3>o(8,64):(64,1)")
# Bad input: exit 2 with the reason; a refused operation or an overflow: exit 3.
cli_case(draw.zero_shape RC 2 STDOUT "^$" STDERR "^error: parse" ARGS draw "(0,2):(1,1)")
cli_case(draw.too_many_cells RC 2 STDERR "draw draws at most 65536" ARGS draw "(1000,1000):(1,1000)")
cli_case(draw.tv_outside_tile RC 2 STDERR "maps \\(T0, V1\\) to 4, outside the tile" ARGS draw --tv "(4,2):(1,4)" --tile "(2,2)")
cli_case(draw.bad_swizzle RC 2 STDERR "B, M and S lie in" ARGS draw "Sw<99,1,1> o 8:1")
cli_case(draw.op_not_a_layout RC 2 STDERR "size gives 8" ARGS draw op size 8:1)
cli_case(draw.op_refused RC 3 STDOUT "^$" STDERR "^error: composition" ARGS draw op composition "(6,2):(1,7)" "(3,2):(2,3)")
cli_case(draw.overflow RC 3 STDERR "overflows int64" ARGS draw "(2,2):(4611686018427387904,4611686018427387904)")
cli_case(draw.bad_bytes RC 2 STDERR "--bytes must be" ARGS draw "Sw<3,3,3> o 8:1" --bytes 3)
cli_case(draw.nothing RC 2 STDERR "give a layout" ARGS draw)
