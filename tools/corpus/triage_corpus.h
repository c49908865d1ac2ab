// make_corpus --mix: few-shot triage documents, the shape of the app's few-shot scenario.
//
// A system prompt lists categories with one line each (one of several label sets, in shuffled
// order), then labelled example messages as user/assistant turns ("label: a few words why"), then
// one more message to sort. The label set and the examples change per document, so the answer
// comes from reading the categories and the examples, not from a memorised list.
#pragma once

#include <string>
#include <vector>

#include "corpus/data_file.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

struct TriageCategory {
    std::string label, description;
    Strings messages;  // what a customer writes; {item} and {n} are filled in
    Strings reasons;   // the few words after "label: ", reasons[i % size] for messages[i]
};

// tools/corpus/data/triage/categories.json
struct TriageData {
    ShopSystem system;  // {shop} and {instruction}; the category lines follow it
    Strings instructions;
    Strings label_prefixes;  // other names for the same categories, so the labels must be read
    Strings items;
    std::vector<TriageCategory> support;  // a shop's support desk
    std::vector<TriageCategory> studio;   // a studio's front desk
};

// Reads DIR/triage/categories.json; throws DataError naming the file and the place of a problem.
TriageData load_triage_data(const std::string& dir);

std::string triage_doc(const TriageData& data, Rng& rng);

}  // namespace pl::corpus
