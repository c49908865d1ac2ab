// make_corpus --reading: documents that can only be answered by reading the prompt.
//
// Every document draws its own facts (a shop's return window, refund days, warranty years,
// delivery times and prices, countries, opening hours; a customer's orders; a camera manual's
// numbers) from wide ranges, writes them in shuffled sections with varied wording among
// distractor sections full of other numbers, pads the prompt to a random length up to the whole
// context, and asks questions whose answers quote the one fact that answers them. Reciting a
// memorised policy is wrong most of the time, so the model has to look the fact up.
//
// Held out of every document, so a test can check that answers come from the prompt: return
// windows of 40, 45 and 75 days, refunds in 9 business days, a three-year warranty, and any shop
// name not made of the two word lists of tools/corpus/data/reading/shop.json (e.g. "Quillon Photo
// Works"). The numbers' ranges and those held-out values are in reading_corpus.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "corpus/data_file.h"

namespace pl::corpus {

// A splitmix64 stream: identical on every platform, unlike std:: distributions.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
    int range(int lo, int hi) { return lo + below(hi - lo + 1); }  // inclusive
    bool chance(int percent) { return below(100) < percent; }
    template <class T>
    T pick(const std::vector<T>& v) {  // by value: callers often pick from a temporary list
        return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
    }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[static_cast<std::size_t>(below(static_cast<int>(i)))]);
    }
};

// Draws from [lo, hi] but never a held-out value: how every corpus keeps the test's facts out.
int draw(Rng& rng, int lo, int hi, const std::vector<int>& held_out);

// "a, b and c"
std::string list_of(const std::vector<std::string>& v);

// The sections of a shop's policy (returns, refunds, exchanges, warranty, shipping, price_match,
// rentals, hours), the names in tools/corpus/data/reading/shop.json, and the filler sections that
// answer nothing (about, payment, loyalty, gift_cards, care, privacy, trade_in, workshops).
inline constexpr std::size_t kReadingTopics = 8;
inline constexpr std::size_t kReadingFillers = 8;

struct ReadingOpening {
    std::string days;    // "Monday to Saturday"
    std::string closed;  // the day the showroom is closed: "Sunday"
};

struct ReadingSection {
    std::string title;
    std::string text;
    std::string alt;  // another wording, drawn half of the time; empty when there is none
};

struct ReadingAsk {
    Strings questions;
    std::string answer;
};

struct ReadingCategory {
    std::string name, description;
    Strings examples;
};

struct ReadingFact {
    std::string section;
    Strings questions;  // one is drawn when there are several
    std::string answer;
};

// The numbers every generated policy states (the chats' and the reading documents'), with the
// canonical policy's values (Lumen Camera Store, the app's scenarios); a drawn shop replaces them.
struct ShopTerms {
    int return_days = 30, refund_days = 5, warranty_years = 2, used_warranty_years = 1;
    int ship_hour = 2;  // p.m.: orders before it ship the same day
    int price_match_days = 14, rental_hour = 6;
};

// The word lists a drawn shop is made of, in reading/shop.json and again in quote/policy.json.
struct ShopWords {
    Strings first, second;  // a shop's name: one word of each
    Strings goods, currencies, countries;

    // The lists of `file`; fewer than `min_countries` countries is an error (a shop ships to some
    // of them and is asked about others).
    static ShopWords read(const DataFile& file, std::size_t min_countries);
    // "<first> <second>", drawn again while it is `taken` (the canonical shop's name). The second
    // word is drawn first, as in the corpora made before the data files.
    std::string name(Rng& rng, const std::string& taken) const;
    // The countries shuffled, then [lo, hi] of them shipped to and the next `asked` not.
    void draw_countries(Rng& rng, int lo, int hi, int asked, Strings& shipped,
                        Strings& not_shipped) const;
};

// A shop of the reading documents: its names and its policy's numbers, the canonical policy's
// by default.
struct ReadingShop : ShopTerms {
    std::string name;
    std::string goods;  // "cameras, lenses, lighting and accessories"
    int std_lo = 2, std_hi = 4, free_above = 99, express = 12;
    std::string std_cost = "4.90", currency;
    Strings countries;      // shipped to
    Strings not_countries;  // asked about, not shipped to
    int deposit_days = 3, partial = 85, actuations = 500;
    int repair_lo = 10, repair_hi = 15, label_days = 1;
    ReadingOpening opening;
    int open_from = 9, open_to = 6;  // a.m. / p.m.
};

// tools/corpus/data/reading/*.json. Every template's slots are the drawn shop's, order's or
// camera's numbers and names; the loader checks them (see reading_corpus.cpp).
struct ReadingData {
    // shop.json: the shops, their policies and the questions about them.
    ShopWords words;
    std::vector<ReadingOpening> openings;
    ReadingShop lumen;  // the canonical policy: its names from the file, its numbers the defaults
    Strings regions;    // entries of a country list that are not one country
    std::array<ReadingSection, kReadingTopics> sections;
    std::array<std::string, kReadingFillers> fillers;
    Strings systems;
    std::string time;
    Strings handoffs;
    Strings items;
    Strings return_questions, return_answers, unreturnable;
    std::string unreturnable_question, unreturnable_answer;
    std::string days_ago, weeks_ago;
    Strings late_questions;
    std::string in_time, too_late;
    ReadingAsk refunds, warranty_damage, warranty_length, shipping_standard, shipping_express;
    ReadingAsk rentals, hours;
    std::string exchange_question, exchange_answer, price_match_question, price_match_answer;
    std::string months_question, months_covered, months_expired;
    Strings country_questions;
    std::string country_yes, country_no, country_list_question, country_list_answer;
    std::string cost_question, cost_free, cost_paid;
    Strings off_topic;
    std::string page_lead, page_qa;

    // orders.json: a customer's record, and the agent's order look-up.
    Strings products, months, prefix_letters, first_names, last_names, cities;
    std::string customer, delivered, shipped, line, ticket, record_system;
    Strings status_questions;
    std::string delivered_answer, shipped_answer;
    std::string return_question, return_delivered, return_not_delivered;

    // agent.json
    Strings agent_tools;  // compact JSON, written as they are
    std::string agent_system;
    Strings agent_questions;
    std::string agent_lookup, agent_shipped, agent_packing;

    // manual.json
    Strings brands, model_letters, cards;
    std::string battery;
    std::vector<ReadingFact> facts;  // in the order the manual is shuffled from
    std::string manual_title, manual_system;

    // triage.json
    std::vector<ReadingCategory> categories;
    std::string triage_system, triage_category;
};

// Reads DIR/reading/*.json; throws DataError naming the file and the place of a problem.
ReadingData load_reading_data(const std::string& dir);

// The assistant's answer when the policy has no section for the question.
std::string staff_handoff(const ReadingData& data, Rng& rng);

// One document of the --reading mix, in the app's framing (prompt/framing.h).
std::string reading_doc(const ReadingData& data, Rng& rng);

}  // namespace pl::corpus
