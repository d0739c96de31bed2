# cmake -DEXE=... -DARGS=a|b|c -DEXPECTED=FILE -P same_output.cmake: EXE's
# stdout must equal FILE byte for byte (exit 0).
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}: ${err}")
endif()
file(READ ${EXPECTED} want)
if(NOT out STREQUAL want)
  message(FATAL_ERROR "the output differs from ${EXPECTED}; regenerate it with: ${EXE} ${args} --out ${EXPECTED}")
endif()
