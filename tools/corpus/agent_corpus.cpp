#include "corpus/agent_corpus.h"

#include <cstdio>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

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

// The slots any text of an episode may name.
const SlotNames kEpisodeSlots = {
    "store",     "instruction", "window",  "order",         "when",  "item",        "problem",
    "delivered", "names",       "count",   "next_delivery", "ships", "replacement", "price",
    "rma",       "email",       "outcome", "lead",          "place", "initial",     "surname"};

std::string date(Rng& rng, int month, int day_lo, int day_hi) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "2026-%02d-%02d", month, rng.range(day_lo, day_hi));
    return buf;
}

std::string tools_block(const AgentData& d, Rng& rng, const std::string& pickup_tool) {
    // The scenario's own tools most often, so its prompt is familiar; otherwise other wordings,
    // sometimes in another order, sometimes with a pickup tool.
    Strings tools;
    if (rng.chance(55)) {
        tools = {d.get_order_tool, d.check_stock_tool,
                 d.create_return_tools[rng.chance(50) ? 0 : 1], d.send_message_tool};
    } else {
        tools = d.other_tools;
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

AgentData load_agent_data(const std::string& dir) {
    const DataFile f = read_data_file(dir, "agent/episode.json");
    auto text = [&](const std::string& pointer) { return text_at(f, pointer, kEpisodeSlots); };
    auto texts = [&](const std::string& pointer) { return texts_at(f, pointer, kEpisodeSlots); };
    AgentData d;
    d.stores = texts("/stores");
    d.initials = texts("/initials");
    d.surnames = texts("/surnames");
    d.email = text("/email");
    d.catalogue = elements_at(f, "/catalogue", [&](const std::string& at) {
        const nlohmann::json& price = value_at(f, at + "/price");
        if (!price.is_number_integer() || price.get<int>() <= 0)
            data_error(f, at + "/price", "expected a positive whole number of euros");
        return AgentItem{text(at + "/name"), text(at + "/code"), price.get<int>()};
    });
    // An order has up to three different items.
    if (d.catalogue.size() < 3)
        data_error(f, "/catalogue", "expected at least three items");
    d.sku_suffixes = texts("/sku_suffixes");
    d.problems = elements_at(f, "/problems", [&](const std::string& at) {
        return AgentProblem{text(at + "/what"), text(at + "/reason")};
    });
    d.places = texts("/places");
    d.get_order_tool = string_at(f, "/tools/scenario/get_order");
    d.check_stock_tool = string_at(f, "/tools/scenario/check_stock");
    d.create_return_tools = strings_at(f, "/tools/scenario/create_return");
    if (d.create_return_tools.size() != 2)
        data_error(f, "/tools/scenario/create_return", "expected two wordings");
    d.send_message_tool = string_at(f, "/tools/scenario/send_message");
    d.other_tools = strings_at(f, "/tools/other");
    d.pickup_tool = string_at(f, "/tools/book_pickup");
    d.system = text("/system");
    d.instructions = texts("/instructions");
    d.error_rule = text("/error_rule");
    d.whens = texts("/whens");
    d.refund_asks = texts("/refund_asks");
    d.replace_asks = texts("/replace_asks");
    d.complaints = texts("/complaints");
    d.remarks = texts("/remarks");
    d.sorry_faulty = text("/sorry/faulty");
    d.sorry_wrong_item = text("/sorry/wrong_item");
    d.sorry_damaged = text("/sorry/damaged");
    d.lookups = texts("/lookups");
    d.not_found = text("/not_found");
    d.summary = text("/summary");
    d.refund_open = text("/refund_open");
    d.stock_check = text("/stock_check");
    d.in_stock = text("/in_stock");
    d.out_of_stock = text("/out_of_stock");
    d.replaced_outcome = text("/outcome/replacement");
    d.refund_outcome = text("/outcome/refund");
    d.replaced_subject = text("/subject/replacement");
    d.refund_subject = text("/subject/refund");
    d.replaced_body = text("/body/replacement");
    d.refund_body = text("/body/refund");
    d.confirm = text("/confirm");
    d.done_leads = texts("/done_leads");
    d.done = text("/done");
    d.pickup_question = text("/follow_ups/pickup/question");
    d.pickup_answer = text("/follow_ups/pickup/answer");
    d.pickup_answer_without_tool = text("/follow_ups/pickup/answer_without_tool");
    d.arrival_question = text("/follow_ups/arrival/question");
    d.arrival_answer = text("/follow_ups/arrival/answer");
    d.arrival_answer_after_refund = text("/follow_ups/arrival/answer_after_refund");
    d.rma_question = text("/follow_ups/rma/question");
    d.rma_answer = text("/follow_ups/rma/answer");
    d.email_question = text("/follow_ups/email/question");
    d.email_answer = text("/follow_ups/email/answer");
    d.window_question = text("/follow_ups/window/question");
    d.window_answer = text("/follow_ups/window/answer");
    return d;
}

std::string agent_doc(const AgentData& data, Rng& rng) {
    const bool canonical = rng.chance(40);
    const std::string store = canonical ? "Lumen Camera Store" : rng.pick(data.stores);
    const int window = canonical ? 30 : rng.pick(std::vector<int>{14, 21, 30, 60, 90});
    const Json js{rng.chance(70)};

    const std::string order = "LC-" + std::to_string(rng.range(10000, 99999));
    const std::string replacement = "LC-" + std::to_string(rng.range(10000, 99999));
    const std::string rma = "RMA-" + std::to_string(rng.range(10000, 99999));
    const std::string initial = rng.pick(data.initials);
    const std::string surname = rng.pick(data.surnames);
    const std::string email = fill(data.email, {{"initial", initial}, {"surname", surname}});

    // The order: the damaged item and sometimes a second one.
    const auto& cat = data.catalogue;
    std::vector<int> idx(cat.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = static_cast<int>(i);
    rng.shuffle(idx);
    const int lines = rng.range(1, 3);
    struct Line {
        AgentItem item;
        std::string sku;
        int qty;
    };
    std::vector<Line> order_lines;
    for (int i = 0; i < lines; ++i) {
        const AgentItem& it = cat[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        // The suffix is drawn before the digits, as in the corpora made before the data files.
        const std::string suffix = rng.pick(data.sku_suffixes);
        const std::string sku =
            it.code + "-" + std::to_string(rng.range(1000, 9999)) + "-" + suffix;
        order_lines.push_back({it, sku, rng.chance(85) ? 1 : 2});
    }
    const Line& bad = order_lines[static_cast<std::size_t>(rng.below(lines))];
    const AgentProblem& problem =
        data.problems[static_cast<std::size_t>(rng.below(static_cast<int>(data.problems.size())))];
    const int month = rng.range(1, 11);
    const std::string delivered = date(rng, month, 1, 20);
    const std::string ships = date(rng, month, 21, 28);
    const std::string next_delivery = date(rng, month + 1, 1, 28);
    const int stock = rng.chance(75) ? rng.range(1, 40) : 0;
    const bool refund = stock == 0 || rng.chance(15);
    const std::string place = rng.pick(data.places);
    const std::string pickup_tool = rng.chance(50) ? data.pickup_tool : "";

    // The values every text of the episode may name; more are added as they are drawn.
    Slots slots = {{"store", store},
                   {"window", std::to_string(window)},
                   {"order", order},
                   {"replacement", replacement},
                   {"rma", rma},
                   {"email", email},
                   {"item", bad.item.name},
                   {"problem", problem.what},
                   {"delivered", delivered},
                   {"ships", ships},
                   {"next_delivery", next_delivery},
                   {"count", std::to_string(stock) + (stock == 1 ? " unit" : " units")},
                   {"price", std::to_string(bad.item.price)},
                   {"place", place}};
    auto say = [&](const std::string& text) { return fill(text, slots); };

    std::string doc = tools_block(data, rng, pickup_tool);
    slots.push_back({"instruction", rng.pick(data.instructions)});
    std::string system = say(data.system);
    if (rng.chance(60))
        system += data.error_rule;
    doc += framing::turn_text("system", system);

    slots.push_back({"when", say(rng.pick(data.whens))});
    std::string ask =
        refund && stock > 0 ? rng.pick(data.refund_asks) : rng.pick(data.replace_asks);
    std::string user = say(rng.pick(data.complaints));
    if (rng.chance(40))
        user += rng.pick(data.remarks);
    doc += framing::turn_text("user", user + ask);

    // Every turn says something before its tool call, so the model writes prose after a tool
    // result; a few history turns are the bare call, as an agent loop often sends them.
    const int stop_after = rng.chance(30) ? rng.range(1, 4) : 99;  // assistant turns kept
    int turns = 0;
    bool done = false;
    auto step = [&](const std::string& text, const std::string& call, const std::string& result,
                    bool last) {
        if (done)
            return;
        ++turns;
        const bool cut = turns >= stop_after;
        const bool bare = !cut && !last && !call.empty() && rng.chance(15);
        doc += framing::turn_text("assistant", bare ? call : text + call);
        if (cut || result.empty()) {
            done = true;
            return;
        }
        doc += framing::turn_text("user", result);
    };

    const std::string sorry = say(problem.reason == "faulty"       ? data.sorry_faulty
                                  : problem.reason == "wrong_item" ? data.sorry_wrong_item
                                                                   : data.sorry_damaged);
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
    step(sorry + " " + say(rng.pick(data.lookups)), "{\"order_id\":\"" + order + "\"}", order_json,
         false);
    if (missing) {
        step(say(data.not_found), "", "", true);
        return doc;
    }

    std::string names;
    for (std::size_t i = 0; i < order_lines.size(); ++i)
        names += (i == 0                        ? "the "
                  : i + 1 == order_lines.size() ? " and the "
                                                : ", the ") +
                 order_lines[i].item.name;
    slots.push_back({"names", names});
    const std::string summary = say(data.summary);
    auto return_call = [&](const std::string& resolution) {
        return "{\"order_id\":\"" + order + "\",\"sku\":\"" + bad.sku + "\",\"reason\":\"" +
               problem.reason + "\",\"resolution\":\"" + resolution + "\"}";
    };
    const std::string refund_result = js.obj({{"rma", q(rma)},
                                              {"label_emailed_to", q(email)},
                                              {"refund_eur", std::to_string(bad.item.price)}});
    if (refund && stock > 0) {
        // The customer asked for their money back: no stock check.
        step(summary + say(data.refund_open), return_call("refund"), refund_result, false);
    } else {
        step(summary + say(data.stock_check), "{\"sku\":\"" + bad.sku + "\"}",
             js.obj({{"sku", q(bad.sku)},
                     {"in_stock", std::to_string(stock)},
                     {"next_delivery", q(next_delivery)}}),
             false);
        step(say(stock > 0 ? data.in_stock : data.out_of_stock),
             return_call(stock > 0 ? "replacement" : "refund"),
             stock > 0 ? js.obj({{"rma", q(rma)},
                                 {"label_emailed_to", q(email)},
                                 {"replacement_order", q(replacement)},
                                 {"ships", q(ships)}})
                       : refund_result,
             false);
    }
    const bool replaced = !refund;
    slots.push_back({"outcome", say(replaced ? data.replaced_outcome : data.refund_outcome)});
    const std::string subject = say(replaced ? data.replaced_subject : data.refund_subject);
    const std::string body = say(replaced ? data.replaced_body : data.refund_body);
    step(say(data.confirm), "{\"subject\":\"" + subject + "\",\"body\":\"" + body + "\"}",
         js.obj({{"status", q("sent")}}), false);
    slots.push_back({"lead", rng.pick(data.done_leads)});
    step(say(data.done), "", "", false);
    if (done || rng.chance(35))
        return doc;

    // A follow-up, answered from what the conversation already holds.
    const int f = rng.below(5);
    const std::string& follow = f == 0   ? data.pickup_question
                                : f == 1 ? data.arrival_question
                                : f == 2 ? data.rma_question
                                : f == 3 ? data.email_question
                                         : data.window_question;
    const std::string& answer =
        f == 0   ? (!pickup_tool.empty() ? data.pickup_answer : data.pickup_answer_without_tool)
        : f == 1 ? (replaced ? data.arrival_answer : data.arrival_answer_after_refund)
        : f == 2 ? data.rma_answer
        : f == 3 ? data.email_answer
                 : data.window_answer;
    doc += framing::turn_text("user", say(follow));
    doc += framing::turn_text("assistant", say(answer));
    return doc;
}

}  // namespace pl::corpus
