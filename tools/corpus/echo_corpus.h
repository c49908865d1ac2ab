// make_corpus --mix: "echo" documents, the plainest copying there is.
//
// The user gives a list (words, product codes, numbers, dates in a random order that no template
// predicts) and asks for it back, whole or from a given item on; the assistant repeats it
// exactly. None of its tokens can be guessed, only copied: what an induction head does (attend
// to the token after the earlier occurrence of the current one and copy it). None of our models
// did it: on a random token sequence written twice they predicted none of the repeated half, also
// after 800 steps with echo documents as 15% of the mix, so this is a start, not a cure.
#pragma once

#include <string>

#include "corpus/data_file.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

// tools/corpus/data/echo/lists.json
struct EchoData {
    std::string system;  // the system prompt, when there is one
    Strings words;       // list items, also numbers, codes and dates
    Strings code_prefixes;
    Strings months;
    Strings separators;
    Strings copy_asks;     // "Copy this: ", followed by the list
    std::string from_ask;  // {list} and {from}
};

// Reads DIR/echo/lists.json; throws DataError naming the file and the place of a problem.
EchoData load_echo_data(const std::string& dir);

std::string echo_doc(const EchoData& data, Rng& rng);

}  // namespace pl::corpus
