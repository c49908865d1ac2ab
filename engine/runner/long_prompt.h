// A scenario of one long request, for measuring how the app copes with a long prefill
// (`prefixlens gui --measure-latency`): the long-document-qa scenario's document repeated in the
// system text until the prompt is about as long as asked, counted with the model's tokenizer.
#pragma once

#include "core/error.h"
#include "runner/scenario.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

// One request of about `target_tokens` prompt tokens, answered in 4 tokens.
Result<Scenario> long_prompt_scenario(const BpeTokenizer& tokenizer, int target_tokens);

}  // namespace pl
