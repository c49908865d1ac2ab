// prefixlens [gui]: the desktop app.
#include <QApplication>
#include <cstdio>

#include "cli_args.h"
#include "commands.h"
#include "prompt_window.h"

namespace pl::cli {

int fail_usage(const std::string& message) {
    std::fprintf(stderr, "prefixlens: %s\n", message.c_str());
    return 2;
}

const char* usage_text() {
    return "usage:\n"
           "  prefixlens [gui] [--scenario FILE|NAME] [--model DIR] [--backend vulkan|cpu] "
           "[--device N]\n"
           "  prefixlens eval  [--model DIR] (--text STRING | --tokens 1,2,3) "
           "[--backend vulkan|cpu] [--device N] [--json]\n"
           "  prefixlens --version\n";
}

int run_gui(int argc, char** argv, const std::vector<std::string>& args) {
    ParsedArgs a;
    if (auto err = parse(args, {{"--model", "--backend", "--device", "--scenario"}, {}}, a);
        !err.empty()) {
        return fail_usage(err);
    }
    AppOptions options;
    options.model_dir = QString::fromStdString(a.get("--model").value_or(""));
    options.backend = QString::fromStdString(a.get("--backend").value_or("vulkan"));
    options.explicit_backend = a.has("--backend");
    if (options.backend != "vulkan" && options.backend != "cpu") {
        return fail_usage("--backend must be 'vulkan' or 'cpu'");
    }
    if (auto d = a.get("--device")) {
        long v = 0;
        if (auto err = parse_int("--device", *d, 0, 64, v); !err.empty())
            return fail_usage(err);
        options.device_index = static_cast<int>(v);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("PrefixLens");
    QApplication::setOrganizationName("PrefixLens");
    PromptWindow window(options);
    window.show();
    return QApplication::exec();
}

}  // namespace pl::cli
