# layoutcheck audit over the protocol (docs/AUDIT.md), with the reference
# adapter (adapters/reference/adapter.py, which answers with this build's
# `layoutcheck op`): no findings on the library itself; CuTe's wrong
# composition, planted in the adapter, found and shrunk; a crash, a hang and a
# malformed reply are findings, not failures of the harness.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  return()
endif()
set(ADAPTER "${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/adapters/reference/adapter.py $<TARGET_FILE:layoutcheck>")
cli_case(audit.reference_holds RC 0 STDOUT "COMP-FN +20 +0 holds .*4 held, 0 findings, 1 unsupported"
         ARGS audit --impl "${ADAPTER}" --laws COAL-FN,COMP-FN,CPL-EXACT,LDIV-DEF,FLAT-EVAL
              --cases 20 --seed 1)
cli_case(audit.finds_wrong_composition RC 1
         STDOUT "FINDING COMP-FN: wrong answer~  COMP-FN on .*replay: layoutcheck check COMP-FN --impl"
         ARGS audit --impl "${ADAPTER} --bug composition-returns-b" --laws COMP-FN --cases 100
              --seed 1)
# COMP-FN runs first (docs/AUDIT.md: a time-boxed audit of a slow adapter
# reaches the definition of composition before the budget runs out).
cli_case(audit.comp_fn_runs_first RC 1
         STDOUT "law +cases[^~]*~COMP-FN +[0-9]+ +0 wrong answer.*~COAL-FN +- +- not run \\(time\\)"
         ARGS audit --impl "${ADAPTER} --bug composition-returns-b" --time 0.001 --cases 20
              --seed 1)
cli_case(audit.crash_mid_run RC 1 STDOUT "FINDING COMP-FN: crash~.*exited before replying"
         ARGS audit --impl "${ADAPTER} --bug crash-on-composition" --laws COAL-FN,COMP-FN
              --cases 10 --seed 1)
cli_case(audit.malformed_handshake RC 1 STDOUT "FINDING crash: the implementation did not answer the handshake"
         ARGS audit --impl "echo not-json" --laws COAL-FN --cases 5)
cli_case(audit.hang_is_a_timeout RC 1 STDOUT "FINDING crash: .*timeout"
         ARGS audit --impl "sleep 30" --laws COAL-FN --cases 5 --timeout 300)
cli_case(audit.check_replays_a_finding RC 1 STDOUT "^COMP-FN on \\(2,2\\):\\(0,0\\), 2:1: A o B = 2:1"
         ARGS check COMP-FN --impl "${ADAPTER} --bug composition-returns-b" "(2,2):(0,0)" 2:1)
cli_case(audit.cute_dsl_not_installed RC 2 STDERR "needs NVIDIA's CuTe DSL, which .* cannot import"
         ARGS audit cute-dsl)
cli_case(audit.unknown_adapter RC 2 STDERR "no adapter cute-foo; the adapters: pycute, cute-runtime"
         ARGS audit cute-foo)

# pycute (scripts/setup-adapters.sh put the pinned wheel in .venv; without PyPI
# there is none and this test is not registered): its findings with a fixed
# seed are exactly the committed baseline (docs/AUDIT.md lists each).
if(EXISTS ${PROJECT_SOURCE_DIR}/.venv/bin/python)
  cli_case(audit.pycute_baseline RC 0
           STDOUT "COMP-FN .*wrong answer.*the findings are the expected ones"
           ARGS audit pycute --seed 1 --cases 100
                --baseline ${PROJECT_SOURCE_DIR}/adapters/pycute/baseline.tsv)
endif()

# CuTe C++ with runtime values (adapters/cute_runtime, built when
# cmake/cute.cmake finds CuTe's headers): the known wrong composition is
# found from random cases and shrunk to operands of at most 3 modes, and the
# findings with a fixed seed are exactly the committed baseline.
if(TARGET layoutcheck-cute-runtime)
  cli_case(audit.cute_runtime_wrong_composition RC 1
           STDOUT "FINDING COMP-FN: wrong answer~  COMP-FN on .* is not A\\(B\\(i\\)\\)"
           ARGS audit cute-runtime --laws COMP-FN --cases 1000 --seed 2)
  cli_case(audit.cute_runtime_baseline RC 0
           STDOUT "COMP-FN .*wrong answer.*the findings are the expected ones"
           ARGS audit cute-runtime --seed 1 --cases 100
                --baseline ${PROJECT_SOURCE_DIR}/adapters/cute_runtime/baseline.tsv)
endif()
