#include "lint/finding_tokens.h"

#include <algorithm>

namespace pl::lint {

namespace {

bool inside(const std::string& pointer, const std::string& parent) {
    return pointer == parent || pointer.rfind(parent + "/", 0) == 0;
}

// The tokens of every segment at or under `pointer`, walking up to the parent until some have.
std::optional<TokenRange> segments_under(const RenderedPrompt& prompt, std::string pointer) {
    while (!pointer.empty()) {
        int b = -1, e = -1;
        for (const PromptSegment& s : prompt.segments) {
            if (s.pointer.empty() || s.token_end <= s.token_begin)
                continue;
            if (inside(s.pointer, pointer)) {
                b = b < 0 ? s.token_begin : std::min(b, s.token_begin);
                e = std::max(e, s.token_end);
            }
        }
        if (b >= 0)
            return TokenRange{b, e};
        // A value inside a tool is rendered as part of the tool's JSON: look at its parent.
        pointer = pointer.substr(0, pointer.rfind('/'));
    }
    return std::nullopt;
}

// Tokens overlapping bytes [b, e) of segment `s`; its first token when none does.
TokenRange tokens_of_bytes(const RenderedPrompt& prompt, const PromptSegment& s, std::size_t b,
                           std::size_t e) {
    int first = -1, last = -1;
    for (int t = s.token_begin; t < s.token_end; ++t) {
        const auto tb = static_cast<std::size_t>(prompt.token_offset[static_cast<std::size_t>(t)]);
        const std::size_t te =
            t + 1 < s.token_end
                ? static_cast<std::size_t>(prompt.token_offset[static_cast<std::size_t>(t + 1)])
                : s.text.size();
        if (tb < e && te > b) {
            first = first < 0 ? t : first;
            last = t;
        }
    }
    return first < 0 ? TokenRange{s.token_begin, s.token_begin + 1} : TokenRange{first, last + 1};
}

}  // namespace

std::optional<TokenRange> tokens_of_finding(const Finding& f, const std::string& pointer,
                                            const RenderedPrompt& prompt) {
    const int n = static_cast<int>(prompt.tokens.size());
    if (n == 0)
        return std::nullopt;
    const int at = f.details.value("token_offset", -1);
    const std::string value = f.details.value("value", std::string());
    if (!value.empty()) {
        // The value as written, or as escaped inside a tool's JSON; the occurrence at the token
        // the rule reported wins over the others.
        const auto range = segments_under(prompt, pointer);
        std::optional<TokenRange> best;
        const std::string escaped = ojson(value).dump();
        for (const PromptSegment& s : prompt.segments) {
            if (!range || s.token_begin < range->begin || s.token_end > range->end ||
                s.pointer.empty())
                continue;
            for (const std::string& needle : {value, escaped.substr(1, escaped.size() - 2)}) {
                for (std::size_t pos = s.text.find(needle); pos != std::string::npos;
                     pos = s.text.find(needle, pos + 1)) {
                    const TokenRange t = tokens_of_bytes(prompt, s, pos, pos + needle.size());
                    if (!best || (t.begin <= at && at < t.end))
                        best = t;
                }
            }
        }
        if (best)
            return best;
    }
    if (at >= 0)
        return TokenRange{std::min(at, n - 1), std::min(at, n - 1) + 1};
    return segments_under(prompt, pointer);
}

std::string pointer_in_body(const std::string& pointer, const std::string& body_pointer) {
    return inside(pointer, body_pointer) ? pointer.substr(body_pointer.size()) : pointer;
}

void place_in_prompt(Finding& f, const RenderedPrompt& prompt, const std::string& body_pointer) {
    // A pointer outside the body (a log line's timestamp) names none of its tokens.
    const std::string pointer =
        inside(f.pointer, body_pointer) ? f.pointer.substr(body_pointer.size()) : std::string();
    f.tokens = tokens_of_finding(f, pointer, prompt);
}

void place_in_prompt(std::vector<Finding>& findings, int request, const RenderedPrompt& prompt,
                     const std::string& body_pointer) {
    // The request before it may have findings among them (its dynamic values that this request
    // confirmed): those have their tokens already.
    for (auto f = findings.rbegin(); f != findings.rend() && f->request >= request - 1; ++f) {
        if (f->request == request)
            place_in_prompt(*f, prompt, body_pointer);
    }
}

}  // namespace pl::lint
