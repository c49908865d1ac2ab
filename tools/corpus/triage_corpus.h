// make_corpus --mix: few-shot triage documents, the shape of the app's few-shot scenario.
//
// A system prompt lists categories with one line each (one of several label sets, in shuffled
// order), then labelled example messages as user/assistant turns ("label: a few words why"), then
// one more message to sort. The label set and the examples change per document, so the answer
// comes from reading the categories and the examples, not from a memorised list.
#pragma once

#include <string>

#include "corpus/reading_corpus.h"

namespace pl::corpus {

std::string triage_doc(Rng& rng);

}  // namespace pl::corpus
