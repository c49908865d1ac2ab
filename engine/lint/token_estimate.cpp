#include "lint/token_estimate.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace pl::lint {

namespace {

constexpr double kLatinCharsPerTokenLow = 4.5;   // fewest tokens
constexpr double kLatinCharsPerTokenHigh = 3.0;  // most tokens
constexpr double kCjkTokensLow = 0.7, kCjkTokensHigh = 1.5;

bool is_media(const PromptSegment& s) {
    return s.text.rfind("<image ", 0) == 0 || s.text.rfind("<document ", 0) == 0;
}

}  // namespace

TokenEstimate provider_tokens(const RenderedRequest& p, int end_token) {
    double low = 0, high = 0;
    const auto& r = p.rendered;
    for (const PromptSegment& s : r.segments) {
        if (s.token_begin >= end_token)
            break;
        if (is_media(s) && !s.pointer.empty()) {
            const int n = std::min(end_token, s.token_end) - s.token_begin;
            low += n;
            high += n;
            continue;
        }
        std::size_t bytes = s.text.size();
        if (s.token_end > end_token)
            bytes = static_cast<std::size_t>(r.token_offset[static_cast<std::size_t>(end_token)]);
        long long latin = 0, cjk = 0;
        const std::string_view t(s.text.data(), std::min(bytes, s.text.size()));
        for (std::size_t i = 0; i < t.size();) {
            const auto c = static_cast<unsigned char>(t[i]);
            const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
            for (int k = 1; k < n && i + static_cast<std::size_t>(k) < t.size(); ++k)
                cp = (cp << 6) |
                     (static_cast<unsigned char>(t[i + static_cast<std::size_t>(k)]) & 0x3F);
            i += static_cast<std::size_t>(n);
            const bool wide = (cp >= 0x3000 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
                              (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
            (wide ? cjk : latin) += 1;
        }
        low += static_cast<double>(latin) / kLatinCharsPerTokenLow +
               static_cast<double>(cjk) * kCjkTokensLow;
        high += static_cast<double>(latin) / kLatinCharsPerTokenHigh +
                static_cast<double>(cjk) * kCjkTokensHigh;
    }
    return {static_cast<int>(std::floor(low)), static_cast<int>(std::ceil(high))};
}

}  // namespace pl::lint
