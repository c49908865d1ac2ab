// The prompt renderer on any JSON body: every token belongs to a segment, offsets point inside
// it, and the tokens decode to the segments' texts in order.
#include "core/json_util.h"
#include "fuzz_support.h"
#include "prompt/renderer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto body = parse_json(fuzz::as_text(data, size), "body.json");
    if (!body)
        return 0;
    const BpeTokenizer& tok = fuzz::builtin_tokenizer();
    auto r = render_prompt(body.value(), tok, "body.json", 4096);
    if (!r) {
        PL_FUZZ_CHECK(fuzz::one_line(r.error().message));
        return 0;
    }
    const RenderedPrompt& p = r.value();
    PL_FUZZ_CHECK(p.tokens.size() == p.token_segment.size());
    PL_FUZZ_CHECK(p.tokens.size() == p.token_offset.size());
    PL_FUZZ_CHECK(p.tokens.size() <= 4096);
    std::string texts;
    for (std::size_t i = 0; i < p.tokens.size(); ++i) {
        const auto s = static_cast<std::size_t>(p.token_segment[i]);
        PL_FUZZ_CHECK(s < p.segments.size());
        const PromptSegment& seg = p.segments[s];
        PL_FUZZ_CHECK(static_cast<int>(i) >= seg.token_begin &&
                      static_cast<int>(i) < seg.token_end);
        PL_FUZZ_CHECK(p.token_offset[i] >= 0 &&
                      static_cast<std::size_t>(p.token_offset[i]) < seg.text.size());
    }
    for (const PromptSegment& seg : p.segments)
        texts += seg.text;
    PL_FUZZ_CHECK(tok.decode(p.tokens) == texts);
    for (std::size_t k = 0; k < p.breakpoints.size(); ++k) {
        PL_FUZZ_CHECK(p.breakpoints[k] >= 0 &&
                      static_cast<std::size_t>(p.breakpoints[k]) <= p.tokens.size());
        PL_FUZZ_CHECK(k == 0 || p.breakpoints[k] >= p.breakpoints[k - 1]);
    }
    return 0;
}
