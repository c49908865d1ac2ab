// vocab.json and merges.txt: the input is both, split at the first NUL byte (vocab first). A
// loaded tokenizer must round-trip a fixed text.
#include <cstring>

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const std::string_view all = fuzz::as_text(data, size);
    const std::size_t cut = all.find('\0');
    const std::string_view vocab = all.substr(0, cut);
    const std::string_view merges =
        cut == std::string_view::npos ? std::string_view() : all.substr(cut + 1);
    const auto v = fuzz::write_scratch("vocab.json", vocab);
    const auto m = fuzz::write_scratch("merges.txt", merges);
    auto tok = BpeTokenizer::load(v, m);
    if (!tok) {
        PL_FUZZ_CHECK(fuzz::one_line(tok.error().message));
        return 0;
    }
    const std::string text = "Hello, world! 42 \xe3\x81\x82\n";
    const auto ids = tok->encode(text);
    for (int32_t id : ids)
        PL_FUZZ_CHECK(id >= 0 && id < tok->vocab_size());
    PL_FUZZ_CHECK(tok->decode(ids) == text);
    return 0;
}
