// The usage text and usage errors every subcommand shares.
#include <cstdio>

#include "commands.h"

namespace pl::cli {

int fail_usage(const std::string& message) {
    std::fprintf(stderr, "prefixlens: %s\n", message.c_str());
    return 2;
}

const char* usage_text() {
    return "usage:\n"
           "  prefixlens [gui] [--scenario FILE|NAME] [--model DIR] [--backend vulkan|cpu] "
           "[--device N]\n"
           "                   [--lang en|ja|pl]\n"
           "  prefixlens eval  [--model DIR] (--text STRING | --tokens 1,2,3) "
           "[--backend vulkan|cpu] [--device N] [--json]\n"
           "  prefixlens run   SCENARIO [--model DIR] [--backend vulkan|cpu] [--block-size N]\n"
           "                   [--capacity-blocks N] [--verify] [--json]\n"
           "  prefixlens run   --list\n"
           "  prefixlens lint  FILE... [--provider anthropic|openai] [--format text|json|sarif]\n"
           "                   [--fail-on note|warning|error] [--fix] [-o FILE] [--repeat N]\n"
           "                   [--min-tokens N] [--no-cost]\n"
           "  prefixlens lint  --explain RULE | --list-rules\n"
           "  prefixlens bench [--model DIR] [--backend vulkan|cpu] [--device N] [--json] "
           "[--quick]\n"
           "  prefixlens --version\n";
}

}  // namespace pl::cli
