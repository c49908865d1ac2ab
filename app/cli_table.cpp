// The table of every subcommand's flags (cli_table.h). Each command's parser takes its FlagSpec
// from here, and help prints from here: a flag added to a command is added to this table or the
// parser refuses it.
#include "cli_table.h"

#include "runner/sampling_config.h"

namespace pl::cli {

namespace {

// Flags several commands share.

FlagInfo model_flag() {
    return {"--model", "DIR",
            "the model: a Hugging Face GPT-2 folder, or a Llama-family one (Llama 3, SmolLM2, "
            "Mistral, Qwen2, Qwen3) with tokenizer.json",
            "the built-in model (assets/model)"};
}

FlagInfo backend_flag() {
    return {"--backend", "vulkan|cpu|auto",
            "where the model runs; auto is Vulkan on a GPU, and the CPU where there is none or "
            "the only Vulkan device is a software one",
            "auto"};
}

FlagInfo device_flag() {
    return {"--device", "N", "the Vulkan device to use, by its index (0 to 64)", "the best device"};
}

// --repetition-penalty, --frequency-penalty, --presence-penalty: their names are the fields of
// runner/sampling_config.h, as parse_sampling_flags reads them.
std::vector<FlagInfo> penalty_flags() {
    std::vector<FlagInfo> flags;
    for (std::string_view field : kSamplingFields) {
        std::string name = "--" + std::string(field);
        for (char& c : name)
            c = c == '_' ? '-' : c;
        std::string what;
        if (field == "repetition_penalty")
            what =
                "divides the logit of every token id already in the prompt or the answer by X "
                "when positive, multiplies it when negative (vLLM's and Hugging Face's)";
        else if (field == "frequency_penalty")
            what =
                "lowers a token's logit by X times its count so far in the answer (OpenAI's and "
                "vLLM's)";
        else
            what =
                "lowers a token's logit by X once it has appeared in the answer (OpenAI's and "
                "vLLM's)";
        flags.push_back({std::move(name), "X", what + "; " + sampling_range(field),
                         "the scenario's \"sampling\", else the model's generation_config.json "
                         "(built-in model: frequency 1.8, presence 1.0)"});
    }
    return flags;
}

// The live view's flags (gui --connect, shot --connect) and watch's.
FlagInfo replay_flag() {
    return {"--replay", "ENDPOINT",
            "the server's replay socket, asked for what it buffered at start and whenever a "
            "sequence number is missing; with several ENDPOINTs the i-th asks its port + i",
            "no replay"};
}
FlagInfo topic_flag() {
    return {"--topic", "T", "the ZMQ topic to subscribe to", "every topic"};
}
FlagInfo live_tokenizer_flag() {
    return {"--tokenizer", "DIR",
            "the server's tokenizer (vocab.json and merges.txt, or a byte-level BPE "
            "tokenizer.json): the branch points show their text; --match needs it"};
}
FlagInfo metrics_flag() {
    return {"--metrics", "URL",
            "the server's Prometheus page (http://HOST:PORT/metrics), read for the hit rate and "
            "the KV usage"};
}
FlagInfo match_flag() {
    return {"--match", "FILE",
            "a scenario file, a built-in scenario's name or an Anthropic request body: the "
            "server's blocks that are blocks of these prompts are named (needs --tokenizer)"};
}
FlagInfo block_size_live_flag() {
    return {"--block-size", "N", "the server's block (page) size, for --match (1 to 65536)", "16"};
}
FlagInfo hash_seed_flag() {
    return {"--hash-seed", "S",
            "the PYTHONHASHSEED of a vLLM server run with --prefix-caching-hash-algo "
            "sha256_cbor, for --match (SGLang needs no seed)"};
}
std::vector<FlagInfo> connect_flags() {
    return {{"--connect", "ENDPOINT",
             "connects the live view to a vLLM or SGLang server's KV-event socket "
             "(tcp://HOST:PORT), as File > Connect to a server does"},
            replay_flag(),
            topic_flag(),
            live_tokenizer_flag(),
            metrics_flag(),
            match_flag(),
            block_size_live_flag(),
            hash_seed_flag()};
}

// lint's and replay's.
FlagInfo provider_flag(const std::string& what) {
    return {"--provider", "P",
            "anthropic, openai, gemini, bedrock (Converse) or deepseek: " + what +
                "; a body in a shape that provider does not read is refused",
            "detected from each body's model and shape"};
}
FlagInfo pricing_flag() {
    return {"--pricing", "FILE",
            "your price rows, multipliers and default models (the shape of "
            "assets/lint/pricing.json, any part of it) in front of the built-in ones"};
}
FlagInfo lint_model_flag() {
    return {"--model", "DIR",
            "the model whose tokenizer numbers the tokens a finding names (JSON \"tokens\") and "
            "counts with --count builtin",
            "the built-in model"};
}
FlagInfo count_tokenizer_flag() {
    return {"--tokenizer", "DIR",
            "counts every request with a served model's tokenizer (a folder with tokenizer.json, "
            "or a tiktoken rank file)",
            "$PREFIXLENS_TOKENIZER, else each provider's own"};
}
FlagInfo count_flag() {
    return {"--count", "provider|builtin",
            "provider: each provider's own tokenizer, exact where it is public and estimated "
            "where not; builtin: the built-in model's tokens, as the app plays scenarios",
            "$PREFIXLENS_COUNT, else provider"};
}

// `flags` less the one named `name` (listed in another group of the command).
std::vector<FlagInfo> without(std::vector<FlagInfo> flags, const std::string& name) {
    std::erase_if(flags, [&](const FlagInfo& f) { return f.name == name; });
    return flags;
}

std::vector<FlagInfo> operator+(std::vector<FlagInfo> a, const std::vector<FlagInfo>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

const char* const kPenalties[] = {"--repetition-penalty", "--frequency-penalty",
                                  "--presence-penalty"};
const char* const kMatchGroup = "[--match FILE [--block-size N] [--hash-seed S]]";

std::vector<std::string> with_penalties(std::vector<std::string> flags) {
    flags.insert(flags.end(), std::begin(kPenalties), std::end(kPenalties));
    return flags;
}

std::vector<CommandInfo> build_table() {
    std::vector<CommandInfo> t;

    t.push_back(CommandInfo{
        "gui",
        "The desktop app, the command when none is named: scenarios played through the prefix "
        "cache, their blocks, prompts, lint findings and costs, logs as traffic, lessons.",
        {{"[FILE]", with_penalties({"--scenario", "--model", "--backend", "--device", "--lang",
                                    "--tokenizer"})},
         {"--connect ENDPOINT",
          {"--replay", "--topic", "--tokenizer", "--metrics", kMatchGroup},
          "the app with its live view connected, as File > Connect to a server does"},
         {"--measure-latency", {"--tokens"}},
         {"--measure-startup", {"--scenario", "--lesson"}},
         {"--measure-live-latency --connect ENDPOINT", {"--replay", "--topic", "--seconds"}},
         {"--measure-traffic LOG", {}},
         {"--report-layout", {"--scenario"}}},
        {{"FILE",
          "opens FILE: a log (JSON Lines, what replay reads) in the traffic view, one row per "
          "request; a scenario or an Anthropic request as --scenario does"}},
        {{"options",
          std::vector<FlagInfo>{
              {"--scenario", "FILE|NAME",
               "the scenario to open: a scenario file, a built-in scenario's name or an "
               "Anthropic request body",
               "the one open when the app last closed, else timestamp-at-head"},
              model_flag(),
              backend_flag(),
              device_flag(),
              {"--lang", "en|ja|pl", "the window's language",
               "the language chosen last time, else the system's, else English"},
              {"--tokenizer", "DIR",
               "a served model's tokenizer: the traffic view counts with it, and the live view "
               "shows the text of blocks with it"}} +
              penalty_flags()},
         {"live view", without(connect_flags(), "--tokenizer")},
         {"for measurements (benchmarks and tests; each prints one JSON object and exits)",
          {{"--measure-latency", "",
            "plays a long prompt while a 5 ms timer watches the UI thread for stalls"},
           {"--tokens", "N", "the prompt's length for --measure-latency (16 to 2040)", "2000"},
           {"--measure-startup", "",
            "times launch to window, to the first request drawn and to the whole scenario, then "
            "a lesson step that changes scenario"},
           {"--lesson", "NAME",
            "the built-in lesson --measure-startup opens (its first step that changes scenario)",
            "the lesson whose first scenario change comes earliest"},
           {"--measure-live-latency", "",
            "with --connect: watches the UI thread while the live stream arrives"},
           {"--seconds", "S", "how long --measure-live-latency watches (1 to 600)", "10"},
           {"--measure-traffic", "LOG",
            "opens LOG in the traffic view and times its rows, the whole view, its cost chart and "
            "opening its longest request"},
           {"--report-layout", "",
            "a launch as any other, until the first run is shown; prints the screen, the "
            "window's frame and every dock's place"}}}}});

    t.push_back(CommandInfo{
        "eval",
        "One forward pass of the model over a prompt: the next token's scores (logits) and its "
        "ten best candidates.",
        {{"(--text STRING | --tokens 1,2,3)", {"--model", "--backend", "--device", "--json"}}},
        {},
        {{"options",
          {{"--text", "STRING", "the prompt as text, in the model's tokens"},
           {"--tokens", "1,2,3", "the prompt as token ids, separated by commas"},
           model_flag(),
           backend_flag(),
           device_flag(),
           {"--json", "", "prints one JSON object: every logit, and the top ten"}}}}});

    t.push_back(CommandInfo{
        "run",
        "Plays a scenario through the prefix cache on the model: per request the tokens reused "
        "and computed, each block's hash and state, evictions, TTFT and the API-style usage.",
        {{"SCENARIO", with_penalties({"--model", "--backend", "--device", "--block-size",
                                      "--capacity-blocks", "--verify", "--no-cache", "--json",
                                      "--cache-only", "--policy", "--pricing"})},
         {"--list", {}}},
        {{"SCENARIO", "a scenario file or a built-in scenario's name (run --list)"}},
        {{"options",
          std::vector<FlagInfo>{
              model_flag(),
              backend_flag(),
              device_flag(),
              {"--block-size", "N", "tokens per KV-cache block (1 to 1024)",
               "the scenario's, else 16"},
              {"--capacity-blocks", "N", "blocks in the cache's pool (1 to 1048576)",
               "the scenario's, else 512; with --cache-only, room for every prompt"},
              {"--verify", "",
               "recomputes each request without the cache and reports the largest difference of "
               "the first token's logits (exit 1 past the tolerance)"},
              {"--no-cache", "",
               "serves every request a second time with no KV cache at all, and reports that "
               "run's times and work beside the cached one's"},
              {"--json", "", "prints one JSON line per request"},
              {"--cache-only", "",
               "hashes, looks up and stores the prompts (up to 2^20 tokens) without the model: no "
               "answer, TTFT from the cost model; not with --verify or --no-cache"},
              {"--policy", "vllm|radix|anthropic|openai|gemini|bedrock|deepseek",
               "replays the run under that caching policy and prints each request as it would "
               "have served and billed it",
               "none: the engine's prefix cache alone"},
              {"--pricing", "FILE",
               "your price rows and default models (the shape of assets/lint/pricing.json) in "
               "front of the built-in ones; needs --policy"},
              {"--list", "", "lists the built-in scenarios with their titles"}} +
              penalty_flags()}}});

    t.push_back(CommandInfo{
        "bench",
        "Measures the backend on the model: prefill, decode, TTFT with and without a reused "
        "prefix, per-kernel GPU time, two scenario runs and how busy the machine was.",
        {{"",
          {"--model", "--backend", "--device", "--json", "--quick", "--repeats", "--lengths",
           "--decode-context", "--no-scenarios"}},
         {"--sweep", {"--model", "--backend", "--device", "--json", "--quick", "--repeats"}}},
        {},
        {{"options",
          {model_flag(),
           backend_flag(),
           device_flag(),
           {"--json", "", "prints one JSON object"},
           {"--quick", "",
            "shorter: prefill of 64 and 256 tokens, one repeat, decode from 128 tokens of "
            "context; with --sweep, the first three lengths"},
           {"--repeats", "N", "each figure is the best of N runs (1 to 100)", "3; with --sweep, 2"},
           {"--lengths", "N,N...", "the prefill lengths to measure, each within the context",
            "128,256,512,1024,2048"},
           {"--decode-context", "N", "the context the decode steps start from", "512"},
           {"--no-scenarios", "", "leaves out the two whole scenario runs"},
           {"--sweep", "",
            "measures only the length sweep: prefill time, FLOPs and KV bytes of prompts from 64 "
            "tokens to the model's context"}}}}});

    t.push_back(CommandInfo{
        "lint",
        "Finds request layouts that defeat prompt caching and estimates what the provider would "
        "bill, as compiler-style text, JSON or SARIF.",
        {{"FILE...",
          {"--provider", "--format", "--fail-on", "--fix", "-o", "--repeat", "--min-tokens",
           "--no-cost", "--pricing", "--model", "--tokenizer", "--count"}},
         {"--diff A.json B.json",
          {"--format text|json", "--provider", "--min-tokens", "--pricing", "--model",
           "--tokenizer", "--count"}},
         {"--explain RULE | --list-rules", {}}},
        {{"FILE...",
          "request bodies (Anthropic Messages, OpenAI Chat Completions or Responses, Gemini, "
          "Bedrock Converse, DeepSeek), scenario files or built-in scenarios' names, and JSON "
          "Lines logs"}},
        {{"options",
          {provider_flag("the API whose caching rules and prices apply"),
           {"--format", "text|json|sarif",
            "how the report is written: text, JSON, or SARIF 2.1.0 for code scanning; --diff "
            "writes text or JSON",
            "text"},
           {"--fail-on", "note|warning|error",
            "the least severe finding that makes the exit status 1", "warning"},
           {"--fix", "",
            "writes the request rewritten to keep its prefix cacheable, to stdout (the report "
            "then goes to stderr) or to -o; one FILE, never overwritten"},
           {"-o", "FILE", "where --fix writes its output, atomically", "stdout", "--output"},
           {"--repeat", "N",
            "a single request is costed as N sends of it (1 to 1000000); a log as it is", "10"},
           {"--min-tokens", "N",
            "the shortest prefix a cache holds, instead of the provider's minimum for the model "
            "(0 to 16777216)",
            "the provider's, from assets/lint/"},
           {"--no-cost", "", "leaves the cost estimate out of the report"},
           pricing_flag(),
           lint_model_flag(),
           count_tokenizer_flag(),
           count_flag(),
           {"--diff", "",
            "compares two single requests, B sent after A: where B first leaves A's prefix, the "
            "cause, the blocks written again and B's cost after A (exit 1 when they diverge)"},
           {"--explain", "RULE", "explains one rule and exits"},
           {"--list-rules", "", "lists every rule with its severity and exits"}}}}});

    t.push_back(CommandInfo{
        "replay",
        "Replays a log under one caching policy, without a model: per request what was reused, "
        "written and left uncached, and the lint rule that explains a lost prefix.",
        {{"LOG...",
          {"--policy", "--provider", "--model", "--pricing", "--json", "--tokenizer", "--count"}}},
        {{"LOG...",
          "JSON Lines logs or request bodies (what lint reads); several are one log, in the "
          "order given"}},
        {{"options",
          {{"--policy", "anthropic|openai|gemini|bedrock|deepseek|vllm|radix",
            "the cache the log is replayed under",
            "the provider's own (from the first request, or --provider)"},
           provider_flag("the API the requests were sent to"),
           lint_model_flag(),
           pricing_flag(),
           {"--json", "",
            "prints a JSON line per request as it is replayed, then one with the summary"},
           count_tokenizer_flag(),
           count_flag()}}}});

    const std::vector<std::string> look = {"--size", "--theme", "--scale", "--deterministic",
                                           "--lang"};
    auto shot_form = [&](std::vector<std::string> first, bool engine) {
        first.insert(first.end(), look.begin(), look.end());
        if (engine) {
            for (const char* f : {"--model", "--backend", "--device"})
                first.push_back(f);
        }
        return first;
    };
    t.push_back(CommandInfo{
        "shot",
        "Renders the app window offscreen (no display needed) as it stands at a chosen moment "
        "and saves it as a PNG.",
        {{"SCENARIO -o OUT.png", with_penalties(shot_form({"--step"}, true))},
         {"--lesson NAME|FILE -o OUT.png", with_penalties(shot_form({"--lesson-step"}, true))},
         {"LOG -o OUT.png", shot_form({"--policy", "--step"}, false)},
         {"SCENARIO -o OUT.png --connect ENDPOINT",
          {"--connect-wait", "--replay", "--topic", "--tokenizer", "--metrics", kMatchGroup},
          "the window with its live view connected, as gui --connect"}},
        {{"SCENARIO", "a scenario file or a built-in scenario's name"},
         {"LOG", "a log: the traffic view once the whole log is read"}},
        {{"options",
          std::vector<FlagInfo>{
              {"-o", "OUT.png",
               "the image to write; a temporary file beside it is renamed over it when complete"},
              {"--step", "N",
               "the moment: once request N (0-based, as the app and run --json number them) has "
               "finished; for a LOG, request N opened in the block chain",
               "the last request; for a LOG, the traffic view"},
              {"--size", "WxH", "the window in logical pixels, each side 320 to 8192", "1280x800"},
              {"--theme", "light|dark", "the window's colours", "light"},
              {"--scale", "F",
               "device pixels per window pixel (0.5 to 4): the PNG is round(W*F) x round(H*F)",
               "1"},
              {"--deterministic", "",
               "byte-identical PNGs for the same inputs: TTFT from the cost model, the CPU "
               "backend unless --backend says otherwise, no clock or device name, no animation"},
              {"--lang", "en|ja|pl", "the window's language", "en"},
              model_flag(),
              backend_flag(),
              device_flag(),
              {"--lesson", "NAME|FILE",
               "a lesson (a built-in name such as 02-prefix-reuse, or a lesson file): what a "
               "presenter sees at one step; takes no SCENARIO and no --step"},
              {"--lesson-step", "N",
               "the lesson's step, from 1, as the panel's \"Step N of M\" counts", "1"},
              {"--policy", "anthropic|openai|gemini|bedrock|deepseek|vllm|radix",
               "for a LOG: the caching policy the traffic view replays it under",
               "the provider's own"}} +
              penalty_flags()},
         {"live view",
          connect_flags() + std::vector<FlagInfo>{{"--connect-wait", "S",
                                                   "seconds of the stream shown before the "
                                                   "picture (0 to 600)",
                                                   "3"}}}}});

    t.push_back(CommandInfo{
        "watch",
        "Subscribes to vLLM's or SGLang's KV-cache events and shows the blocks the servers hold "
        "and the branch points where cached prompts diverge.",
        {{"ENDPOINT...",
          {"--replay", "--topic", "--tokenizer", "--metrics", "--duration", "--json", kMatchGroup}},
         {"--measure-memory", {"--blocks"}}},
        {{"ENDPOINT...",
          "a server's (or data-parallel rank's) ZMQ PUB socket, tcp://HOST:PORT, or "
          "NAME=tcp://HOST:PORT to label it"}},
        {{"options",
          {replay_flag(),
           topic_flag(),
           live_tokenizer_flag(),
           metrics_flag(),
           {"--duration", "S", "stops after S seconds (status 0)", "until Ctrl+C"},
           {"--json", "", "prints JSON Lines: each event as it comes, then the summary"},
           match_flag(),
           block_size_live_flag(),
           hash_seed_flag()}},
         {"for measurements",
          {{"--measure-memory", "",
            "reports the remote-cache model's heap per held block, then exits"},
           {"--blocks", "N", "how many blocks --measure-memory holds (1 to 100000000)",
            "1000000"}}}}});
    return t;
}

}  // namespace

const std::vector<CommandInfo>& command_table() {
    static const std::vector<CommandInfo> table = build_table();
    return table;
}

const CommandInfo* find_command(std::string_view name) {
    for (const CommandInfo& c : command_table()) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

FlagSpec flag_spec(std::string_view command) {
    FlagSpec spec;
    spec.switches = {"--help", "-h"};
    const CommandInfo* c = find_command(command);
    if (!c)
        return spec;
    for (const FlagGroup& g : c->groups) {
        for (const FlagInfo& f : g.flags) {
            auto& set = f.metavar.empty() ? spec.switches : spec.with_value;
            set.insert(f.name);
            if (!f.alias.empty())
                set.insert(f.alias);
        }
    }
    return spec;
}

}  // namespace pl::cli
