// Learns a GPT-2-style byte-level BPE vocabulary from a text corpus, for the small models the
// project builds itself. The output loads with BpeTokenizer::load.
#pragma once

#include <string>
#include <string_view>

namespace pl {

struct BpeTrainResult {
    std::string vocab_json;  // {"token": id, ...}: 256 bytes in GPT-2's order, merges, EOT
    std::string merges_txt;  // "#version: 0.2" then one "left right" line per merge, by rank
    int vocab_size = 0;      // tokens in vocab_json
    int merge_count = 0;     // lines after the header in merges_txt
};

// vocab_size counts everything: the 256 byte tokens, one token per learned merge and
// "<|endoftext|>" (always the last id). Training stops early when no pair of adjacent tokens is
// left in the corpus; a vocab_size below 257 gives the bytes and "<|endoftext|>" only.
// Words come from the same pre-tokenizer as BpeTokenizer. At each step the most frequent pair
// wins; ties go to the pair with the smaller left id, then the smaller right id, so the result
// depends on the corpus and vocab_size only.
BpeTrainResult train_bpe(std::string_view corpus, int vocab_size);

}  // namespace pl
