// The sentences, templates and word lists of the prose pages (prose_corpus.h), read from
// tools/corpus/data/prose/*.json. Templates use the syntax of prose_corpus.cpp's expand():
// "[a|b]" alternatives and "{slot}" names.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpus/data_file.h"

namespace pl::corpus {

// A guide, explainer, feature or notice: titles to draw from, then an opening part, middle
// parts and a closing part, each a pool of sentence templates.
struct ProseTopic {
    Strings titles;
    std::vector<Strings> parts;
};

// A customer's letter and the shop's reply.
struct ProseLetter {
    Strings titles;
    Strings ask;
    Strings reply;
};

struct GlossaryTerm {
    std::string term;
    Strings definitions;  // the first always, the others each with a chance
};

struct MinutesItem {
    std::string heading;  // "Treasurer's report"
    Strings sentences;
};

struct ProseData {
    // words.json
    std::map<std::string, Strings> lists;  // "{first}", "{subj}"...: drawn afresh at every use
    std::map<std::string, Strings> swaps;  // a common word and the words that may replace it
    Strings expository_links;              // "However,": connectives of articles
    Strings narrative_links;               // "Later,": connectives of diaries
    std::set<std::string> link_openers;    // first words of sentences that take no connective
    std::set<std::string> proper_words;    // first words that keep their capital after one
    Strings currencies;
    Strings cents;
    Strings club_kinds;  // " Camera Club", appended to a town

    // explainers.json, guides.json, features.json, notices.json
    std::vector<ProseTopic> explainers;
    std::vector<ProseTopic> guides;
    std::vector<ProseTopic> features;
    std::vector<ProseTopic> notices;
    Strings general_pool;  // sentences that fit any article
    Strings shop_pool;     // sentences that fit any notice

    // letters.json
    Strings letter_page_titles;  // a page of several letters
    Strings letter_title_prefixes;
    Strings letter_intros;
    Strings letter_openings;
    Strings ask_before;
    Strings ask_after;
    std::string letter_signoff;
    std::string reply_greeting;
    Strings reply_after;
    std::string reply_signoff;
    std::vector<ProseLetter> letters;

    // pages.json
    Strings handbook_titles;
    Strings handbook_intros;
    Strings story_titles;
    std::string story_arrival;
    std::vector<Strings> story_parts;  // in the order of a day; see kStoryParts
    Strings glossary_titles;
    Strings glossary_intro;
    std::vector<GlossaryTerm> glossary;
    Strings camera_review_titles;
    Strings lens_review_titles;
    std::vector<Strings> camera_review;  // one pool per paragraph, in order
    std::vector<Strings> lens_review;
    std::string minutes_title;
    std::vector<MinutesItem> minutes;  // in agenda order; see kMinutesItems
};

// The story's parts are morning, on the way, shooting, an encounter, a setback and the ending;
// the minutes' items are welcome, treasurer, competition, outings, talk and other business. The
// page builders treat some of them specially, so the files must have exactly these counts.
inline constexpr std::size_t kStoryParts = 6;
inline constexpr std::size_t kMinutesItems = 6;

// Reads DIR/prose/*.json; throws DataError naming the file and the place of the first problem.
ProseData load_prose_data(const std::string& dir);

}  // namespace pl::corpus
