// train_bpe --vocab-size N -o OUTDIR CORPUS_FILE...
// Learns a GPT-2-style byte-level BPE tokenizer and writes OUTDIR/vocab.json and
// OUTDIR/merges.txt, which BpeTokenizer::load reads.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "core/file_util.h"
#include "train/bpe_trainer.h"

namespace fs = std::filesystem;

namespace {

void print_usage() {
    std::fprintf(stderr,
                 "usage: train_bpe --vocab-size N -o OUTDIR CORPUS_FILE...\n"
                 "  N counts the 256 byte tokens, the merges and <|endoftext|>.\n");
}

bool read_file(const fs::path& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        return false;
    out = std::move(buffer).str();
    return true;
}

// Writes next to the target and renames over it, so a crash or a full disk never leaves a
// half-written tokenizer where a model loader would find it.
bool write_atomically(const fs::path& path, const std::string& text) {
    if (auto r = pl::write_file_atomically(path, text); !r) {
        std::fprintf(stderr, "%s\n", r.error().message.c_str());
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    int vocab_size = 0;
    fs::path out_dir;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--vocab-size" || arg == "-o") && i + 1 >= argc) {
            std::fprintf(stderr, "train_bpe: %s needs a value\n", arg.c_str());
            return 2;
        }
        if (arg == "--vocab-size") {
            const std::string value = argv[++i];
            const auto [end, ec] =
                std::from_chars(value.data(), value.data() + value.size(), vocab_size);
            if (ec != std::errc() || end != value.data() + value.size() || vocab_size < 257) {
                std::fprintf(stderr, "train_bpe: --vocab-size must be an integer >= 257\n");
                return 2;
            }
        } else if (arg == "-o") {
            out_dir = argv[++i];
        } else if (arg == "-h" || arg == "--help") {
            print_usage();
            return 0;
        } else if (arg.starts_with("-") && arg != "-") {
            std::fprintf(stderr, "train_bpe: unknown option %s\n", arg.c_str());
            print_usage();
            return 2;
        } else {
            inputs.emplace_back(arg);
        }
    }
    if (vocab_size == 0 || out_dir.empty() || inputs.empty()) {
        print_usage();
        return 2;
    }

    // Files are joined with a newline where one is missing, so the last word of one file and
    // the first of the next never fuse into one pre-token.
    std::string corpus;
    for (const fs::path& path : inputs) {
        std::string text;
        if (!read_file(path, text)) {
            std::fprintf(stderr, "%s: cannot read file\n", path.string().c_str());
            return 1;
        }
        if (!corpus.empty() && corpus.back() != '\n')
            corpus += '\n';
        corpus += text;
    }

    const auto start = std::chrono::steady_clock::now();
    const pl::BpeTrainResult result = pl::train_bpe(corpus, vocab_size);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) {
        std::fprintf(stderr, "%s: cannot create directory: %s\n", out_dir.string().c_str(),
                     ec.message().c_str());
        return 1;
    }
    if (!write_atomically(out_dir / "vocab.json", result.vocab_json) ||
        !write_atomically(out_dir / "merges.txt", result.merges_txt)) {
        return 1;
    }
    std::printf("%zu bytes of corpus -> %d tokens (%d merges) in %.2f s; wrote %s\n", corpus.size(),
                result.vocab_size, result.merge_count, seconds, out_dir.string().c_str());
    if (result.vocab_size < vocab_size) {
        std::printf("note: the corpus ran out of pairs before reaching %d tokens\n", vocab_size);
    }
    return 0;
}
