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
// name not made of the two word lists in reading_corpus.cpp (e.g. "Quillon Photo Works").
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

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

// The assistant's answer when the policy has no section for the question.
std::string staff_handoff(Rng& rng);

// One document of the --reading mix, in the app's framing (prompt/framing.h).
std::string reading_doc(Rng& rng);

}  // namespace pl::corpus
