#include "corpus/prose_data.h"

#include <algorithm>

namespace pl::corpus {

namespace {

// Rejects an unclosed "[" or "{", which would make expand() run past the end of the text.
void check_template(const DataFile& file, const std::string& pointer, const std::string& text) {
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '[') {
            ++depth;
        } else if (text[i] == ']') {
            --depth;
        } else if (text[i] == '{' && text.find('}', i) == std::string::npos) {
            data_error(file, pointer, "unclosed '{' at character " + std::to_string(i + 1));
        }
        if (depth < 0)
            data_error(file, pointer, "unmatched ']' at character " + std::to_string(i + 1));
    }
    if (depth != 0)
        data_error(file, pointer, "unclosed '['");
}

std::string template_at(const DataFile& file, const std::string& pointer) {
    std::string text = string_at(file, pointer);
    check_template(file, pointer, text);
    return text;
}

Strings templates_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& p) { return template_at(file, p); });
}

std::vector<Strings> template_lists_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& p) { return templates_at(file, p); });
}

std::map<std::string, Strings> string_lists_by_name(const DataFile& file,
                                                    const std::string& pointer) {
    std::map<std::string, Strings> out;
    for (const std::string& key : keys_at(file, pointer))
        out[key] = templates_at(file, pointer + "/" + key);
    return out;
}

std::vector<ProseTopic> topics_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& topic) {
        return ProseTopic{templates_at(file, topic + "/titles"),
                          template_lists_at(file, topic + "/parts")};
    });
}

void require_size(const DataFile& file, const std::string& pointer, std::size_t want) {
    const std::size_t have = array_size_at(file, pointer);
    if (have != want)
        data_error(file, pointer,
                   "expected " + std::to_string(want) + " entries, found " + std::to_string(have));
}

void read_words(const std::string& dir, ProseData& d) {
    const DataFile f = read_data_file(dir, "prose/words.json");
    d.lists = string_lists_by_name(f, "/lists");
    // The page builders draw these by name; the names of {slot}s inside templates are not
    // checked (a missing one shows up as "{name}" in the text).
    for (const char* name : {"first", "brand", "model", "prime", "zoomlens", "shopa", "shopb",
                             "town", "subj", "street", "film", "genre", "month", "day"})
        templates_at(f, std::string("/lists/") + name);
    if (d.lists["brand"].size() < 2)
        data_error(f, "/lists/brand", "expected at least two brands (a page compares two)");
    if (d.lists["first"].size() < 12)
        data_error(f, "/lists/first", "expected at least twelve names (a club meeting has them)");
    d.swaps = string_lists_by_name(f, "/swaps");
    d.expository_links = templates_at(f, "/expository_links");
    d.narrative_links = templates_at(f, "/narrative_links");
    for (const std::string& word : templates_at(f, "/link_openers"))
        d.link_openers.insert(word);
    d.currencies = templates_at(f, "/currencies");
    d.cents = templates_at(f, "/cents");
    d.club_kinds = templates_at(f, "/club_kinds");

    // Names keep their capital after a connective: "However, Anna..." not "However, anna...".
    d.proper_words = {"I", "I'm", "I've", "I'd", "I'll", "ISO", "RAW", "JPEG", "UV"};
    for (const char* key : {"first", "brand", "town", "month", "day", "shopa", "street"})
        for (const std::string& w : d.lists.at(key))
            d.proper_words.insert(w.substr(0, w.find(' ')));
}

void read_articles(const std::string& dir, ProseData& d) {
    const DataFile explainers = read_data_file(dir, "prose/explainers.json");
    d.explainers = topics_at(explainers, "/explainers");
    const DataFile guides = read_data_file(dir, "prose/guides.json");
    d.guides = topics_at(guides, "/guides");
    const DataFile features = read_data_file(dir, "prose/features.json");
    d.features = topics_at(features, "/features");
    d.general_pool = templates_at(features, "/general_pool");
    const DataFile notices = read_data_file(dir, "prose/notices.json");
    d.notices = topics_at(notices, "/notices");
    d.shop_pool = templates_at(notices, "/shop_pool");
}

void read_letters(const std::string& dir, ProseData& d) {
    const DataFile f = read_data_file(dir, "prose/letters.json");
    d.letter_page_titles = templates_at(f, "/page_titles");
    d.letter_title_prefixes = templates_at(f, "/title_prefixes");
    d.letter_intros = templates_at(f, "/intros");
    d.letter_openings = templates_at(f, "/openings");
    d.ask_before = templates_at(f, "/ask_before");
    d.ask_after = templates_at(f, "/ask_after");
    d.letter_signoff = template_at(f, "/signoff");
    d.reply_greeting = template_at(f, "/reply_greeting");
    d.reply_after = templates_at(f, "/reply_after");
    d.reply_signoff = template_at(f, "/reply_signoff");
    d.letters = elements_at(f, "/letters", [&](const std::string& letter) {
        return ProseLetter{templates_at(f, letter + "/titles"), templates_at(f, letter + "/ask"),
                           templates_at(f, letter + "/reply")};
    });
    // Each letter of a page gets its own writer, none of them the shop's staff member.
    if (d.lists.at("first").size() <= d.letters.size())
        data_error(f, "/letters", "more letters than prose/words.json has first names");
}

void read_pages(const std::string& dir, ProseData& d) {
    const DataFile f = read_data_file(dir, "prose/pages.json");
    d.handbook_titles = templates_at(f, "/handbook/titles");
    d.handbook_intros = templates_at(f, "/handbook/intros");
    d.story_titles = templates_at(f, "/story/titles");
    d.story_arrival = template_at(f, "/story/arrival");
    require_size(f, "/story/parts", kStoryParts);
    d.story_parts = elements_at(f, "/story/parts", [&](const std::string& part) {
        return templates_at(f, part + "/sentences");
    });
    d.glossary_titles = templates_at(f, "/glossary/titles");
    d.glossary_intro = templates_at(f, "/glossary/intro");
    d.glossary = elements_at(f, "/glossary/terms", [&](const std::string& term) {
        return GlossaryTerm{template_at(f, term + "/term"), templates_at(f, term + "/definitions")};
    });
    d.camera_review_titles = templates_at(f, "/review/camera_titles");
    d.lens_review_titles = templates_at(f, "/review/lens_titles");
    d.camera_review = template_lists_at(f, "/review/camera");
    d.lens_review = template_lists_at(f, "/review/lens");
    d.minutes_title = template_at(f, "/minutes/title");
    require_size(f, "/minutes/parts", kMinutesItems);
    d.minutes = elements_at(f, "/minutes/parts", [&](const std::string& item) {
        return MinutesItem{template_at(f, item + "/heading"), templates_at(f, item + "/sentences")};
    });
}

}  // namespace

ProseData load_prose_data(const std::string& dir) {
    ProseData d;
    read_words(dir, d);
    read_articles(dir, d);
    read_letters(dir, d);
    read_pages(dir, d);
    return d;
}

}  // namespace pl::corpus
