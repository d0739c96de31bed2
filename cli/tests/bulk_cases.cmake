# Command-line contract of `layoutcheck bulk` (docs/BULK.md). Included from
# cli/CMakeLists.txt after cases.cmake; same cli_case() format. The backend is
# forced to cpu so that the output is the same with and without a GPU. (No
# `[` in a regex: an unbalanced bracket stops CMake splitting the list; use `.`.)

# One law: the statement, the counts, the cross-check, the verdict last.
cli_case(bulk.equal_coalesce RC 0
         STDOUT "^bulk SAME-FN: L1\\(i\\) == L2\\(i\\) .*~indices 96, cpu .*checksum 0x[0-9a-f]+.*~cross-check sample against (reference|gpu): 96 indices, .*agrees~oracle spot check: 96 indices, agrees~holds~$"
         ARGS bulk equal "((2,4),(3,4)):((1,2),(8,24))" "96:1" --backend cpu)
# By catalog law ID: COAL-FN checks L against the library's coalesce(L).
cli_case(bulk.coal_fn RC 0
         STDOUT "^bulk COAL-FN: L1\\(i\\) == L2\\(i\\) .*L2 = 96:1~.*oracle spot check: 96 indices, agrees~holds~$"
         ARGS bulk COAL-FN "((2,4),(3,4)):((1,2),(8,24))" --backend cpu)
cli_case(bulk.compose RC 0 STDOUT "R = A o B = 16:4.*~holds~$"
         ARGS bulk compose "(3,6,2,8):(96,16,8,2)" 16:72 --backend cpu --cross-check full)
cli_case(bulk.tile RC 0
         STDOUT "C = complement\\(A, M\\) = \\(2,64,8\\):\\(4,32,4096\\).*indices 32768 \\(2\\^15\\).*covered 32768~.*holds~$"
         ARGS bulk tile "(4,(2,4)):(1,(2048,8))" 32768 --backend cpu)
cli_case(bulk.tile_size_notation RC 0 STDOUT "indices 65536 \\(2\\^16\\).*holds~$"
         ARGS bulk tile 256:1 2^16 --backend cpu)
cli_case(bulk.right_inverse RC 0 STDOUT "R = right_inverse\\(A\\) = .*holds~$"
         ARGS bulk right_inverse "(4,(2,8)):(16,(1,2))" --backend cpu)
cli_case(bulk.left_inverse_past_2_32 RC 0 STDOUT "indices 16777216 \\(2\\^24\\).*holds~$"
         ARGS bulk left_inverse "(4096,4096):(1,8589934592)" --backend cpu --cross-check none)

# A law that fails: exit 1 with the first mismatching index and its values.
cli_case(bulk.equal_mismatch RC 1
         STDOUT "fails: 999000 mismatches; first at i = 1000: expected 1000, got 1001~$"
         ARGS bulk equal "(1000,1000):(1,1000)" "(1000,1000):(1,1001)" --backend cpu)
cli_case(bulk.tile_out_of_range RC 1
         STDOUT "fails: 128 offsets out of .0, 4096\\), 0 duplicate hits, .*first bad index 4040: offset 4096 \\(out of range\\)~$"
         ARGS bulk tile "(4,6):(1,32)" 4096 --backend cpu)

# Refusals (exit 3) and bad usage (exit 2).
cli_case(bulk.refused_composition RC 3 STDOUT "^$" STDERR "^error: composition\\("
         ARGS bulk compose "(6,2):(1,7)" "(3,2):(2,3)" --backend cpu)
cli_case(bulk.refused_too_many_indices RC 3 STDERR "^error: bulk equal\\(.*bulk limit of 2\\^40"
         ARGS bulk equal "(2097152,1048576):(1,2097152)" 2199023255552:1 --backend cpu)
cli_case(bulk.refused_overflow RC 3 STDERR "^error: bulk equal\\(.*int64"
         ARGS bulk equal "(2,2):(4611686018427387904,4611686018427387904)" 4:1 --backend cpu)
cli_case(bulk.unknown_law RC 2 STDERR "^error: unknown law" ARGS bulk coalesce 4:1)
cli_case(bulk.wrong_arity RC 2 STDERR "^error: usage: layoutcheck bulk" ARGS bulk compose 4:1)
cli_case(bulk.no_law RC 2 STDERR "^error: usage: layoutcheck bulk" ARGS bulk)
cli_case(bulk.malformed_layout RC 2 STDERR "^error: parse" ARGS bulk right_inverse "(4,2):(1")
cli_case(bulk.bad_backend RC 2 STDERR "^error: " ARGS bulk right_inverse 4:1 --backend tpu)
cli_case(bulk.bad_min_size RC 2 STDERR "^error: --min-size" ARGS bulk --campaign 1 --min-size 3^4)

# A small campaign: one row per law, the summary line, progress on stderr.
cli_case(bulk.campaign RC 0
         STDOUT "law +layouts +indices checked +mismatches +failed +GPU time +CPU time +indices/s~COAL-[A-Z]+ .*~COMP-FN .*~COMP-TILE .*~RINV-FN .*~LINV-FN .*~seed 7, min size 65536 \\(2\\^16\\), backend cpu.*~5 passed, 0 failed~$"
         STDERR "bulk \\[5/5\\] LINV-FN: .*holds, .*oracle agrees"
         ARGS bulk --campaign 5 --min-size 2^16 --seed 7 --backend cpu)

# A device error exits 4 (docs/CLI.md): --backend gpu where no GPU is usable
# (CUDA_VISIBLE_DEVICES= hides every device, so this holds on a GPU machine too).
cli_case(bulk.backend_gpu_without_device RC 4 STDOUT "^$"
         STDERR "^error: device error: --backend gpu: (no usable GPU|no GPU backend|built without CUDA)"
         ARGS bulk equal 8:1 8:1 --backend gpu)
set_tests_properties(cli.bulk.backend_gpu_without_device PROPERTIES ENVIRONMENT
                     "CUDA_VISIBLE_DEVICES=")
