// Writes the training corpus of the built-in model: customer-support text for camera stores,
// generated from templates and word lists written for this project (so we may ship it, under the
// project's licence). Deterministic: the same --seed and --docs give the same bytes.
//
//   make_corpus --seed 7 --docs 2400 -o build/corpus.txt
//
// Documents are separated by a line "<|endoftext|>". Most are chats in the app's prompt framing
// (engine/prompt/framing.h, the renderer's own strings): optional "<tool>{json}</tool>\n" lines,
// "<system>\n...\n</system>\n", then "<user>\n...\n</user>\n" and
// "<assistant>\n...\n</assistant>\n" turns, so the model learns to answer after "<assistant>\n"
// from the policy in its system prompt. The rest are plain policy pages, FAQs and short product
// documents with questions and answers.
//
// --reading writes only the reading documents of tools/corpus/reading_corpus.h. --mix SPEC draws
// each document from several kinds with percentages that add up to 100, e.g.
// "reading=20,general=5,prose=15,triage=10,quote=50": reading documents, the --qa chats, the
// general mix above, plain prose pages (tools/corpus/prose_corpus.h), few-shot triage chats
// (tools/corpus/triage_corpus.h), chats answered by quoting the policy
// (tools/corpus/quote_corpus.h), table look-ups (tools/corpus/recall_corpus.h) and lists to
// repeat (tools/corpus/echo_corpus.h) and order-support agent loops with tool calls and results
// (tools/corpus/agent_corpus.h); the built-in model's later training stages use it.
//
// --data DIR names the folder of the corpus's sentences and word lists (tools/corpus/data/ of the
// source tree by default). A missing or malformed file stops the tool with one line naming the
// file and the place, before anything is written.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "corpus/agent_corpus.h"
#include "corpus/data_file.h"
#include "corpus/echo_corpus.h"
#include "corpus/prose_corpus.h"
#include "corpus/quote_corpus.h"
#include "corpus/reading_corpus.h"
#include "corpus/recall_corpus.h"
#include "corpus/triage_corpus.h"
#include "prompt/framing.h"

namespace {

// --qa: the answer-dense mix of the built-in model's second training stage. Chats only with few
// exceptions, the canonical policy more often, fewer tool lists (they push the answers past the
// training window), and 2-5 question/answer turns per chat, spread over returns, refunds and
// warranty, so that most training windows hold several "</user>\n<assistant>\n" -> answer
// decisions tied to their question. Without --qa the output is byte-identical to before.
bool g_qa = false;

// The same splitmix64 stream as the --reading documents.
using pl::corpus::Rng;

std::string number_word(int n) {
    static const char* kWords[] = {"zero", "one", "two",   "three", "four",
                                   "five", "six", "seven", "eight", "nine"};
    return n >= 0 && n < 10 ? kWords[n] : std::to_string(n);
}

// The numbers a policy is made of. The canonical one (Lumen Camera Store) is the system prompt the
// app's scenarios and tests use; the variants teach the model to read the numbers from the prompt
// rather than to recite one policy.
struct Policy {
    std::string store = "Lumen Camera Store";
    int return_days = 30;
    int refund_days = 5;
    int warranty_years = 2;
    int used_warranty_years = 1;
    int rental_hour = 6;
    int price_match_days = 14;
    int ship_hour = 2;
    std::vector<int> sections = {0, 1, 2, 3, 4, 5, 6};  // which sections, in which order
    bool has(int s) const {
        return std::find(sections.begin(), sections.end(), s) != sections.end();
    }
};

enum Section { kReturns, kRefunds, kExchanges, kWarranty, kRentals, kPriceMatch, kOrders };

std::string section_text(const Policy& p, int s) {
    const std::string R = std::to_string(p.return_days);
    switch (s) {
        case kReturns:
            return "Returns. Cameras, lenses, flashes and accessories can be returned within " + R +
                   " days of delivery for a full refund, as long as they are in the original "
                   "packaging with every accessory, manual and cap included. A lens must come back "
                   "with both caps, the hood and the pouch. Opened memory cards, cleaning kits and "
                   "printed photo books cannot be returned, because they cannot be resold.";
        case kRefunds:
            return "Refunds. Refunds go back to the original payment method within " +
                   std::to_string(p.refund_days) +
                   " business days after the returned item arrives at our warehouse and passes "
                   "inspection. Shipping costs are refunded only when the item was damaged or "
                   "wrong.";
        case kExchanges:
            return "Exchanges. An exchange for another model is handled as a return plus a new "
                   "order, so the price difference is charged or refunded. A faulty item is "
                   "exchanged for the same model at no cost within " +
                   R + " days.";
        case kWarranty:
            return "Warranty. Every new camera and lens has a " + number_word(p.warranty_years) +
                   "-year warranty against manufacturing defects. Drops, water damage, sand and "
                   "broken screens are not covered. Used and refurbished items carry a " +
                   number_word(p.used_warranty_years) + "-year warranty.";
        case kRentals:
            return "Rentals. Rented lenses must be returned by " + std::to_string(p.rental_hour) +
                   " p.m. on the last rental day. Late returns are charged one extra rental day "
                   "per "
                   "day.";
        case kPriceMatch:
            return "Price match. We match the price of an identical new item sold by an authorized "
                   "dealer within " +
                   std::to_string(p.price_match_days) + " days of purchase.";
        default:
            return "Order status. Orders placed before " + std::to_string(p.ship_hour) +
                   " p.m. ship the same business day. Tracking numbers are sent by email.";
    }
}

std::string policy_text(const Policy& p) {
    std::string out =
        p.store + ": returns and exchanges policy.\nYou are the support assistant of " + p.store +
        ". Answer politely, briefly and only from this policy. If the policy does "
        "not cover a question, say so and offer to connect the customer with a "
        "person.";
    for (int s : p.sections) {
        out += '\n';
        out += section_text(p, s);
    }
    return out;
}

Policy random_policy(Rng& rng) {
    static const std::vector<std::string> kStores = {
        "Lumen Camera Store", "Northlight Cameras",   "Aperture House",   "Pixel and Grain",
        "Brightfield Photo",  "Silver Halide Supply", "Harbor Lens Shop", "Kestrel Camera Co.",
        "Focal Point Store",  "Meadow Photo Supply"};
    Policy p;
    p.store = rng.pick(kStores);
    p.return_days = rng.pick(std::vector<int>{14, 30, 30, 45, 60});
    p.refund_days = rng.pick(std::vector<int>{3, 5, 7, 10});
    p.warranty_years = rng.pick(std::vector<int>{1, 2, 3});
    p.used_warranty_years = rng.chance(70) ? 1 : 2;
    p.used_warranty_years = std::min(p.used_warranty_years, p.warranty_years);
    p.rental_hour = rng.pick(std::vector<int>{5, 6, 7, 8});
    p.price_match_days = rng.pick(std::vector<int>{7, 14, 30});
    p.ship_hour = rng.pick(std::vector<int>{1, 2, 3, 4});
    // Returns always stay (they are the lesson's running example); other sections may be left
    // out (then questions about them get the "not covered" answer) or reordered.
    std::vector<int> rest = {kRefunds, kExchanges, kWarranty, kRentals, kPriceMatch, kOrders};
    std::vector<int> kept;
    for (int s : rest) {
        if (!rng.chance(15))
            kept.push_back(s);
    }
    if (rng.chance(30)) {
        for (std::size_t i = kept.size(); i > 1; --i)
            std::swap(kept[i - 1], kept[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
    }
    p.sections = {kReturns};
    p.sections.insert(p.sections.end(), kept.begin(), kept.end());
    return p;
}

struct Item {
    std::string one;     // "a lens"
    std::string the;     // "lens"
    std::string plural;  // "Lenses"
    bool returnable = true;
};

const std::vector<Item>& items() {
    static const std::vector<Item> kItems = {
        {"a lens", "lens", "Lenses", true},
        {"a camera", "camera", "Cameras", true},
        {"a flash", "flash", "Flashes", true},
        {"a tripod", "tripod", "Accessories such as tripods", true},
        {"a 50 mm lens", "50 mm lens", "Lenses", true},
        {"a zoom lens", "zoom lens", "Lenses", true},
        {"a mirrorless camera", "mirrorless camera", "Cameras", true},
        {"a film camera", "film camera", "Cameras", true},
        {"a camera bag", "camera bag", "Accessories such as bags", true},
        {"a battery grip", "battery grip", "Accessories", true},
        {"a spare battery", "spare battery", "Accessories", true},
        {"a lens filter", "lens filter", "Accessories", true},
        {"a camera strap", "camera strap", "Accessories", true},
        {"an opened memory card", "opened memory card", "Opened memory cards", false},
        {"a cleaning kit", "cleaning kit", "Cleaning kits", false},
        {"a printed photo book", "printed photo book", "Printed photo books", false},
    };
    return kItems;
}

// One customer question and the assistant's answer under policy p.
struct Turn {
    std::string user, assistant;
};

std::string not_covered(Rng& rng) {
    static const std::vector<std::string> kAnswers = {
        "The policy does not cover that, so I cannot answer it here. I can connect you with a "
        "person who can help.",
        "I am sorry, our policy does not cover that question. Would you like me to connect you "
        "with a person from our team?",
    };
    return rng.pick(kAnswers);
}

Turn returns_turn(const Policy& p, Rng& rng) {
    // Mostly returnable items, and "a lens" most of all: it is the question the app's lessons ask.
    const Item it = rng.chance(30) ? items()[0] : rng.pick(items());
    const std::string R = std::to_string(p.return_days);
    const int form = rng.below(6);
    Turn t;
    int age_days = -1;
    if (form == 0 || form == 1) {
        static const std::vector<std::string> kAsk = {
            "Can I return {one}?", "Can I return {one}? ", "Is it possible to return {one}?",
            "Hi, can I return {one}?", "Can I send back {one}?"};
        t.user = rng.pick(kAsk);
    } else if (form == 2) {
        age_days = rng.pick(std::vector<int>{3, 5, 10, 12, 20, 25, 40, 50, 70, 90});
        t.user = "Can I return {one} I bought " + std::to_string(age_days) + " days ago?";
    } else if (form == 3) {
        const int weeks = rng.pick(std::vector<int>{1, 2, 3, 5, 8, 10});
        age_days = weeks * 7;
        t.user = "Can I return {one} I bought " + number_word(weeks) + " week" +
                 (weeks > 1 ? "s" : "") + " ago?";
    } else if (form == 4) {
        t.user = rng.pick(std::vector<std::string>{"How long do I have to return {one}?",
                                                   "What is your return policy?",
                                                   "How many days do I have for a return?"});
    } else {
        t.user = rng.pick(
            std::vector<std::string>{"I want to send back my {the}. Is that possible?",
                                     "I changed my mind about my {the}. Can I return it?"});
    }
    // Fill the item slots.
    for (const auto& [slot, value] :
         {std::pair<std::string, std::string>{"{one}", it.one}, {"{the}", it.the}}) {
        for (std::size_t at; (at = t.user.find(slot)) != std::string::npos;)
            t.user.replace(at, slot.size(), value);
    }
    if (t.user.back() == ' ')
        t.user.pop_back();
    if (!it.returnable) {
        t.assistant = "I am sorry, but " +
                      std::string(it.plural == "Opened memory cards" ? "opened memory cards"
                                  : it.plural == "Cleaning kits"     ? "cleaning kits"
                                                                     : "printed photo books") +
                      " cannot be returned, because they cannot be resold.";
        return t;
    }
    const std::string what = form == 4 && it.the == "lens" && rng.chance(50) ? "Cameras, lenses, "
                                                                               "flashes and "
                                                                               "accessories"
                                                                             : it.plural;
    const bool lens = it.plural == "Lenses";
    const std::string pack =
        lens ? "in the original packaging with both caps, the hood and the pouch"
             : "in the original packaging with every accessory and manual";
    if (age_days < 0) {
        t.assistant = rng.pick(std::vector<std::string>{
            "Yes. " + what + " can be returned within " + R +
                " days of delivery for a full refund, as long as they are " + pack + ".",
            "Yes, you can. " + what + " can be returned within " + R +
                " days of delivery for a full refund. Please send it back " + pack + "."});
    } else if (age_days <= p.return_days) {
        t.assistant = "Yes. " + what + " can be returned within " + R +
                      " days of delivery, so you are still in time. Please pack it " + pack +
                      ", and we will refund you within " + std::to_string(p.refund_days) +
                      " business days after it arrives.";
    } else {
        t.assistant = "I am sorry, but returns are accepted only within " + R +
                      " days of delivery, so this " + it.the +
                      " can no longer be returned. If it is faulty, the warranty may still cover "
                      "it.";
    }
    return t;
}

Turn topic_turn(const Policy& p, Rng& rng) {
    // The first eight items: the returnable ones the other topics talk about.
    const Item& it = items()[static_cast<std::size_t>(rng.below(8))];
    Turn t;
    const int topic = rng.below(8);
    auto uncovered = [&](int section, const std::string& question) {
        t.user = question;
        if (!p.has(section))
            t.assistant = not_covered(rng);
        return !p.has(section);
    };
    switch (topic) {
        case 0:
            if (uncovered(kRefunds,
                          rng.pick(std::vector<std::string>{
                              "When will I get my refund?", "How long does a refund take?",
                              "Where does my refund go?",
                              "I returned my " + it.the + ". When do I get my money back?"})))
                break;
            t.assistant = "Refunds go back to the original payment method within " +
                          std::to_string(p.refund_days) +
                          " business days after the returned item arrives at our warehouse and "
                          "passes inspection.";
            break;
        case 1:
            if (uncovered(kRefunds,
                          rng.pick(std::vector<std::string>{
                              "Do you refund shipping?", "Will I get the shipping costs back?"})))
                break;
            t.assistant =
                "Shipping costs are refunded only when the item arrived damaged or was "
                "not what you ordered.";
            break;
        case 2:
            if (uncovered(kExchanges, "Can I exchange my " + it.the + " for a different model?"))
                break;
            t.assistant =
                "Yes. We handle it as a return plus a new order, and you pay or receive "
                "the price difference.";
            break;
        case 3: {
            const int months = rng.pick(std::vector<int>{2, 4, 6, 9, 14, 20, 30, 40});
            if (uncovered(kWarranty, "My " + it.the + " stopped working after " +
                                         std::to_string(months) + " months."))
                break;
            if (months <= 12 * p.warranty_years) {
                t.assistant = "I am sorry to hear that. New cameras and lenses have a " +
                              number_word(p.warranty_years) +
                              "-year warranty against manufacturing defects, so we can repair or "
                              "replace it at no cost. Could you tell me your order number?";
            } else {
                t.assistant = "I am sorry to hear that. The warranty lasts " +
                              number_word(p.warranty_years) + " year" +
                              (p.warranty_years > 1 ? "s" : "") + ", so it has ended for this " +
                              it.the + ". I can connect you with a person about a paid repair.";
            }
            break;
        }
        case 4:
            if (uncovered(kWarranty,
                          rng.pick(std::vector<std::string>{
                              "Is a dropped " + it.the + " covered by the warranty?",
                              "My " + it.the + " got wet in the rain. Is that covered?"})))
                break;
            t.assistant =
                "Unfortunately no. The warranty covers manufacturing defects, not drops, "
                "water or sand damage.";
            break;
        case 5:
            if (uncovered(kRentals, rng.pick(std::vector<std::string>{
                                        "When do I have to bring back a rented lens?",
                                        "What happens if I return my rental late?"})))
                break;
            t.assistant = "Rented lenses must be returned by " + std::to_string(p.rental_hour) +
                          " p.m. on the last rental day. A late return is charged one extra "
                          "rental day per day.";
            break;
        case 6:
            if (uncovered(kPriceMatch,
                          "I found the same " + it.the +
                              " cheaper at an authorized dealer. Do you match prices?"))
                break;
            t.assistant =
                "Yes. We match the price of an identical new item from an authorized "
                "dealer within " +
                std::to_string(p.price_match_days) + " days of purchase.";
            break;
        default:
            if (uncovered(kOrders, rng.pick(std::vector<std::string>{"When will my order ship?",
                                                                     "How do I track my order?"})))
                break;
            t.assistant = "Orders placed before " + std::to_string(p.ship_hour) +
                          " p.m. ship the same business day, and the tracking number is sent by "
                          "email.";
            break;
    }
    return t;
}

Turn misc_turn(Rng& rng) {
    static const std::vector<std::string> kOff = {
        "Do you sell drones?",
        "Can you repair a camera I bought somewhere else?",
        "Do you have a store in Berlin?",
        "Can I pay in bitcoin?",
        "Do you offer photography classes?",
        "What is the best lens for portraits?"};
    if (rng.chance(25)) {
        return {rng.pick(std::vector<std::string>{"Hello!", "Hi there.", "Good morning."}),
                "Hello! How can I help you with an order, a return or a warranty question today?"};
    }
    if (rng.chance(20))
        return {"Thank you, that helps.",
                "You are welcome. Is there anything else I can help with?"};
    return {rng.pick(kOff), not_covered(rng)};
}

const std::vector<std::string>& tool_jsons() {
    // Compact JSON, keys in the order written: what prompt_template renders for request tools.
    static const std::vector<std::string> kTools = {
        R"({"name":"get_order","description":"Look up an order by its number and return its items, status and tracking number.","input_schema":{"type":"object","properties":{"order_id":{"type":"string","description":"The order number, such as LC-20931."}},"required":["order_id"]}})",
        R"({"name":"create_return","description":"Open a return for one item of an order and email the customer a prepaid label.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"sku":{"type":"string"},"reason":{"type":"string","enum":["changed_mind","damaged","wrong_item","faulty"]}},"required":["order_id","sku","reason"]}})",
        R"({"name":"search_products","description":"Search the catalogue for cameras, lenses and accessories.","input_schema":{"type":"object","properties":{"query":{"type":"string"},"max_results":{"type":"integer"}},"required":["query"]}})",
    };
    return kTools;
}

std::string order_id(Rng& rng) {
    return "LC-" + std::to_string(10000 + rng.below(90000));
}

std::string frame(const std::string& role, const std::string& text) {
    return pl::framing::turn_text(role, text);
}

std::string chat_doc(Rng& rng) {
    const bool canonical = rng.chance(g_qa ? 60 : 45);
    const Policy p = canonical ? Policy{} : random_policy(rng);
    std::string doc;
    const bool tools = rng.chance(g_qa ? 10 : 30);
    if (tools) {
        for (const auto& t : tool_jsons())
            doc += pl::framing::tool_text(t);
    }
    std::string system;
    if (rng.chance(12)) {
        // A timestamp at the head of the system prompt: the anti-pattern one lesson shows.
        char buf[128];
        std::snprintf(buf, sizeof buf,
                      "Current time: 2026-%02d-%02d %02d:%02d:%02d UTC. Session id: %08llx. "
                      "Request %d.\n",
                      1 + rng.below(12), 1 + rng.below(28), rng.below(24), rng.below(60),
                      rng.below(60), static_cast<unsigned long long>(rng.next() & 0xffffffffull),
                      1000 + rng.below(9000));
        system += buf;
    }
    system += policy_text(p);
    doc += frame("system", system);
    const int turns = g_qa ? 2 + rng.below(4) : 1 + rng.below(3);
    for (int i = 0; i < turns; ++i) {
        if (tools && rng.chance(g_qa ? 20 : 35)) {
            // A tool round trip: the call is the tool_use input JSON, the result comes back in a
            // user turn, and the assistant reads it out.
            const std::string id = order_id(rng);
            const bool shipped = rng.chance(60);
            doc += frame("user", "Where is my order " + id + "?");
            doc += frame("assistant", "{\"order_id\":\"" + id + "\"}");
            const std::string tracking = "1Z" + std::to_string(100000000 + rng.below(900000000));
            doc += frame("user",
                         shipped ? "Order " + id + ": shipped, tracking number " + tracking + "."
                                 : "Order " + id + ": being packed, not shipped yet.");
            doc += frame("assistant", shipped ? "Your order " + id +
                                                    " has shipped. The tracking number is " +
                                                    tracking + "."
                                              : "Your order " + id +
                                                    " is being packed and has not shipped yet. "
                                                    "You will get the tracking number by email.");
            continue;
        }
        const int kind = rng.below(100);
        const Turn t = kind < (g_qa ? 40 : 45)   ? returns_turn(p, rng)
                       : kind < (g_qa ? 92 : 85) ? topic_turn(p, rng)
                                                 : misc_turn(rng);
        doc += frame("user", t.user);
        doc += frame("assistant", t.assistant);
    }
    return doc;
}

std::string faq_doc(Rng& rng) {
    const Policy p = rng.chance(50) ? Policy{} : random_policy(rng);
    std::string doc = policy_text(p) + "\n";
    const int n = 2 + rng.below(4);
    for (int i = 0; i < n; ++i) {
        const Turn t = rng.chance(50) ? returns_turn(p, rng) : topic_turn(p, rng);
        doc += rng.chance(50) ? "Customer: " + t.user + "\nAssistant: " + t.assistant + "\n"
                              : "Q: " + t.user + "\nA: " + t.assistant + "\n";
    }
    return doc;
}

std::string product_doc(Rng& rng) {
    static const std::vector<std::string> kModels = {"X100",   "X200",   "Z5",       "M7",
                                                     "Aria 2", "Nova S", "Orbit 35", "Falcon R"};
    const std::string model = rng.pick(kModels);
    const std::string brand = rng.pick(std::vector<std::string>{"Lumen", "Kestrel", "Northlight"});
    const int shots = 300 + 10 * rng.below(40);
    const int grams = 350 + 5 * rng.below(80);
    const int mp = rng.pick(std::vector<int>{16, 20, 24, 26, 33, 45});
    const std::string doc_text =
        "The " + brand + " " + model + " is a mirrorless camera with a " + std::to_string(mp) +
        "-megapixel sensor. It weighs " + std::to_string(grams) +
        " grams with the battery. The battery lasts about " + std::to_string(shots) +
        " shots per charge with the screen on. It charges over USB-C in about two hours.";
    const int q = rng.below(3);
    const std::string question = q == 0   ? "How long does the battery last?"
                                 : q == 1 ? "How much does it weigh?"
                                          : "How many megapixels does the sensor have?";
    const std::string answer =
        q == 0   ? "About " + std::to_string(shots) + " shots per charge with the screen on."
        : q == 1 ? "It weighs " + std::to_string(grams) + " grams with the battery."
                 : "The sensor has " + std::to_string(mp) + " megapixels.";
    if (rng.chance(50)) {
        return "The document below is the user manual of the " + brand + " " + model +
               " camera.\n" + doc_text + "\nQuestion: " + question + "\nAnswer: " + answer + "\n";
    }
    return frame("system", "Answer from the document.\n" + doc_text) + frame("user", question) +
           frame("assistant", answer);
}

// "reading=60,qa=15,..." -> {{"reading", 60}, {"qa", 15}, ...}, in the order written.
bool parse_mix(const std::string& spec, std::vector<std::pair<std::string, int>>& out) {
    static const std::vector<std::string> kKinds = {
        "reading", "qa", "general", "prose", "triage", "quote", "recall", "echo", "agent"};
    out.clear();
    int total = 0;
    std::size_t at = 0;
    while (at <= spec.size()) {
        const std::size_t end = std::min(spec.find(',', at), spec.size());
        const std::string item = spec.substr(at, end - at);
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos)
            return false;
        const std::string kind = item.substr(0, eq);
        const std::string num = item.substr(eq + 1);
        if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end() || num.empty() ||
            num.size() > 3 || num.find_first_not_of("0123456789") != std::string::npos)
            return false;
        out.emplace_back(kind, std::stoi(num));
        total += out.back().second;
        at = end + 1;
    }
    return total == 100;
}

}  // namespace

int main(int argc, char** argv) {
    uint64_t seed = 7;
    long docs = 2400;
    std::string out_path;
    bool reading = false;
    std::vector<std::pair<std::string, int>> mix;  // --mix: kind and percentage, in this order
    std::string data_dir = PL_CORPUS_DATA_DIR;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--seed" && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--docs" && i + 1 < argc)
            docs = std::atol(argv[++i]);
        else if (a == "--qa")
            g_qa = true;
        else if (a == "--reading")
            reading = true;
        else if (a == "--mix" && i + 1 < argc) {
            if (!parse_mix(argv[++i], mix)) {
                std::fprintf(stderr,
                             "make_corpus: --mix %s: want kind=percent,... over reading, qa, "
                             "general, prose, triage, quote, recall, echo and agent, adding up to "
                             "100\n",
                             argv[i]);
                return 2;
            }
        } else if (a == "-o" && i + 1 < argc)
            out_path = argv[++i];
        else if (a == "--data" && i + 1 < argc)
            data_dir = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: make_corpus [--seed N] [--docs N] [--qa | --reading | --mix SPEC] "
                         "[--data DIR] -o FILE\n");
            return 2;
        }
    }
    if (out_path.empty() || docs <= 0) {
        std::fprintf(stderr, "usage: make_corpus [--seed N] [--docs N] -o FILE\n");
        return 2;
    }
    pl::corpus::ProseData prose;
    pl::corpus::EchoData echo;
    pl::corpus::TriageData triage;
    pl::corpus::RecallData recall;
    pl::corpus::QuoteData quote;
    pl::corpus::AgentData agent;
    pl::corpus::ReadingData reading_data;
    try {
        prose = pl::corpus::load_prose_data(data_dir);
        echo = pl::corpus::load_echo_data(data_dir);
        triage = pl::corpus::load_triage_data(data_dir);
        recall = pl::corpus::load_recall_data(data_dir);
        quote = pl::corpus::load_quote_data(data_dir);
        agent = pl::corpus::load_agent_data(data_dir);
        reading_data = pl::corpus::load_reading_data(data_dir);
    } catch (const pl::corpus::DataError& e) {
        std::fprintf(stderr, "make_corpus: %s\n", e.what());
        return 2;
    }
    Rng rng{seed};
    std::string corpus;
    try {
        for (long d = 0; d < docs; ++d) {
            if (!mix.empty()) {
                // Each kind draws from its own stream, seeded from the main one.
                int kind = rng.below(100);
                std::string what;
                for (const auto& [k, percent] : mix) {
                    if (kind < percent) {
                        what = k;
                        break;
                    }
                    kind -= percent;
                }
                g_qa = what == "qa";
                if (what != "qa" && what != "general") {
                    pl::corpus::Rng r{rng.next()};
                    corpus +=
                        (what == "reading"  ? pl::corpus::reading_doc(reading_data, r)
                         : what == "prose"  ? pl::corpus::prose_doc(prose, r)
                         : what == "triage" ? pl::corpus::triage_doc(triage, r)
                         : what == "recall" ? pl::corpus::recall_doc(recall, r)
                         : what == "echo"   ? pl::corpus::echo_doc(echo, r)
                         : what == "agent"  ? pl::corpus::agent_doc(agent, r)
                                           : pl::corpus::quote_doc(quote, prose, reading_data, r)) +
                        "<|endoftext|>\n";
                    continue;
                }
            }
            if (reading) {
                pl::corpus::Rng r{rng.next()};
                corpus += pl::corpus::reading_doc(reading_data, r) + "<|endoftext|>\n";
                continue;
            }
            const int kind = rng.below(100);
            if (g_qa)
                corpus += kind < 92 ? chat_doc(rng) : kind < 96 ? faq_doc(rng) : product_doc(rng);
            else
                corpus += kind < 78 ? chat_doc(rng) : kind < 92 ? faq_doc(rng) : product_doc(rng);
            corpus += "<|endoftext|>\n";
        }
    } catch (const std::exception& e) {
        // A template the loader let through but the generator cannot read ("{n:x:9}").
        std::fprintf(stderr, "make_corpus: %s: a malformed template (%s); nothing written\n",
                     data_dir.c_str(), e.what());
        return 2;
    }
    std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
    out.write(corpus.data(), static_cast<std::streamsize>(corpus.size()));
    if (!out) {
        std::fprintf(stderr, "make_corpus: %s: cannot write\n", out_path.c_str());
        return 2;
    }
    std::printf("wrote %s: %ld documents, %zu bytes\n", out_path.c_str(), docs, corpus.size());
    return 0;
}
