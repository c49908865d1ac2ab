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

#include "corpus/reading_corpus.h"

namespace pl::corpus {

std::string agent_doc(Rng& rng);

}  // namespace pl::corpus
