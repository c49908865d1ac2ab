// make_corpus prose: plain English pages about cameras, lenses, photography and a camera shop's
// work (guides, explainers, history, shop news, letters, diaries, glossaries, reviews, minutes),
// so the model learns ordinary word and sentence statistics and not only templated chats.
//
// Every page is built from hundreds of hand-written sentence templates (tools/corpus/data/prose/)
// with inline alternatives and slots (invented cameras, lenses, brands, shops, people, places,
// numbers, dates, prices), sampled and shuffled per page, so two pages on one topic rarely share a
// paragraph. All text was written for this project. Randomness comes only from Rng, so a seed gives
// the same bytes everywhere.
#pragma once

#include <string>

#include "corpus/prose_data.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

// One plain-text page (no framing tags): a title line, then paragraphs separated by blank lines;
// 150 to 1,500 words.
std::string prose_doc(const ProseData& data, Rng& rng);

}  // namespace pl::corpus
