// The usage text and usage errors every subcommand shares.
#include <cstdio>

#include "commands.h"
#include "core/json_util.h"

namespace pl::cli {

int fail_usage(const std::string& message) {
    // Messages quote what they name; this keeps one line even if a quote was missed.
    std::fprintf(stderr, "prefixlens: %s\n", escape_for_message(message, 4000).c_str());
    return 2;
}

const char* usage_text() {
    return "usage:\n"
           "  prefixlens [gui] [--scenario FILE|NAME] [--model DIR] [--backend vulkan|cpu|auto] "
           "[--device N]\n"
           "                   [--lang en|ja|pl] [PENALTIES]\n"
           "  prefixlens [gui] FILE [the options above]\n"
           "      Opens FILE: a log (JSON Lines, what replay reads) as traffic, one row per\n"
           "      request; a scenario or an Anthropic request as --scenario does.\n"
           "  prefixlens eval  [--model DIR] (--text STRING | --tokens 1,2,3) "
           "[--backend vulkan|cpu|auto] [--device N] [--json]\n"
           "  prefixlens run   SCENARIO [--model DIR] [--backend vulkan|cpu|auto]\n"
           "                   [--block-size N] [--capacity-blocks N] [--verify] [--no-cache] "
           "[--json]\n"
           "                   [--policy vllm|radix|anthropic|openai] [PENALTIES]\n"
           "      PENALTIES: [--repetition-penalty X] [--frequency-penalty X]\n"
           "      [--presence-penalty X], against repetition as vLLM and OpenAI define them;\n"
           "      they override the scenario's \"sampling\", which overrides the model's\n"
           "      generation_config.json (built-in: frequency 1.8, presence 1.0). Greedy.\n"
           "  prefixlens run   --list\n"
           "  prefixlens lint  FILE... [--provider anthropic|openai] [--format text|json|sarif]\n"
           "                   [--fail-on note|warning|error] [--fix] [-o FILE] [--repeat N]\n"
           "                   [--min-tokens N] [--no-cost]\n"
           "  prefixlens lint  --explain RULE | --list-rules\n"
           "  prefixlens replay LOG... [--policy anthropic|openai|vllm|radix] "
           "[--provider anthropic|openai]\n"
           "                   [--model DIR] [--pricing FILE] [--json]\n"
           "      Replays a log (what lint reads) under one caching policy, without a model:\n"
           "      per request what was reused, written and left uncached, and why a prefix was\n"
           "      lost (a lint rule). Token counts are an estimate (the built-in tokenizer).\n"
           "  prefixlens bench [--model DIR] [--backend vulkan|cpu|auto] [--device N] [--json] "
           "[--quick] [--sweep]\n"
           "  prefixlens shot  SCENARIO -o OUT.png [--step N] [--size WxH] [--theme light|dark]\n"
           "                   [--scale F] [--deterministic] [--model DIR]\n"
           "                   [--backend vulkan|cpu|auto] [--device N] [--lang en|ja|pl]\n"
           "                   [PENALTIES]\n"
           "  prefixlens shot  --lesson NAME|FILE [--lesson-step N] -o OUT.png\n"
           "                   [the options above, except --step]\n"
           "  prefixlens shot  LOG -o OUT.png [--policy anthropic|openai|vllm|radix]\n"
           "                   [--size WxH] [--theme light|dark] [--scale F] [--lang en|ja|pl]\n"
           "      The traffic view of a log once it is read, under --policy (default: the\n"
           "      provider's own).\n"
           "      Renders the app window offscreen (no display needed) as it stands once request\n"
           "      N (0-based, as the app and 'run --json' number them; default: the last) has\n"
           "      finished. With --lesson, as a presenter sees lesson step N instead (1-based,\n"
           "      as the lesson panel's \"Step N of M\"; default 1): the panel with the step's\n"
           "      text, its scenario at its moment (or its log in the Traffic tab with its\n"
           "      request selected), and the spotlight on its part of the window.\n"
           "      --size is the window in pixels (default 1280x800); the PNG is that times\n"
           "      --scale. --deterministic: TTFT from the cost model, the CPU backend unless\n"
           "      --backend says otherwise, no clock or device name, no animation, so equal\n"
           "      inputs give byte-identical files.\n"
           "  prefixlens watch ENDPOINT... [--replay ENDPOINT] [--topic T] [--tokenizer DIR]\n"
           "                   [--metrics URL] [--duration S] [--json]\n"
           "                   [--match FILE [--block-size N] [--hash-seed S]]\n"
           "      Subscribes to vLLM's or SGLang's KV-cache events (ZMQ; one ENDPOINT, optionally\n"
           "      NAME=tcp://HOST:PORT, per server or data-parallel rank; with several, the i-th\n"
           "      asks --replay's port + i) and shows the blocks they hold, the branch points\n"
           "      where prompts diverge and, with --metrics http://HOST:PORT/metrics, the hit\n"
           "      rate. Stops after --duration seconds or on Ctrl+C. --match FILE (a scenario,\n"
           "      a built-in scenario's name or an Anthropic request body; needs --tokenizer,\n"
           "      the server's own) names the remote blocks that are your prompts' blocks;\n"
           "      --block-size is the server's block size (16), --hash-seed the PYTHONHASHSEED\n"
           "      of a vLLM run with --prefix-caching-hash-algo sha256_cbor. SGLang needs no\n"
           "      seed; vLLM's default hash (pickle, random seed) cannot be matched.\n"
           "  prefixlens gui   --connect ENDPOINT [--replay E] [--topic T] [--tokenizer DIR]\n"
           "                   [--metrics URL]\n"
           "      Opens the app with its live view connected (File > Connect to a server...);\n"
           "      --match, --block-size and --hash-seed as for watch.\n"
           "      shot takes the same options, and --connect-wait S (default 3) before the\n"
           "      picture.\n"
           "  prefixlens --version\n";
}

}  // namespace pl::cli
