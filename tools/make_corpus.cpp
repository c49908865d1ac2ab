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
// source tree by default; chat/ holds those of the chats, FAQ pages and product documents above). A
// missing or malformed file stops the tool with one line naming the file and the place, before
// anything is written.
#include <algorithm>
#include <array>
#include <cctype>
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
using pl::corpus::fill;
using pl::corpus::Rng;
using pl::corpus::Slots;
using pl::corpus::Strings;

std::string S(long n) {
    return std::to_string(n);
}

std::string number_word(int n) {
    static const char* kWords[] = {"zero", "one", "two",   "three", "four",
                                   "five", "six", "seven", "eight", "nine"};
    return n >= 0 && n < 10 ? kWords[n] : std::to_string(n);
}

enum Section { kReturns, kRefunds, kExchanges, kWarranty, kRentals, kPriceMatch, kOrders };
constexpr int kSectionCount = 7;

// The names of the sections in chat/policy.json, in the order of the enum.
constexpr std::array<const char*, kSectionCount> kSectionNames = {
    "returns", "refunds", "exchanges", "warranty", "rentals", "price_match", "orders"};

struct Item {
    std::string one;     // "a lens"
    std::string the;     // "lens"
    std::string plural;  // "Lenses"
    bool returnable = true;
    bool lens = false;  // comes back with caps, hood and pouch
};

struct Ask {
    Strings questions;
    std::string answer;
};

// tools/corpus/data/chat/*.json: the --qa and general chats, FAQ pages and product documents.
struct ChatData {
    // policy.json
    std::string canonical_store;
    Strings stores;
    std::string head;                                 // {store}
    std::array<std::string, kSectionCount> sections;  // the policy's numbers, see policy_slots()

    // turns.json. The first item is the lesson's lens; the first eight are returnable.
    std::vector<Item> items;
    Strings not_covered;
    Strings return_asks, how_long, changed_mind;
    std::string days_ago, weeks_ago;
    std::string unreturnable, all_goods, lens_pack, pack;
    Strings return_answers;
    std::string in_time, too_late;
    Ask refund, refund_shipping, damage, rental, orders;
    std::string exchange_question, exchange_answer;
    std::string warranty_question, warranty_covered, warranty_expired;
    std::string price_match_question, price_match_answer;
    Strings off_topic, greetings;
    std::string greeting_answer, thanks, thanks_answer;
    Strings tools;  // compact JSON, keys in the order written: what prompt_template renders
    std::string order_id, tracking, order_question;
    std::string shipped_result, packing_result, shipped_answer, packing_answer;
    std::string faq_customer, faq_qa;

    // product.json
    Strings models, brands;
    std::string product_text;
    std::vector<std::pair<std::string, std::string>> product_questions;  // question, answer
    std::string product_manual, product_system;
};

// The slots of a policy's sections and of the answers that quote its numbers.
const pl::corpus::SlotNames kPolicySlots = {
    "days", "refund_days", "years", "used_years", "rental_hour", "price_match_days", "ship_hour"};

bool bool_at(const pl::corpus::DataFile& f, const std::string& pointer) {
    const nlohmann::json& value = pl::corpus::value_at(f, pointer);
    if (!value.is_boolean())
        pl::corpus::data_error(f, pointer,
                               std::string("expected true or false, found ") + value.type_name());
    return value.get<bool>();
}

Ask ask_at(const pl::corpus::DataFile& f, const std::string& p) {
    return {pl::corpus::texts_at(f, p + "/questions", {"the"}),
            pl::corpus::text_at(f, p + "/answer", kPolicySlots)};
}

// Reads DIR/chat/*.json; throws DataError naming the file and the place of a problem.
ChatData load_chat_data(const std::string& dir) {
    using pl::corpus::text_at;
    using pl::corpus::texts_at;
    ChatData d;
    const pl::corpus::DataFile policy = pl::corpus::read_data_file(dir, "chat/policy.json");
    d.canonical_store = text_at(policy, "/canonical_store");
    d.stores = texts_at(policy, "/stores");
    d.head = text_at(policy, "/head", {"store"});
    for (std::size_t s = 0; s < kSectionCount; ++s)
        d.sections[s] = text_at(policy, std::string("/sections/") + kSectionNames[s], kPolicySlots);

    const pl::corpus::DataFile f = pl::corpus::read_data_file(dir, "chat/turns.json");
    for (std::size_t i = 0, n = pl::corpus::array_size_at(f, "/items"); i < n; ++i) {
        const std::string p = "/items/" + std::to_string(i);
        d.items.push_back({text_at(f, p + "/one"), text_at(f, p + "/the"),
                           text_at(f, p + "/plural"), bool_at(f, p + "/returnable"),
                           bool_at(f, p + "/lens")});
        // topic_turn() draws its item from the first eight.
        if (i < 8 && !d.items.back().returnable)
            pl::corpus::data_error(f, p + "/returnable",
                                   "the first eight items must be returnable");
    }
    if (d.items.size() < 8)
        pl::corpus::data_error(f, "/items", "needs at least 8 items");
    d.not_covered = texts_at(f, "/not_covered");
    d.return_asks = texts_at(f, "/returns/asks", {"one", "the"});
    d.days_ago = text_at(f, "/returns/days_ago", {"one", "the", "days"});
    d.weeks_ago = text_at(f, "/returns/weeks_ago", {"one", "the", "weeks", "weeks_s"});
    d.how_long = texts_at(f, "/returns/how_long", {"one", "the"});
    d.changed_mind = texts_at(f, "/returns/changed_mind", {"one", "the"});
    d.unreturnable = text_at(f, "/returns/unreturnable", {"plural"});
    d.all_goods = text_at(f, "/returns/all_goods");
    d.lens_pack = text_at(f, "/returns/lens_pack");
    d.pack = text_at(f, "/returns/pack");
    d.return_answers = texts_at(f, "/returns/answers", {"what", "days", "pack"});
    d.in_time = text_at(f, "/returns/in_time", {"what", "days", "pack", "refund_days"});
    d.too_late = text_at(f, "/returns/too_late", {"days", "the"});
    d.refund = ask_at(f, "/topics/refund");
    d.refund_shipping = ask_at(f, "/topics/refund_shipping");
    d.exchange_question = text_at(f, "/topics/exchange/question", {"the"});
    d.exchange_answer = text_at(f, "/topics/exchange/answer", kPolicySlots);
    d.warranty_question = text_at(f, "/topics/warranty/question", {"the", "months"});
    d.warranty_covered = text_at(f, "/topics/warranty/covered", kPolicySlots);
    d.warranty_expired = text_at(f, "/topics/warranty/expired", {"years", "years_s", "the"});
    d.damage = ask_at(f, "/topics/damage");
    d.rental = ask_at(f, "/topics/rental");
    d.price_match_question = text_at(f, "/topics/price_match/question", {"the"});
    d.price_match_answer = text_at(f, "/topics/price_match/answer", kPolicySlots);
    d.orders = ask_at(f, "/topics/orders");
    d.off_topic = texts_at(f, "/misc/off_topic");
    d.greetings = texts_at(f, "/misc/greetings");
    d.greeting_answer = text_at(f, "/misc/greeting_answer");
    d.thanks = text_at(f, "/misc/thanks");
    d.thanks_answer = text_at(f, "/misc/thanks_answer");
    d.tools = pl::corpus::strings_at(f, "/tools");
    d.order_id = text_at(f, "/order/id", {"number"});
    d.tracking = text_at(f, "/order/tracking", {"number"});
    d.order_question = text_at(f, "/order/question", {"id"});
    d.shipped_result = text_at(f, "/order/shipped_result", {"id", "tracking"});
    d.packing_result = text_at(f, "/order/packing_result", {"id", "tracking"});
    d.shipped_answer = text_at(f, "/order/shipped_answer", {"id", "tracking"});
    d.packing_answer = text_at(f, "/order/packing_answer", {"id", "tracking"});
    d.faq_customer = text_at(f, "/faq/customer", {"question", "answer"});
    d.faq_qa = text_at(f, "/faq/qa", {"question", "answer"});

    const pl::corpus::DataFile product = pl::corpus::read_data_file(dir, "chat/product.json");
    const pl::corpus::SlotNames camera = {"brand", "model", "mp", "grams", "shots"};
    d.models = texts_at(product, "/models");
    d.brands = texts_at(product, "/brands");
    d.product_text = text_at(product, "/text", camera);
    for (std::size_t i = 0, n = pl::corpus::array_size_at(product, "/questions"); i < n; ++i) {
        const std::string p = "/questions/" + std::to_string(i);
        d.product_questions.emplace_back(text_at(product, p + "/question", camera),
                                         text_at(product, p + "/answer", camera));
    }
    d.product_manual =
        text_at(product, "/manual", {"brand", "model", "text", "question", "answer"});
    d.product_system = text_at(product, "/system", {"text"});
    return d;
}

// The numbers a policy is made of. The canonical one (Lumen Camera Store) is the system prompt the
// app's scenarios and tests use; the variants teach the model to read the numbers from the prompt
// rather than to recite one policy.
struct Policy : pl::corpus::ShopTerms {
    std::string store;
    std::vector<int> sections = {0, 1, 2, 3, 4, 5, 6};  // which sections, in which order
    bool has(int s) const {
        return std::find(sections.begin(), sections.end(), s) != sections.end();
    }
};

Policy canonical_policy(const ChatData& d) {
    Policy p;
    p.store = d.canonical_store;
    return p;
}

// The values of kPolicySlots for policy `p`, followed by `more`.
Slots policy_slots(const Policy& p, Slots more = {}) {
    Slots out = {{"days", S(p.return_days)},
                 {"refund_days", S(p.refund_days)},
                 {"years", number_word(p.warranty_years)},
                 {"used_years", number_word(p.used_warranty_years)},
                 {"rental_hour", S(p.rental_hour)},
                 {"price_match_days", S(p.price_match_days)},
                 {"ship_hour", S(p.ship_hour)}};
    out.insert(out.end(), more.begin(), more.end());
    return out;
}

std::string policy_text(const ChatData& d, const Policy& p) {
    std::string out = fill(d.head, {{"store", p.store}});
    const Slots slots = policy_slots(p);
    for (int s : p.sections) {
        out += '\n';
        out += fill(d.sections[static_cast<std::size_t>(s)], slots);
    }
    return out;
}

Policy random_policy(const ChatData& d, Rng& rng) {
    Policy p;
    p.store = rng.pick(d.stores);
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

// One customer question and the assistant's answer under policy p.
struct Turn {
    std::string user, assistant;
};

std::string not_covered(const ChatData& d, Rng& rng) {
    return rng.pick(d.not_covered);
}

Turn returns_turn(const ChatData& d, const Policy& p, Rng& rng) {
    // Mostly returnable items, and "a lens" most of all: it is the question the app's lessons ask.
    const Item it = rng.chance(30) ? d.items[0] : rng.pick(d.items);
    const int form = rng.below(6);
    Turn t;
    int age_days = -1;
    const Slots item = {{"one", it.one}, {"the", it.the}};
    if (form == 0 || form == 1) {
        t.user = fill(rng.pick(d.return_asks), item);
    } else if (form == 2) {
        age_days = rng.pick(std::vector<int>{3, 5, 10, 12, 20, 25, 40, 50, 70, 90});
        t.user = fill(d.days_ago, {{"one", it.one}, {"the", it.the}, {"days", S(age_days)}});
    } else if (form == 3) {
        const int weeks = rng.pick(std::vector<int>{1, 2, 3, 5, 8, 10});
        age_days = weeks * 7;
        t.user = fill(d.weeks_ago, {{"one", it.one},
                                    {"the", it.the},
                                    {"weeks", number_word(weeks)},
                                    {"weeks_s", weeks > 1 ? "s" : ""}});
    } else if (form == 4) {
        t.user = fill(rng.pick(d.how_long), item);
    } else {
        t.user = fill(rng.pick(d.changed_mind), item);
    }
    if (t.user.back() == ' ')
        t.user.pop_back();
    if (!it.returnable) {
        std::string plural = it.plural;
        plural[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(plural[0])));
        t.assistant = fill(d.unreturnable, {{"plural", plural}});
        return t;
    }
    const std::string what =
        form == 4 && it.the == d.items[0].the && rng.chance(50) ? d.all_goods : it.plural;
    const Slots slots = policy_slots(
        p, {{"what", what}, {"pack", it.lens ? d.lens_pack : d.pack}, {"the", it.the}});
    if (age_days < 0)
        t.assistant = fill(rng.pick(d.return_answers), slots);
    else if (age_days <= p.return_days)
        t.assistant = fill(d.in_time, slots);
    else
        t.assistant = fill(d.too_late, slots);
    return t;
}

Turn topic_turn(const ChatData& d, const Policy& p, Rng& rng) {
    // The first eight items: the returnable ones the other topics talk about.
    const Item& it = d.items[static_cast<std::size_t>(rng.below(8))];
    Turn t;
    const int topic = rng.below(8);
    const Slots slots = policy_slots(p, {{"the", it.the}});
    auto uncovered = [&](int section, const std::string& question) {
        t.user = fill(question, slots);
        if (!p.has(section))
            t.assistant = not_covered(d, rng);
        return !p.has(section);
    };
    switch (topic) {
        case 0:
            if (uncovered(kRefunds, rng.pick(d.refund.questions)))
                break;
            t.assistant = fill(d.refund.answer, slots);
            break;
        case 1:
            if (uncovered(kRefunds, rng.pick(d.refund_shipping.questions)))
                break;
            t.assistant = fill(d.refund_shipping.answer, slots);
            break;
        case 2:
            if (uncovered(kExchanges, d.exchange_question))
                break;
            t.assistant = fill(d.exchange_answer, slots);
            break;
        case 3: {
            const int months = rng.pick(std::vector<int>{2, 4, 6, 9, 14, 20, 30, 40});
            if (uncovered(kWarranty, fill(d.warranty_question, {{"months", S(months)}})))
                break;
            if (months <= 12 * p.warranty_years)
                t.assistant = fill(d.warranty_covered, slots);
            else
                t.assistant = fill(d.warranty_expired,
                                   policy_slots(p, {{"the", it.the},
                                                    {"years_s", p.warranty_years > 1 ? "s" : ""}}));
            break;
        }
        case 4:
            if (uncovered(kWarranty, rng.pick(d.damage.questions)))
                break;
            t.assistant = fill(d.damage.answer, slots);
            break;
        case 5:
            if (uncovered(kRentals, rng.pick(d.rental.questions)))
                break;
            t.assistant = fill(d.rental.answer, slots);
            break;
        case 6:
            if (uncovered(kPriceMatch, d.price_match_question))
                break;
            t.assistant = fill(d.price_match_answer, slots);
            break;
        default:
            if (uncovered(kOrders, rng.pick(d.orders.questions)))
                break;
            t.assistant = fill(d.orders.answer, slots);
            break;
    }
    return t;
}

Turn misc_turn(const ChatData& d, Rng& rng) {
    if (rng.chance(25))
        return {rng.pick(d.greetings), d.greeting_answer};
    if (rng.chance(20))
        return {d.thanks, d.thanks_answer};
    return {rng.pick(d.off_topic), not_covered(d, rng)};
}

std::string order_id(const ChatData& d, Rng& rng) {
    return fill(d.order_id, {{"number", S(10000 + rng.below(90000))}});
}

std::string frame(const std::string& role, const std::string& text) {
    return pl::framing::turn_text(role, text);
}

std::string chat_doc(const ChatData& d, Rng& rng) {
    const bool canonical = rng.chance(g_qa ? 60 : 45);
    const Policy p = canonical ? canonical_policy(d) : random_policy(d, rng);
    std::string doc;
    const bool tools = rng.chance(g_qa ? 10 : 30);
    if (tools) {
        for (const auto& t : d.tools)
            doc += pl::framing::tool_text(t);
    }
    std::string system;
    if (rng.chance(12)) {
        // A timestamp at the head of the system prompt: the anti-pattern one lesson shows. It
        // stays a format string here: its seven draws are the arguments of one call, in the
        // order GCC evaluates them.
        char buf[128];
        std::snprintf(buf, sizeof buf,
                      "Current time: 2026-%02d-%02d %02d:%02d:%02d UTC. Session id: %08llx. "
                      "Request %d.\n",
                      1 + rng.below(12), 1 + rng.below(28), rng.below(24), rng.below(60),
                      rng.below(60), static_cast<unsigned long long>(rng.next() & 0xffffffffull),
                      1000 + rng.below(9000));
        system += buf;
    }
    system += policy_text(d, p);
    doc += frame("system", system);
    const int turns = g_qa ? 2 + rng.below(4) : 1 + rng.below(3);
    for (int i = 0; i < turns; ++i) {
        if (tools && rng.chance(g_qa ? 20 : 35)) {
            // A tool round trip: the call is the tool_use input JSON, the result comes back in a
            // user turn, and the assistant reads it out.
            const std::string id = order_id(d, rng);
            const bool shipped = rng.chance(60);
            doc += frame("user", fill(d.order_question, {{"id", id}}));
            doc += frame("assistant", "{\"order_id\":\"" + id + "\"}");
            const Slots slots = {
                {"id", id},
                {"tracking", fill(d.tracking, {{"number", S(100000000 + rng.below(900000000))}})}};
            doc += frame("user", fill(shipped ? d.shipped_result : d.packing_result, slots));
            doc += frame("assistant", fill(shipped ? d.shipped_answer : d.packing_answer, slots));
            continue;
        }
        const int kind = rng.below(100);
        const Turn t = kind < (g_qa ? 40 : 45)   ? returns_turn(d, p, rng)
                       : kind < (g_qa ? 92 : 85) ? topic_turn(d, p, rng)
                                                 : misc_turn(d, rng);
        doc += frame("user", t.user);
        doc += frame("assistant", t.assistant);
    }
    return doc;
}

std::string faq_doc(const ChatData& d, Rng& rng) {
    const Policy p = rng.chance(50) ? canonical_policy(d) : random_policy(d, rng);
    std::string doc = policy_text(d, p) + "\n";
    const int n = 2 + rng.below(4);
    for (int i = 0; i < n; ++i) {
        const Turn t = rng.chance(50) ? returns_turn(d, p, rng) : topic_turn(d, p, rng);
        doc += fill(rng.chance(50) ? d.faq_customer : d.faq_qa,
                    {{"question", t.user}, {"answer", t.assistant}});
    }
    return doc;
}

std::string product_doc(const ChatData& d, Rng& rng) {
    const std::string model = rng.pick(d.models);
    const std::string brand = rng.pick(d.brands);
    const int shots = 300 + 10 * rng.below(40);
    const int grams = 350 + 5 * rng.below(80);
    const int mp = rng.pick(std::vector<int>{16, 20, 24, 26, 33, 45});
    const Slots camera = {{"brand", brand},
                          {"model", model},
                          {"mp", S(mp)},
                          {"grams", S(grams)},
                          {"shots", S(shots)}};
    const std::string text = fill(d.product_text, camera);
    const auto& [question, answer] = d.product_questions[static_cast<std::size_t>(
        rng.below(static_cast<int>(d.product_questions.size())))];
    const std::string a = fill(answer, camera);
    if (rng.chance(50)) {
        return fill(d.product_manual, {{"brand", brand},
                                       {"model", model},
                                       {"text", text},
                                       {"question", question},
                                       {"answer", a}});
    }
    return frame("system", fill(d.product_system, {{"text", text}})) + frame("user", question) +
           frame("assistant", a);
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
    ChatData chat;
    try {
        prose = pl::corpus::load_prose_data(data_dir);
        echo = pl::corpus::load_echo_data(data_dir);
        triage = pl::corpus::load_triage_data(data_dir);
        recall = pl::corpus::load_recall_data(data_dir);
        quote = pl::corpus::load_quote_data(data_dir);
        agent = pl::corpus::load_agent_data(data_dir);
        reading_data = pl::corpus::load_reading_data(data_dir);
        chat = load_chat_data(data_dir);
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
                corpus += kind < 92   ? chat_doc(chat, rng)
                          : kind < 96 ? faq_doc(chat, rng)
                                      : product_doc(chat, rng);
            else
                corpus += kind < 78   ? chat_doc(chat, rng)
                          : kind < 92 ? faq_doc(chat, rng)
                                      : product_doc(chat, rng);
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
