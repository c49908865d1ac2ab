// JSON as the chat templates of Hugging Face models write it: their `tojson` filter is Python's
// json.dumps (ensure_ascii=False, keys in the order given), so a tool or an argument object in
// a Qwen or Llama prompt reads {"a": 1, "b": [1, 2]}, with ", " and ": ", not nlohmann's
// compact form; with an indent, items end in "," and nest by that many spaces.
#pragma once

#include <string>

#include "core/json_util.h"

namespace pl {

// indent < 0: one line. Floats as Python's repr writes them (1.0, 1e-05, 1e+16).
std::string python_json(const ojson& value, int indent = -1);

}  // namespace pl
