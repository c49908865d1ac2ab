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

std::string staff_handoff(Rng& rng) {
    return rng.pick(std::vector<std::string>{
        "Our policy does not cover that, so I cannot answer it here. I can pass you to a member "
        "of staff.",
        "I am sorry, the policy does not cover that question. Would you like me to connect you "
        "with a person from our team?"});
}

namespace {

using Strings = std::vector<std::string>;

std::string S(long n) {
    return std::to_string(n);
}

std::string word(int n) {
    static const char* kWords[] = {"zero", "one",   "two",   "three", "four", "five",
                                   "six",  "seven", "eight", "nine",  "ten"};
    return n >= 0 && n <= 10 ? kWords[n] : S(n);
}

// Replaces every "{key}" of `text` with its value.
std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& slots) {
    for (const auto& [key, value] : slots) {
        const std::string k = "{" + key + "}";
        for (std::size_t at = text.find(k); at != std::string::npos; at = text.find(k, at))
            text.replace(at, k.size(), value), at += value.size();
    }
    return text;
}

std::string turn(const std::string& role, const std::string& text) {
    return framing::turn_text(role, text);
}

// ---- shops ----

const Strings& shop_first() {
    static const Strings v = {"Lumen",  "Northlight",  "Aperture", "Kestrel", "Harbor",   "Meadow",
                              "Silver", "Brightfield", "Cobalt",   "Juniper", "Granite",  "Willow",
                              "Atlas",  "Beacon",      "Copper",   "Falcon",  "Orchard",  "Summit",
                              "Prism",  "Tidewater",   "Redwood",  "Lantern", "Foxglove", "Ember"};
    return v;
}
const Strings& shop_second() {
    static const Strings v = {"Camera Store", "Cameras", "Photo Supply", "Lens Shop",
                              "Optics",       "Photo",   "Camera Co.",   "Imaging",
                              "Camera House", "Foto"};
    return v;
}

struct Shop {
    std::string name;
    std::string goods;  // "cameras, lenses, lighting and accessories"
    int return_days = 30, refund_days = 5, warranty = 2, used_warranty = 1;
    int ship_hour = 2, std_lo = 2, std_hi = 4, free_above = 99, express = 12;
    std::string std_cost = "4.90", currency = "euros";
    Strings countries;      // shipped to
    Strings not_countries;  // asked about, not shipped to
    int price_match = 14, rental_hour = 6, deposit_days = 3, partial = 85, actuations = 500;
    int repair_lo = 10, repair_hi = 15, label_days = 1;
    std::string open_days = "Monday to Saturday";
    int open_from = 9, open_to = 6;  // a.m. / p.m.
    std::string closed_day = "Sunday";
};

Shop lumen() {  // the canonical policy of the app's scenarios
    Shop s;
    s.name = "Lumen Camera Store";
    s.goods = "cameras, lenses, lighting and accessories";
    s.countries = {"every country of the European Union", "Norway", "Switzerland",
                   "the United Kingdom"};
    s.not_countries = {"the United States", "Canada", "Australia", "Japan"};
    return s;
}

Shop random_shop(Rng& rng) {
    if (rng.chance(12))
        return lumen();
    Shop s;
    do {
        s.name = rng.pick(shop_first()) + " " + rng.pick(shop_second());
    } while (s.name == "Lumen Camera Store");
    s.goods =
        rng.pick(Strings{"cameras, lenses, lighting and accessories", "cameras, lenses and tripods",
                         "film, cameras and darkroom supplies", "lenses, flashes and camera bags",
                         "drones, cameras and lenses", "binoculars, telescopes and cameras"});
    s.return_days = draw(rng, 7, 120, {40, 45, 75});
    s.refund_days = draw(rng, 2, 15, {9});
    s.warranty = draw(rng, 1, 6, {3});
    s.used_warranty = std::max(1, std::min(s.warranty - 1, rng.range(1, 2)));
    s.ship_hour = rng.range(11, 17) - 12;
    if (s.ship_hour <= 0)
        s.ship_hour += 12;
    s.std_lo = rng.range(1, 4);
    s.std_hi = s.std_lo + rng.range(1, 4);
    s.free_above = rng.pick(std::vector<int>{29, 39, 49, 50, 59, 75, 79, 99, 100, 120, 150});
    s.std_cost = S(rng.range(2, 9)) + "." + rng.pick(Strings{"00", "50", "90", "95", "99"});
    s.express = rng.range(6, 25);
    s.currency = rng.pick(Strings{"euros", "euros", "pounds", "dollars", "francs"});
    Strings all = {"Austria",         "Belgium",
                   "Czechia",         "Denmark",
                   "France",          "Germany",
                   "Ireland",         "Italy",
                   "Norway",          "Poland",
                   "Portugal",        "Spain",
                   "Sweden",          "Switzerland",
                   "the Netherlands", "the United Kingdom",
                   "Canada",          "the United States",
                   "Japan",           "Australia",
                   "Finland",         "Greece"};
    rng.shuffle(all);
    const int n = rng.range(3, 8);
    s.countries.assign(all.begin(), all.begin() + n);
    s.not_countries.assign(all.begin() + n, all.begin() + n + 4);
    s.price_match = draw(rng, 5, 60, {40, 45, 75});
    s.rental_hour = rng.range(3, 9);
    s.deposit_days = draw(rng, 1, 10, {9});
    s.partial = rng.pick(std::vector<int>{50, 60, 70, 75, 80, 85, 90});
    s.actuations = rng.pick(std::vector<int>{100, 200, 300, 500, 1000, 1500, 2000});
    s.repair_lo = draw(rng, 3, 12, {9});
    s.repair_hi = draw(rng, s.repair_lo + 2, s.repair_lo + 10, {9});
    s.label_days = rng.range(1, 3);
    s.open_days = rng.pick(Strings{"Monday to Friday", "Monday to Saturday", "Tuesday to Saturday",
                                   "every day except Sunday", "Wednesday to Sunday"});
    s.open_from = rng.range(7, 11);
    s.open_to = rng.range(4, 9);
    s.closed_day = s.open_days.find("Sunday") != std::string::npos ? "Monday" : "Sunday";
    return s;
}

enum Topic { kReturns, kRefunds, kExchanges, kWarranty, kShipping, kPriceMatch, kRentals, kHours };

std::string section(const Shop& s, int topic, Rng& rng) {
    const bool alt = rng.chance(50);
    switch (topic) {
        case kReturns:
            return alt ? "Most items can be sent back within " + S(s.return_days) +
                             " days of delivery for a full refund. The item must be complete: "
                             "original box, manuals, cables and any free gifts. A lens must come "
                             "back with both caps, the hood and the pouch. A camera body must show "
                             "fewer than " +
                             S(s.actuations) +
                             " shutter actuations. Opened memory cards, sensor cleaning kits, "
                             "printed photo books and gift cards cannot be returned. We email a "
                             "prepaid return label within " +
                             word(s.label_days) + " business day" + (s.label_days > 1 ? "s" : "") +
                             "."
                       : "You can return cameras, lenses, flashes and accessories within " +
                             S(s.return_days) +
                             " days of delivery, as long as they are in the original packaging "
                             "with every accessory and manual. Opened memory cards, cleaning kits "
                             "and printed photo books cannot be returned, because they cannot be "
                             "resold.";
        case kRefunds:
            return alt ? "Refunds go to the original payment method within " + S(s.refund_days) +
                             " business days after the item reaches our warehouse and passes "
                             "inspection. The original shipping cost is refunded only when the "
                             "item arrived damaged, faulty or was not what the customer ordered. "
                             "An incomplete item may get a partial refund of up to " +
                             S(s.partial) + "% of the price."
                       : "We refund the original payment method " + S(s.refund_days) +
                             " business days after the returned item arrives and passes "
                             "inspection. Shipping costs are refunded only for damaged or wrong "
                             "items.";
        case kExchanges:
            return "An exchange for a different model is handled as a return plus a new order, so "
                   "the customer pays or receives the price difference. A faulty item reported "
                   "within " +
                   S(s.return_days) +
                   " days of delivery is exchanged for the same model at no cost.";
        case kWarranty:
            return "New cameras, lenses and flashes carry a " + word(s.warranty) +
                   "-year warranty against defects in materials and workmanship. Refurbished and "
                   "used items carry a " +
                   word(s.used_warranty) +
                   "-year warranty. The warranty does not cover drops, water or sand damage, "
                   "cracked screens or repairs by anyone other than an authorized service center. "
                   "Warranty repairs usually take " +
                   S(s.repair_lo) + " to " + S(s.repair_hi) + " business days.";
        case kShipping:
            return "Orders placed before " + S(s.ship_hour) +
                   " p.m. on a business day ship the same day. Standard delivery takes " +
                   S(s.std_lo) + " to " + S(s.std_hi) +
                   " business days; it is free for orders "
                   "above " +
                   S(s.free_above) + " " + s.currency + " and costs " + s.std_cost + " " +
                   s.currency +
                   " below that. Express delivery arrives the next business "
                   "day for " +
                   S(s.express) + " " + s.currency + ". We ship to " + list_of(s.countries) + ".";
        case kPriceMatch:
            return "We match the price of an identical new item that an authorized dealer has in "
                   "stock, if the customer asks within " +
                   S(s.price_match) +
                   " days of purchase. Marketplace sellers, auctions and used items do not "
                   "qualify.";
        case kRentals:
            return "Rented gear must be back by " + S(s.rental_hour) +
                   " p.m. on the last rental day; each late day costs one extra rental day. The "
                   "deposit is released within " +
                   S(s.deposit_days) + " business days after we have checked the gear.";
        default:
            return "Our showroom is open " + s.open_days + " from " + S(s.open_from) + " a.m. to " +
                   S(s.open_to) + " p.m. and closed on " + s.closed_day + "s and public holidays.";
    }
}

const char* topic_title(int topic) {
    static const char* kTitles[] = {"Returns",  "Refunds",     "Exchanges", "Warranty",
                                    "Shipping", "Price match", "Rentals",   "Showroom"};
    return kTitles[topic];
}

// Sections about the shop that answer none of the questions, with numbers of their own.
std::string filler(Rng& rng) {
    const int k = rng.below(8);
    switch (k) {
        case 0:
            return "About us\nWe have sold photographic equipment since " +
                   S(rng.range(1950, 2015)) + ". Our team of " + S(rng.range(6, 80)) +
                   " people tests every used item before it goes on sale, and our workshop "
                   "cleans sensors and calibrates lenses for customers and for other shops.";
        case 1:
            return "Payment\nWe accept credit and debit cards, bank transfer and invoices for "
                   "companies. Bank transfers must arrive within " +
                   S(rng.range(3, 14)) + " days, or the order is cancelled. Prices include VAT.";
        case 2:
            return "Loyalty program\nMembers of our Pro program collect " + S(rng.range(1, 5)) +
                   " points for every unit of currency spent and can borrow a replacement body "
                   "while theirs is being repaired. Membership costs " +
                   S(rng.range(10, 99)) + " per year.";
        case 3:
            return "Gift cards\nGift cards are valid for " + S(rng.range(1, 5)) +
                   " years from the day of purchase and can be used online and in the showroom. "
                   "They cannot be exchanged for cash.";
        case 4:
            return "Care\nKeep lenses in a dry place below " + S(rng.range(40, 70)) +
                   " percent humidity, store batteries half charged, and clean the sensor only "
                   "with "
                   "a blower or at a service center. Our workshop checks a camera for free once a "
                   "year.";
        case 5:
            return "Privacy\nWe keep order data for " + S(rng.range(2, 10)) +
                   " years because the law requires it, and we never sell it. Customers can ask "
                   "for a copy of their data at any time.";
        case 6:
            return "Trade-in\nWe buy used cameras and lenses in good condition. An offer is "
                   "valid for " +
                   S(draw(rng, 3, 21, {9})) +
                   " days, and the money is paid out after our workshop has checked the item.";
        default:
            return "Workshops\nEvery month we run photography workshops for groups of up to " +
                   S(rng.range(4, 20)) + " people. A seat costs " + S(rng.range(20, 150)) +
                   " and includes a loan camera if needed.";
    }
}

struct Turn {
    std::string user, assistant;
};

const Strings& returnable() {
    static const Strings v = {"lens",         "camera",      "flash",       "tripod",
                              "35 mm lens",   "50 mm lens",  "zoom lens",   "camera bag",
                              "battery grip", "lens filter", "film camera", "mirrorless camera"};
    return v;
}

std::string article(const std::string& noun) {
    return (std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") + noun;
}

Turn returns_turn(const Shop& s, Rng& rng) {
    const std::string item = rng.pick(returnable());
    const std::string R = S(s.return_days);
    const int form = rng.below(5);
    if (form <= 1) {
        const std::string q = rng.pick(
            Strings{"Can I return {a}?", "Is it possible to return {a}?",
                    "How long do I have to return {a}?", "What is your return window?",
                    "How many days do I have to send something back?",
                    "Hi, can I still send back {a} if I change my mind?",
                    "Do you take returns on {a}?", "What's the deadline for returning {a}?"});
        return {fill(q, {{"a", article(item)}}),
                rng.pick(Strings{"You can return it within " + R +
                                     " days of delivery, in the original packaging with every "
                                     "accessory.",
                                 "Yes. Items can be returned within " + R +
                                     " days of delivery for a full refund, as long as they are "
                                     "complete and in the original box.",
                                 "Returns are accepted within " + R +
                                     " days of delivery. Please include the original box, "
                                     "manuals and cables."})};
    }
    if (form == 2) {
        const Strings no = {"opened memory card", "cleaning kit", "printed photo book",
                            "gift card"};
        const std::string x = rng.pick(no);
        return {"Can I return " + article(x) + "?",
                "I am sorry, but " + x + "s cannot be returned, because they cannot be resold."};
    }
    // "I bought it N days/weeks ago": compare with the window.
    int days = 0;
    std::string when;
    if (rng.chance(60)) {
        days = std::max(1, s.return_days + rng.range(-25, 25));
        when = S(days) + " days ago";
    } else {
        const int weeks = rng.range(1, 12);
        days = weeks * 7;
        when = (weeks <= 10 ? word(weeks) : S(weeks)) + " week" + (weeks > 1 ? "s" : "") + " ago";
    }
    const std::string q =
        fill(rng.pick(Strings{"I bought {a} {when}. Can I still return it?",
                              "Can I return {a} I bought {when}?",
                              "Hi! I got {a} from you {when} but it is not what I need. Can I send "
                              "it back?"}),
             {{"a", article(item)}, {"when", when}});
    if (days <= s.return_days)
        return {q, "Yes. Returns are accepted within " + R +
                       " days of delivery, so you are still in time. We refund you within " +
                       S(s.refund_days) + " business days after it arrives."};
    return {q, "I am sorry, but returns are accepted only within " + R +
                   " days of delivery, so this " + item +
                   " can no longer be returned. If it is faulty, the warranty may still cover it."};
}

Turn topic_turn(const Shop& s, int topic, Rng& rng) {
    const std::string item = rng.pick(returnable());
    switch (topic) {
        case kRefunds:
            return {rng.pick(Strings{"When will I get my refund?", "How long does a refund take?",
                                     "I sent my " + item + " back. When do I get my money?",
                                     "How many days until the refund arrives?"}),
                    "Refunds go back to the original payment method within " + S(s.refund_days) +
                        " business days after the item reaches our warehouse and passes "
                        "inspection."};
        case kExchanges:
            return {"Can I exchange my " + item + " for a different model?",
                    "Yes. An exchange is handled as a return plus a new order, and you pay or "
                    "receive the price difference."};
        case kWarranty: {
            if (rng.chance(35))
                return {rng.pick(Strings{"Is a dropped " + item + " covered by the warranty?",
                                         "My " + item + " got wet in the rain. Is that covered?"}),
                        "Unfortunately no. The warranty covers defects in materials and "
                        "workmanship, not drops, water or sand damage."};
            if (rng.chance(40))
                return {rng.pick(Strings{"How long is the warranty on a new camera?",
                                         "What warranty do new lenses have?",
                                         "How many years of warranty do I get?"}),
                        "New cameras, lenses and flashes carry a " + word(s.warranty) +
                            "-year warranty against defects."};
            const int months = rng.range(2, 12 * (s.warranty + 2));
            const std::string q =
                "My " + item + " stopped working after " + S(months) + " months. Is it covered?";
            if (months <= 12 * s.warranty)
                return {q, "Yes. New items have a " + word(s.warranty) +
                               "-year warranty against defects, so we repair or replace it at no "
                               "cost. Repairs take " +
                               S(s.repair_lo) + " to " + S(s.repair_hi) + " business days."};
            return {q, "I am sorry, but the warranty lasts " + word(s.warranty) + " year" +
                           (s.warranty > 1 ? "s" : "") + ", so it has ended for this " + item +
                           ". I can offer a paid repair."};
        }
        case kShipping: {
            const int form = rng.below(4);
            if (form == 0) {
                const bool yes = rng.chance(50);
                const std::string c = yes ? rng.pick(s.countries) : rng.pick(s.not_countries);
                if (c.rfind("every", 0) == 0)
                    return {"Which countries do you ship to?",
                            "We ship to " + list_of(s.countries) + "."};
                return {
                    rng.pick(Strings{"Do you ship to " + c + "?", "Can you deliver to " + c + "?",
                                     "I live in " + c + ". Can I order from you?"}),
                    yes ? "Yes, we ship to " + c + ". Standard delivery takes " + S(s.std_lo) +
                              " to " + S(s.std_hi) + " business days."
                        : "I am sorry, but we do not ship to " + c + ". We ship to " +
                              list_of(s.countries) + "."};
            }
            if (form == 1) {
                const int amount = s.free_above + rng.range(-s.free_above / 2, s.free_above);
                const std::string q =
                    "Do I pay for shipping on an order of " + S(amount) + " " + s.currency + "?";
                return {q, amount > s.free_above
                               ? "No. Standard delivery is free for orders above " +
                                     S(s.free_above) + " " + s.currency + "."
                               : "Yes. Standard delivery costs " + s.std_cost + " " + s.currency +
                                     " for orders up to " + S(s.free_above) + " " + s.currency +
                                     "."};
            }
            if (form == 2)
                return {rng.pick(Strings{"How long does standard delivery take?",
                                         "When will my parcel arrive with standard shipping?"}),
                        "Standard delivery takes " + S(s.std_lo) + " to " + S(s.std_hi) +
                            " business days."};
            return {rng.pick(Strings{"How much is express delivery?",
                                     "Can I get it faster? What does express cost?"}),
                    "Express delivery arrives the next business day for " + S(s.express) + " " +
                        s.currency + "."};
        }
        case kPriceMatch:
            return {"I found the same " + item +
                        " cheaper at an authorized dealer. Do you match prices?",
                    "Yes. We match the price of an identical new item if you ask within " +
                        S(s.price_match) + " days of purchase."};
        case kRentals:
            return {rng.pick(Strings{"When do I have to bring back a rented lens?",
                                     "What time is a rental due back?"}),
                    "Rented gear must be back by " + S(s.rental_hour) +
                        " p.m. on the last rental day; each late day costs one extra day."};
        case kHours:
            return {rng.pick(Strings{"When is your showroom open?", "What are your opening hours?",
                                     "Can I visit the showroom on " + s.closed_day + "?"}),
                    "Our showroom is open " + s.open_days + " from " + S(s.open_from) +
                        " a.m. to " + S(s.open_to) + " p.m. It is closed on " + s.closed_day +
                        "s."};
        default:
            return returns_turn(s, rng);
    }
}

// A shop's support chat: a policy of shuffled, sometimes missing sections among filler, padded
// to `target` bytes, then questions about it.
std::string shop_doc(Rng& rng) {
    const Shop s = random_shop(rng);
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
        parts.push_back(std::string(topic_title(t)) + "\n" + section(s, t, rng));
    while (true) {
        std::size_t size = 0;
        for (const auto& p : parts)
            size += p.size() + 2;
        if (size >= target)
            break;
        parts.insert(parts.begin() + rng.below(static_cast<int>(parts.size()) + 1), filler(rng));
    }
    const bool numbered = rng.chance(50);
    std::string system = rng.pick(Strings{
        "You are the support assistant of {shop}, an online shop for {goods}. Answer in a "
        "friendly, concise way and only from the policy below. If a question is not covered, say "
        "so and offer to pass the conversation to a member of staff.",
        "You answer customer questions for {shop}. Use only the policy below and quote the exact "
        "number of days or {cur} when it matters.",
        "{shop} sells {goods}. You are its support assistant: be brief, be polite, and answer only "
        "from this policy."});
    system = fill(system, {{"shop", s.name}, {"goods", s.goods}, {"cur", s.currency}}) + "\n";
    for (std::size_t i = 0; i < parts.size(); ++i)
        system += "\n" + (numbered ? S(static_cast<long>(i) + 1) + ". " : std::string()) +
                  parts[i] + "\n";
    if (rng.chance(10))
        system = "Current time: " + S(rng.range(0, 23)) + ":" + S(rng.range(10, 59)) + ", " +
                 S(rng.range(1, 28)) + " November 2026.\n\n" + system;
    std::string doc = turn("system", system);
    const int turns = rng.range(1, 4);
    for (int i = 0; i < turns; ++i) {
        const int k = rng.below(100);
        Turn t;
        if (k < 30) {
            t = returns_turn(s, rng);
        } else if (k < 92) {
            const int topic = rng.below(8);
            const bool covered = std::find(kept.begin(), kept.end(), topic) != kept.end();
            t = topic_turn(s, topic, rng);
            if (!covered)
                t.assistant = staff_handoff(rng);
        } else {
            t = {rng.pick(Strings{"Do you sell drones?", "Can I pay in bitcoin?",
                                  "Do you have a store in Berlin?",
                                  "Which lens is best for portraits?"}),
                 staff_handoff(rng)};
        }
        doc += turn("user", t.user) + turn("assistant", t.assistant);
    }
    return doc;
}

// ---- customer records ----

std::string order_id(Rng& rng, const std::string& prefix) {
    return prefix + "-" + S(rng.range(1000, 39999));
}

const Strings& products() {
    static const Strings v = {"50 mm f/1.8 lens",
                              "24-70 mm f/2.8 lens",
                              "70-200 mm f/4 lens",
                              "128 GB V60 SD card",
                              "LF-60 flash",
                              "carbon tripod",
                              "67 mm polarising filter",
                              "LB-12 battery",
                              "leather camera strap",
                              "X100 body",
                              "X200 body",
                              "LC-12 dual charger",
                              "camera backpack",
                              "85 mm f/1.8 lens",
                              "lens cleaning pen"};
    return v;
}

const Strings& months() {
    static const Strings v = {"January",   "February", "March",    "April",
                              "May",       "June",     "July",     "August",
                              "September", "October",  "November", "December"};
    return v;
}

std::string record_doc(Rng& rng) {
    const Shop s = random_shop(rng);
    const std::string prefix = s.name.substr(0, 1) + rng.pick(Strings{"C", "S", "X", "P"});
    const Strings first = {"Marta",  "Jonas", "Aiko",  "Pedro", "Lena",  "Tomasz", "Sofia",
                           "Oliver", "Yuki",  "Clara", "Emil",  "Nadia", "Hugo",   "Ines"};
    const Strings last = {"Kowalczyk", "Berg",   "Tanaka", "Silva", "Novak", "Fischer",
                          "Rossi",     "Larsen", "Dubois", "Meyer", "Costa", "Nowak"};
    const Strings cities = {"Krakow", "Oslo", "Lyon", "Porto", "Graz", "Leeds", "Bergen", "Gdansk"};
    std::string record = "Customer: " + rng.pick(first) + " " + rng.pick(last) + ", " +
                         rng.pick(cities) + ". Customer since " + S(rng.range(2012, 2025)) + ".\n";
    struct Order {
        std::string id, item, status, date, tracking;
        bool delivered = false;
    };
    std::vector<Order> orders;
    const int n = rng.range(2, 6);
    for (int i = 0; i < n; ++i) {
        Order o;
        o.id = order_id(rng, prefix);
        o.item = rng.pick(products());
        o.date = S(rng.range(1, 28)) + " " + rng.pick(months());
        o.delivered = i > 0 || rng.chance(40);
        o.tracking = S(rng.range(10000, 99999)) + " " + S(rng.range(1000, 9999));
        o.status = o.delivered ? "Delivered on " + o.date + "."
                               : "Shipped on " + o.date + ", tracking " + o.tracking +
                                     ", not yet delivered.";
        record += o.id + ": " + o.item + ", " + S(rng.range(9, 1900)) + " " + s.currency + ". " +
                  o.status + "\n";
        orders.push_back(o);
    }
    if (rng.chance(50))
        record += "Open ticket T-" + S(rng.range(1000, 9999)) +
                  ": the customer reported a loose lens hood.\n";
    std::string system = "You are the support assistant of " + s.name +
                         ". Below the line you find the record of the customer you are talking "
                         "to, taken from the order system a moment ago. Use it to answer, never "
                         "reveal other customers' data, and keep answers to three sentences. "
                         "Returns are accepted within " +
                         S(s.return_days) + " days of delivery.\n---\n" + record + "---";
    std::string doc = turn("system", system);
    const int turns = rng.range(1, 3);
    for (int i = 0; i < turns; ++i) {
        const Order& o =
            orders[static_cast<std::size_t>(rng.below(static_cast<int>(orders.size())))];
        Turn t;
        if (rng.chance(60)) {
            t.user = rng.pick(Strings{"Hi, where is my order {id}? It still hasn't arrived.",
                                      "What is the status of order {id}?",
                                      "Has my order {id} been delivered?"});
            t.user = fill(t.user, {{"id", o.id}});
            t.assistant = o.delivered ? "Your order " + o.id + " was delivered on " + o.date +
                                            ". If you cannot find it, I can open a ticket."
                                      : "Your order " + o.id + " shipped on " + o.date +
                                            " and is on its way. The tracking number is " +
                                            o.tracking + ".";
        } else {
            t.user = "Hello, can I still return the " + o.item + " from order " + o.id + "?";
            t.assistant =
                "Returns are accepted within " + S(s.return_days) + " days of delivery. Order " +
                o.id + " " +
                (o.delivered ? "was delivered on " + o.date : "has not been delivered yet") +
                ", so I can open the return once you confirm.";
        }
        doc += turn("user", t.user) + turn("assistant", t.assistant);
    }
    return doc;
}

// ---- manuals ----

std::string manual_doc(Rng& rng) {
    const std::string brand = rng.pick(Strings{"Lumen", "Kestrel", "Northlight", "Orbit", "Vega"});
    const std::string model = rng.pick(Strings{"X", "Z", "M", "R", "S"}) + S(rng.range(1, 9) * 100);
    const std::string battery = "LB-" + S(rng.range(10, 99));
    const int mah = rng.range(10, 40) * 100 + rng.pick(std::vector<int>{0, 50});
    const int charge_h = rng.range(1, 4), charge_m = rng.range(0, 5) * 10;
    const int fps4k = rng.pick(std::vector<int>{24, 30, 50, 60, 120});
    const int fpshd = rng.pick(std::vector<int>{60, 100, 120, 240});
    const int clip = rng.pick(std::vector<int>{20, 29, 30, 45, 60, 90, 120});
    const int eye = rng.range(2, 15);
    const int slots = rng.range(1, 2);
    const std::string card = rng.pick(Strings{"V30", "V60", "V90"});
    const int mbps = rng.pick(std::vector<int>{100, 150, 200, 400});
    const std::string fw = S(rng.range(1, 4)) + "." + S(rng.range(0, 9));
    struct Fact {
        std::string section, question, answer;
    };
    std::vector<Fact> facts = {
        {"Charging the battery\nThe " + model + " uses the rechargeable " + battery +
             " battery (7.2 V, " + S(mah) + " mAh). A full charge takes about " + S(charge_h) +
             " hours " + S(charge_m) +
             " minutes from a USB-C PD adapter. The charge lamp is "
             "orange while charging and turns off when charging is complete.",
         rng.pick(
             Strings{"How long does a full charge take?", "How long do I charge the battery?"}),
         "A full charge takes about " + S(charge_h) + " hours " + S(charge_m) + " minutes."},
        {"Battery\nThe " + battery + " battery has a capacity of " + S(mah) + " mAh.",
         "What is the capacity of the battery?",
         "The " + battery + " battery has " + S(mah) + " mAh."},
        {"Memory cards\nThe " + model + " has " + word(slots) + " SD card slot" +
             (slots > 1 ? "s" : "") + ". For 4K video at " + S(mbps) + " Mbps use a card rated " +
             card +
             " or faster. Always format a new card in the camera (Menu > Storage > "
             "Format).",
         "Which card do I need for 4K video at " + S(mbps) + " Mbps?",
         "Use a card rated " + card + " or faster."},
        {"Video\nThe " + model + " records 4K at up to " + S(fps4k) +
             " frames per second and Full HD at up to " + S(fpshd) +
             " frames per second. One clip "
             "can run for up to " +
             S(clip) + " minutes.",
         rng.pick(Strings{"How long can one video clip be?", "What is the maximum clip length?"}),
         "One clip can run for up to " + S(clip) + " minutes."},
        {"Frame rates\nIn 4K the " + model + " records at up to " + S(fps4k) +
             " frames per second.",
         "What frame rate does it record in 4K?",
         "It records 4K at up to " + S(fps4k) + " frames per second."},
        {"Autofocus\nEye detection works for people and animals when the face covers at least " +
             S(eye) +
             " percent of the frame. Choose the subject type under Menu > AF > Subject "
             "detection.",
         "When does eye detection work?",
         "Eye detection works when the face covers at least " + S(eye) + " percent of the frame."},
        {"Firmware\nThe current firmware is version " + fw +
             ". Update it under Menu > Setup > "
             "Firmware > Update with a fully charged battery.",
         "Which firmware version is current?", "The current firmware is version " + fw + "."},
    };
    rng.shuffle(facts);
    std::string manual = brand + " " + model + " user manual (excerpt)\n";
    const std::size_t target = static_cast<std::size_t>(rng.range(400, 6000));
    for (std::size_t i = 0; i < facts.size(); ++i)
        manual += "\n" + S(static_cast<long>(i) + 1) + ". " + facts[i].section + "\n";
    for (int extra = static_cast<int>(facts.size()) + 1; manual.size() < target; ++extra)
        manual += "\n" + S(extra) + ". " + filler(rng) + "\n";
    const Fact& f = facts[static_cast<std::size_t>(rng.below(static_cast<int>(facts.size())))];
    std::string doc = turn("system", "You answer questions about " + brand +
                                         " cameras using only the manual excerpt the user "
                                         "provides. Quote the setting or number that answers the "
                                         "question.");
    doc += turn("user", manual + "\n" + f.question) + turn("assistant", f.answer);
    return doc;
}

// ---- message triage (few-shot) ----

std::string triage_doc(Rng& rng) {
    struct Cat {
        std::string name, description;
        Strings examples;
    };
    std::vector<Cat> cats = {
        {"return",
         "the customer wants to send back an item that works.",
         {"I bought a flash but got the same one as a gift. How do I send mine back?",
          "The tripod is too heavy for me. It is unused, can I return it?"}},
        {"damaged",
         "the item arrived broken, scratched or incomplete, or the wrong item arrived.",
         {"The lens arrived with a crack across the front element.",
          "You sent me a black strap but I ordered the brown one."}},
        {"warranty",
         "a product stopped working after some use.",
         {"After eight months the shutter button only works every second press.",
          "My flash stopped firing after a year."}},
        {"shipping",
         "delivery times, tracking, customs, addresses.",
         {"The tracking page still says label created.", "Will I pay customs in Zurich?"}},
        {"billing",
         "charges, refunds, invoices, payment methods.",
         {"My card was charged twice.", "Can I get an invoice with my VAT number?"}},
        {"product",
         "questions about features, compatibility or which item to buy.",
         {"Does the 85 mm lens work with the X100?", "Is the X200 sealed against rain?"}},
    };
    rng.shuffle(cats);
    cats.resize(static_cast<std::size_t>(rng.range(4, 6)));
    std::string system = "You sort incoming customer messages for the support team of " +
                         random_shop(rng).name +
                         ". Reply with exactly one category and nothing else.\nCategories:\n";
    for (const Cat& c : cats)
        system += c.name + ": " + c.description + "\n";
    std::string doc = turn("system", system);
    const int shots = rng.range(2, 8);
    for (int i = 0; i < shots; ++i) {
        const Cat& c = cats[static_cast<std::size_t>(rng.below(static_cast<int>(cats.size())))];
        doc += turn("user", rng.pick(c.examples)) + turn("assistant", c.name);
    }
    return doc;
}

// ---- agent turns with tool calls ----

std::string agent_doc(Rng& rng) {
    const Shop s = random_shop(rng);
    const std::string prefix = s.name.substr(0, 1) + "C";
    std::string doc;
    doc += framing::tool_text(
        R"({"name":"get_order","description":"Look up an order by its number. Returns the delivery date, the status and every line item.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}})");
    doc += framing::tool_text(
        R"({"name":"create_return","description":"Open a return or replacement for one line item of an order and return the RMA number.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"sku":{"type":"string"},"reason":{"type":"string"}},"required":["order_id","sku","reason"]}})");
    doc += turn("system", "You are the order-support agent of " + s.name +
                              ". Look up the order before doing anything else, never invent order "
                              "numbers or tracking codes, and confirm what you did in two or three "
                              "plain sentences. Items damaged in transit are replaced at no cost "
                              "within " +
                              S(s.return_days) + " days of delivery.");
    const std::string id = order_id(rng, prefix);
    const std::string item = rng.pick(products());
    const std::string date = S(rng.range(1, 28)) + " " + rng.pick(months());
    const bool shipped = rng.chance(60);
    const std::string tracking = S(rng.range(10000000, 99999999));
    doc += turn("user", rng.pick(Strings{"Where is my order " + id + "?",
                                         "Hi, what is the status of " + id + "?"}));
    // The renderer writes a tool_use block as its input JSON right after the turn's text.
    doc += turn("assistant", "Let me look up the order first.{\"order_id\":\"" + id + "\"}");
    const std::string result =
        "{\"order_id\":\"" + id + "\",\"status\":\"" + (shipped ? "shipped" : "packing") +
        "\",\"date\":\"" + date + "\",\"items\":[{\"name\":\"" + item + "\"}]" +
        (shipped ? ",\"tracking\":\"" + tracking + "\"" : std::string()) + "}";
    doc += turn("user", result);
    doc += turn("assistant", shipped
                                 ? "Your order " + id + " with the " + item + " shipped on " +
                                       date + ". The tracking number is " + tracking + "."
                                 : "Your order " + id + " with the " + item +
                                       " is being packed and has not shipped yet. You will get the "
                                       "tracking number by email.");
    return doc;
}

// ---- prose pages ----

std::string prose_doc(Rng& rng) {
    const Shop s = random_shop(rng);
    std::string text = s.name + " sells " + s.goods + ".";
    std::vector<int> topics = {kReturns, kRefunds, kWarranty, kShipping, kPriceMatch, kHours};
    rng.shuffle(topics);
    for (int t : topics)
        text += " " + section(s, t, rng);
    text += "\n";
    for (int i = rng.range(1, 3); i > 0; --i) {
        const Turn t = topic_turn(s, rng.below(8), rng);
        text += "Q: " + t.user + "\nA: " + t.assistant + "\n";
    }
    return text;
}

}  // namespace

std::string reading_doc(Rng& rng) {
    const int k = rng.below(100);
    if (k < 46)
        return shop_doc(rng);
    if (k < 60)
        return record_doc(rng);
    if (k < 74)
        return manual_doc(rng);
    if (k < 80)
        return triage_doc(rng);
    if (k < 90)
        return agent_doc(rng);
    return prose_doc(rng);
}

}  // namespace pl::corpus
