#include "corpus/quote_corpus.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "corpus/prose_corpus.h"
#include "prompt/framing.h"

namespace pl::corpus {
namespace {

std::string S(long v) {
    return std::to_string(v);
}

std::string number_word(int n) {
    static const std::array<const char*, 7> kWords = {"zero", "one",  "two", "three",
                                                      "four", "five", "six"};
    return n >= 0 && n < static_cast<int>(kWords.size()) ? kWords[static_cast<std::size_t>(n)]
                                                         : S(n);
}

// What a question can be about; each has one sentence in its section that answers it.
enum Topic {
    kReturn,
    kRefund,
    kWarranty,
    kDrop,
    kDelivery,
    kCountries,
    kCutoff,
    kPriceMatch,
    kRental,
    kHours,
    kExchange,
    kTopicCount
};

// The section a topic's sentence lives in.
enum SectionId {
    kReturnsSec,
    kRefundsSec,
    kWarrantySec,
    kShippingSec,
    kPriceSec,
    kRentalSec,
    kShowroomSec,
    kExchangeSec,
    kSectionCount
};

SectionId section_of(int topic) {
    switch (topic) {
        case kReturn:
            return kReturnsSec;
        case kRefund:
            return kRefundsSec;
        case kWarranty:
        case kDrop:
            return kWarrantySec;
        case kDelivery:
        case kCountries:
        case kCutoff:
            return kShippingSec;
        case kPriceMatch:
            return kPriceSec;
        case kRental:
            return kRentalSec;
        case kHours:
            return kShowroomSec;
        default:
            return kExchangeSec;
    }
}

static_assert(kTopicCount == kQuoteTopics && kSectionCount == kQuoteSections);

// The names of the topics and sections in the data file, in the order of the enums.
constexpr std::array<const char*, kTopicCount> kTopicNames = {
    "return", "refund",      "warranty", "drop",  "delivery", "countries",
    "cutoff", "price_match", "rental",   "hours", "exchange"};
constexpr std::array<const char*, kSectionCount> kSectionNames = {
    "returns", "refunds", "warranty", "shipping", "price", "rentals", "showroom", "exchanges"};

QuotePolicy random_policy(const QuoteData& d, Rng& rng) {
    QuotePolicy p;
    p.shop = d.words.name(rng, "Lumen Camera Store");
    const int ret = draw(rng, 7, 120, {40, 45, 75});
    const int refund = draw(rng, 2, 15, {9});
    const int warranty = rng.range(1, 6);
    const int used = std::max(1, std::min(warranty - 1, rng.range(1, 2)));
    const int lo = rng.range(1, 4), hi = lo + rng.range(1, 4);
    const int cutoff = rng.range(1, 5);
    const int free_above = rng.pick(std::vector<int>{29, 39, 49, 50, 59, 79, 99, 100, 120, 150});
    const std::string cur = rng.pick(d.words.currencies);
    const int price = rng.pick(std::vector<int>{7, 10, 14, 21, 30});
    const int rental = rng.range(3, 9);
    const int open_from = rng.range(7, 11), open_to = rng.range(4, 9);
    const int exchange = draw(rng, 7, 60, {40, 45});
    d.words.draw_countries(rng, 2, 6, 3, p.countries, p.not_countries);

    const std::string g = rng.pick(d.words.goods);
    std::string g_lower = g;
    g_lower[0] = static_cast<char>(std::tolower(g_lower[0]));
    p.fact[kReturn] =
        fill(rng.pick(d.return_facts), {{"goods", g}, {"goods_lower", g_lower}, {"days", S(ret)}});
    p.extra[kReturnsSec] = {rng.pick(d.return_extras)};
    p.fact[kRefund] = fill(rng.pick(d.refund_facts), {{"days", S(refund)}});
    p.extra[kRefundsSec] = {rng.pick(d.refund_extras)};
    p.fact[kWarranty] = fill(rng.pick(d.warranty_facts), {{"years", number_word(warranty)}});
    p.fact[kDrop] = rng.pick(d.drop_facts);
    p.extra[kWarrantySec] = {fill(d.used_warranty, {{"years", number_word(used)}})};
    p.fact[kDelivery] =
        fill(rng.pick(d.delivery_facts),
             {{"lo", S(lo)}, {"hi", S(hi)}, {"free", S(free_above)}, {"currency", cur}});
    p.fact[kCountries] = fill(d.countries_fact, {{"countries", list_of(p.countries)}});
    p.fact[kCutoff] = fill(d.cutoff_fact, {{"hour", S(cutoff)}});
    p.fact[kPriceMatch] = fill(d.price_match_fact, {{"days", S(price)}});
    p.extra[kPriceSec] = {d.price_extra};
    p.fact[kRental] = fill(rng.pick(d.rental_facts), {{"hour", S(rental)}});
    p.extra[kRentalSec] = {d.rental_extra};
    p.fact[kHours] =
        fill(d.hours_fact,
             {{"days", rng.pick(d.open_days)}, {"from", S(open_from)}, {"to", S(open_to)}});
    p.fact[kExchange] = fill(d.exchange_fact, {{"days", S(exchange)}});
    p.extra[kExchangeSec] = {d.exchange_extra};
    return p;
}

struct Question {
    std::string text;
    std::string lead;  // before the quoted sentence
};

Question ask(const QuoteData& d, int topic, const QuotePolicy& p, Rng& rng) {
    Slots slots = {{"item", rng.pick(d.items)}, {"yes", rng.pick(d.yes)}};
    if (topic == kReturn)
        slots.push_back({"days", S(rng.range(2, 20))});
    if (topic == kCountries) {
        const bool in = rng.chance(50);
        slots.push_back({"country", in ? rng.pick(p.countries) : rng.pick(p.not_countries)});
    }
    const QuoteQuestion q = rng.pick(d.questions[static_cast<std::size_t>(topic)]);
    return {fill(q.text, slots), fill(q.lead, slots)};
}

// A section that answers nothing: text around the policy, with numbers of its own. Where a text
// has two numbers, the second is drawn first, as in the corpora made before the data files.
std::string filler(const QuoteData& d, Rng& rng) {
    switch (rng.below(6)) {
        case 0: {
            const std::string people = S(rng.range(6, 80));
            return fill(d.about, {{"year", S(rng.range(1950, 2015))}, {"people", people}});
        }
        case 1:
            return fill(d.gift_cards, {{"years", S(rng.range(1, 5))}});
        case 2:
            return fill(d.newsletter, {{"period", rng.pick(d.newsletter_periods)}});
        case 3:
            return fill(d.care, {{"percent", S(rng.range(40, 70))}});
        case 4:
            return fill(d.privacy, {{"years", S(rng.range(2, 10))}});
        default: {
            const std::string hours = S(rng.range(2, 4));
            return fill(d.workshops, {{"people", S(rng.range(4, 20))}, {"hours", hours}});
        }
    }
}

QuoteQuestion question_at(const DataFile& f, const std::string& at, SlotNames slots) {
    return {text_at(f, at + "/text", slots), text_at(f, at + "/lead", {"yes"})};
}

}  // namespace

QuoteData load_quote_data(const std::string& dir) {
    const DataFile f = read_data_file(dir, "quote/policy.json");
    QuoteData d;
    d.words = ShopWords::read(f, 9);  // a shop ships to 2-6 countries, is asked about 3 others
    d.open_days = texts_at(f, "/open_days");
    d.return_facts = texts_at(f, "/facts/return", {"goods", "goods_lower", "days"});
    d.refund_facts = texts_at(f, "/facts/refund", {"days"});
    d.warranty_facts = texts_at(f, "/facts/warranty", {"years"});
    d.drop_facts = texts_at(f, "/facts/drop");
    d.delivery_facts = texts_at(f, "/facts/delivery", {"lo", "hi", "free", "currency"});
    d.countries_fact = text_at(f, "/facts/countries", {"countries"});
    d.cutoff_fact = text_at(f, "/facts/cutoff", {"hour"});
    d.price_match_fact = text_at(f, "/facts/price_match", {"days"});
    d.rental_facts = texts_at(f, "/facts/rental", {"hour"});
    d.hours_fact = text_at(f, "/facts/hours", {"days", "from", "to"});
    d.exchange_fact = text_at(f, "/facts/exchange", {"days"});
    d.return_extras = texts_at(f, "/extra/returns");
    d.refund_extras = texts_at(f, "/extra/refunds");
    d.used_warranty = text_at(f, "/extra/warranty", {"years"});
    d.price_extra = text_at(f, "/extra/price");
    d.rental_extra = text_at(f, "/extra/rentals");
    d.exchange_extra = text_at(f, "/extra/exchanges");

    d.lumen.shop = text_at(f, "/lumen/shop");
    for (std::size_t t = 0; t < kTopicCount; ++t)
        d.lumen.fact[t] = text_at(f, std::string("/lumen/facts/") + kTopicNames[t]);
    const nlohmann::json& extras = value_at(f, "/lumen/extra");
    for (std::size_t s = 0; s < kSectionCount; ++s) {
        if (extras.contains(kSectionNames[s]))  // a section may have no other sentences
            d.lumen.extra[s] = texts_at(f, std::string("/lumen/extra/") + kSectionNames[s]);
    }
    d.lumen.countries = texts_at(f, "/lumen/countries");
    d.lumen.not_countries = texts_at(f, "/lumen/not_countries");

    const Strings titles = texts_at(f, "/section_titles");
    if (titles.size() != kSectionCount)
        data_error(f, "/section_titles",
                   "expected " + std::to_string(kSectionCount) + " titles, one per section");
    std::copy(titles.begin(), titles.end(), d.section_titles.begin());
    d.title_separators = texts_at(f, "/title_separators");
    d.systems = texts_at(f, "/systems", {"shop"});
    d.items = texts_at(f, "/items");
    d.yes = strings_at(f, "/yes");
    for (std::size_t t = 0; t < kTopicCount; ++t) {
        const std::string at = std::string("/questions/") + kTopicNames[t];
        // The slots are spelled inside the call: an initializer_list's values live only as long
        // as the expression that spells them.
        d.questions[t] = elements_at(f, at, [&](const std::string& p) {
            return question_at(f, p,
                               t == kReturn      ? SlotNames{"item", "days"}
                               : t == kCountries ? SlotNames{"item", "country"}
                                                 : SlotNames{"item"});
        });
    }

    d.about = text_at(f, "/filler/about", {"year", "people"});
    d.gift_cards = text_at(f, "/filler/gift_cards", {"years"});
    d.newsletter = text_at(f, "/filler/newsletter", {"period"});
    d.newsletter_periods = texts_at(f, "/filler/newsletter_periods");
    d.care = text_at(f, "/filler/care", {"percent"});
    d.privacy = text_at(f, "/filler/privacy", {"years"});
    d.workshops = text_at(f, "/filler/workshops", {"people", "hours"});
    return d;
}

std::string quote_doc(const QuoteData& data, const ProseData& prose, const ReadingData& reading,
                      Rng& rng) {
    const QuotePolicy p = rng.chance(15) ? data.lumen : random_policy(data, rng);
    std::vector<int> sections;
    for (int s = 0; s < kSectionCount; ++s) {
        if (s == kReturnsSec || !rng.chance(10))
            sections.push_back(s);
    }
    if (rng.chance(70))
        rng.shuffle(sections);
    std::vector<std::string> parts;
    for (int s : sections) {
        Strings sentences;
        for (int t = 0; t < kTopicCount; ++t) {
            if (section_of(t) == s && !p.fact[static_cast<std::size_t>(t)].empty())
                sentences.push_back(p.fact[static_cast<std::size_t>(t)]);
        }
        for (const auto& e : p.extra[static_cast<std::size_t>(s)])
            sentences.push_back(e);
        if (rng.chance(40))
            rng.shuffle(sentences);
        std::string text = data.section_titles[static_cast<std::size_t>(s)];
        text += rng.pick(data.title_separators);
        for (std::size_t i = 0; i < sentences.size(); ++i)
            text += (i ? " " : "") + sentences[i];
        parts.push_back(text);
    }
    // Short prompts for two thirds of the documents (several to a training window, each with
    // several questions: many look-ups per step); the rest padded to up to the whole context with
    // sections that answer nothing: a few short notes and paragraphs of a prose page.
    if (rng.chance(35)) {
        const std::size_t target = static_cast<std::size_t>(rng.range(1200, 7000));
        const int notes = rng.range(0, 3);
        for (int i = 0; i < notes; ++i)
            parts.insert(parts.begin() + rng.below(static_cast<int>(parts.size()) + 1),
                         filler(data, rng));
        std::string page = prose_doc(prose, rng);
        std::size_t size = 0;
        for (const auto& x : parts)
            size += x.size() + 2;
        while (size < target && !page.empty()) {
            const std::size_t cut = std::min(page.find("\n\n"), page.size());
            const std::string para = page.substr(0, cut);
            page.erase(0, std::min(page.size(), cut + 2));
            parts.insert(parts.begin() + rng.below(static_cast<int>(parts.size()) + 1), para);
            size += para.size() + 2;
        }
    }
    std::string system = fill(rng.pick(data.systems), {{"shop", p.shop}});
    const bool numbered = rng.chance(40);
    for (std::size_t i = 0; i < parts.size(); ++i)
        system += (rng.chance(50) ? "\n\n" : "\n") +
                  (numbered ? S(static_cast<long>(i) + 1) + ". " : std::string()) + parts[i];
    std::string doc = framing::turn_text("system", system);
    const int turns = rng.range(3, 7);
    for (int i = 0; i < turns; ++i) {
        const int topic = rng.chance(30) ? rng.pick(std::vector<int>{kReturn, kRefund, kWarranty})
                                         : rng.below(kTopicCount);
        const bool covered =
            std::find(sections.begin(), sections.end(), section_of(topic)) != sections.end();
        const Question q = ask(data, topic, p, rng);
        const std::string answer = covered ? q.lead + p.fact[static_cast<std::size_t>(topic)]
                                           : staff_handoff(reading, rng);
        doc += framing::turn_text("user", q.text) + framing::turn_text("assistant", answer);
    }
    return doc;
}

}  // namespace pl::corpus
