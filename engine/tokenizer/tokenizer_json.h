// Reading the big files a tokenizer comes in, fast. A Hugging Face tokenizer.json is nearly all
// vocabulary and merges (Gemma 3's: 33 MB, 262,144 entries and 514,906 merges). nlohmann's
// parser reads about 110 MB/s here, so it alone would take 0.3 s of Gemma's file; simdjson
// parses it at over 1 GB/s, its vocabulary and merges go straight into plain vectors, and only
// the rest (normalizer, pre-tokenizer, added tokens: a few KB) becomes a document. A malformed
// file is parsed again by nlohmann's parser for the line and column of its message. A tiktoken
// rank file ("base64 rank" per line) is read line by line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/json_util.h"

namespace pl {

struct TokenizerJson {
    ojson rest;  // the document without /model/vocab and /model/merges
    bool has_vocab = false;
    std::vector<std::pair<std::string, int64_t>> vocab;  // in the file's order
    bool has_merges = false;
    // Each merge's two parts, by rank: from "left right" strings or [left, right] pairs.
    std::vector<std::pair<std::string, std::string>> merges;
};

// Parses a tokenizer.json's text. A malformed document is "<file>:<line>:<col>: <reason>"; a
// vocabulary that is not an object of integer ids, or a merge that is neither form, is
// "<file>: /model/...: <what>", one line.
Result<TokenizerJson> read_tokenizer_json(std::string_view text, const std::string& file);

// A tiktoken rank file: the token bytes of each rank, in rank order (ranks must be 0, 1, ...).
// Errors name the file and line.
Result<std::vector<std::string>> read_tiktoken_ranks(std::string_view text,
                                                     const std::filesystem::path& file);

}  // namespace pl
