// A model's chat format on any input: the bytes before the first NUL are a tokenizer_config.json
// whose chat_template is recognised (or refused in one line), the bytes after it a request body
// rendered in that format, or in ChatML and Llama 3.1 when the template is refused. A rendered
// prompt is its segments' texts joined, each at its recorded offset, and its tokens decode to it.
#include "core/json_util.h"
#include "fuzz_support.h"
#include "prompt/chat_format.h"

namespace {

void check_render(const pl::ojson& body, const pl::ChatFormat& format) {
    using namespace pl;
    auto text = render_chat_text(body, format, "body.json");
    if (!text) {
        PL_FUZZ_CHECK(fuzz::one_line(text.error().message));
        return;
    }
    const ChatText& t = text.value();
    PL_FUZZ_CHECK(t.segments.size() == t.segment_begin.size());
    std::string joined;
    for (std::size_t i = 0; i < t.segments.size(); ++i) {
        PL_FUZZ_CHECK(t.segment_begin[i] == joined.size());
        joined += t.segments[i].text;
    }
    PL_FUZZ_CHECK(joined == t.text);
    const BpeTokenizer& tok = fuzz::builtin_tokenizer();
    auto p = render_chat(body, format, tok, "body.json");
    PL_FUZZ_CHECK(p.ok());  // the text rendered, so the tokens do
    PL_FUZZ_CHECK(tok.decode(p->tokens) == t.text);
    PL_FUZZ_CHECK(p->tokens.size() == p->token_segment.size());
    for (std::size_t k = 0; k < p->breakpoints.size(); ++k)
        PL_FUZZ_CHECK(p->breakpoints[k] >= 0 &&
                      static_cast<std::size_t>(p->breakpoints[k]) <= p->tokens.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const std::string_view in = fuzz::as_text(data, size);
    const std::size_t nul = in.find('\0');
    const std::string_view config = in.substr(0, nul);
    const std::string_view request = nul == std::string_view::npos ? "" : in.substr(nul + 1);
    auto file = fuzz::write_scratch("tokenizer_config.json", config);
    auto format = read_chat_format(file);
    if (!format)
        PL_FUZZ_CHECK(fuzz::one_line(format.error().message));
    auto body = parse_json(request, "body.json");
    if (!body)
        return 0;
    if (format) {
        check_render(body.value(), format.value());
        return 0;
    }
    ChatFormat chatml;
    chatml.name = "ChatML";
    chatml.tools = true;
    chatml.default_system = "You are a helpful assistant.";
    check_render(body.value(), chatml);
    ChatFormat llama;
    llama.family = ChatFamily::Llama3;
    llama.name = "Llama 3.1";
    llama.tools = true;
    llama.bos = "<|begin_of_text|>";
    llama.dated_prelude = true;
    llama.knowledge_date = "December 2023";
    llama.default_date = "26 Jul 2024";
    check_render(body.value(), llama);
    return 0;
}
