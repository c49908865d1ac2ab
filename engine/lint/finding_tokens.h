// Where a finding sits in the tokens of its request's prompt: the dynamic value itself, the token
// where the prefix diverged, or the tokens of the part of the request it names. The linter fills
// Finding::tokens with it (`prefixlens lint --format json` reports it as "tokens"), and the app
// selects those tokens when a finding is clicked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lint/lint_types.h"
#include "prompt/prompt_types.h"

namespace pl::lint {

// `pointer` is where the finding sits inside the request body ("" for the body itself). A value
// inside a tool is found in the tool's JSON; a part with no tokens of its own falls back to the
// nearest enclosing part. None for an empty prompt or a pointer that names no tokens.
std::optional<TokenRange> tokens_of_finding(const Finding& f, const std::string& pointer,
                                            const RenderedPrompt& prompt);

// `pointer` inside the request body found at `body_pointer` ("/requests/3", "/body", ""); the
// pointer unchanged when it lies outside the body (a log line's timestamp).
std::string pointer_in_body(const std::string& pointer, const std::string& body_pointer);

// Sets the tokens of each finding of `request` at the end of `findings` (the ones the linter
// added for that request, after those of the request before it) from that request's prompt.
void place_in_prompt(std::vector<Finding>& findings, int request, const RenderedPrompt& prompt,
                     const std::string& body_pointer);
// The same for one finding.
void place_in_prompt(Finding& f, const RenderedPrompt& prompt, const std::string& body_pointer);

}  // namespace pl::lint
