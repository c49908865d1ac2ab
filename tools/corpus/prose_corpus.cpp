#include "corpus/prose_corpus.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "corpus/prose_data.h"

namespace pl::corpus {

namespace {

// ---- the template engine ----
//
// A template is text with "[a|b|c]" alternatives (nested freely; "[word|]" makes a word optional)
// and "{slot}" names. A slot is a value fixed for the page ({cam}, {shop}, {name}...), a number
// ("{n:2:9}" digits, "{w:2:9}" words, "{price:20:90}", "{year:1850:1990}") or a list drawn afresh
// at every use ({subj}, {weather}, {first}...), whose entries may hold templates themselves.

struct Page {
    const ProseData& data;
    Rng& rng;
    std::map<std::string, std::string> fixed;
    std::string currency;
};

std::string expand(Page& p, const std::string& t);

std::string number_word(int n) {
    static const char* kOnes[] = {"zero",    "one",     "two",       "three",    "four",
                                  "five",    "six",     "seven",     "eight",    "nine",
                                  "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                  "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
    static const char* kTens[] = {"",      "",      "twenty",  "thirty", "forty",
                                  "fifty", "sixty", "seventy", "eighty", "ninety"};
    if (n < 0 || n >= 100)
        return std::to_string(n);
    if (n < 20)
        return kOnes[n];
    return std::string(kTens[n / 10]) + (n % 10 ? std::string("-") + kOnes[n % 10] : "");
}

std::string price(Page& p, int lo, int hi) {
    const int whole = p.rng.range(lo, hi);
    const std::string cents = p.rng.pick(p.data.cents);
    const std::string& c = p.currency;
    const int form = p.rng.below(5);
    if (c == "dollars" && form < 2)
        return "$" + std::to_string(whole) + (form == 1 ? "." + cents : "");
    if (form == 2)
        return std::to_string(whole) + "." + cents + " " + c;
    if (form == 3 && whole < 100)
        return number_word(whole) + " " + c;
    return std::to_string(whole) + " " + c;
}

std::string slot(Page& p, const std::string& key) {
    const auto f = p.fixed.find(key);
    if (f != p.fixed.end())
        return f->second;
    const std::size_t colon = key.find(':');
    if (colon != std::string::npos) {
        const std::string kind = key.substr(0, colon);
        const std::size_t colon2 = key.find(':', colon + 1);
        const int lo = std::stoi(key.substr(colon + 1, colon2 - colon - 1));
        const int hi = std::stoi(key.substr(colon2 + 1));
        if (kind == "w")
            return number_word(p.rng.range(lo, hi));
        if (kind == "price")
            return price(p, lo, hi);
        return std::to_string(p.rng.range(lo, hi));  // "n", "year"
    }
    const auto l = p.data.lists.find(key);
    if (l != p.data.lists.end())
        return expand(p, p.rng.pick(l->second));
    return "{" + key + "}";  // a missing slot shows up in tests
}

std::string expand(Page& p, const std::string& t) {
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '[') {
            Strings alts;
            std::size_t j = i + 1, from = i + 1;
            int depth = 1;
            for (; j < t.size(); ++j) {
                if (t[j] == '[') {
                    ++depth;
                } else if (t[j] == ']') {
                    if (--depth == 0)
                        break;
                } else if (t[j] == '|' && depth == 1) {
                    alts.push_back(t.substr(from, j - from));
                    from = j + 1;
                }
            }
            alts.push_back(t.substr(from, j - from));
            out += expand(p, p.rng.pick(alts));
            i = j;
        } else if (t[i] == '{') {
            const std::size_t j = t.find('}', i);
            out += slot(p, t.substr(i + 1, j - i - 1));
            i = j;
        } else {
            out += t[i];
        }
    }
    return out;
}

// Swaps a few common words for equally natural ones, keeping an initial capital.
std::string vary(Page& p, const std::string& in) {
    std::string out;
    std::size_t i = 0;
    while (i < in.size()) {
        const char c = in[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            out += c;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < in.size() &&
               ((in[j] >= 'a' && in[j] <= 'z') || (in[j] >= 'A' && in[j] <= 'Z') || in[j] == '-'))
            ++j;
        std::string w = in.substr(i, j - i);
        if (w == "a" && in.compare(j, 4, " lot") == 0 &&
            (j + 4 == in.size() || in[j + 4] == ' ' || in[j + 4] == '.' || in[j + 4] == ',')) {
            w = "a lot";
            j += 4;
        }
        std::string lower = w;
        const bool cap = lower[0] >= 'A' && lower[0] <= 'Z';
        if (cap)
            lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        const auto f = p.data.swaps.find(lower);
        if (f != p.data.swaps.end()) {
            w = p.rng.pick(f->second);
            if (cap)
                w[0] = static_cast<char>(w[0] - 'a' + 'A');
        }
        out += w;
        i = j;
    }
    return out;
}

bool is_vowel(char c) {
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'A' || c == 'E' ||
           c == 'I' || c == 'O' || c == 'U';
}

bool starts(const std::string& s, std::size_t at, const char* prefix) {
    return s.compare(at, std::char_traits<char>::length(prefix), prefix) == 0;
}

// Whether "a" before the word at `at` should be "an".
bool wants_an(const std::string& s, std::size_t at) {
    if (at >= s.size())
        return false;
    for (const char* exception : {"uni", "use", "usu", "UV", "one", "Eu", "eu", "uti", "U-"})
        if (starts(s, at, exception))
            return false;
    if (starts(s, at, "hour") || starts(s, at, "honest") || starts(s, at, "8") ||
        starts(s, at, "11") || starts(s, at, "18") || starts(s, at, "f/"))
        return !starts(s, at, "f/");
    return is_vowel(s[at]);
}

// Tidies spacing left by empty alternatives, fixes "a"/"an" and capitalizes the first letter.
std::string tidy(const std::string& in) {
    std::string s;
    for (char c : in) {
        if (c == ' ' && (s.empty() || s.back() == ' '))
            continue;
        if ((c == ',' || c == '.' || c == ';' || c == ':' || c == '?' || c == '!') && !s.empty() &&
            s.back() == ' ')
            s.pop_back();
        if (c == '.' && !s.empty() && s.back() == '.')
            continue;  // "7 p.m." ends the sentence too
        s += c;
    }
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool word_start = i == 0 || s[i - 1] == ' ' || s[i - 1] == '"' || s[i - 1] == '(';
        if (word_start && (s[i] == 'a' || s[i] == 'A') && i + 1 < s.size() && s[i + 1] == ' ' &&
            wants_an(s, i + 2)) {
            out += s[i];
            out += 'n';
            continue;
        }
        out += s[i];
    }
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

std::size_t words(const std::string& s) {
    std::size_t n = 0;
    bool in = false;
    for (char c : s) {
        const bool space = c == ' ' || c == '\n';
        if (!space && !in)
            ++n;
        in = !space;
    }
    return n;
}

// Prefixes a finished sentence with a connective such as "However,", keeping the capital of a
// name.
// Sentences that already open with a linking or framing word take no connective.
std::string connect(const ProseData& data, const std::string& connective,
                    const std::string& sentence) {
    std::string first = sentence.substr(0, sentence.find_first_of(" ,.'"));
    if (data.link_openers.count(first) > 0)
        return sentence;
    std::string s = sentence;
    const bool keep = data.proper_words.count(first) > 0 || first.size() < 1 ||
                      (first.size() > 1 && first[1] >= 'A' && first[1] <= 'Z') ||
                      s.compare(0, 2, "I ") == 0 || s[0] == '"';
    if (!keep && s[0] >= 'A' && s[0] <= 'Z')
        s[0] = static_cast<char>(s[0] - 'A' + 'a');
    if (s[0] == '"')
        return sentence;
    return connective + " " + s;
}

// Whether a sentence is a short plain statement that can be joined to its neighbor.
bool joinable(const std::string& s) {
    return !s.empty() && s.back() == '.' && words(s) <= 14 && s.find('"') == std::string::npos &&
           s.find(';') == std::string::npos && s.find(':') == std::string::npos;
}

// Expands `n` templates drawn without repeats from `pool` (skipping ones already used on the
// page) and joins them into a paragraph, with an occasional connective.
std::string paragraph(Page& p, const Strings& pool, int n, std::set<std::string>& used,
                      const Strings& links, int link_percent = 22) {
    std::vector<std::size_t> order(pool.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    std::string out, last;
    bool joined_last = false;
    int taken = 0;
    for (std::size_t i : order) {
        if (taken == n)
            break;
        if (!used.insert(pool[i]).second)
            continue;
        std::string s = tidy(vary(p, expand(p, pool[i])));
        if (taken > 0 && p.rng.chance(link_percent)) {
            const std::string link = p.rng.pick(links);
            if (out.find(link) == std::string::npos)
                s = connect(p.data, link, s);
        } else if (taken > 0 && !joined_last && joinable(last) && joinable(s) && p.rng.chance(12)) {
            // Two short statements become one sentence: "A; b." or "A, and b."
            const std::string joined = connect(p.data, p.rng.chance(60) ? ";" : ", and", s);
            if (joined != s) {
                out.pop_back();  // the full stop
                out += joined;
                last = joined;
                joined_last = true;
                ++taken;
                continue;
            }
        }
        out += (taken > 0 ? " " : "") + s;
        last = s;
        joined_last = false;
        ++taken;
    }
    return out;
}

// Expands templates in their given order (for text whose order matters).
std::string in_order(Page& p, const Strings& templates) {
    std::string out;
    for (const auto& t : templates)
        out += (out.empty() ? "" : " ") + tidy(vary(p, expand(p, t)));
    return out;
}
// ---- page builders ----

std::string title_case(const std::string& s) {
    static const std::set<std::string> kSmall = {"a",    "an", "and", "the", "of",   "on",
                                                 "in",   "at", "to",  "for", "with", "or",
                                                 "from", "by", "vs",  "is",  "it"};
    std::string out, w;
    auto flush = [&](bool first) {
        if (!w.empty() && w[0] >= 'a' && w[0] <= 'z' && (first || kSmall.count(w) == 0))
            w[0] = static_cast<char>(w[0] - 'a' + 'A');
        out += w;
        w.clear();
    };
    for (char c : s) {
        if (c == ' ') {
            flush(out.empty());
            out += c;
        } else {
            w += c;
        }
    }
    flush(out.empty());
    return out;
}

int page_target(Rng& rng) {
    const int k = rng.below(100);
    if (k < 40)
        return rng.range(170, 400);
    if (k < 75)
        return rng.range(400, 800);
    return rng.range(800, 1400);
}

struct Doc {
    std::string title;
    Strings paras;
    std::size_t count() const {
        std::size_t n = words(title);
        for (const auto& s : paras)
            n += words(s);
        return n;
    }
    // Adds `para` unless it is empty or would push the page past the length limit.
    bool add(const std::string& para) {
        if (para.empty() || count() + words(para) > 1480)
            return false;
        paras.push_back(para);
        return true;
    }
    std::string text() const {
        std::string out = title + "\n";
        for (const auto& s : paras)
            out += "\n" + s + "\n";
        return out;
    }
};

// Writes one topic's paragraphs into `d`: an opening, the middle parts, more from the middle
// parts and at most `max_filler` paragraphs of `filler` while under `target`, then a closing.
void topic_paragraphs(Page& p, const ProseTopic& t, const Strings& filler, int max_filler,
                      int target, std::set<std::string>& used, Doc& d, int max_open = 4) {
    const Strings& links = p.data.expository_links;
    d.add(paragraph(p, t.parts.front(), p.rng.range(std::min(2, max_open), max_open), used, links));
    const std::size_t last = t.parts.size() - 1;
    for (std::size_t i = 1; i < last; ++i)
        d.add(paragraph(p, t.parts[i], p.rng.range(3, 6), used, links));
    int fillers = 0;
    for (int round = 0; round < 16 && static_cast<int>(d.count()) < target; ++round) {
        bool middle = last > 1 && p.rng.chance(60);
        if (!middle && fillers >= max_filler && d.count() >= 190)
            middle = last > 1;
        if (!middle)
            ++fillers;
        const Strings& pool =
            middle ? t.parts[static_cast<std::size_t>(p.rng.range(1, static_cast<int>(last) - 1))]
                   : filler;
        const std::string para = paragraph(p, pool, p.rng.range(3, 5), used, links);
        if (!para.empty() && !d.add(para))
            break;
    }
    d.add(paragraph(p, t.parts.back(), p.rng.range(1, 3), used, links));
}

std::string article(Page& p, const ProseTopic& t, const Strings& filler, int target,
                    int max_open = 4) {
    std::set<std::string> used;
    Doc d;
    d.title = title_case(tidy(expand(p, p.rng.pick(t.titles))));
    topic_paragraphs(p, t, filler, p.rng.range(0, 2), target, used, d, max_open);
    return d.text();
}

// A longer page of two to four topics, each under its own heading.
std::string handbook(Page& p, const std::vector<ProseTopic>& topics, int target) {
    std::set<std::string> used;
    Doc d;
    d.title = title_case(tidy(expand(p, p.rng.pick(p.data.handbook_titles))));
    if (p.rng.chance(60))
        d.add(tidy(expand(p, p.rng.pick(p.data.handbook_intros))));
    std::vector<std::size_t> order(topics.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    const int n = std::max(2, std::min(4, target / 330));
    for (int k = 0; k < n && static_cast<int>(d.count()) < target; ++k) {
        const ProseTopic& t = topics[order[static_cast<std::size_t>(k)]];
        if (!d.add(title_case(tidy(expand(p, p.rng.pick(t.titles))))))
            break;
        const int share =
            static_cast<int>(d.count()) + (target - static_cast<int>(d.count())) / (n - k);
        topic_paragraphs(p, t, p.data.general_pool, k == n - 1 ? 1 : 0, share, used, d);
    }
    return d.text();
}

// Keeps each template with the given chance (at least `min_keep`), in order.
std::string some_in_order(Page& p, const Strings& pool, int percent, int min_keep) {
    Strings kept;
    for (const auto& t : pool)
        if (p.rng.chance(percent))
            kept.push_back(t);
    for (std::size_t i = 0; static_cast<int>(kept.size()) < min_keep && i < pool.size(); ++i)
        if (std::find(kept.begin(), kept.end(), pool[i]) == kept.end())
            kept.insert(kept.begin() + static_cast<long>(std::min(i, kept.size())), pool[i]);
    return in_order(p, kept);
}

std::string letters_page(Page& p) {
    Doc d;
    const int n = p.rng.chance(60) ? 1 : p.rng.range(2, 3);
    const std::vector<ProseLetter>& letters = p.data.letters;
    std::vector<std::size_t> order(letters.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    const ProseLetter& first = letters[order[0]];
    d.title = n == 1 ? title_case(tidy(expand(
                           p, p.rng.pick(p.data.letter_title_prefixes) + p.rng.pick(first.titles))))
                     : p.rng.pick(p.data.letter_page_titles);
    if (p.rng.chance(60))
        d.add(tidy(expand(p, p.rng.pick(p.data.letter_intros))));
    const int max_letters = static_cast<int>(order.size());
    Strings writers = p.data.lists.at("first");
    p.rng.shuffle(writers);
    writers.erase(std::remove(writers.begin(), writers.end(), p.fixed["staff"]), writers.end());
    for (int k = 0; k < max_letters && (k < n || d.count() < 180); ++k) {
        const ProseLetter& l = letters[order[static_cast<std::size_t>(k)]];
        p.fixed["name"] = writers[static_cast<std::size_t>(k)];
        p.fixed["town"] = p.rng.pick(p.data.lists.at("town"));
        if (n > 1 || k > 0)
            d.add(title_case(tidy(expand(p, p.rng.pick(l.titles)))));
        d.add(tidy(expand(p, p.rng.pick(p.data.letter_openings))));
        std::string ask = some_in_order(p, l.ask, 75, 4);
        if (p.rng.chance(60))
            ask = in_order(p, {p.rng.pick(p.data.ask_before)}) + " " + ask;
        const std::size_t cut = ask.find(". ", ask.size() / 2);
        if (cut != std::string::npos && p.rng.chance(50)) {
            d.add(ask.substr(0, cut + 1));
            d.add(ask.substr(cut + 2));
        } else {
            d.add(ask);
        }
        if (p.rng.chance(60))
            d.add(in_order(p, {p.rng.pick(p.data.ask_after)}));
        d.add(tidy(expand(p, p.data.letter_signoff)));
        d.add(tidy(expand(p, p.data.reply_greeting)));
        std::string reply = some_in_order(p, l.reply, 80, 4);
        if (p.rng.chance(70))
            reply += " " + in_order(p, {p.rng.pick(p.data.reply_after)});
        d.add(reply);
        d.add(tidy(expand(p, p.data.reply_signoff)));
    }
    return d.text();
}

std::string story_page(Page& p, int target) {
    Doc d;
    std::set<std::string> used;
    p.fixed["month"] = p.rng.pick(p.data.lists.at("month"));  // one month for the whole day
    d.title = title_case(tidy(expand(p, p.rng.pick(p.data.story_titles))));
    const std::vector<Strings>& parts = p.data.story_parts;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i == 4 && p.rng.chance(40))
            continue;  // not every day has a setback
        std::string para =
            paragraph(p, parts[i], p.rng.range(2, 4), used, p.data.narrative_links, 30);
        if (i == 2 && p.rng.chance(70))
            para = tidy(expand(p, p.data.story_arrival)) + " " + para;
        d.add(para);
        if ((i == 2 || i == 3) && static_cast<int>(d.count()) < target / 2)
            d.add(paragraph(p, parts[i], p.rng.range(2, 3), used, p.data.narrative_links, 30));
    }
    return d.text();
}

std::string glossary_page(Page& p, int target) {
    Doc d;
    d.title = p.rng.pick(p.data.glossary_titles);
    std::set<std::string> used;
    d.add(paragraph(p, p.data.glossary_intro, p.rng.range(1, 3), used, p.data.expository_links));
    const std::vector<GlossaryTerm>& glossary = p.data.glossary;
    std::vector<std::size_t> chosen(glossary.size());
    for (std::size_t i = 0; i < chosen.size(); ++i)
        chosen[i] = i;
    p.rng.shuffle(chosen);
    const std::size_t n = static_cast<std::size_t>(
        std::min(static_cast<int>(chosen.size()), std::max(10, target / 22)));
    chosen.resize(n);
    std::sort(chosen.begin(), chosen.end(),
              [&](std::size_t a, std::size_t b) { return glossary[a].term < glossary[b].term; });
    for (std::size_t i : chosen) {
        const GlossaryTerm& t = glossary[i];
        std::string entry = t.term + ": " + tidy(expand(p, t.definitions[0]));
        for (std::size_t j = 1; j < t.definitions.size(); ++j)
            if (p.rng.chance(70))
                entry += " " + tidy(expand(p, t.definitions[j]));
        d.add(entry);
    }
    return d.text();
}

std::string review_page(Page& p) {
    Doc d;
    std::set<std::string> used;
    const bool camera = p.rng.chance(55);
    d.title = title_case(tidy(expand(p, camera ? p.rng.pick(p.data.camera_review_titles)
                                               : p.rng.pick(p.data.lens_review_titles))));
    const std::vector<Strings>& parts = camera ? p.data.camera_review : p.data.lens_review;
    for (std::size_t i = 0; i < parts.size(); ++i)
        d.add(paragraph(p, parts[i], i == 0 ? p.rng.range(1, 2) : p.rng.range(2, 4), used,
                        p.data.expository_links));
    if (d.count() < 220)
        d.add(paragraph(p, p.data.general_pool, 3, used, p.data.expository_links));
    return d.text();
}

std::string minutes_page(Page& p) {
    Doc d;
    d.title = tidy(expand(p, p.data.minutes_title));
    Strings present = p.data.lists.at("first");
    p.rng.shuffle(present);
    present.resize(static_cast<std::size_t>(p.rng.range(5, 12)));
    std::string line = "Present: {name}, {name2}";
    for (const auto& s : present)
        if (s != p.fixed["name"] && s != p.fixed["name2"])
            line += ", " + s;
    d.add(tidy(expand(p, line + ". Apologies: {first} and {first}.")));
    // Items 2 and 4 (competition, talk) are not on every agenda; the last (other business)
    // keeps its order.
    const std::vector<MinutesItem>& items = p.data.minutes;
    std::set<std::string> used;
    int number = 1;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if ((i == 2 || i == 4) && p.rng.chance(30))
            continue;
        const Strings& pool = items[i].sentences;
        const std::string para = i == items.size() - 1
                                     ? some_in_order(p, pool, 60, 2)
                                     : paragraph(p, pool, p.rng.range(2, 4), used, {}, 0);
        d.add(std::to_string(number++) + ". " + items[i].heading + "\n" + para);
    }
    return d.text();
}

Page make_page(const ProseData& data, Rng& rng) {
    Page p{data, rng, {}, rng.pick(data.currencies)};
    const std::map<std::string, Strings>& L = data.lists;
    Strings brands = L.at("brand");
    rng.shuffle(brands);
    p.fixed["brand"] = brands[0];
    p.fixed["cam"] = brands[0] + " " + rng.pick(L.at("model"));
    p.fixed["cam2"] = brands[1] + " " + rng.pick(L.at("model"));
    p.fixed["lens"] = rng.chance(50) ? rng.pick(L.at("prime")) : rng.pick(L.at("zoomlens"));
    p.fixed["shop"] = rng.pick(L.at("shopa")) + " " + rng.pick(L.at("shopb"));
    Strings names = L.at("first");
    rng.shuffle(names);
    p.fixed["name"] = names[0];
    p.fixed["name2"] = names[1];
    p.fixed["staff"] = names[2];
    p.fixed["town"] = rng.pick(L.at("town"));
    p.fixed["place"] = rng.pick(L.at("subj"));
    p.fixed["street"] = rng.pick(L.at("street"));
    p.fixed["film"] = rng.pick(L.at("film"));
    p.fixed["theme"] = rng.pick(L.at("genre"));
    p.fixed["club"] = p.fixed["town"] + rng.pick(data.club_kinds);
    return p;
}

std::string page(const ProseData& data, Rng& rng) {
    Page p = make_page(data, rng);
    const int k = rng.below(100);
    const int target = page_target(rng);
    if (k < 55 && target > 750 && rng.chance(75))
        return handbook(p, k < 30 ? data.explainers : data.guides, target);
    if (k < 30)
        return article(p, rng.pick(data.explainers), data.general_pool, target);
    if (k < 55)
        return article(p, rng.pick(data.guides), data.general_pool, target);
    if (k < 65)
        return article(p, rng.pick(data.features), data.general_pool, target);
    if (k < 75) {
        p.fixed["date"] = expand(p, "{date}");
        return article(p, rng.pick(data.notices), data.shop_pool,
                       std::min(target, rng.range(170, 380)), 1);
    }
    if (k < 82)
        return letters_page(p);
    if (k < 90)
        return story_page(p, target);
    if (k < 94)
        return glossary_page(p, target);
    if (k < 98)
        return review_page(p);
    return minutes_page(p);
}

// Strings a test holds out of all training text (split here so this file never spells them).
bool held_out(const std::string& s) {
    for (const char* bad : {"7"
                            "5 days",
                            "9 business"
                            " days",
                            "seven"
                            "-year",
                            "Quil"
                            "lon",
                            "repair desk looks at"
                            " every"})
        if (s.find(bad) != std::string::npos)
            return true;
    return false;
}

}  // namespace

std::string prose_doc(const ProseData& data, Rng& rng) {
    for (;;) {
        std::string doc = page(data, rng);
        if (!held_out(doc))
            return doc;
    }
}

}  // namespace pl::corpus
