// make_corpus --mix: "recall" documents, dense practice at looking a number up in the prompt.
//
// A shop's table (return windows by category, warranty years by product, stock by item, repair
// times by service), keys and numbers drawn per document, then several questions, each answered
// with a sentence that repeats the key and copies its number. Every answer token that matters is
// a look-up, so the copying that quote documents need is practised many times per training
// window. The held-out facts of quote_corpus.h stay out.
#pragma once

#include <string>
#include <vector>

#include "corpus/data_file.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

struct RecallQuestion {
    std::string question, answer;
};

// One kind of table. Its templates name the row's key ({key}, or {Key} capitalised) and numbers:
// {days} for returns; {years} ("1 year", "3 years") for warranty; {count} and {days} for stock;
// {days} and {price} for repairs.
struct RecallTable {
    std::string title;
    Strings keys;  // drawn without repeats; the warranty table makes its keys from `name`
    std::string line;
    std::vector<RecallQuestion> questions;
};

// tools/corpus/data/recall/tables.json
struct RecallData {
    ShopSystem system;  // {shop} and {title}; the table's lines follow it
    RecallTable returns, warranty, stock, repair;
    Strings brands, kinds;     // of the warranty table's products
    std::string product_name;  // {brand} {number} {kind}
};

// Reads DIR/recall/tables.json; throws DataError naming the file and the place of a problem.
RecallData load_recall_data(const std::string& dir);

std::string recall_doc(const RecallData& data, Rng& rng);

}  // namespace pl::corpus
