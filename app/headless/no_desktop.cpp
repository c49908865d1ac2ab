// `prefixlens gui` and `prefixlens shot` in a build without the desktop (-DPREFIXLENS_GUI=OFF,
// the command line alone for CI): one line naming the build option, exit status 2.
#include "../commands.h"

namespace pl::cli {

namespace {

int no_desktop(const char* what) {
    return fail_usage(std::string(what) +
                      " needs the desktop app, and this prefixlens was built without it "
                      "(-DPREFIXLENS_GUI=OFF); rebuild with -DPREFIXLENS_GUI=ON, or use lint, "
                      "run, eval or bench");
}

}  // namespace

int run_gui(int, char**, const std::vector<std::string>&) {
    return no_desktop("the window ('prefixlens' or 'prefixlens gui')");
}

int run_shot(const char*, const std::vector<std::string>&) {
    return no_desktop("'prefixlens shot'");
}

}  // namespace pl::cli
