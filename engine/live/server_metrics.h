// A serving engine's Prometheus /metrics page, read for the prefix cache: vLLM's counters
// vllm:prefix_cache_queries and vllm:prefix_cache_hits (tokens; "_total" when the client library
// adds it) and gauge vllm:kv_cache_usage_perc (a fraction, despite its name); SGLang's gauges
// sglang:cache_hit_rate and sglang:token_usage. Fetched with a small blocking HTTP/1.0 GET.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace pl::live {

// Every sample of a text exposition page, summed over label sets (ranks, models), by name.
// Comments, blank lines and samples whose value does not parse are skipped; a line that is
// not a sample at all is an error naming the line.
Result<std::map<std::string, double>> parse_prometheus_text(std::string_view text);

struct CacheMetrics {
    std::optional<double> queries_tokens;  // vLLM, cumulative
    std::optional<double> hit_tokens;      // vLLM, cumulative
    std::optional<double> hit_rate;        // 0..1: vLLM hits/queries so far, or SGLang's gauge
                                           // (none where the page's numbers are not a rate)
    std::optional<double> kv_usage;        // 0..1
    std::string engine;                    // "vllm", "sglang" or empty (neither found)
};
CacheMetrics cache_metrics_of(const std::map<std::string, double>& samples);

// The hit rate between two readings of vLLM's counters (what the server did meanwhile).
std::optional<double> interval_hit_rate(const CacheMetrics& before, const CacheMetrics& after);

// http://HOST:PORT/PATH, checked without connecting.
struct HttpUrl {
    std::string host;
    int port = 80;
    std::string path;
};
Result<HttpUrl> parse_http_url(const std::string& url);

// GET over a plain TCP socket, HTTP/1.0, the whole exchange bounded by timeout_ms and the body
// by max_bytes. Errors name the URL.
Result<std::string> http_get(const std::string& url, int timeout_ms,
                             std::size_t max_bytes = 8u << 20);

}  // namespace pl::live
