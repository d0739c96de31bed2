// layoutcheck: the command line of the layout algebra (docs/CLI.md).
#include <iostream>

#include "commands.hpp"
#include "exit_codes.hpp"

int main(int argc, char** argv) {
  using namespace layoutcheck;
  CLI::App app{"layoutcheck: CuTe layout algebra, evaluated and checked by brute force"};
  app.set_version_flag("--version", LAYOUTCHECK_VERSION);
  app.require_subcommand(1);
  Action action;
#ifndef LAYOUTCHECK_BULK_ONLY  // the gpu-only build has bulk alone (cli/CMakeLists.txt)
  add_eval(app, action);
  add_op(app, action);
  add_print(app, action);
  add_draw(app, action);
  add_vectors(app, action);
  add_verify(app, action);
  add_check(app, action);
  add_audit(app, action);
  add_selftest(app, action);
  add_refusals(app, action);
#endif
  add_bulk(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::cerr << "error: " << e.what() << "\n(run `layoutcheck --help` for usage)\n";
    return kUsage;
  }
  return run_guarded(action);
}
