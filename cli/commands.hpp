// The subcommands. Each add_* registers one on the app; when it is selected,
// its callback stores the work in `action`, which main runs through
// run_guarded (exit codes in exit_codes.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace layoutcheck {

using Action = std::function<int()>;

void add_eval(CLI::App& app, Action& action);
void add_op(CLI::App& app, Action& action);
void add_print(CLI::App& app, Action& action);
void add_vectors(CLI::App& app, Action& action);
void add_verify(CLI::App& app, Action& action);
void add_check(CLI::App& app, Action& action);
void add_selftest(CLI::App& app, Action& action);
void add_bulk(CLI::App& app, Action& action);
void add_refusals(CLI::App& app, Action& action);
void add_audit(CLI::App& app, Action& action);
void add_draw(CLI::App& app, Action& action);

}  // namespace layoutcheck
