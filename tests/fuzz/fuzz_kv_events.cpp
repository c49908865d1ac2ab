// A KV-event payload (msgpack, as vLLM and SGLang publish it): any bytes. A decoded batch then
// goes through the remote-cache model, whose counts must stay consistent.
#include "fuzz_support.h"
#include "live/kv_event_decoder.h"
#include "live/remote_cache_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto batch = live::decode_kv_payload(std::span<const uint8_t>(data, size));
    if (!batch) {
        PL_FUZZ_CHECK(fuzz::one_line(batch.error().message));
        return 0;
    }
    live::RemoteCacheModel model({.churn_window_s = 1, .keep_tokens = true});
    int64_t stored = 0;
    for (const auto& e : batch->events) {
        PL_FUZZ_CHECK(e.hashes.size() <= size);
        for (const auto& h : e.hashes)
            PL_FUZZ_CHECK(h.size >= 1 && h.size <= 32 && h.hex().size() == 2u * h.size);
        if (e.type == live::KvEventType::Stored)
            stored += static_cast<int64_t>(e.hashes.size());
        model.apply(0, e, 0);
        model.apply(1, e, 0);  // a second source must not disturb the first
    }
    PL_FUZZ_CHECK(model.stored_blocks() == 2 * stored);
    PL_FUZZ_CHECK(model.held() <= static_cast<std::size_t>(2 * stored));
    PL_FUZZ_CHECK(model.held(0) + model.held(1) == model.held());
    for (const auto& bp : model.branch_points(8))
        PL_FUZZ_CHECK(bp.children >= 2 && bp.descendants >= bp.children);
    (void)model.forest(4, 4);
    model.clear_source(0);
    model.clear_source(1);
    PL_FUZZ_CHECK(model.held() == 0 && model.nodes() == 0);
    return 0;
}
