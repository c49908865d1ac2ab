// How many tokens the provider's own tokenizer would count, estimated from the text: the
// built-in model's 2,048-token BPE counts English prose at up to about twice what Claude's or
// OpenAI's tokenizers do, so near a minimum cacheable length its count alone misleads. The
// estimate is a range from characters per token of the providers' tokenizers (about 3 to 4.5
// characters per token for Latin-script text, 0.7 to 1.5 tokens per CJK character); images and
// documents count what prompt/media_tokens.h says.
#pragma once

#include "prompt/prompt_types.h"

namespace pl::lint {

struct TokenEstimate {
    int low = 0;
    int high = 0;
};

// The first `end_token` tokens of a rendered prompt, counted as the provider would (a range).
TokenEstimate provider_tokens(const RenderedRequest& p, int end_token);

}  // namespace pl::lint
