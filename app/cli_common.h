// What the headless commands share: loading the model and creating the backend with the
// fallback notice the user must see.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli_args.h"
#include "count/token_counting.h"
#include "lint/lint_tables.h"
#include "model/gpt_model.h"
#include "runner/backend_factory.h"
#include "runner/sampling_config.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::cli {

struct EngineSetup {
    std::shared_ptr<const GptModel> model;
    std::unique_ptr<InferenceBackend> backend;
};

// Each request of a log is parsed, rendered and freed in turn; glibc would hand the freed heap
// top back to the kernel after every request and fault it in again for the next (a third of
// the CPU time of a 1,000-request log was that system time). Keeps up to 256 MiB of free heap.
void keep_freed_heap();

// What the log commands (lint, replay) count and price with.
struct LintSetup {
    BpeTokenizer tokenizer;
    lint::LintTables tables;
    std::string tokenizer_name;  // as reports name it
};
// The tokenizer of --model (default: the built-in model's) and the lint tables with --pricing
// applied; an error message names `command`.
Result<LintSetup> load_lint_setup(const ParsedArgs& args, const std::string& command);

// How lint and replay count tokens (count/token_counting.h): each provider's own tokenizer by
// default; `--tokenizer DIR` a served model's for every request; `--count builtin` the built-in
// model's tokenizer alone, as scenarios play. The setup must stay where it is while the
// counters live. An error is a usage error (exit 2), the command's name first.
Result<std::unique_ptr<count::TokenCounters>> make_counters(const ParsedArgs& args,
                                                            const LintSetup& setup,
                                                            const std::string& command);

// The file lint and replay read for an argument: the argument itself, or, for a built-in
// scenario's name as run and shot take it (no such file here, no slash, no extension), that
// scenario's file. A bare name that is neither is an error: "<name>: no such file, ...".
Result<std::string> input_file(const std::string& arg);

// Reads --backend and --device; returns an error message or empty.
std::string parse_backend_flags(const ParsedArgs& args, BackendRequest& out);

// Reads the flags that override the penalties against repetition (runner/sampling_config.h),
// --repetition-penalty, --frequency-penalty and --presence-penalty, into `out`; returns an
// error message naming the flag, or empty. cli_table.cpp names the flags the same way.
std::string parse_sampling_flags(const ParsedArgs& args, SamplingOverrides& out);

// Loads --model (default: built-in) and creates the backend over a pool of `capacity_blocks`
// blocks of `block_size` tokens (0: one context's worth). Prints the fallback notice on stderr.
Result<EngineSetup> setup_engine(const ParsedArgs& args, int block_size, int capacity_blocks);

// Ends a command that used the engine: any Vulkan validation message is printed and turns a
// success into exit status 1, so tests (which run with validation on) catch it.
int finish(const EngineSetup& engine, int status);

}  // namespace pl::cli
