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

#include <array>
#include <string>
#include <vector>

#include "corpus/data_file.h"
#include "corpus/prose_data.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

// What a question can be about (return, refund, warranty, drop, delivery, countries, cutoff,
// price_match, rental, hours, exchange), and the sections of a policy (returns, refunds,
// warranty, shipping, price, rentals, showroom, exchanges): the names in the data file.
inline constexpr std::size_t kQuoteTopics = 11;
inline constexpr std::size_t kQuoteSections = 8;

struct QuoteQuestion {
    std::string text;  // {item}; {days} for "return", {country} for "countries"
    std::string lead;  // before the quoted sentence; may be {yes}
};

// A shop's policy, written out: the sentence that answers each topic and the other sentences of
// each section.
struct QuotePolicy {
    std::string shop;
    std::array<std::string, kQuoteTopics> fact;
    std::array<Strings, kQuoteSections> extra;
    Strings countries;
    Strings not_countries;
};

// tools/corpus/data/quote/policy.json. The fact templates' slots are the drawn numbers.
struct QuoteData {
    ShopWords words;
    Strings open_days;

    // A drawn shop's facts and the other sentences of its sections.
    Strings return_facts;    // {goods}, {goods_lower}, {days}
    Strings refund_facts;    // {days}
    Strings warranty_facts;  // {years}, a number word
    Strings drop_facts;
    Strings delivery_facts;        // {lo}, {hi}, {free}, {currency}
    std::string countries_fact;    // {countries}
    std::string cutoff_fact;       // {hour}
    std::string price_match_fact;  // {days}
    Strings rental_facts;          // {hour}
    std::string hours_fact;        // {days}, {from}, {to}
    std::string exchange_fact;     // {days}
    Strings return_extras, refund_extras;
    std::string used_warranty;  // {years}
    std::string price_extra, rental_extra, exchange_extra;

    // The canonical policy of the app's scenarios (tests/test_builtin_model.cpp).
    QuotePolicy lumen;

    std::array<std::string, kQuoteSections> section_titles;
    Strings title_separators;
    Strings systems;  // {shop}
    Strings items;
    Strings yes;  // the leads of questions answered "yes"
    std::array<std::vector<QuoteQuestion>, kQuoteTopics> questions;

    // Sections that answer nothing, with numbers of their own.
    std::string about;       // {year}, {people}
    std::string gift_cards;  // {years}
    std::string newsletter;  // {period}
    Strings newsletter_periods;
    std::string care;       // {percent}
    std::string privacy;    // {years}
    std::string workshops;  // {people}, {hours}
};

// Reads DIR/quote/policy.json; throws DataError naming the file and the place of a problem.
QuoteData load_quote_data(const std::string& dir);

// `prose` pads the long prompts with paragraphs of prose pages; `reading` has the answers for a
// question the policy does not cover.
std::string quote_doc(const QuoteData& data, const ProseData& prose, const ReadingData& reading,
                      Rng& rng);

}  // namespace pl::corpus
