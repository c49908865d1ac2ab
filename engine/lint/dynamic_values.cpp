#include "lint/dynamic_values.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/regex.h"

namespace pl::lint {

namespace {

struct Pattern {
    Regex re;
    const char* kind;
    bool strong;    // flagged on its own
    int group = 0;  // the capture group that holds the value
};

const char* const kMonthsEn =
    "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    "Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const char* const kMonthsPl =
    "(?:stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|"
    "listopada|grudnia)";

// The byte offset `units` UTF-16 code units before byte `pos` (at most the start): the cue
// window was 60 UTF-16 units when the detector matched UTF-16 text, and stays that wide.
std::size_t utf16_units_back(std::string_view text, std::size_t pos, int units) {
    while (pos > 0 && units > 0) {
        std::size_t start = pos - 1;
        while (start > 0 && pos - start < 4 && (static_cast<uint8_t>(text[start]) & 0xC0) == 0x80)
            --start;
        // A four-byte sequence is a surrogate pair in UTF-16.
        units -= static_cast<uint8_t>(text[start]) >= 0xF0 ? 2 : 1;
        pos = start;
    }
    return pos;
}

}  // namespace

struct DynamicValueDetector::Impl {
    std::vector<Pattern> patterns;
    Regex cue;
    Regex edition;
    Regex gap;

    // Unicode properties always (Regex's \w, \d and \b are Unicode's).
    void add(const std::string& re, const char* kind, bool strong, int group = 0,
             bool case_insensitive = true) {
        patterns.push_back({Regex(re, case_insensitive ? Regex::CaseInsensitive : Regex::None),
                            kind, strong, group});
    }

    Impl() {
        const std::string en = kMonthsEn;
        const std::string pl = kMonthsPl;
        add(R"(\b\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)",
            "date", true);
        add(R"(\b\d{4}-\d{2}-\d{2}\b)", "date", false);
        add(R"(\b(?:\d{1,2}[./]\d{1,2}[./]\d{4}|\d{4}/\d{1,2}/\d{1,2})\b)", "date", false);
        add(R"(\b)" + en + R"(\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b)", "date", false);
        add(R"(\b\d{1,2}(?:st|nd|rd|th)?\s+)" + en + R"(\.?,?\s+\d{4}\b)", "date", false);
        add(R"(\b\d{1,2}\s+)" + pl + R"(\s+\d{4}(?:\s*r\.)?)", "date", false);
        add(R"(\b\d{1,2}\s+)" + pl + R"(\b)", "date", false);
        add(R"(\b)" + en + R"(\.?\s+\d{1,2}(?:st|nd|rd|th)?\b)", "date", false, 0, false);
        add(std::string(R"((?:\d{4}|[０-９]{4}|令和\d{1,2}|令和[０-９]{1,2})年\d{1,2}月\d{1,2}日)"),
            "date", false);
        add(std::string(R"(\d{1,2}月\d{1,2}日)"), "date", false);
        add(R"(\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:\s?[ap]\.?m\.?)?)", "time", true);
        add(R"(\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?(?![:\d]))", "time", false);
        add(std::string(R"((?:午前|午後)\d{1,2}時\d{1,2}分(?:\d{1,2}秒)?)"), "time", false);
        add(std::string(R"(\d{1,2}時\d{1,2}分\d{1,2}秒)"), "time", true);
        add(std::string(R"((?:午前|午後)?\d{1,2}時(?:\d{1,2}分)?)"), "time", false);
        add(R"(\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)", "weekday",
            false);
        add(std::string(
                R"(\b(?:poniedziałek|poniedziałku|wtorek|wtorku|środa|środę|środy|czwartek|)"
                R"(czwartku|piątek|piątku|sobota|sobotę|soboty|niedziela|niedzielę|niedzieli)\b)"),
            "weekday", false);
        add(std::string(R"([月火水木金土日]曜日|[（(][月火水木金土日][)）])"), "weekday", false);
        add(R"(\b1\d{9}(?:\d{3})?\b)", "epoch", true);
        add(R"(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)", "uuid", true);
        add(R"(\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,}\b)", "hex-id", true);
        add(R"((?<![\w+/-])(?=[\w+/-]*\d)(?=[\w+/-]*[a-z])(?=[\w+/-]*[A-Z])[A-Za-z0-9_+/-]{20,}={0,2})",
            "random-id", true, 0, false);
        add(R"(\b(?:request|req|session|sess|trace|span|correlation|conversation|run|thread|user)[ _-]?id\b\s*[:=#]?\s*["']?([A-Za-z0-9][A-Za-z0-9_.:-]{3,}))",
            "labeled-id", true, 1);
        add(std::string(
                R"((?:\b(?:request|req|turn|run|attempt|call|step|iteration|message|msg|query|)"
                R"(ticket|zapytanie|żądanie|krok|wiadomość)|リクエスト|ターン)\s*(?:#|no\.?|nr\.?|)"
                R"(number|番号)\s*\d+)"),
            "counter", true);
        cue = Regex(
            std::string(
                R"((?:\b(?:now|current(?:ly)?|today|time|date|timestamp|generated|)"
                R"(teraz|dziś|dzisiaj|aktualn\w*|godz\.?|czas|data)\b|現在|今日|本日|時刻|日時|時点))"
                R"([^\n]{0,40}$)"),
            Regex::CaseInsensitive);
        // A label that names an edition of a document, not the moment of the request.
        edition = Regex(
            std::string(
                R"((?:\b(?:as of|effective|updated|revised|valid (?:from|until)|since|published|)"
                R"(released|version|build|commit|revision|copyright|obowiązuje|aktualizacja|)"
                R"(zaktualizowano|wersja)\b|改訂|更新|施行|版))"
                R"([^\n]{0,40}$)"),
            Regex::CaseInsensitive);
        gap = Regex(std::string(R"(^[\s,.;:()（）、。\-–—]{0,4}$|^\s*(?:at|o|godz\.?)\s*$)"),
                    Regex::None);
    }
};

DynamicValueDetector::DynamicValueDetector() : impl_(std::make_unique<Impl>()) {}
DynamicValueDetector::~DynamicValueDetector() = default;

std::vector<DynamicSpan> DynamicValueDetector::find(std::string_view text) const {
    std::vector<DynamicSpan> out;
    if (text.empty())
        return out;
    // Offsets below are bytes of `text` (Regex matches UTF-8 in place).
    struct Hit {
        std::size_t begin, end;
        const char* kind;
        bool strong;
    };
    std::vector<Hit> hits;
    for (const Pattern& p : impl_->patterns) {
        auto it = p.re.global_match(text);
        while (it.has_next()) {
            const auto m = it.next();
            if (m.captured_length(p.group) == 0)
                continue;
            hits.push_back({m.captured_start(p.group), m.captured_end(p.group), p.kind, p.strong});
        }
    }
    if (hits.empty())
        return out;
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
    });
    // Merge overlapping hits and hits separated only by punctuation into clusters.
    struct Cluster {
        std::size_t begin, end;
        const char* kind;
        bool strong;
        bool date = false, clock = false;
        bool labeled = false;  // a label says what it is: "session_id: ...", "Request #12"
    };
    auto note_kind = [](Cluster& c, const char* kind) {
        const std::string k = kind;
        if (k == "date")
            c.date = true;
        else if (k == "time" || k == "weekday")
            c.clock = true;
        else if (k == "labeled-id" || k == "counter")
            c.labeled = true;
    };
    std::vector<Cluster> clusters;
    for (const Hit& h : hits) {
        if (!clusters.empty()) {
            Cluster& c = clusters.back();
            const bool joins = h.begin <= c.end ||
                               impl_->gap.match(text.substr(c.end, h.begin - c.end)).has_match();
            if (joins) {
                c.end = std::max(c.end, h.end);
                note_kind(c, h.kind);
                if (h.strong && !c.strong) {
                    c.strong = true;
                    c.kind = h.kind;
                }
                continue;
            }
        }
        clusters.push_back({h.begin, h.end, h.kind, h.strong});
        note_kind(clusters.back(), h.kind);
    }
    for (Cluster& c : clusters) {
        if (!c.strong)
            c.kind = c.date ? "date" : c.clock ? "time" : c.kind;
        bool confident = c.strong || (c.date && c.clock);
        const std::size_t from = utf16_units_back(text, c.begin, 60);
        const std::string_view before = text.substr(from, c.begin - from);
        const bool cued = impl_->cue.match(before).has_match();
        if (!confident)
            confident = cued;
        const std::string kind = c.kind;
        const bool shape_only = kind == "hex-id" || kind == "uuid" || kind == "random-id";
        const bool hedged = confident && !c.labeled &&
                            ((shape_only && !cued) || impl_->edition.match(before).has_match());
        out.push_back({c.begin, c.end, c.kind, confident, hedged});
    }
    return out;
}

}  // namespace pl::lint
