# Command-line contract tests (docs/CLI.md). Included from cli/CMakeLists.txt,
# where cli_case() is defined; ${T} is this directory. Output regexes write a
# newline as `~` (run_case.cmake).

# op: one result on one line.
cli_case(op.composition RC 0 STDOUT "^\\(2,2\\):\\(4,1\\)~$" STDERR "^$"
         ARGS op composition "(4,2):(2,1)" 4:2)
cli_case(op.composition_by_mode RC 0 STDOUT "^\\(3,\\(4,2\\)\\):\\(59,\\(13,1\\)\\)~$"
         ARGS op composition "(12,(4,8)):(59,(13,1))" "(3,8)")
cli_case(op.size_past_int32 RC 0 STDOUT "^4294967296~$" ARGS op size "(65536,65536)")
cli_case(op.complement RC 0 STDOUT "^\\(2,2\\):\\(1,8\\)~$" ARGS op complement 4:2 16)
cli_case(op.complement_default_cotarget RC 0 STDOUT "^2:1~$" ARGS op complement 4:2)
cli_case(op.logical_divide RC 0 STDOUT "^\\(4,\\(2,2\\)\\):\\(2,\\(1,8\\)\\)~$"
         ARGS op logical_divide 16:1 4:2)
cli_case(op.zipped_divide_tiler RC 0
         STDOUT "^\\(\\(3,\\(2,4\\)\\),\\(3,\\(2,2\\)\\)\\):\\(\\(177,\\(13,2\\)\\),\\(59,\\(26,1\\)\\)\\)~$"
         ARGS op zipped_divide "(9,(4,8)):(59,(13,1))" "<3:3,(2,4):(1,8)>")
cli_case(op.blocked_product RC 0 STDOUT "^\\(\\(2,3\\),\\(5,4\\)\\):\\(\\(5,10\\),\\(1,30\\)\\)~$"
         ARGS op blocked_product "(2,5):(5,1)" "(3,4):(1,3)")
cli_case(op.idx2crd RC 0 STDOUT "^\\(1,\\(1,2\\)\\)~$" ARGS op idx2crd 16 "(3,(2,3))")
cli_case(op.crd2idx_layout RC 0 STDOUT "^17~$" ARGS op crd2idx "(1,5)" "(3,(2,3))" "(3,(12,1))")
cli_case(op.slice RC 0 STDOUT "^\\(4\\):\\(1\\) \\+ 4~$" ARGS op slice "(4,2):(1,4)" "(_,1)")
cli_case(op.local_tile.projection RC 0 STDOUT "^\\(16,12,4\\):\\(1,64,768\\) \\+ 32~$"
         ARGS op local_tile "(64,48):(1,64)" "(16,8,12)" "(2,3,_)" "(1,X,1)")
cli_case(op.local_tile RC 0 STDOUT "^\\(4,2\\):\\(1,8\\) \\+ 36~$"
         ARGS op local_tile "(8,8):(1,8)" "(4,2)" "(1,2)")
cli_case(op.local_partition RC 0 STDOUT "^\\(4,2\\):\\(2,32\\) \\+ 9~$"
         ARGS op local_partition "(8,8):(1,8)" "(2,4):(4,1)" 5)
cli_case(op.make_layout_right RC 0 STDOUT "^\\(4,2\\):\\(2,1\\)~$" ARGS op make_layout_right "(4,2)")
cli_case(op.swizzle RC 0 STDOUT "^9 8 0~$" ARGS op swizzle 3 0 3 8 9 0)
cli_case(op.swizzle_negative_shift RC 0 STDOUT "^9~$" ARGS op swizzle 3 0 -3 1)
cli_case(op.shape_div RC 0 STDOUT "^\\(1,2\\)~$" ARGS op shape_div "(3,4)" 6)

# Exit codes: 2 bad usage or malformed input, 3 refused.
cli_case(op.malformed_layout RC 2 STDOUT "^$" STDERR "^error: parse" ARGS op size "(4,2):(1")
cli_case(op.not_congruent RC 2 STDERR "^error: " ARGS op coalesce "(4,2):(1)")
cli_case(op.unknown RC 2 STDERR "^error: unknown operation" ARGS op compose 4:1 2:1)
cli_case(op.missing_argument RC 2 STDERR "^error: usage: layoutcheck op composition"
         ARGS op composition 4:1)
cli_case(op.extra_argument RC 2 STDERR "^error: usage:" ARGS op size 4:1 4:1)
# No layout is compatible with (3,2) and equal to A o B here (cutlass issue
# 2955: A(B(5)) = 8 but any such layout gives 4 + 3), so the only correct
# answer is a refusal.
cli_case(op.refused_carry RC 3 STDOUT "^$" STDERR "^error: composition\\(" 
         ARGS op composition "(6,2):(1,7)" "(3,2):(2,3)")
cli_case(op.refused_shape_div RC 3 STDERR "^error: shape_div" ARGS op shape_div "(3,4)" 5)
cli_case(usage.no_subcommand RC 2 STDERR "^error: " ARGS)
cli_case(usage.help RC 0 STDOUT "Subcommands:" ARGS --help)

# eval
cli_case(eval.one RC 0 STDOUT "^3~$" ARGS eval "(4,2):(2,1)" 5)
cli_case(eval.column_major RC 0 STDOUT "^5~$" ARGS eval "(4,2):(1,4)" 5)
cli_case(eval.all RC 0 STDOUT "^0 2 4 6 1 3 5 7~$" ARGS eval "(4,2):(2,1)")
cli_case(eval.past_domain RC 0 STDOUT "^8 9~$" ARGS eval "(2,2):(1,2)" 8 9)
cli_case(eval.malformed_index RC 2 STDERR "^error: " ARGS eval 4:1 x)
cli_case(eval.too_many_to_list RC 2 STDERR "^error: .*give the indices" ARGS eval "(65536,65536)")

# print
cli_case(print.rank2 RC 0
         STDOUT "^\\(2,3\\):\\(3,1\\)~      0   1   2~    \\+---\\+---\\+---\\+~ 0  \\| 0 \\| 1 \\| 2 \\|~    \\+---\\+---\\+---\\+~ 1  \\| 3 \\| 4 \\| 5 \\|~    \\+---\\+---\\+---\\+~$"
         ARGS print "(2,3):(3,1)")
cli_case(print.rank1_is_one_row RC 0
         STDOUT "^4:2~      0   1   2   3~    \\+---\\+---\\+---\\+---\\+~ 0  \\| 0 \\| 2 \\| 4 \\| 6 \\|~    \\+---\\+---\\+---\\+---\\+~$"
         ARGS print 4:2)
cli_case(print.wide_cells RC 0 STDOUT "~ 0  \\|   0 \\| 100 \\|~" ARGS print "(1,2):(1,100)")
cli_case(print.rank3 RC 2 STDERR "^error: print draws rank-1 and rank-2" ARGS print "(2,2,2):(1,2,4)")

# vectors: the checker judges the expectations themselves. An `equal` record
# whose expected value violates the brute-force post-condition is a dispute: it
# passes only when tests/disputes.tsv (beside the file) lists it, and the
# library's answer is checked against the post-condition instead; an unmet
# min_size or a wrong answer fails.
cli_case(vectors.catches_wrong_results RC 1
         STDOUT "DISPUTED .*checker_catches.jsonl:2: .*violates the post-condition: A o B = \\(2,2\\):\\(1,4\\) is not A\\(B\\(i\\)\\).*composition: 4 cases, 1 equal, 0 valid, 1 refused, 2 disputed, 0 failed~.*~5 passed, 3 failed~$"
         ARGS vectors ${T}/checker_catches.jsonl)
# The allow-list (tests/dispute_rules.tsv): a dispute not listed fails; a
# listed one passes with a refusal only where its entry allows one.
cli_case(vectors.dispute_rules RC 1
         STDOUT "^DISPUTED .*dispute_rules.jsonl:2: .*listed with a refusal allowed.*~FAIL .*dispute_rules.jsonl:1: .*expected a result, got error.*~FAIL .*dispute_rules.jsonl:3: .*a new dispute \\(not in the allow-list\\).*~1 passed, 2 failed~$"
         ARGS vectors --disputes ${T}/dispute_rules.tsv ${T}/dispute_rules.jsonl)
cli_case(vectors.bad_disputes RC 2 STDERR "^error: .*dispute_rules.jsonl:1: expected KEY<TAB>refuse|result<TAB>REASON"
         ARGS vectors --disputes ${T}/dispute_rules.jsonl ${T}/dispute_rules.jsonl)
cli_case(vectors.malformed_json RC 2 STDERR "^error: .*malformed_json.jsonl:2: malformed record"
         ARGS vectors ${T}/malformed_json.jsonl)
cli_case(vectors.unknown_op RC 2 STDERR "unknown op \"sizes\"" ARGS vectors ${T}/unknown_op.jsonl)
cli_case(vectors.refused_argument RC 1 STDOUT "an argument was refused.*~0 passed, 1 failed~$"
         ARGS vectors ${T}/bad_layout.jsonl)
# 200000 nested arrays: refused while parsing, not a stack overflow later.
string(REPEAT "[" 200000 open)
string(REPEAT "]" 200000 close)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/deep.jsonl
     "{\"op\":\"size\",\"args\":[{\"shape\":${open}4${close},\"stride\":1}],\"expect\":\"equal\",\"expected\":4}\n")
cli_case(vectors.deep_nesting RC 2 STDERR "nested deeper than"
         ARGS vectors ${CMAKE_CURRENT_BINARY_DIR}/deep.jsonl)
cli_case(vectors.missing_file RC 2 STDERR "^error: cannot read" ARGS vectors ${T}/no_such_file.jsonl)

# verify: the lesson examples and every vector file.
cli_case(verify.all RC 0
         STDOUT "^laws \\([0-9]+, 200 cases each.*~COMP-TILE +200 .* held .*~laws +[0-9]+ +[0-9]+ +0 .*~lesson +[0-9]+ +[0-9]+ +0 .*~[0-9]+ passed, 0 failed~$"
         ARGS verify)
cli_case(verify.bad_cases RC 2 STDERR "^error: --cases" ARGS verify --cases 0)
cli_case(verify.bad_vectors_dir RC 2 STDERR "^error: " ARGS verify --vectors ${T}/no_such_dir)

# check: one law on given operands (holds / counterexample), against the
# library or a mutant.
cli_case(check.holds RC 0 STDOUT "^holds~$" ARGS check COAL-FN "(2,3):(1,3)")
cli_case(check.vacuous RC 0 STDOUT "^holds \\(vacuously" ARGS check COMP-TILE "(2,2):(1,1)" 4)
cli_case(check.negative_operand RC 0 STDOUT "^holds~$" ARGS check SWZ-ORACLE "(2,0,3)" -5)
cli_case(check.mutant_counterexample RC 1
         STDOUT "^COAL-FN on \\(2,3\\):\\(1,3\\): coalesce gave 6:1, another function \\(at index 2, expected 3, actual 2\\)~$"
         ARGS check COAL-FN --mutant coalesce-wrong-pair "(2,3):(1,3)")
cli_case(check.list RC 0 STDOUT "layoutcheck check COMP-TILE LAYOUT INT~" ARGS check --list)
cli_case(check.unknown_law RC 2 STDERR "^error: no law NOPE" ARGS check NOPE 4:1)
cli_case(check.arity RC 2 STDERR "^error: COMP-TILE takes 2 operand" ARGS check COMP-TILE 4:2)
cli_case(check.malformed RC 2 STDERR "^error: " ARGS check COAL-FN "(2,3:(1,3)")
cli_case(check.unknown_mutant RC 2 STDERR "^error: no mutant" ARGS check COAL-FN --mutant x 4:1)

# refusals: how often each operation refuses, judged by the completeness laws;
# the library refuses nothing needlessly, an over-refusing mutant is caught.
cli_case(refusals.library RC 0
         STDOUT "~\\| composition \\| admissible \\| 300 \\| [0-9]+ \\([0-9.]+%\\) \\| 0 \\| 0 \\|.*~\\| complement \\| mixed \\| 300 \\|"
         ARGS refusals --cases 300)
cli_case(refusals.mutant RC 1
         STDOUT "~\\| left_inverse \\| admissible \\| 300 \\| [0-9]+ \\([0-9.]+%\\) \\| [1-9][0-9]* \\|"
         ARGS refusals --cases 300 --mutant left-inverse-refuses-mixed-signs)
cli_case(refusals.unknown_mutant RC 2 STDERR "^error: no mutant" ARGS refusals --mutant x)
cli_case(refusals.bad_cases RC 2 STDERR "^error: --cases" ARGS refusals --cases 0)

# selftest: the laws against every mutant; every one must be killed and the
# control must survive.
cli_case(selftest.all RC 0
         STDOUT "~idx2crd-row-major +COORD-ROUNDTRIP .*~control +survived .*~killed [0-9]+/[0-9]+, control survived~$"
         ARGS selftest --seed 20261201)
# --cases 40: the control runs every law at 40 cases, not 200 (a fifth of the
# time; selftest.all keeps the default).
cli_case(selftest.one RC 0 STDOUT "~cosize-is-size +COSIZE-ORACLE +[0-9]+/20 .*~killed 1/1, control survived~$"
         ARGS selftest --mutant cosize-is-size --seed 7 --cases 40)
# --sweep 0: the full hunt alone (--cases per law); a negative sweep is a usage error.
cli_case(selftest.no_sweep RC 0 STDOUT "~cosize-is-size +COSIZE-ORACLE +[0-9]+/40 .*~killed 1/1, control survived~$"
         ARGS selftest --mutant cosize-is-size --seed 7 --cases 40 --sweep 0)
cli_case(selftest.bad_sweep RC 2 STDERR "^error: --sweep" ARGS selftest --sweep -1)
cli_case(selftest.list RC 0 STDOUT "^idx2crd-row-major \\(idx2crd, eval\\): " ARGS selftest --list)
cli_case(selftest.unknown RC 2 STDERR "^error: no mutant" ARGS selftest --mutant x)
