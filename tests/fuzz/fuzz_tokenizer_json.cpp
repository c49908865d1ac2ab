// A Hugging Face tokenizer.json (watch --tokenizer reads one when a folder has no vocab.json and
// merges.txt): refused in one line, or loaded and lossless.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const auto path = fuzz::write_scratch("tokenizer.json", fuzz::as_text(data, size));
    fuzz::check_loaded_tokenizer(BpeTokenizer::load_tokenizer_json(path));
    return 0;
}
