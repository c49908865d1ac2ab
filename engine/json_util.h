// JSON helpers shared by everything that reads user files: parse errors with line and column,
// type errors with the JSON pointer of the offending value.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "error.h"

namespace pl {

using ojson = nlohmann::ordered_json;  // keeps key order: it matters for cache hits

// "line:column" (1-based) of a byte offset in text.
std::string line_col(const std::string& text, std::size_t byte_offset);

// Parses text; on failure "<file>:<line>:<col>: <reason>".
Result<ojson> parse_json(const std::string& text, const std::string& file);

// Reads a whole file (binary); "<file>: cannot open" on failure.
Result<std::string> read_text_file(const std::string& path);

}  // namespace pl
