// The rewrite behind `prefixlens lint --fix`: dynamic text moves from the cached prefix to the
// final user message, tools go in a stable order (sorted by name) with their keys in canonical
// (sorted) order. The result is a request of the same provider that says the same things.
#pragma once

#include <string>
#include <vector>

#include "lint/lint_types.h"

namespace pl::lint {

// A dynamic value inside the string at `pointer` (bytes [begin, end) of the decoded string).
struct MoveSpan {
    std::string pointer;
    std::size_t begin = 0;
    std::size_t end = 0;
};

// Dynamic text moves only as whole short lines (never out of the middle of a sentence) and only
// into the final user message or content (never across a tool call), in every request shape; at
// most `max_breakpoints` cache markers are kept (Anthropic's cache_control, Converse's
// cachePoint). Tools are sorted in the Anthropic and OpenAI shapes.
ojson fix_request(const ojson& body, Provider provider, const std::vector<MoveSpan>& moves,
                  int max_breakpoints = 4);

// The name a tool is known by: Anthropic and Responses "name", Chat "function.name".
std::string tool_name(const ojson& tool);

// The same JSON with every object's keys sorted.
ojson canonical_keys(const ojson& j);

}  // namespace pl::lint
