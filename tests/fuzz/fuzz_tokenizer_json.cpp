// A Hugging Face tokenizer.json (watch --tokenizer reads one when a folder has no vocab.json and
// merges.txt). A loaded tokenizer holds all 256 byte tokens, so it must round-trip a fixed text;
// a refused one says why in one line.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const auto path = fuzz::write_scratch("tokenizer.json", fuzz::as_text(data, size));
    auto tok = BpeTokenizer::load_tokenizer_json(path);
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
