// A tiktoken rank file (OpenAI's o200k_base and cl100k_base, installed by
// tools/tokenizers/fetch.sh): refused in one line naming the file and line, or loaded and
// lossless. The encoding.json beside it is fixed (GPT-2's split pattern, one special token).
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    static const bool meta = [] {
        fuzz::write_scratch(
            "encoding.json",
            R"({"name": "fuzz", "pat_str": "'s|'t| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+", "special_tokens": {"<|endoftext|>": 100000}})");
        return true;
    }();
    (void)meta;
    const auto path = fuzz::write_scratch("fuzz.tiktoken", fuzz::as_text(data, size));
    fuzz::check_loaded_tokenizer(BpeTokenizer::load_tiktoken(path));
    return 0;
}
