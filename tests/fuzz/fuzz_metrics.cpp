// A Prometheus text page (a server's /metrics) and a metrics URL: any bytes. Beyond not crashing,
// what the app shows must be a rate: vLLM's is hits over queries of the page's own counters, in
// [0, 1], or none when the counters cannot be a cache's (no queries, hits above queries, below
// zero); SGLang's gauge is shown only within [0, 1].
#include <cmath>

#include "fuzz_support.h"
#include "live/server_metrics.h"

namespace {

// The page's value of a counter under either of its names, as the test reads it.
std::optional<double> sample(const std::map<std::string, double>& s, const char* total,
                             const char* plain) {
    if (auto it = s.find(total); it != s.end())
        return it->second;
    if (auto it = s.find(plain); it != s.end())
        return it->second;
    return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const std::string_view text = fuzz::as_text(data, size);
    auto samples = live::parse_prometheus_text(text);
    if (!samples) {
        PL_FUZZ_CHECK(fuzz::one_line(samples.error().message));
    } else {
        for (const auto& [name, value] : *samples)
            PL_FUZZ_CHECK(!name.empty() && std::isfinite(value));
        const auto m = live::cache_metrics_of(*samples);
        if (m.hit_rate)
            PL_FUZZ_CHECK(*m.hit_rate >= 0.0 && *m.hit_rate <= 1.0);
        const auto q =
            sample(*samples, "vllm:prefix_cache_queries_total", "vllm:prefix_cache_queries");
        const auto h = sample(*samples, "vllm:prefix_cache_hits_total", "vllm:prefix_cache_hits");
        if (m.engine == "vllm") {
            PL_FUZZ_CHECK(m.queries_tokens == q && m.hit_tokens == h);
            const bool consistent = q && h && *q > 0 && *h >= 0 && *h <= *q;
            PL_FUZZ_CHECK(m.hit_rate.has_value() == consistent);
            if (consistent)
                PL_FUZZ_CHECK(*m.hit_rate == *h / *q);
            // Nothing asked between two equal readings: no rate for the interval.
            PL_FUZZ_CHECK(!live::interval_hit_rate(m, m));
        } else {
            PL_FUZZ_CHECK(!q && !h);
            if (m.engine == "sglang") {
                const double gauge = samples->count("sglang:cache_hit_rate")
                                         ? samples->at("sglang:cache_hit_rate")
                                         : -1.0;
                PL_FUZZ_CHECK(m.hit_rate.has_value() == (gauge >= 0.0 && gauge <= 1.0));
                if (m.hit_rate)
                    PL_FUZZ_CHECK(*m.hit_rate == gauge);
            } else {
                PL_FUZZ_CHECK(m.engine.empty() && !m.hit_rate && !m.kv_usage);
            }
            const auto interval = live::interval_hit_rate(m, m);
            PL_FUZZ_CHECK(interval == m.hit_rate);
        }
    }
    auto url = live::parse_http_url(std::string(text.substr(0, 256)));
    if (!url)
        PL_FUZZ_CHECK(fuzz::one_line(url.error().message));
    else
        PL_FUZZ_CHECK(url->port >= 1 && url->port <= 65535 && !url->host.empty());
    return 0;
}
