#include "corpus/agent_corpus.h"

#include <cstdio>
#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

std::string q(const std::string& s) {  // a JSON string (the corpus never needs escapes)
    return "\"" + s + "\"";
}

// Tool results arrive as the tool wrote them: with spaces after ':' and ',' (as Python's json
// writes) or compact. Tool calls are always compact: the renderer dumps the tool_use input.
struct Json {
    bool spaced;
    std::string obj(const std::vector<std::pair<std::string, std::string>>& kv) const {
        std::string s = "{";
        for (std::size_t i = 0; i < kv.size(); ++i) {
            if (i)
                s += spaced ? ", " : ",";
            s += q(kv[i].first) + (spaced ? ": " : ":") + kv[i].second;
        }
        return s + "}";
    }
    std::string arr(const Strings& v) const {
        std::string s = "[";
        for (std::size_t i = 0; i < v.size(); ++i)
            s += (i ? (spaced ? ", " : ",") : "") + v[i];
        return s + "]";
    }
};

struct Item {
    std::string name, code;  // code: the SKU's letters; the digits are drawn per document
    int price;
};

const std::vector<Item>& catalogue() {
    static const std::vector<Item> v = {
        {"50 mm f/1.8 lens", "LNS", 329}, {"24-70 mm f/2.8 lens", "LNS", 1099},
        {"70-200 mm lens", "LNS", 1899},  {"85 mm f/1.8 lens", "LNS", 549},
        {"X100 body", "CAM", 1249},       {"X200 body", "CAM", 1899},
        {"tripod", "TRP", 149},           {"flash", "FLS", 219},
        {"camera bag", "BAG", 89},        {"SD card", "MEM", 59},
        {"battery grip", "GRP", 179},     {"lens hood", "HOD", 25},
        {"leather strap", "STR", 45},     {"film scanner", "SCN", 399},
        {"light stand", "LST", 69},       {"spare battery", "BAT", 65},
    };
    return v;
}

struct Problem {
    std::string what;    // after "the <item> "
    std::string reason;  // create_return's reason
};

const std::vector<Problem>& problems() {
    static const std::vector<Problem> v = {
        {"has a dent in the filter thread", "damaged_in_transit"},
        {"arrived with a crack in it", "damaged_in_transit"},
        {"is badly scratched", "damaged_in_transit"},
        {"came without its cap and cable", "damaged_in_transit"},
        {"rattles when I shake it", "damaged_in_transit"},
        {"is the wrong model", "wrong_item"},
        {"is black, but I ordered the silver one", "wrong_item"},
        {"stopped working after two days", "faulty"},
        {"does not switch on at all", "faulty"},
    };
    return v;
}

std::string date(Rng& rng, int month, int day_lo, int day_hi) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "2026-%02d-%02d", month, rng.range(day_lo, day_hi));
    return buf;
}

std::string tools_block(Rng& rng, const std::string& pickup_tool) {
    // The scenario's own tools most often, so its prompt is familiar; otherwise other wordings,
    // sometimes in another order, sometimes with a pickup tool.
    Strings tools;
    if (rng.chance(55)) {
        tools = {
            R"({"name":"get_order","description":"Look up an order by its number. Returns the delivery date, the status and every line item with its SKU, name, price and quantity.","input_schema":{"type":"object","properties":{"order_id":{"type":"string","description":"Order number, for example LC-20931."}},"required":["order_id"]}})",
            R"({"name":"check_stock","description":"Check how many units of a SKU are in stock at the central warehouse and when the next delivery from the supplier is due.","input_schema":{"type":"object","properties":{"sku":{"type":"string","description":"Product SKU, for example LNS-5018-Z."}},"required":["sku"]}})",
            rng.chance(50)
                ? R"({"name":"create_return","description":"Open a return or replacement for one line item of an order. Emails the customer a prepaid label and returns the RMA number.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"sku":{"type":"string"},"reason":{"type":"string","enum":["changed_mind","damaged_in_transit","wrong_item","faulty"]},"resolution":{"type":"string","enum":["refund","replacement"]}},"required":["order_id","sku","reason","resolution"]}})"
                : R"({"name":"create_return","description":"Open a return or replacement for one line item of an order. Emails the customer a prepaid label, books a courier pickup if asked, and returns the RMA number.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"sku":{"type":"string"},"reason":{"type":"string","enum":["changed_mind","damaged_in_transit","wrong_item","faulty"]},"resolution":{"type":"string","enum":["refund","replacement"]}},"required":["order_id","sku","reason","resolution"]}})",
            R"({"name":"send_message","description":"Send a short message to the customer by email, for example to confirm a replacement and share a tracking number.","input_schema":{"type":"object","properties":{"subject":{"type":"string"},"body":{"type":"string"}},"required":["subject","body"]}})",
        };
    } else {
        tools = {
            R"({"name":"get_order","description":"Fetch an order: its status, delivery date and line items.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}})",
            R"({"name":"check_stock","description":"Units of a SKU in the warehouse and the date of the next delivery.","input_schema":{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"]}})",
            R"({"name":"create_return","description":"Create an RMA for one item, with a refund or a replacement, and email a prepaid label.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"sku":{"type":"string"},"reason":{"type":"string"},"resolution":{"type":"string"}},"required":["order_id","sku","reason","resolution"]}})",
            R"({"name":"send_message","description":"Email the customer.","input_schema":{"type":"object","properties":{"subject":{"type":"string"},"body":{"type":"string"}},"required":["subject","body"]}})",
        };
        if (!pickup_tool.empty())
            tools.push_back(pickup_tool);
        if (rng.chance(40))
            rng.shuffle(tools);
    }
    std::string out;
    for (const auto& t : tools)
        out += framing::tool_text(t);
    return out;
}

}  // namespace

std::string agent_doc(Rng& rng) {
    const bool canonical = rng.chance(40);
    const std::string store =
        canonical ? "Lumen Camera Store"
                  : rng.pick(Strings{"Northlight Cameras", "Harbor Lens Shop", "Cobalt Photo",
                                     "Summit Imaging", "Willow Camera House", "Kestrel Optics",
                                     "Brightfield Photo", "Old Mill Cameras"});
    const int window = canonical ? 30 : rng.pick(std::vector<int>{14, 21, 30, 60, 90});
    const Json js{rng.chance(70)};

    const std::string order = "LC-" + std::to_string(rng.range(10000, 99999));
    const std::string replacement = "LC-" + std::to_string(rng.range(10000, 99999));
    const std::string rma = "RMA-" + std::to_string(rng.range(10000, 99999));
    const std::string first = rng.pick(Strings{"m", "a", "j", "k", "p", "s", "t", "e", "l"});
    const std::string surname = rng.pick(Strings{"kowalczyk", "nowak", "tanaka", "smith", "garcia",
                                                 "rossi", "berg", "okafor", "lindqvist", "moreau"});
    const std::string email = first + "." + surname + "@example.com";

    // The order: the damaged item and sometimes a second one.
    const auto& cat = catalogue();
    std::vector<int> idx(cat.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = static_cast<int>(i);
    rng.shuffle(idx);
    const int lines = rng.range(1, 3);
    struct Line {
        Item item;
        std::string sku;
        int qty;
    };
    std::vector<Line> order_lines;
    for (int i = 0; i < lines; ++i) {
        const Item& it = cat[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        const std::string sku = it.code + "-" + std::to_string(rng.range(1000, 9999)) + "-" +
                                rng.pick(Strings{"Z", "BK", "S", "R", "X"});
        order_lines.push_back({it, sku, rng.chance(85) ? 1 : 2});
    }
    const Line& bad = order_lines[static_cast<std::size_t>(rng.below(lines))];
    const Problem& problem = rng.pick(problems());
    const int month = rng.range(1, 11);
    const std::string delivered = date(rng, month, 1, 20);
    const std::string ships = date(rng, month, 21, 28);
    const std::string next_delivery = date(rng, month + 1, 1, 28);
    const int stock = rng.chance(75) ? rng.range(1, 40) : 0;
    const bool refund = stock == 0 || rng.chance(15);
    const std::string place = rng.pick(Strings{"office", "flat", "studio", "shop"});
    const std::string pickup_tool =
        rng.chance(50)
            ? R"({"name":"book_pickup","description":"Book a courier to collect a parcel for an RMA.","input_schema":{"type":"object","properties":{"rma":{"type":"string"},"address":{"type":"string"}},"required":["rma"]}})"
            : "";

    std::string doc = tools_block(rng, pickup_tool);
    std::string system =
        "You are the order-support agent of " + store + ". " +
        rng.pick(Strings{"You act on the customer's behalf with the tools provided: look up "
                         "the order before doing anything else, never invent order numbers, "
                         "SKUs or tracking codes, and confirm what you did in two or three "
                         "plain sentences.",
                         "Use the tools to help the customer. Always look the order up first, "
                         "only quote numbers the tools returned, and keep replies short.",
                         "Work through the tools step by step and tell the customer in plain "
                         "words what you found and what you did."}) +
        " Items damaged in transit are replaced at no cost within " + std::to_string(window) +
        " days of delivery.";
    if (rng.chance(60))
        system += " If a tool returns an error twice, stop and offer to hand over to a person.";
    doc += framing::turn_text("system", system);

    const std::string when =
        rng.pick(Strings{"yesterday", "today", "this morning", "on " + delivered});
    std::string ask =
        refund && stock > 0
            ? rng.pick(Strings{"I would like my money back.", "Can I get a refund instead?"})
            : rng.pick(Strings{"Can you send me a new one?", "Could you replace it?",
                               "What can you do?"});
    std::string user = rng.pick(Strings{"Hi, my order ", "Hello, order ", "My order "}) + order +
                       " came " + when + " and the " + bad.item.name + " " + problem.what + ". ";
    if (rng.chance(40))
        user += rng.pick(Strings{"The box was crushed. ", "I have not used it. ",
                                 "I need it for a shoot next week. "});
    doc += framing::turn_text("user", user + ask);

    // Every turn says something before its tool call, so the model writes prose after a tool
    // result; a few history turns are the bare call, as an agent loop often sends them.
    const int stop_after = rng.chance(30) ? rng.range(1, 4) : 99;  // assistant turns kept
    int turns = 0;
    bool done = false;
    auto step = [&](const std::string& say, const std::string& call, const std::string& result,
                    bool last) {
        if (done)
            return;
        ++turns;
        const bool cut = turns >= stop_after;
        const bool bare = !cut && !last && !call.empty() && rng.chance(15);
        doc += framing::turn_text("assistant", bare ? call : say + call);
        if (cut || result.empty()) {
            done = true;
            return;
        }
        doc += framing::turn_text("user", result);
    };

    const std::string sorry =
        problem.reason == "faulty"       ? "I'm sorry the " + bad.item.name + " is not working."
        : problem.reason == "wrong_item" ? "I'm sorry you got the wrong item."
                                         : "I'm sorry the " + bad.item.name + " arrived damaged.";
    const bool missing = rng.chance(8);
    Strings items_json;
    for (const auto& l : order_lines)
        items_json.push_back(js.obj({{"sku", q(l.sku)},
                                     {"name", q(l.item.name)},
                                     {"price_eur", std::to_string(l.item.price)},
                                     {"qty", std::to_string(l.qty)}}));
    const std::string order_json =
        missing ? js.obj({{"error", q("order not found")}, {"order_id", q(order)}})
                : js.obj({{"order_id", q(order)},
                          {"status", q("delivered")},
                          {"delivered", q(delivered)},
                          {"items", js.arr(items_json)}});
    step(sorry + " " +
             rng.pick(Strings{"Let me look up the order first.",
                              "Let me look up order " + order + " first.",
                              "I will check order " + order + " now."}),
         "{\"order_id\":\"" + order + "\"}", order_json, false);
    if (missing) {
        step("I could not find order " + order +
                 ". Could you check the number on your order confirmation email?",
             "", "", true);
        return doc;
    }

    std::string names;
    for (std::size_t i = 0; i < order_lines.size(); ++i)
        names += (i == 0                        ? "the "
                  : i + 1 == order_lines.size() ? " and the "
                                                : ", the ") +
                 order_lines[i].item.name;
    const std::string summary =
        "Order " + order + " was delivered on " + delivered + " with " + names + ". ";
    auto return_call = [&](const std::string& resolution) {
        return "{\"order_id\":\"" + order + "\",\"sku\":\"" + bad.sku + "\",\"reason\":\"" +
               problem.reason + "\",\"resolution\":\"" + resolution + "\"}";
    };
    const std::string refund_result = js.obj({{"rma", q(rma)},
                                              {"label_emailed_to", q(email)},
                                              {"refund_eur", std::to_string(bad.item.price)}});
    if (refund && stock > 0) {
        // The customer asked for their money back: no stock check.
        step(summary + "I will open a refund for the " + bad.item.name + ".", return_call("refund"),
             refund_result, false);
    } else {
        step(summary + "Let me check that the " + bad.item.name + " is in stock.",
             "{\"sku\":\"" + bad.sku + "\"}",
             js.obj({{"sku", q(bad.sku)},
                     {"in_stock", std::to_string(stock)},
                     {"next_delivery", q(next_delivery)}}),
             false);
        step(stock > 0 ? "The " + bad.item.name + " is in stock (" + std::to_string(stock) +
                             (stock == 1 ? " unit" : " units") + "), so I will open a replacement."
                       : "The " + bad.item.name + " is out of stock until " + next_delivery +
                             ", so I will open a refund instead.",
             return_call(stock > 0 ? "replacement" : "refund"),
             stock > 0 ? js.obj({{"rma", q(rma)},
                                 {"label_emailed_to", q(email)},
                                 {"replacement_order", q(replacement)},
                                 {"ships", q(ships)}})
                       : refund_result,
             false);
    }
    const bool replaced = !refund;
    const std::string outcome =
        replaced ? "The replacement ships on " + ships + " as order " + replacement + "."
                 : "The refund of " + std::to_string(bad.item.price) +
                       " EUR follows once the item is back.";
    const std::string subject = replaced
                                    ? "Your replacement " + bad.item.name + " (" + rma + ")"
                                    : "Your refund for the " + bad.item.name + " (" + rma + ")";
    const std::string body =
        replaced ? "Your replacement ships on " + ships + " as order " + replacement +
                       ". Please send the damaged item back with the prepaid label we emailed you."
                 : "Please send the item back with the prepaid label we emailed you. The refund "
                   "follows once it arrives.";
    step("Return " + rma + " is open and the prepaid label went to " + email + ". " + outcome +
             " Let me confirm it by email.",
         "{\"subject\":\"" + subject + "\",\"body\":\"" + body + "\"}",
         js.obj({{"status", q("sent")}}), false);
    step(rng.pick(Strings{"Done. ", "All set. ", ""}) + outcome + " Return " + rma +
             " is open, and a prepaid label for the " + bad.item.name + " is in your inbox at " +
             email + ".",
         "", "", false);
    if (done || rng.chance(35))
        return doc;

    // A follow-up, answered from what the conversation already holds.
    const int f = rng.below(5);
    const std::string follow = f == 0 ? "Thanks! Could a courier pick up the " + bad.item.name +
                                            " from my " + place +
                                            " instead? I can't get to a drop-off point this week."
                               : f == 1 ? "When will the new one arrive?"
                               : f == 2 ? "What is my return number again?"
                               : f == 3 ? "Which address did you send the label to?"
                                        : "How long do I have to send it back?";
    const std::string answer =
        f == 0   ? (!pickup_tool.empty()
                        ? "Yes. I can book a courier to collect the " + bad.item.name +
                            " from your " + place + " for return " + rma + "."
                        : "Yes, a courier can collect the " + bad.item.name + " from your " + place +
                            ". I will add a pickup to return " + rma + " and email you the time.")
        : f == 1 ? (replaced ? "The replacement ships on " + ships + " as order " + replacement +
                                   ". You will get the tracking number by email."
                             : "No replacement is coming: the refund of " +
                                   std::to_string(bad.item.price) +
                                   " EUR follows once the item is back.")
        : f == 2 ? "Your return number is " + rma + "."
        : f == 3 ? "The prepaid label went to " + email + "."
                 : "Items damaged in transit are replaced at no cost within " +
                       std::to_string(window) + " days of delivery, so please send it within " +
                       std::to_string(window) + " days of " + delivered + ".";
    doc += framing::turn_text("user", follow);
    doc += framing::turn_text("assistant", answer);
    return doc;
}

}  // namespace pl::corpus
