// make_corpus --mix: "recall" documents, dense practice at looking a number up in the prompt.
//
// A shop's table (return windows by category, warranty years by product, stock by item, repair
// times by service), keys and numbers drawn per document, then several questions, each answered
// with a sentence that repeats the key and copies its number. Every answer token that matters is
// a look-up, so the copying that quote documents need is practised many times per training
// window. The held-out facts of quote_corpus.h stay out.
#pragma once

#include <string>

#include "corpus/reading_corpus.h"

namespace pl::corpus {

std::string recall_doc(Rng& rng);

}  // namespace pl::corpus
