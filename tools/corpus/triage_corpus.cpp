#include "corpus/triage_corpus.h"

#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

struct Category {
    std::string label, description;
    Strings messages;  // what a customer writes; {item} and {n} are filled in
    Strings reasons;   // the few words after "label: ", reasons[i % size] for messages[i]
};

const Strings& items() {
    static const Strings v = {"50 mm lens", "tripod",    "flash",        "camera bag",
                              "X200 body",  "SD card",   "lens hood",    "battery grip",
                              "strap",      "70-200 mm", "film scanner", "light stand"};
    return v;
}

std::vector<Category> support_set() {
    return {
        {"return",
         "the customer wants to send back an item that works.",
         {"I bought a {item} {n} days ago and no longer need it. Can I send it back?",
          "The {item} is fine but too big for me. How do I return it?",
          "My sister gave me the same {item}, so I would like to return mine."},
         {"the customer wants to send back a working {item}.", "an unused {item} to send back."}},
        {"damaged",
         "the item arrived broken, scratched or incomplete, or the wrong item arrived.",
         {"The {item} arrived with a crack in it.", "You sent me the wrong {item}.",
          "The box of the {item} was crushed and a part is missing."},
         {"the {item} arrived broken.", "the wrong {item} arrived.",
          "the {item} came incomplete."}},
        {"warranty",
         "a product stopped working or developed a fault after some use.",
         {"After {n} months my {item} stopped working.",
          "The {item} I bought last year makes a grinding noise now."},
         {"the {item} failed after some use.", "a fault after months of use."}},
        {"shipping",
         "delivery times, tracking, customs, addresses.",
         {"Where is my {item}? The tracking page has not changed for {n} days.",
          "Can you deliver the {item} to my office instead?", "Will I pay customs on a {item}?"},
         {"the parcel has not arrived yet.", "a question about the delivery address.",
          "a question about customs on delivery."}},
        {"billing",
         "charges, refunds already promised, invoices, payment methods.",
         {"I was charged twice for the {item}.", "Can I get an invoice for the {item}?",
          "The refund for my {item} has not reached my card."},
         {"a double charge.", "the customer needs an invoice.", "a refund that has not arrived."}},
        {"product",
         "questions about features, compatibility or which item to buy.",
         {"Does the {item} work with the X100?", "Which {item} would you recommend for travel?",
          "Is the {item} weather sealed?"},
         {"a question about the {item}.", "the customer wants advice before buying."}},
    };
}

std::vector<Category> studio_set() {
    return {
        {"booking",
         "the customer wants to book, move or cancel a studio session.",
         {"Can I move my studio session from Friday to Monday?",
          "I would like to book the large studio for {n} hours."},
         {"a change to a studio booking.", "a new studio booking."}},
        {"repair",
         "a camera or lens needs repair or cleaning.",
         {"My {item} needs cleaning, the images show spots.",
          "The zoom ring of my {item} is stuck."},
         {"the {item} needs a repair.", "a cleaning job for the {item}."}},
        {"course",
         "questions about workshops, courses and photo walks.",
         {"Is there still a place on the night photography course?",
          "How long is the beginners' workshop?"},
         {"a question about a course.", "the customer wants a workshop place."}},
        {"rental",
         "renting equipment, deposits and late returns.",
         {"Can I rent a {item} for the weekend?",
          "I will bring the rented {item} back a day late."},
         {"a rental of a {item}.", "a late rental return."}},
        {"other",
         "anything else.",
         {"Do you buy used cameras?", "Are you open on holidays?"},
         {"none of the other categories.", "a general question."}},
    };
}

std::string fill(std::string s, const std::string& item, int n) {
    for (std::size_t at; (at = s.find("{item}")) != std::string::npos;)
        s.replace(at, 6, item);
    for (std::size_t at; (at = s.find("{n}")) != std::string::npos;)
        s.replace(at, 3, std::to_string(n));
    return s;
}

}  // namespace

std::string triage_doc(Rng& rng) {
    std::vector<Category> cats = rng.chance(70) ? support_set() : studio_set();
    // Sometimes other names for the same categories, so the labels must be read.
    if (rng.chance(30)) {
        const std::string prefix = rng.pick(Strings{"type-", "cat-", "t-"});
        for (auto& c : cats)
            c.label = prefix + c.label;
    }
    rng.shuffle(cats);
    const std::string shop =
        rng.pick(Strings{"Lumen Camera Store", "Northlight Cameras", "Harbor Lens Shop",
                         "Cobalt Photo", "Summit Imaging", "Willow Camera House"});
    std::string system = "You sort incoming customer messages for the support team of " + shop +
                         ". " +
                         rng.pick(Strings{"Reply with one category, a colon and a few words saying "
                                          "why.",
                                          "Answer with the category, a colon and a short reason.",
                                          "Give the category, then a colon and why, in a few "
                                          "words."}) +
                         "\nCategories:\n";
    for (const auto& c : cats)
        system += c.label + ": " + c.description + "\n";
    system.pop_back();
    std::string doc = framing::turn_text("system", system);
    auto example = [&](const Category& c) {
        const std::string item = rng.pick(items());
        const int n = rng.range(2, 40);
        const int m = rng.below(static_cast<int>(c.messages.size()));
        const std::string& reason =
            c.reasons[static_cast<std::size_t>(m) % c.reasons.size()];  // the message's own
        doc += framing::turn_text("user", fill(c.messages[static_cast<std::size_t>(m)], item, n));
        doc += framing::turn_text("assistant", c.label + ": " + fill(reason, item, n));
    };
    const int examples = rng.range(3, 12);
    for (int i = 0; i < examples; ++i)
        example(cats[static_cast<std::size_t>(rng.below(static_cast<int>(cats.size())))]);
    return doc;
}

}  // namespace pl::corpus
