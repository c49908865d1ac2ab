// make_corpus --mix: "agent" documents, the shape of the app's agent-loop scenario.
//
// Tool definitions, an order-support agent's system prompt, a customer's message, then steps of
// the loop: an assistant turn that says in a sentence what it found and what it does next,
// followed by the tool call's input JSON (what the renderer makes of a tool_use block), and a
// user turn holding the tool's JSON result (a tool_result). The episode ends with a confirmation
// and sometimes a follow-up question. Every order number, SKU, date, count, RMA number and
// address is drawn per document and appears in the prompt before it is written in an answer,
// so the answers are read from the tool results, not recalled.
#pragma once

#include <string>
#include <vector>

#include "corpus/data_file.h"
#include "corpus/reading_corpus.h"

namespace pl::corpus {

struct AgentItem {
    std::string name, code;  // code: the SKU's letters; the digits are drawn per document
    int price;
};

struct AgentProblem {
    std::string what;    // after "the <item> "
    std::string reason;  // create_return's reason: damaged_in_transit, wrong_item or faulty
};

// tools/corpus/data/agent/episode.json. Tool definitions are compact JSON strings, written as
// they are; every other text is a template over the episode's slots (see agent_corpus.cpp).
struct AgentData {
    Strings stores, initials, surnames;
    std::string email;
    std::vector<AgentItem> catalogue;
    Strings sku_suffixes;
    std::vector<AgentProblem> problems;
    Strings places;
    // The scenario's own tools (create_return in two wordings), then other wordings.
    std::string get_order_tool, check_stock_tool, send_message_tool;
    Strings create_return_tools;
    Strings other_tools;
    std::string pickup_tool;
    std::string system;
    Strings instructions;
    std::string error_rule;
    Strings whens, refund_asks, replace_asks, complaints, remarks;
    std::string sorry_faulty, sorry_wrong_item, sorry_damaged;
    Strings lookups;
    std::string not_found, summary, refund_open, stock_check, in_stock, out_of_stock;
    std::string replaced_outcome, refund_outcome;
    std::string replaced_subject, refund_subject;
    std::string replaced_body, refund_body;
    std::string confirm;
    Strings done_leads;
    std::string done;
    // Follow-up questions, in the order of the draw, and their answers.
    std::string pickup_question, pickup_answer, pickup_answer_without_tool;
    std::string arrival_question, arrival_answer, arrival_answer_after_refund;
    std::string rma_question, rma_answer;
    std::string email_question, email_answer;
    std::string window_question, window_answer;
};

// Reads DIR/agent/episode.json; throws DataError naming the file and the place of a problem.
AgentData load_agent_data(const std::string& dir);

std::string agent_doc(const AgentData& data, Rng& rng);

}  // namespace pl::corpus
