#include "corpus/quote_corpus.h"

#include <algorithm>
#include <array>
#include <vector>

#include "corpus/prose_corpus.h"
#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

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

struct Policy {
    std::string shop;
    std::array<std::string, kTopicCount> fact;  // the answering sentence of each topic
    std::array<Strings, kSectionCount> extra;   // other sentences of each section
    Strings countries;
    Strings not_countries;
};

// One of `templates`, drawn, with its "{}" replaced by `value`: the facts that differ between
// shops by one number and are worded a few ways.
std::string one_of(Rng& rng, const Strings& templates, const std::string& value) {
    std::string text = rng.pick(templates);
    const std::size_t at = text.find("{}");
    return at == std::string::npos ? text : text.replace(at, 2, value);
}

const Strings& goods() {
    static const Strings v = {"Cameras, lenses and accessories",
                              "Cameras, lenses, flashes and accessories",
                              "Most items",
                              "Cameras and lenses",
                              "Lenses, flashes and camera bags",
                              "Unused items"};
    return v;
}

Policy random_policy(Rng& rng) {
    static const Strings kFirst = {"Lumen",   "Northlight", "Aperture", "Kestrel", "Harbor",
                                   "Meadow",  "Silver",     "Cobalt",   "Juniper", "Granite",
                                   "Willow",  "Atlas",      "Beacon",   "Copper",  "Falcon",
                                   "Orchard", "Summit",     "Prism",    "Redwood", "Lantern"};
    static const Strings kSecond = {"Camera Store", "Cameras", "Photo Supply", "Lens Shop",
                                    "Optics",       "Photo",   "Camera Co.",   "Imaging"};
    Policy p;
    do {
        p.shop = rng.pick(kFirst) + " " + rng.pick(kSecond);
    } while (p.shop == "Lumen Camera Store");
    const int ret = draw(rng, 7, 120, {40, 45, 75});
    const int refund = draw(rng, 2, 15, {9});
    const int warranty = rng.range(1, 6);
    const int used = std::max(1, std::min(warranty - 1, rng.range(1, 2)));
    const int lo = rng.range(1, 4), hi = lo + rng.range(1, 4);
    const int cutoff = rng.range(1, 5);
    const int free_above = rng.pick(std::vector<int>{29, 39, 49, 50, 59, 79, 99, 100, 120, 150});
    const std::string cur = rng.pick(Strings{"euros", "euros", "pounds", "dollars", "francs"});
    const int price = rng.pick(std::vector<int>{7, 10, 14, 21, 30});
    const int rental = rng.range(3, 9);
    const int open_from = rng.range(7, 11), open_to = rng.range(4, 9);
    const int exchange = draw(rng, 7, 60, {40, 45});
    static const Strings kCountryNames = {
        "Austria", "Belgium", "Denmark",  "France",  "Germany",     "Ireland", "Italy",
        "Norway",  "Poland",  "Portugal", "Spain",   "Sweden",      "Finland", "Switzerland",
        "Czechia", "Greece",  "Hungary",  "Iceland", "Netherlands", "Estonia", "Canada"};
    Strings all = kCountryNames;
    rng.shuffle(all);
    const int n = rng.range(2, 6);
    p.countries.assign(all.begin(), all.begin() + n);
    p.not_countries.assign(all.begin() + n, all.begin() + n + 3);

    const std::string g = rng.pick(goods());
    p.fact[kReturn] = rng.pick(Strings{
        g + " can be returned within " + S(ret) + " days of delivery for a full refund.",
        g + " can be sent back within " + S(ret) +
            " days of delivery, unused and in the "
            "original box.",
        "You may return " + g + " within " + S(ret) + " days of delivery for a full refund.",
        "Returns are accepted within " + S(ret) +
            " days of delivery, as long as the item is "
            "complete and unused."});
    if (p.fact[kReturn].rfind("You may return ", 0) == 0) {  // lower-case the goods after "return"
        const std::size_t at = std::string("You may return ").size();
        p.fact[kReturn][at] = static_cast<char>(std::tolower(p.fact[kReturn][at]));
    }
    p.extra[kReturnsSec] = {rng.pick(
        Strings{"Opened memory cards, cleaning kits and printed photo books cannot be returned.",
                "Opened film, memory cards and gift cards cannot be returned.",
                "A lens must come back with both caps and the hood."})};
    p.fact[kRefund] = one_of(
        rng,
        {"Refunds go back to the original payment method within {} business days after the item "
         "reaches our warehouse.",
         "Refunds are paid to the original payment method within {} business days after the "
         "return arrives.",
         "We refund the original payment method within {} business days of receiving the "
         "returned item."},
        S(refund));
    p.extra[kRefundsSec] = {
        rng.pick(Strings{"Shipping costs are refunded only when the item was damaged or wrong.",
                         "The original shipping cost is not refunded."})};
    p.fact[kWarranty] =
        one_of(rng,
               {"New cameras and lenses carry a {}-year warranty against defects.",
                "Every new camera and lens has a {}-year warranty against manufacturing defects.",
                "New cameras, lenses and flashes come with a {}-year warranty against defects in "
                "materials and workmanship."},
               number_word(warranty));
    p.fact[kDrop] = rng.pick(Strings{"Drops, water damage and sand are not covered.",
                                     "The warranty does not cover drops, water or sand damage.",
                                     "Drops, sand, water damage and broken screens are not "
                                     "covered."});
    p.extra[kWarrantySec] = {"Used and refurbished items carry a " + number_word(used) +
                             "-year warranty."};
    p.fact[kDelivery] = rng.pick(
        Strings{"Standard delivery takes " + S(lo) + " to " + S(hi) +
                    " business days and is free above " + S(free_above) + " " + cur + ".",
                "Standard delivery takes " + S(lo) + " to " + S(hi) +
                    " business days; orders above " + S(free_above) + " " + cur + " ship free."});
    p.fact[kCountries] = "We ship to " + list_of(p.countries) + ".";
    p.fact[kCutoff] = "Orders placed before " + S(cutoff) + " p.m. ship the same business day.";
    p.fact[kPriceMatch] =
        "We match the price of an identical new item sold by an authorized dealer within " +
        S(price) + " days of purchase.";
    p.extra[kPriceSec] = {"Marketplace sellers and used items do not qualify."};
    p.fact[kRental] = one_of(rng,
                             {"Rented lenses must be returned by {} p.m. on the last rental day.",
                              "Rented gear must be back by {} p.m. on the last rental day."},
                             S(rental));
    p.extra[kRentalSec] = {"Late returns are charged one extra rental day per day."};
    p.fact[kHours] =
        "Our showroom is open " +
        rng.pick(Strings{"Monday to Friday", "Monday to Saturday", "Tuesday to Saturday"}) +
        " from " + S(open_from) + " a.m. to " + S(open_to) + " p.m.";
    p.fact[kExchange] =
        "A faulty item is exchanged for the same model at no cost within " + S(exchange) + " days.";
    p.extra[kExchangeSec] = {
        "An exchange for another model is handled as a return plus a new "
        "order."};
    return p;
}

// The canonical policy of the app's scenarios (tests/test_builtin_model.cpp), sentence by
// sentence.
Policy lumen() {
    Policy p;
    p.shop = "Lumen Camera Store";
    p.fact[kReturn] =
        "Cameras, lenses, flashes and accessories can be returned within 30 days of delivery for a "
        "full refund, as long as they are in the original packaging with every accessory, manual "
        "and cap included.";
    p.extra[kReturnsSec] = {
        "A lens must come back with both caps, the hood and the pouch.",
        "Opened memory cards, cleaning kits and printed photo books cannot be returned, because "
        "they cannot be resold."};
    p.fact[kRefund] =
        "Refunds go back to the original payment method within 5 business days after the returned "
        "item arrives at our warehouse and passes inspection.";
    p.extra[kRefundsSec] = {"Shipping costs are refunded only when the item was damaged or wrong."};
    p.fact[kExchange] = "A faulty item is exchanged for the same model at no cost within 30 days.";
    p.extra[kExchangeSec] = {
        "An exchange for another model is handled as a return plus a new "
        "order, so the price difference is charged or refunded."};
    p.fact[kWarranty] =
        "Every new camera and lens has a two-year warranty against manufacturing "
        "defects.";
    p.fact[kDrop] = "Drops, water damage, sand and broken screens are not covered.";
    p.extra[kWarrantySec] = {"Used and refurbished items carry a one-year warranty."};
    p.fact[kRental] = "Rented lenses must be returned by 6 p.m. on the last rental day.";
    p.extra[kRentalSec] = {"Late returns are charged one extra rental day per day."};
    p.fact[kPriceMatch] =
        "We match the price of an identical new item sold by an authorized "
        "dealer within 14 days of purchase.";
    p.fact[kCutoff] = "Orders placed before 2 p.m. ship the same business day.";
    p.extra[kShippingSec] = {"Tracking numbers are sent by email."};
    p.fact[kDelivery] = "Standard delivery takes 2 to 4 business days and is free above 99 euros.";
    p.countries = {"every country of the European Union", "Norway", "Switzerland"};
    p.not_countries = {"the United States", "Canada", "Japan"};
    p.fact[kCountries] = "We ship to every country of the European Union, Norway and Switzerland.";
    p.fact[kHours] = "Our showroom is open Monday to Saturday from 9 a.m. to 6 p.m.";
    return p;
}

const char* section_title(int s) {
    static const std::array<const char*, kSectionCount> kTitles = {
        "Returns",     "Refunds", "Warranty", "Shipping",
        "Price match", "Rentals", "Showroom", "Exchanges"};
    return kTitles[static_cast<std::size_t>(s)];
}

struct Question {
    std::string text;
    std::string lead;  // before the quoted sentence
};

const Strings& items() {
    static const Strings v = {"lens",       "camera",    "flash",     "tripod", "camera bag",
                              "50 mm lens", "X200 body", "lens hood", "strap",  "battery grip"};
    return v;
}

Question ask(int topic, const Policy& p, Rng& rng) {
    const std::string item = rng.pick(items());
    const std::string yes = rng.pick(Strings{"Yes. ", "Yes, you can. ", "", "Of course. "});
    switch (topic) {
        case kReturn:
            return rng.pick(std::vector<Question>{
                {"Can I return a " + item + "?", yes},
                {"How long do I have to send back a " + item + "?", ""},
                {"What is your return window?", ""},
                {"How many days do I have to return something?", ""},
                {"I bought a " + item + " " + S(rng.range(2, 20)) +
                     " days ago. Can I still return it?",
                 "Here is our rule: "},
                {"Is it possible to send back a " + item + " I do not need?", yes},
                {"Can I get my money back for a " + item + " I never used?", yes}});
        case kRefund:
            return rng.pick(std::vector<Question>{
                {"When will I get my refund?", ""},
                {"How long does a refund take?", ""},
                {"When do I get my money back?", ""},
                {"How soon is the refund paid after you get my return?", ""},
                {"How many days until my refund arrives?", ""},
                {"I sent my " + item + " back. When is the money refunded?", ""}});
        case kWarranty:
            return rng.pick(
                std::vector<Question>{{"How long is the warranty on a new camera?", ""},
                                      {"What warranty do new lenses have?", ""},
                                      {"How many years of warranty do I get?", ""},
                                      {"Does a new " + item + " come with a warranty?", "Yes. "},
                                      {"Is my new " + item + " under warranty?", ""}});
        case kDrop:
            return rng.pick(
                std::vector<Question>{{"Is a dropped " + item + " covered by the warranty?",
                                       "No, the warranty does not cover that. "},
                                      {"My " + item + " fell in the sea. Is that a warranty case?",
                                       "I am sorry, but the warranty does not cover that. "},
                                      {"I dropped my camera. Will the warranty pay for the repair?",
                                       "I am afraid not. "}});
        case kDelivery:
            return rng.pick(
                std::vector<Question>{{"How long does delivery take?", ""},
                                      {"How long does standard delivery take, and is it free?", ""},
                                      {"When will my parcel arrive?", ""},
                                      {"Do I pay for shipping?", ""}});
        case kCountries: {
            const bool in = rng.chance(50);
            const std::string c = in ? rng.pick(p.countries) : rng.pick(p.not_countries);
            return {rng.pick(Strings{"Do you ship to " + c + "?", "Can you deliver to " + c + "?",
                                     "Which countries do you ship to?"}),
                    ""};
        }
        case kCutoff:
            return rng.pick(
                std::vector<Question>{{"If I order today, when does it ship?", ""},
                                      {"When do orders ship?", ""},
                                      {"Until what time can I order for same-day dispatch?", ""}});
        case kPriceMatch:
            return rng.pick(std::vector<Question>{
                {"Do you match prices?", "Yes. "},
                {"I found the same " + item + " cheaper elsewhere. Do you match the price?", ""},
                {"Can you match a lower price?", ""}});
        case kRental:
            return rng.pick(
                std::vector<Question>{{"When do I have to bring back a rented lens?", ""},
                                      {"What time is a rental due back?", ""},
                                      {"By when must rented gear be returned?", ""}});
        case kHours:
            return rng.pick(std::vector<Question>{{"When is your showroom open?", ""},
                                                  {"What are your opening hours?", ""},
                                                  {"Can I visit the showroom on a weekday?", ""}});
        default:
            return rng.pick(
                std::vector<Question>{{"My " + item + " is faulty. Can I exchange it?", yes},
                                      {"Can I swap a faulty " + item + " for a new one?", yes},
                                      {"Do you exchange faulty items?", "Yes. "}});
    }
}

// A section that answers nothing: text around the policy, with numbers of its own.
std::string filler(Rng& rng) {
    switch (rng.below(6)) {
        case 0:
            return "About us\nWe opened our first shop in " + S(rng.range(1950, 2015)) +
                   ". Our team of " + S(rng.range(6, 80)) +
                   " people tests every used camera before it goes on sale.";
        case 1:
            return "Gift cards\nGift cards are valid for " + S(rng.range(1, 5)) +
                   " years and can be used online and in the showroom.";
        case 2:
            return "Newsletter\nSubscribers get one email every " +
                   rng.pick(Strings{"week", "two weeks", "month"}) +
                   " with new arrivals and workshop dates.";
        case 3:
            return "Care\nKeep lenses in a dry place below " + S(rng.range(40, 70)) +
                   "% humidity and clean the front element with a soft brush first.";
        case 4:
            return "Privacy\nWe keep order data for " + S(rng.range(2, 10)) +
                   " years and never sell it to anyone.";
        default:
            return "Workshops\nOur evening workshops take up to " + S(rng.range(4, 20)) +
                   " people and last " + S(rng.range(2, 4)) + " hours.";
    }
}

}  // namespace

std::string quote_doc(const ProseData& prose, Rng& rng) {
    const Policy p = rng.chance(15) ? lumen() : random_policy(rng);
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
        std::string text = section_title(s);
        text += rng.pick(Strings{"\n", ". ", ": "});
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
                         filler(rng));
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
    std::string system = rng.pick(Strings{
        "You are the support assistant of " + p.shop +
            ". Answer politely, briefly and only from this policy. If the policy does not cover "
            "a question, say so and offer to connect the customer with a person.",
        "You answer customer questions for " + p.shop + ". Use only the policy below.",
        p.shop + ": returns and exchanges policy.\nYou are the support assistant of " + p.shop +
            ". Answer only from this policy."});
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
        const Question q = ask(topic, p, rng);
        const std::string answer =
            covered ? q.lead + p.fact[static_cast<std::size_t>(topic)] : staff_handoff(rng);
        doc += framing::turn_text("user", q.text) + framing::turn_text("assistant", answer);
    }
    return doc;
}

}  // namespace pl::corpus
