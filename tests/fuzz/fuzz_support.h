// What the libFuzzer targets share: a scratch file for parsers that read paths, the built-in
// tokenizer and lint tables loaded once, and a check that aborts (a crash libFuzzer keeps).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "core/assets.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::fuzz {

// An invariant of the code under test: a failure is a bug, so it must crash.
#define PL_FUZZ_CHECK(cond)                                                               \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            std::abort();                                                                 \
        }                                                                                 \
    } while (0)

// A folder of this process's own in memory (/dev/shm) or in TMPDIR, removed at exit.
inline const std::filesystem::path& scratch_dir() {
    static const std::filesystem::path dir = [] {
        std::error_code ec;
        std::filesystem::path base = "/dev/shm";
        if (!std::filesystem::is_directory(base, ec))
            base = std::filesystem::temp_directory_path();
        auto d = base / ("prefixlens-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        std::atexit([] {
            std::error_code e;
            std::filesystem::remove_all(scratch_dir(), e);
        });
        return d;
    }();
    return dir;
}

// Writes bytes to scratch_dir()/name and returns its path.
inline std::filesystem::path write_scratch(const std::string& name, std::string_view bytes) {
    const auto path = scratch_dir() / name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
}

inline const BpeTokenizer& builtin_tokenizer() {
    static const BpeTokenizer tok = [] {
        auto t = BpeTokenizer::load(builtin_model_dir() / "vocab.json",
                                    builtin_model_dir() / "merges.txt");
        if (!t) {
            std::fprintf(stderr, "fuzz: %s\n", t.error().message.c_str());
            std::abort();
        }
        return std::move(t.value());
    }();
    return tok;
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A message the program would print: one line.
inline bool one_line(const std::string& s) {
    return s.find('\n') == std::string::npos && s.find('\r') == std::string::npos;
}

// A tokenizer file the fuzzer wrote: refused in one line, or loaded and then lossless on a fixed
// text (a loaded tokenizer holds all 256 byte tokens), with every id in its vocabulary.
inline void check_loaded_tokenizer(const Result<BpeTokenizer>& tok) {
    if (!tok) {
        PL_FUZZ_CHECK(one_line(tok.error().message));
        return;
    }
    const std::string text = "Hello, world! 42 \xe3\x81\x82\n";
    const auto ids = tok->encode(text);
    for (int32_t id : ids)
        PL_FUZZ_CHECK(id >= 0 && id < tok->vocab_size());
    // A SentencePiece-style vocabulary without byte fallback may spell a character as its
    // unknown token: only the others must give the text back.
    if (tok->lossless())
        PL_FUZZ_CHECK(tok->decode(ids) == text);
}

}  // namespace pl::fuzz
