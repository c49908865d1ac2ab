// A Prometheus text page (a server's /metrics) and a metrics URL: any bytes.
#include "fuzz_support.h"
#include "live/server_metrics.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const std::string_view text = fuzz::as_text(data, size);
    auto samples = live::parse_prometheus_text(text);
    if (!samples) {
        PL_FUZZ_CHECK(fuzz::one_line(samples.error().message));
    } else {
        const auto m = live::cache_metrics_of(*samples);
        (void)live::interval_hit_rate(m, m);
    }
    auto url = live::parse_http_url(std::string(text.substr(0, 256)));
    if (!url)
        PL_FUZZ_CHECK(fuzz::one_line(url.error().message));
    else
        PL_FUZZ_CHECK(url->port >= 1 && url->port <= 65535 && !url->host.empty());
    return 0;
}
