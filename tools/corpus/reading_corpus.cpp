#include "corpus/reading_corpus.h"

#include <algorithm>
#include <cstdio>

#include "prompt/framing.h"

namespace pl::corpus {

int draw(Rng& rng, int lo, int hi, const std::vector<int>& held_out) {
    for (;;) {
        const int v = rng.range(lo, hi);
        if (std::find(held_out.begin(), held_out.end(), v) == held_out.end())
            return v;
    }
}

std::string list_of(const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i > 0)
            out += i + 1 == v.size() ? " and " : ", ";
        out += v[i];
    }
    return out;
}

ShopWords ShopWords::read(const DataFile& file, std::size_t min_countries) {
    ShopWords w;
    w.first = texts_at(file, "/shop_first");
    w.second = texts_at(file, "/shop_second");
    w.goods = texts_at(file, "/goods");
    w.currencies = texts_at(file, "/currencies");
    w.countries = texts_at(file, "/countries");
    if (w.countries.size() < min_countries)
        data_error(file, "/countries",
                   "needs at least " + std::to_string(min_countries) + " countries");
    return w;
}

std::string ShopWords::name(Rng& rng, const std::string& taken) const {
    std::string name;
    do {
        // Drawn second word first: GCC evaluated the old "first + ' ' + second" right to left.
        const std::string s = rng.pick(second);
        name = rng.pick(first) + " " + s;
    } while (name == taken);
    return name;
}

void ShopWords::draw_countries(Rng& rng, int lo, int hi, int asked, Strings& shipped,
                               Strings& not_shipped) const {
    Strings all = countries;
    rng.shuffle(all);
    const int n = rng.range(lo, hi);
    shipped.assign(all.begin(), all.begin() + n);
    not_shipped.assign(all.begin() + n, all.begin() + n + asked);
}

std::string staff_handoff(const ReadingData& data, Rng& rng) {
    return rng.pick(data.handoffs);
}

namespace {

std::string S(long n) {
    return std::to_string(n);
}

std::string word(int n) {
    static const char* kWords[] = {"zero", "one",   "two",   "three", "four", "five",
                                   "six",  "seven", "eight", "nine",  "ten"};
    return n >= 0 && n <= 10 ? kWords[n] : S(n);
}

std::string plural_s(int n) {
    return n > 1 ? "s" : "";
}

std::string turn(const std::string& role, const std::string& text) {
    return framing::turn_text(role, text);
}

// ---- shops ----

enum Topic { kReturns, kRefunds, kExchanges, kWarranty, kShipping, kPriceMatch, kRentals, kHours };

// The names of the topics and filler sections in shop.json, in the order of their numbers.
constexpr std::array<const char*, kReadingTopics> kTopicNames = {
    "returns", "refunds", "exchanges", "warranty", "shipping", "price_match", "rentals", "hours"};
constexpr std::array<const char*, kReadingFillers> kFillerNames = {
    "about", "payment", "loyalty", "gift_cards", "care", "privacy", "trade_in", "workshops"};

// The slots of a shop's policy: its sections and the answers that quote them.
const SlotNames kShopSlots = {
    "days",         "refund_days", "actuations",    "label_days",  "label_s",
    "partial",      "warranty",    "used_warranty", "repair_lo",   "repair_hi",
    "ship_hour",    "std_lo",      "std_hi",        "free_above",  "currency",
    "std_cost",     "express",     "countries",     "price_match", "rental_hour",
    "deposit_days", "open_days",   "open_from",     "open_to",     "closed_day"};

ReadingShop random_shop(const ReadingData& d, Rng& rng) {
    if (rng.chance(12))
        return d.lumen;
    ReadingShop s;
    s.name = d.words.name(rng, d.lumen.name);
    s.goods = rng.pick(d.words.goods);
    s.return_days = draw(rng, 7, 120, {40, 45, 75});
    s.refund_days = draw(rng, 2, 15, {9});
    s.warranty_years = draw(rng, 1, 6, {3});
    s.used_warranty_years = std::max(1, std::min(s.warranty_years - 1, rng.range(1, 2)));
    s.ship_hour = rng.range(11, 17) - 12;
    if (s.ship_hour <= 0)
        s.ship_hour += 12;
    s.std_lo = rng.range(1, 4);
    s.std_hi = s.std_lo + rng.range(1, 4);
    s.free_above = rng.pick(std::vector<int>{29, 39, 49, 50, 59, 75, 79, 99, 100, 120, 150});
    // The cents are drawn before the units, as GCC evaluated the old '+' chain (right to left).
    const std::string cents = rng.pick(Strings{"00", "50", "90", "95", "99"});
    s.std_cost = S(rng.range(2, 9)) + "." + cents;
    s.express = rng.range(6, 25);
    s.currency = rng.pick(d.words.currencies);
    d.words.draw_countries(rng, 3, 8, 4, s.countries, s.not_countries);
    s.price_match_days = draw(rng, 5, 60, {40, 45, 75});
    s.rental_hour = rng.range(3, 9);
    s.deposit_days = draw(rng, 1, 10, {9});
    s.partial = rng.pick(std::vector<int>{50, 60, 70, 75, 80, 85, 90});
    s.actuations = rng.pick(std::vector<int>{100, 200, 300, 500, 1000, 1500, 2000});
    s.repair_lo = draw(rng, 3, 12, {9});
    s.repair_hi = draw(rng, s.repair_lo + 2, s.repair_lo + 10, {9});
    s.label_days = rng.range(1, 3);
    s.opening = rng.pick(d.openings);
    s.open_from = rng.range(7, 11);
    s.open_to = rng.range(4, 9);
    return s;
}

// The values of kShopSlots for shop `s`, followed by `more`.
Slots shop_slots(const ReadingShop& s, Slots more = {}) {
    Slots out = {{"days", S(s.return_days)},
                 {"refund_days", S(s.refund_days)},
                 {"actuations", S(s.actuations)},
                 {"label_days", word(s.label_days)},
                 {"label_s", plural_s(s.label_days)},
                 {"partial", S(s.partial)},
                 {"warranty", word(s.warranty_years)},
                 {"used_warranty", word(s.used_warranty_years)},
                 {"repair_lo", S(s.repair_lo)},
                 {"repair_hi", S(s.repair_hi)},
                 {"ship_hour", S(s.ship_hour)},
                 {"std_lo", S(s.std_lo)},
                 {"std_hi", S(s.std_hi)},
                 {"free_above", S(s.free_above)},
                 {"currency", s.currency},
                 {"std_cost", s.std_cost},
                 {"express", S(s.express)},
                 {"countries", list_of(s.countries)},
                 {"price_match", S(s.price_match_days)},
                 {"rental_hour", S(s.rental_hour)},
                 {"deposit_days", S(s.deposit_days)},
                 {"open_days", s.opening.days},
                 {"open_from", S(s.open_from)},
                 {"open_to", S(s.open_to)},
                 {"closed_day", s.opening.closed}};
    out.insert(out.end(), more.begin(), more.end());
    return out;
}

std::string section(const ReadingData& d, const ReadingShop& s, int topic, Rng& rng) {
    const bool alt = rng.chance(50);
    const ReadingSection& sec = d.sections[static_cast<std::size_t>(topic)];
    return fill(alt && !sec.alt.empty() ? sec.alt : sec.text, shop_slots(s));
}

// Sections about the shop that answer none of the questions, with numbers of their own.
std::string filler(const ReadingData& d, Rng& rng) {
    const int k = rng.below(8);
    const std::string& text = d.fillers[static_cast<std::size_t>(k)];
    // Where a filler has two numbers they are drawn last one first, as GCC evaluated the old
    // '+' chains (right to left).
    switch (k) {
        case 0: {
            const std::string people = S(rng.range(6, 80));
            return fill(text, {{"year", S(rng.range(1950, 2015))}, {"people", people}});
        }
        case 1:
            return fill(text, {{"days", S(rng.range(3, 14))}});
        case 2: {
            const std::string cost = S(rng.range(10, 99));
            return fill(text, {{"points", S(rng.range(1, 5))}, {"cost", cost}});
        }
        case 3:
            return fill(text, {{"years", S(rng.range(1, 5))}});
        case 4:
            return fill(text, {{"percent", S(rng.range(40, 70))}});
        case 5:
            return fill(text, {{"years", S(rng.range(2, 10))}});
        case 6:
            return fill(text, {{"days", S(draw(rng, 3, 21, {9}))}});
        default: {
            const std::string cost = S(rng.range(20, 150));
            return fill(text, {{"people", S(rng.range(4, 20))}, {"cost", cost}});
        }
    }
}

struct Turn {
    std::string user, assistant;
};

std::string article(const std::string& noun) {
    return (std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") + noun;
}

Turn returns_turn(const ReadingData& d, const ReadingShop& s, Rng& rng) {
    const std::string item = rng.pick(d.items);
    const int form = rng.below(5);
    if (form <= 1) {
        const std::string q = rng.pick(d.return_questions);
        const std::string a = rng.pick(d.return_answers);
        return {fill(q, {{"a", article(item)}}), fill(a, shop_slots(s))};
    }
    if (form == 2) {
        const std::string x = rng.pick(d.unreturnable);
        return {fill(d.unreturnable_question, {{"a", article(x)}}),
                fill(d.unreturnable_answer, {{"item", x}})};
    }
    // "I bought it N days/weeks ago": compare with the window.
    int days = 0;
    std::string when;
    if (rng.chance(60)) {
        days = std::max(1, s.return_days + rng.range(-25, 25));
        when = fill(d.days_ago, {{"days", S(days)}});
    } else {
        const int weeks = rng.range(1, 12);
        days = weeks * 7;
        when = fill(d.weeks_ago, {{"weeks", word(weeks)}, {"weeks_s", plural_s(weeks)}});
    }
    const std::string q = fill(rng.pick(d.late_questions), {{"a", article(item)}, {"when", when}});
    if (days <= s.return_days)
        return {q, fill(d.in_time, shop_slots(s))};
    return {q, fill(d.too_late, shop_slots(s, {{"item", item}}))};
}

// A question drawn from `ask`, and its answer.
Turn asked(const ReadingAsk& ask, const Slots& slots, Rng& rng) {
    return {fill(rng.pick(ask.questions), slots), fill(ask.answer, slots)};
}

Turn topic_turn(const ReadingData& d, const ReadingShop& s, int topic, Rng& rng) {
    const std::string item = rng.pick(d.items);
    const Slots slots = shop_slots(s, {{"item", item}});
    switch (topic) {
        case kRefunds:
            return asked(d.refunds, slots, rng);
        case kExchanges:
            return {fill(d.exchange_question, slots), fill(d.exchange_answer, slots)};
        case kWarranty: {
            if (rng.chance(35))
                return asked(d.warranty_damage, slots, rng);
            if (rng.chance(40))
                return asked(d.warranty_length, slots, rng);
            const int months = rng.range(2, 12 * (s.warranty_years + 2));
            const std::string q = fill(d.months_question, {{"item", item}, {"months", S(months)}});
            if (months <= 12 * s.warranty_years)
                return {q, fill(d.months_covered, slots)};
            return {q, fill(d.months_expired,
                            shop_slots(
                                s, {{"item", item}, {"warranty_s", plural_s(s.warranty_years)}}))};
        }
        case kShipping: {
            const int form = rng.below(4);
            if (form == 0) {
                const bool yes = rng.chance(50);
                const std::string c = yes ? rng.pick(s.countries) : rng.pick(s.not_countries);
                if (std::find(d.regions.begin(), d.regions.end(), c) != d.regions.end())
                    return {fill(d.country_list_question, slots),
                            fill(d.country_list_answer, slots)};
                const Slots with_c = shop_slots(s, {{"country", c}});
                return {fill(rng.pick(d.country_questions), with_c),
                        fill(yes ? d.country_yes : d.country_no, with_c)};
            }
            if (form == 1) {
                const int amount = s.free_above + rng.range(-s.free_above / 2, s.free_above);
                return {fill(d.cost_question, shop_slots(s, {{"amount", S(amount)}})),
                        fill(amount > s.free_above ? d.cost_free : d.cost_paid, slots)};
            }
            if (form == 2)
                return asked(d.shipping_standard, slots, rng);
            return asked(d.shipping_express, slots, rng);
        }
        case kPriceMatch:
            return {fill(d.price_match_question, slots), fill(d.price_match_answer, slots)};
        case kRentals:
            return asked(d.rentals, slots, rng);
        case kHours:
            return asked(d.hours, slots, rng);
        default:
            return returns_turn(d, s, rng);
    }
}

// A shop's support chat: a policy of shuffled, sometimes missing sections among filler, padded
// to `target` bytes, then questions about it.
std::string shop_doc(const ReadingData& d, Rng& rng) {
    const ReadingShop s = random_shop(d, rng);
    std::vector<int> topics = {kReturns,  kRefunds,    kExchanges, kWarranty,
                               kShipping, kPriceMatch, kRentals,   kHours};
    if (rng.chance(60))
        rng.shuffle(topics);
    std::vector<int> kept, missing;
    for (int t : topics)
        (t != kReturns && rng.chance(15) ? missing : kept).push_back(t);
    const std::size_t target = static_cast<std::size_t>(rng.range(600, 7600));
    std::vector<std::string> parts;
    for (int t : kept)
        parts.push_back(d.sections[static_cast<std::size_t>(t)].title + "\n" +
                        section(d, s, t, rng));
    while (true) {
        std::size_t size = 0;
        for (const auto& p : parts)
            size += p.size() + 2;
        if (size >= target)
            break;
        parts.insert(parts.begin() + rng.below(static_cast<int>(parts.size()) + 1), filler(d, rng));
    }
    const bool numbered = rng.chance(50);
    std::string system = rng.pick(d.systems);
    system = fill(system, {{"shop", s.name}, {"goods", s.goods}, {"cur", s.currency}}) + "\n";
    for (std::size_t i = 0; i < parts.size(); ++i)
        system += "\n" + (numbered ? S(static_cast<long>(i) + 1) + ". " : std::string()) +
                  parts[i] + "\n";
    if (rng.chance(10)) {
        // Day, minute, hour: the order GCC drew them in the old '+' chain (right to left).
        const std::string day = S(rng.range(1, 28));
        const std::string minute = S(rng.range(10, 59));
        const std::string hour = S(rng.range(0, 23));
        system = fill(d.time, {{"hour", hour}, {"minute", minute}, {"day", day}}) + system;
    }
    std::string doc = turn("system", system);
    const int turns = rng.range(1, 4);
    for (int i = 0; i < turns; ++i) {
        const int k = rng.below(100);
        Turn t;
        if (k < 30) {
            t = returns_turn(d, s, rng);
        } else if (k < 92) {
            const int topic = rng.below(8);
            const bool covered = std::find(kept.begin(), kept.end(), topic) != kept.end();
            t = topic_turn(d, s, topic, rng);
            if (!covered)
                t.assistant = staff_handoff(d, rng);
        } else {
            t = {rng.pick(d.off_topic), staff_handoff(d, rng)};
        }
        doc += turn("user", t.user) + turn("assistant", t.assistant);
    }
    return doc;
}

// ---- customer records ----

std::string order_id(Rng& rng, const std::string& prefix) {
    return prefix + "-" + S(rng.range(1000, 39999));
}

// "12 March"; the month is drawn before the day, as GCC evaluated the old '+' chain.
std::string order_date(const ReadingData& d, Rng& rng) {
    const std::string month = rng.pick(d.months);
    return S(rng.range(1, 28)) + " " + month;
}

std::string record_doc(const ReadingData& d, Rng& rng) {
    const ReadingShop s = random_shop(d, rng);
    const std::string prefix = s.name.substr(0, 1) + rng.pick(d.prefix_letters);
    // Year, city, last name, first name: the order GCC drew them in the old '+' chain.
    const std::string year = S(rng.range(2012, 2025));
    const std::string city = rng.pick(d.cities);
    const std::string last = rng.pick(d.last_names);
    const std::string first = rng.pick(d.first_names);
    std::string record =
        fill(d.customer, {{"first", first}, {"last", last}, {"city", city}, {"year", year}});
    struct Order {
        std::string id, item, status, date, tracking;
        bool delivered = false;
    };
    std::vector<Order> orders;
    const int n = rng.range(2, 6);
    for (int i = 0; i < n; ++i) {
        Order o;
        o.id = order_id(rng, prefix);
        o.item = rng.pick(d.products);
        o.date = order_date(d, rng);
        o.delivered = i > 0 || rng.chance(40);
        // The tracking number's second group is drawn first, as in the old '+' chain.
        const std::string group2 = S(rng.range(1000, 9999));
        o.tracking = S(rng.range(10000, 99999)) + " " + group2;
        o.status = o.delivered ? fill(d.delivered, {{"date", o.date}})
                               : fill(d.shipped, {{"date", o.date}, {"tracking", o.tracking}});
        record += fill(d.line, {{"id", o.id},
                                {"item", o.item},
                                {"price", S(rng.range(9, 1900))},
                                {"currency", s.currency},
                                {"status", o.status}});
        orders.push_back(o);
    }
    if (rng.chance(50))
        record += fill(d.ticket, {{"ticket", S(rng.range(1000, 9999))}});
    const std::string system =
        fill(d.record_system, {{"shop", s.name}, {"days", S(s.return_days)}, {"record", record}});
    std::string doc = turn("system", system);
    const int turns = rng.range(1, 3);
    for (int i = 0; i < turns; ++i) {
        const Order& o =
            orders[static_cast<std::size_t>(rng.below(static_cast<int>(orders.size())))];
        const Slots slots = {{"id", o.id},
                             {"item", o.item},
                             {"date", o.date},
                             {"tracking", o.tracking},
                             {"days", S(s.return_days)}};
        Turn t;
        if (rng.chance(60)) {
            t.user = fill(rng.pick(d.status_questions), slots);
            t.assistant = fill(o.delivered ? d.delivered_answer : d.shipped_answer, slots);
        } else {
            t.user = fill(d.return_question, slots);
            t.assistant = fill(o.delivered ? d.return_delivered : d.return_not_delivered, slots);
        }
        doc += turn("user", t.user) + turn("assistant", t.assistant);
    }
    return doc;
}

// ---- manuals ----

std::string manual_doc(const ReadingData& d, Rng& rng) {
    const std::string brand = rng.pick(d.brands);
    // The number before the letter, and the firmware's minor before its major version: the order
    // GCC drew them in the old '+' chains.
    const std::string number = S(rng.range(1, 9) * 100);
    const std::string model = rng.pick(d.model_letters) + number;
    const std::string battery = fill(d.battery, {{"number", S(rng.range(10, 99))}});
    const int mah = rng.range(10, 40) * 100 + rng.pick(std::vector<int>{0, 50});
    const int charge_h = rng.range(1, 4), charge_m = rng.range(0, 5) * 10;
    const int fps4k = rng.pick(std::vector<int>{24, 30, 50, 60, 120});
    const int fpshd = rng.pick(std::vector<int>{60, 100, 120, 240});
    const int clip = rng.pick(std::vector<int>{20, 29, 30, 45, 60, 90, 120});
    const int eye = rng.range(2, 15);
    const int slots = rng.range(1, 2);
    const std::string card = rng.pick(d.cards);
    const int mbps = rng.pick(std::vector<int>{100, 150, 200, 400});
    const std::string minor = S(rng.range(0, 9));
    const std::string fw = S(rng.range(1, 4)) + "." + minor;
    const Slots values = {{"model", model},
                          {"battery", battery},
                          {"mah", S(mah)},
                          {"charge_h", S(charge_h)},
                          {"charge_m", S(charge_m)},
                          {"slots", word(slots)},
                          {"slots_s", plural_s(slots)},
                          {"mbps", S(mbps)},
                          {"card", card},
                          {"fps4k", S(fps4k)},
                          {"fpshd", S(fpshd)},
                          {"clip", S(clip)},
                          {"eye", S(eye)},
                          {"fw", fw}};
    struct Fact {
        std::string section, question, answer;
    };
    std::vector<Fact> facts;
    for (const ReadingFact& f : d.facts) {
        const std::string q = f.questions.size() > 1 ? rng.pick(f.questions) : f.questions[0];
        facts.push_back({fill(f.section, values), fill(q, values), fill(f.answer, values)});
    }
    rng.shuffle(facts);
    std::string manual = fill(d.manual_title, {{"brand", brand}, {"model", model}});
    const std::size_t target = static_cast<std::size_t>(rng.range(400, 6000));
    for (std::size_t i = 0; i < facts.size(); ++i)
        manual += "\n" + S(static_cast<long>(i) + 1) + ". " + facts[i].section + "\n";
    for (int extra = static_cast<int>(facts.size()) + 1; manual.size() < target; ++extra)
        manual += "\n" + S(extra) + ". " + filler(d, rng) + "\n";
    const Fact& f = facts[static_cast<std::size_t>(rng.below(static_cast<int>(facts.size())))];
    std::string doc = turn("system", fill(d.manual_system, {{"brand", brand}}));
    doc += turn("user", manual + "\n" + f.question) + turn("assistant", f.answer);
    return doc;
}

// ---- message triage (few-shot) ----

std::string triage_doc(const ReadingData& d, Rng& rng) {
    std::vector<ReadingCategory> cats = d.categories;
    rng.shuffle(cats);
    cats.resize(static_cast<std::size_t>(rng.range(4, 6)));
    std::string system = fill(d.triage_system, {{"shop", random_shop(d, rng).name}});
    for (const ReadingCategory& c : cats)
        system += fill(d.triage_category, {{"name", c.name}, {"description", c.description}});
    std::string doc = turn("system", system);
    const int shots = rng.range(2, 8);
    for (int i = 0; i < shots; ++i) {
        const ReadingCategory& c =
            cats[static_cast<std::size_t>(rng.below(static_cast<int>(cats.size())))];
        doc += turn("user", rng.pick(c.examples)) + turn("assistant", c.name);
    }
    return doc;
}

// ---- agent turns with tool calls ----

std::string agent_doc(const ReadingData& d, Rng& rng) {
    const ReadingShop s = random_shop(d, rng);
    const std::string prefix = s.name.substr(0, 1) + "C";
    std::string doc;
    for (const std::string& tool : d.agent_tools)
        doc += framing::tool_text(tool);
    doc += turn("system", fill(d.agent_system, {{"shop", s.name}, {"days", S(s.return_days)}}));
    const std::string id = order_id(rng, prefix);
    const std::string item = rng.pick(d.products);
    const std::string date = order_date(d, rng);
    const bool shipped = rng.chance(60);
    const std::string tracking = S(rng.range(10000000, 99999999));
    const Slots slots = {{"id", id}, {"item", item}, {"date", date}, {"tracking", tracking}};
    doc += turn("user", fill(rng.pick(d.agent_questions), slots));
    // The renderer writes a tool_use block as its input JSON right after the turn's text. The
    // call and the result are the tools' protocol, not wording, so they stay here.
    doc += turn("assistant", d.agent_lookup + "{\"order_id\":\"" + id + "\"}");
    const std::string result =
        "{\"order_id\":\"" + id + "\",\"status\":\"" + (shipped ? "shipped" : "packing") +
        "\",\"date\":\"" + date + "\",\"items\":[{\"name\":\"" + item + "\"}]" +
        (shipped ? ",\"tracking\":\"" + tracking + "\"" : std::string()) + "}";
    doc += turn("user", result);
    doc += turn("assistant", fill(shipped ? d.agent_shipped : d.agent_packing, slots));
    return doc;
}

// ---- prose pages ----

std::string prose_doc(const ReadingData& d, Rng& rng) {
    const ReadingShop s = random_shop(d, rng);
    std::string text = fill(d.page_lead, {{"shop", s.name}, {"goods", s.goods}});
    std::vector<int> topics = {kReturns, kRefunds, kWarranty, kShipping, kPriceMatch, kHours};
    rng.shuffle(topics);
    for (int t : topics)
        text += " " + section(d, s, t, rng);
    text += "\n";
    for (int i = rng.range(1, 3); i > 0; --i) {
        const Turn t = topic_turn(d, s, rng.below(8), rng);
        text += fill(d.page_qa, {{"question", t.user}, {"answer", t.assistant}});
    }
    return text;
}

// ---- loading ----

ReadingOpening opening_at(const DataFile& f, const std::string& p) {
    return {text_at(f, p + "/days"), text_at(f, p + "/closed")};
}

ReadingAsk ask_at(const DataFile& f, const std::string& p, SlotNames question_slots) {
    return {texts_at(f, p + "/questions", question_slots), text_at(f, p + "/answer", kShopSlots)};
}

void load_shop(ReadingData& d, const DataFile& f) {
    d.words = ShopWords::read(f, 12);  // a shop ships to 3-8 countries, is asked about 4 others
    d.openings = elements_at(f, "/opening", [&](const std::string& p) { return opening_at(f, p); });
    d.lumen.name = text_at(f, "/lumen/name");
    d.lumen.goods = text_at(f, "/lumen/goods");
    d.lumen.currency = text_at(f, "/lumen/currency");
    d.lumen.countries = texts_at(f, "/lumen/countries");
    d.lumen.not_countries = texts_at(f, "/lumen/not_countries");
    d.lumen.opening = opening_at(f, "/lumen/opening");
    d.regions = texts_at(f, "/regions");
    for (std::size_t t = 0; t < kReadingTopics; ++t) {
        const std::string p = std::string("/sections/") + kTopicNames[t];
        ReadingSection& sec = d.sections[t];
        sec.title = text_at(f, p + "/title");
        sec.text = text_at(f, p + "/text", kShopSlots);
        if (value_at(f, p).contains("alt"))
            sec.alt = text_at(f, p + "/alt", kShopSlots);
    }
    for (std::size_t k = 0; k < kReadingFillers; ++k)
        d.fillers[k] = text_at(f, std::string("/filler/") + kFillerNames[k],
                               {"year", "people", "days", "points", "cost", "years", "percent"});
    d.systems = texts_at(f, "/systems", {"shop", "goods", "cur"});
    d.time = text_at(f, "/time", {"hour", "minute", "day"});
    d.handoffs = texts_at(f, "/handoffs");
    d.items = texts_at(f, "/items");

    d.return_questions = texts_at(f, "/returns/questions", {"a"});
    d.return_answers = texts_at(f, "/returns/answers", kShopSlots);
    d.unreturnable = texts_at(f, "/returns/unreturnable");
    d.unreturnable_question = text_at(f, "/returns/unreturnable_question", {"a"});
    d.unreturnable_answer = text_at(f, "/returns/unreturnable_answer", {"item"});
    d.days_ago = text_at(f, "/returns/days_ago", {"days"});
    d.weeks_ago = text_at(f, "/returns/weeks_ago", {"weeks", "weeks_s"});
    d.late_questions = texts_at(f, "/returns/late_questions", {"a", "when"});
    d.in_time = text_at(f, "/returns/in_time", kShopSlots);
    d.too_late = text_at(f, "/returns/too_late", {"days", "item"});

    d.refunds = ask_at(f, "/topics/refunds", {"item"});
    d.exchange_question = text_at(f, "/topics/exchanges/question", {"item"});
    d.exchange_answer = text_at(f, "/topics/exchanges/answer", kShopSlots);
    d.warranty_damage = ask_at(f, "/topics/warranty_damage", {"item"});
    d.warranty_length = ask_at(f, "/topics/warranty_length", {"item"});
    d.months_question = text_at(f, "/topics/warranty_months/question", {"item", "months"});
    d.months_covered = text_at(f, "/topics/warranty_months/covered", kShopSlots);
    d.months_expired =
        text_at(f, "/topics/warranty_months/expired", {"warranty", "warranty_s", "item"});
    d.country_questions = texts_at(f, "/topics/shipping_countries/questions", {"country"});
    d.country_yes = text_at(f, "/topics/shipping_countries/yes", {"country", "std_lo", "std_hi"});
    d.country_no = text_at(f, "/topics/shipping_countries/no", {"country", "countries"});
    d.country_list_question = text_at(f, "/topics/shipping_countries/list_question");
    d.country_list_answer = text_at(f, "/topics/shipping_countries/list_answer", kShopSlots);
    d.cost_question = text_at(f, "/topics/shipping_cost/question", {"amount", "currency"});
    d.cost_free = text_at(f, "/topics/shipping_cost/free", kShopSlots);
    d.cost_paid = text_at(f, "/topics/shipping_cost/paid", kShopSlots);
    d.shipping_standard = ask_at(f, "/topics/shipping_standard", {});
    d.shipping_express = ask_at(f, "/topics/shipping_express", {});
    d.price_match_question = text_at(f, "/topics/price_match/question", {"item"});
    d.price_match_answer = text_at(f, "/topics/price_match/answer", kShopSlots);
    d.rentals = ask_at(f, "/topics/rentals", {});
    d.hours = ask_at(f, "/topics/hours", {"closed_day"});
    d.off_topic = texts_at(f, "/off_topic");
    d.page_lead = text_at(f, "/page/lead", {"shop", "goods"});
    d.page_qa = text_at(f, "/page/qa", {"question", "answer"});
}

void load_orders(ReadingData& d, const DataFile& f) {
    d.products = texts_at(f, "/products");
    d.months = texts_at(f, "/months");
    d.prefix_letters = texts_at(f, "/prefix_letters");
    d.first_names = texts_at(f, "/first_names");
    d.last_names = texts_at(f, "/last_names");
    d.cities = texts_at(f, "/cities");
    d.customer = text_at(f, "/customer", {"first", "last", "city", "year"});
    d.delivered = text_at(f, "/delivered", {"date"});
    d.shipped = text_at(f, "/shipped", {"date", "tracking"});
    d.line = text_at(f, "/line", {"id", "item", "price", "currency", "status"});
    d.ticket = text_at(f, "/ticket", {"ticket"});
    d.record_system = text_at(f, "/system", {"shop", "days", "record"});
    const SlotNames order = {"id", "item", "date", "tracking", "days"};
    d.status_questions = texts_at(f, "/status_questions", order);
    d.delivered_answer = text_at(f, "/delivered_answer", order);
    d.shipped_answer = text_at(f, "/shipped_answer", order);
    d.return_question = text_at(f, "/return_question", order);
    d.return_delivered = text_at(f, "/return_delivered", order);
    d.return_not_delivered = text_at(f, "/return_not_delivered", order);
}

void load_agent(ReadingData& d, const DataFile& f) {
    d.agent_tools = strings_at(f, "/tools");
    d.agent_system = text_at(f, "/system", {"shop", "days"});
    const SlotNames order = {"id", "item", "date", "tracking"};
    d.agent_questions = texts_at(f, "/questions", order);
    d.agent_lookup = text_at(f, "/lookup");
    d.agent_shipped = text_at(f, "/shipped", order);
    d.agent_packing = text_at(f, "/packing", order);
}

void load_manual(ReadingData& d, const DataFile& f) {
    d.brands = texts_at(f, "/brands");
    d.model_letters = texts_at(f, "/model_letters");
    d.battery = text_at(f, "/battery", {"number"});
    d.cards = texts_at(f, "/cards");
    const SlotNames camera = {"model", "battery", "mah",  "charge_h", "charge_m",
                              "slots", "slots_s", "mbps", "card",     "fps4k",
                              "fpshd", "clip",    "eye",  "fw"};
    d.facts = elements_at(f, "/facts", [&](const std::string& p) {
        return ReadingFact{text_at(f, p + "/section", camera),
                           texts_at(f, p + "/questions", camera),
                           text_at(f, p + "/answer", camera)};
    });
    d.manual_title = text_at(f, "/title", {"brand", "model"});
    d.manual_system = text_at(f, "/system", {"brand"});
}

void load_triage(ReadingData& d, const DataFile& f) {
    d.categories = elements_at(f, "/categories", [&](const std::string& p) {
        return ReadingCategory{text_at(f, p + "/name"), text_at(f, p + "/description"),
                               texts_at(f, p + "/examples")};
    });
    // A few-shot prompt keeps 4-6 of the categories.
    if (d.categories.size() < 6)
        data_error(f, "/categories", "needs at least 6 categories");
    d.triage_system = text_at(f, "/system", {"shop"});
    d.triage_category = text_at(f, "/category", {"name", "description"});
}

}  // namespace

ReadingData load_reading_data(const std::string& dir) {
    ReadingData d;
    load_shop(d, read_data_file(dir, "reading/shop.json"));
    load_orders(d, read_data_file(dir, "reading/orders.json"));
    load_agent(d, read_data_file(dir, "reading/agent.json"));
    load_manual(d, read_data_file(dir, "reading/manual.json"));
    load_triage(d, read_data_file(dir, "reading/triage.json"));
    return d;
}

std::string reading_doc(const ReadingData& data, Rng& rng) {
    const int k = rng.below(100);
    if (k < 46)
        return shop_doc(data, rng);
    if (k < 60)
        return record_doc(data, rng);
    if (k < 74)
        return manual_doc(data, rng);
    if (k < 80)
        return triage_doc(data, rng);
    if (k < 90)
        return agent_doc(data, rng);
    return prose_doc(data, rng);
}

}  // namespace pl::corpus
