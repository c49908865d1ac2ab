// vocab.json and merges.txt: the input is both, split at the first NUL byte (vocab first):
// refused in one line, or loaded and lossless.
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
    fuzz::check_loaded_tokenizer(BpeTokenizer::load(v, m));
    return 0;
}
