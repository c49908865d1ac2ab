// `prefixlens replay` on a JSON Lines log: any bytes, under each policy in turn (the first byte
// chooses). Checks what the command line relies on: the token split adds up, errors are one
// line, rows and the summary serialize.
#include "lint_fuzz.h"
#include "replay/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const std::string_view bytes = fuzz::as_text(data, size);
    const auto path = fuzz::write_scratch("replay.jsonl", bytes);
    lint::ReplayOptions options;
    if (size > 0 && data[0] % 8 < kAllPolicies.size())
        options.policy = kAllPolicies[data[0] % 8];  // else the provider's own
    options.vllm_capacity_blocks = 64;  // small pools: eviction and refusals get exercised
    options.radix_capacity_tokens = 1024;
    lint::Replayer replayer(
        fuzz::builtin_tokenizer(), fuzz::builtin_lint_tables(), options,
        [](const lint::ReplayRow& row) {
            PL_FUZZ_CHECK(row.reused_tokens >= 0 && row.written_tokens >= 0 &&
                          row.uncached_tokens >= 0);
            PL_FUZZ_CHECK(row.reused_tokens + row.written_tokens + row.uncached_tokens ==
                          row.prompt_tokens);
            PL_FUZZ_CHECK(row.line >= 1);
            (void)lint::replay_row_json(row).dump(-1, ' ', false, ojson::error_handler_t::replace);
        });
    if (auto r = replayer.add_file(path.string()); !r)
        PL_FUZZ_CHECK(fuzz::one_line(r.error().message));
    const lint::ReplaySummary s = replayer.finish();
    for (const std::string& e : s.input_errors)
        PL_FUZZ_CHECK(fuzz::one_line(e));
    (void)lint::replay_summary_json(s).dump(-1, ' ', false, ojson::error_handler_t::replace);
    (void)lint::format_replay_text(s);
    return 0;
}
