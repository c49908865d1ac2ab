// The log record readers (logs/log_records.h): any JSON value, as a line of a log holds it, is
// either the requests it describes or one line of error; what they yield renders or is refused.
#include "fuzz_support.h"
#include "logs/log_records.h"
#include "prompt/renderer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    pl::JsonLimits limits;
    limits.max_depth = 128;
    auto parsed = pl::parse_json(pl::fuzz::as_text(data, size), "record.jsonl", limits);
    if (!parsed)
        return 0;
    auto records = pl::lint::read_log_record(std::move(parsed.value()));
    if (!records) {
        PL_FUZZ_CHECK(pl::fuzz::one_line(records.error().message));
        return 0;
    }
    for (const auto& r : records.value()) {
        PL_FUZZ_CHECK(r.body.is_object());
        PL_FUZZ_CHECK(r.body_pointer.empty() || r.body_pointer[0] == '/');
        // Counts are -1 (absent) or what the record says, never a negative number from it.
        if (r.usage)
            PL_FUZZ_CHECK(r.usage->cache_read_input_tokens >= -1 && r.usage->input_tokens >= -1);
        pl::SegmentTokenCache cache(pl::fuzz::builtin_tokenizer());
        (void)pl::render_request(r.body, pl::detect_provider(r.body), cache, "record", 1u << 16);
    }
    return 0;
}
