// The built-in tokenizer on arbitrary bytes (valid UTF-8 or not): byte-level BPE is lossless,
// so decode(encode(x)) == x, and every id is in the vocabulary.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const BpeTokenizer& tok = fuzz::builtin_tokenizer();
    const std::string_view text = fuzz::as_text(data, size);
    const auto ids = tok.encode(text);
    std::size_t bytes = 0;
    for (int32_t id : ids) {
        PL_FUZZ_CHECK(id >= 0 && id < tok.vocab_size());
        PL_FUZZ_CHECK(tok.token_id(tok.token_string(id)) == id);
        bytes += tok.token_bytes(id).size();
    }
    PL_FUZZ_CHECK(bytes == size);
    PL_FUZZ_CHECK(tok.decode(ids) == text);
    return 0;
}
