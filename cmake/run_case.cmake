# Runs one command (layoutcheck, a check program) and checks its exit code
# and output (the CLI tests, gpu_check's exit-code tests).
#   -DEXE=<program> -DARGS=<arguments joined by |> -DRC=<exit code>
#   [-DSTDOUT=<regex>] [-DSTDERR=<regex>]
# The regexes are matched against the output with every newline written as
# `~`, so "^3~$" means exactly one line "3". An empty regex is not checked.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
string(REPLACE "\n" "~" out_line "${out}")
string(REPLACE "\n" "~" err_line "${err}")
list(JOIN args " " shown_args)
set(shown "command: ${EXE} ${shown_args}\nexit code: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT rc STREQUAL RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${RC}\n${shown}")
endif()
if(NOT STDOUT STREQUAL "" AND NOT out_line MATCHES "${STDOUT}")
  message(FATAL_ERROR "stdout does not match ${STDOUT}\n${shown}")
endif()
if(NOT STDERR STREQUAL "" AND NOT err_line MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match ${STDERR}\n${shown}")
endif()
