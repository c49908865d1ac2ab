#include "corpus/recall_corpus.h"

#include <algorithm>
#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

std::string S(int v) {
    return std::to_string(v);
}

struct Row {
    std::string key, line, question, answer;
};

std::string cap(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z')
        s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// Return windows by category: "tripods: 38 days" -> "Tripods can be returned within 38 days."
std::vector<Row> return_table(Rng& rng) {
    static const Strings kCats = {
        "tripods", "lenses",        "camera bodies", "flashes",       "camera bags", "memory cards",
        "filters", "light stands",  "film scanners", "battery grips", "straps",      "binoculars",
        "drones",  "studio lights", "printers",      "lens hoods",    "chargers",    "microphones"};
    Strings cats = kCats;
    rng.shuffle(cats);
    std::vector<Row> rows;
    const int n = rng.range(4, 10);
    for (int i = 0; i < n; ++i) {
        const std::string& c = cats[static_cast<std::size_t>(i)];
        const std::string d = S(draw(rng, 5, 120, {40, 45, 75}));
        rows.push_back({c, cap(c) + ": " + d + " days",
                        rng.pick(Strings{"How long do I have to return " + c + "?",
                                         "Can I still send back " + c + " after a few weeks?",
                                         "What is the return window for " + c + "?"}),
                        cap(c) + " can be returned within " + d + " days of delivery."});
    }
    return rows;
}

std::vector<Row> warranty_table(Rng& rng) {
    static const Strings kBrands = {"Kestrel", "Orbit", "Nova", "Falcon", "Aria", "Summit", "Lynx"};
    static const Strings kKinds = {"body", "zoom lens", "prime lens", "flash", "drone", "tripod"};
    std::vector<Row> rows;
    const int n = rng.range(4, 9);
    for (int i = 0; i < n; ++i) {
        const std::string name =
            rng.pick(kBrands) + " " + S(rng.range(10, 99) * 10) + " " + rng.pick(kKinds);
        if (std::any_of(rows.begin(), rows.end(), [&](const Row& r) { return r.key == name; }))
            continue;
        const int y = rng.range(1, 6);
        rows.push_back(
            {name, name + ": " + S(y) + (y == 1 ? " year" : " years"),
             rng.pick(Strings{"What warranty does the " + name + " have?",
                              "How long is the " + name + " under warranty?"}),
             "The " + name + " has a warranty of " + S(y) + (y == 1 ? " year." : " years.")});
    }
    return rows;
}

std::vector<Row> stock_table(Rng& rng) {
    static const Strings kItems = {"50 mm f/1.8 lens", "carbon tripod",     "LF-60 flash",
                                   "128 GB SD card",   "camera backpack",   "ND filter set",
                                   "spare battery",    "lens cleaning kit", "remote shutter",
                                   "reflector disc",   "macro lens",        "film scanner"};
    Strings items = kItems;
    rng.shuffle(items);
    std::vector<Row> rows;
    const int n = rng.range(4, 9);
    for (int i = 0; i < n; ++i) {
        const std::string& it = items[static_cast<std::size_t>(i)];
        const std::string k = S(rng.range(0, 140));
        const std::string days = S(rng.range(1, 12));
        rows.push_back(
            {it, cap(it) + ": " + k + " in stock, restocked every " + days + " days",
             rng.pick(Strings{"How many " + it + "s do you have?", "Is the " + it + " in stock?",
                              "How often is the " + it + " restocked?"}),
             ""});
        Row& r = rows.back();
        r.answer = r.question.rfind("How often", 0) == 0
                       ? "The " + it + " is restocked every " + days + " days."
                       : "We have " + k + " of the " + it + " in stock.";
    }
    return rows;
}

std::vector<Row> repair_table(Rng& rng) {
    static const Strings kServices = {"sensor cleaning", "shutter replacement", "lens calibration",
                                      "screen repair",   "film camera service", "drone repair",
                                      "flash repair",    "water damage check",  "mount repair"};
    Strings sv = kServices;
    rng.shuffle(sv);
    std::vector<Row> rows;
    const int n = rng.range(3, 8);
    for (int i = 0; i < n; ++i) {
        const std::string& s = sv[static_cast<std::size_t>(i)];
        const std::string d = S(draw(rng, 1, 30, {9}));
        const std::string p = S(rng.range(2, 60) * 5);
        rows.push_back(
            {s, cap(s) + ": " + d + " business days, " + p + " euros",
             rng.pick(Strings{"How long does " + s + " take?", "How much is " + s + "?"}), ""});
        Row& r = rows.back();
        r.answer = r.question.rfind("How much", 0) == 0
                       ? cap(s) + " costs " + p + " euros."
                       : cap(s) + " takes " + d + " business days.";
    }
    return rows;
}

}  // namespace

std::string recall_doc(Rng& rng) {
    const int kind = rng.below(4);
    std::vector<Row> rows = kind == 0   ? return_table(rng)
                            : kind == 1 ? warranty_table(rng)
                            : kind == 2 ? stock_table(rng)
                                        : repair_table(rng);
    static const Strings kTitles = {"Return windows by category", "Warranty by product",
                                    "Stock list", "Repair services"};
    const std::string shop =
        rng.pick(Strings{"Harbor Lens Shop", "Cobalt Photo", "Summit Imaging", "Juniper Cameras",
                         "Lantern Optics", "Atlas Camera Co.", "Lumen Camera Store"});
    std::string system = "You are the support assistant of " + shop +
                         ". Answer from the table below.\n\n" +
                         kTitles[static_cast<std::size_t>(kind)] + "\n";
    for (const auto& r : rows)
        system += (rng.chance(50) ? "- " : "") + r.line + "\n";
    system.pop_back();
    std::string doc = framing::turn_text("system", system);
    // Each row asked about at most once, so an answer can only come from the table.
    rng.shuffle(rows);
    const int questions = std::min(static_cast<int>(rows.size()), rng.range(3, 8));
    for (int i = 0; i < questions; ++i) {
        const Row& r = rows[static_cast<std::size_t>(i)];
        doc += framing::turn_text("user", r.question) + framing::turn_text("assistant", r.answer);
    }
    return doc;
}

}  // namespace pl::corpus
