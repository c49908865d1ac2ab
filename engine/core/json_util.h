// The one way the project reads JSON from outside: scenario and lesson files, lint inputs,
// config.json, safetensors headers. parse_json turns every exception of the parser into the
// usual one-line error ("<file>:<line>:<col>: <reason>") and refuses, before parsing, documents
// that are too large, nested too deep (the parser is iterative, but copying and comparing values
// recurses), hold over-long strings or numbers a double cannot hold.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/indexed_ordered_map.h"

namespace pl {

// Keeps key order (it matters for cache hits), and finds a key of a large object by its hash.
using ojson = nlohmann::basic_json<IndexedOrderedMap>;

struct JsonLimits {
    std::size_t max_bytes = 64u << 20;         // the whole document
    std::size_t max_string_bytes = 64u << 20;  // one string, as written (escapes included)
    int max_depth = 128;                       // nesting of objects and arrays
};

// "line:column" (1-based, columns in characters) of a byte offset in text whose first byte is
// on line first_line.
std::string line_col(std::string_view text, std::size_t byte_offset, int first_line = 1);

// Parses text under limits; on failure "<file>:<line>:<col>: <reason>", one line.
Result<ojson> parse_json(std::string_view text, const std::string& file,
                         const JsonLimits& limits = {}, int first_line = 1);

// parse_json for a document that must be an object (a config, a scenario, a lesson): one of
// another kind is "<file>: <not_object>". Readers that name a JSON pointer in every message
// write the root's there ("/: expected a scenario object").
Result<ojson> parse_json_object(std::string_view text, const std::string& file,
                                const std::string& not_object = "expected a JSON object");

// A size field of a model config: the first of `keys` that `j` holds, as a positive integer of
// at most `max` (checked before anything is sized from it), into `out`. A missing field is
// "<file>: missing /<first key>" when `required`, and leaves `out` as it was otherwise.
Result<void> read_positive_int(const ojson& j, const std::string& file,
                               std::initializer_list<const char*> keys, int64_t max, bool required,
                               int& out);

// Reads a whole file (binary); "<file>: cannot open" on failure, and "<file>: larger than N
// MiB" when it exceeds max_bytes (checked before reading).
Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes = 64u << 20);

// s made safe to quote in a one-line message: control characters as \n, \t or \xNN, bytes that
// are not UTF-8 as \xNN; at most max_chars characters, then "...".
std::string escape_for_message(std::string_view s, std::size_t max_chars = 200);

// escape_for_message in double quotes.
std::string quote(std::string_view s, std::size_t max_chars = 200);

}  // namespace pl
