// make_corpus --mix: "quote" documents, where the answer is the policy's own sentence.
//
// A shop's policy is written as sections of sentences, one fact per sentence, with facts drawn
// per document from wide ranges, sections in shuffled order and wording varied, sometimes among
// unrelated sections that pad the prompt up to the whole context. Each question is answered by
// copying the one sentence that answers it, after a short lead-in ("Yes.", "No, ..."), or, when
// the section is missing, by saying the policy does not cover it. Copying a span that matches the
// question is what a small transformer learns first (an induction head), and it is what keeps
// a model from reciting the canonical Lumen policy when the prompt says something else.
//
// Held out, as in reading_corpus.h: return windows of 40, 45 and 75 days, refunds in 9 business
// days, warranties of seven years or more, and shop names outside the word lists.
#pragma once

#include <string>

#include "corpus/prose_data.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

// `prose` pads the long prompts with paragraphs of prose pages.
std::string quote_doc(const ProseData& prose, Rng& rng);

}  // namespace pl::corpus
