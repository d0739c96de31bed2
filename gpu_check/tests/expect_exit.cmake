# Runs one command and checks its exit code and (optionally) its stdout.
#   -DEXE=<program> -DARGS=<arguments joined by |> -DRC=<exit code> [-DSTDOUT=<regex>]
# The regex is matched against stdout with every newline written as `~`.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REPLACE "\n" "~" out_line "${out}")
list(JOIN args " " shown_args)
set(shown "command: ${EXE} ${shown_args}\nexit code: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT rc STREQUAL RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${RC}\n${shown}")
endif()
if(NOT STDOUT STREQUAL "" AND NOT out_line MATCHES "${STDOUT}")
  message(FATAL_ERROR "stdout does not match ${STDOUT}\n${shown}")
endif()
message("${out}")
