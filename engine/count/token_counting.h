// Counting in the provider's own tokens. Every figure lint and replay give (prompt lengths,
// reuse, the minimum cacheable length, OpenAI's 1,024/128 steps, DeepSeek's 64-token units,
// costs) is counted by the tokenizer the provider bills with, where it is public:
//
//   openai     tiktoken's o200k_base (gpt-4o, gpt-4.1, gpt-4.5, gpt-5, the o-series) or
//              cl100k_base (gpt-4, gpt-3.5, the older embeddings), chosen by model name; a chat
//              request framed as OpenAI's cookbook counts it: <|im_start|>role<|im_sep|> before a
//              message and <|im_end|> after it (3 tokens plus the role), 3 to prime the reply
//   deepseek   DeepSeek-V3's tokenizer.json, its chat markers around each message
//   gemini     Gemma 3's tokenizer.json, which Google describes as Gemini's (2.0 on)
//   --tokenizer DIR   any Hugging Face tokenizer.json (or tiktoken rank file) for every
//              provider: a model served by vLLM or SGLang
//
// Claude's tokenizer (Anthropic, Bedrock) and Nova's are not public: those requests are counted
// by a proxy (o200k_base when installed, else the built-in model's tokenizer) and scaled by a
// ratio, from the log's usage where a record gives the provider's total (calibrated), else from
// a prior per provider with its error range (estimate). The tokenizer files are installed by the
// set-up (tools/tokenizers/fetch.sh) into assets/tokenizers/; without them the exact providers
// fall back to an estimate too, and say so.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "prompt/framing.h"
#include "prompt/prompt_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::count {

enum class Method { Exact, Calibrated, Estimate };
const char* method_name(Method m);  // "exact", "calibrated", "estimate"

// The counter one request is counted with.
struct Counter {
    Method method = Method::Estimate;  // what the counts are, before any calibration
    std::string tokenizer;             // "o200k_base", "gemma3", "built-in model tokenizer", ...
    const BpeTokenizer* tok = nullptr;
    framing::FramingStyle framing;
    // Provider tokens per token of `tok`: 1 for an exact count; the prior of a proxy otherwise.
    double ratio = 1.0;
    // The relative error the ratio may carry (0 for an exact count).
    double error = 0.0;
    std::string note;  // why it is not exact ("gemma3 is not installed: ...")
    bool exact() const { return method == Method::Exact; }
};

// The tokenizer OpenAI bills a model with, as tiktoken's model tables choose it:
// "cl100k_base" for gpt-4 (not 4o/4.1/4.5), gpt-3.5 and text-embedding-3/ada-002, else
// "o200k_base" (gpt-4o and later, o1/o3/o4, and any unknown name).
std::string openai_encoding_for(const std::string& model);

// Where the provider tokenizers are: $PREFIXLENS_TOKENIZERS, else <assets>/tokenizers (where
// the set-up puts them in a source tree), else $XDG_DATA_HOME/prefixlens/tokenizers
// (~/.local/share/...), where `tools/tokenizers/fetch.sh DIR` puts them for an installed app.
std::filesystem::path tokenizers_dir();

// `--count`'s default: "provider", or $PREFIXLENS_COUNT ("builtin": the built-in model's tokens
// alone, as the rule fixtures were written).
std::string default_count_mode();
// `--tokenizer`'s default for counting: $PREFIXLENS_TOKENIZER (the app sets it from its own
// --tokenizer, so its traffic view counts as the served model does); empty: none.
std::string default_served_tokenizer();

class TokenCounters {
  public:
    // `builtin`: the built-in model's tokenizer (the last fallback); `dir`: where the provider
    // tokenizers are installed.
    TokenCounters(const BpeTokenizer& builtin, std::filesystem::path dir = tokenizers_dir());
    ~TokenCounters();
    TokenCounters(const TokenCounters&) = delete;
    TokenCounters& operator=(const TokenCounters&) = delete;

    // --tokenizer DIR: every provider counted by this tokenizer (a served model). An error names
    // the folder and what was missing or malformed.
    Result<void> use_served(const std::filesystem::path& dir);
    // Only the built-in model's tokenizer, as before there were counters (scenarios in the app,
    // which are played by the built-in model, and `--count builtin`).
    void use_builtin_only();

    // The counter for a request to `provider` for `model`. Tokenizers load at first use
    // (safe from several threads); a missing or broken one is noted and replaced by the proxy.
    const Counter& for_request(Provider provider, const std::string& model);

    // Lines that say what could not be loaded ("gemma3 is not installed (...): Gemini counts
    // are estimates"), once each.
    std::vector<std::string> notes() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Calibrating a proxy count to a log's usage: the provider's totals over the counted tokens of
// the requests whose usage gives them, and the spread of their ratios (Welford).
class Calibration {
  public:
    void add(double provider_tokens, double counted_tokens);
    bool any() const { return n_ > 0; }
    // Provider tokens per counted token over the requests added.
    double ratio() const { return provider_ / counted_; }
    // The relative error of a position mapped by a request's ratio: the ratios' spread
    // (standard deviation over mean, at least 1%), or `prior` before two requests.
    double error(double prior) const;

  private:
    double provider_ = 0, counted_ = 0;
    int n_ = 0;
    double mean_ = 0, m2_ = 0;
};

// How one request's counted tokens become the provider's: `ratio` per token, `error` its
// relative error, `method` "exact", "calibrated" (the request's own usage, or the log's ratio
// so far) or "estimate" (the counter's prior). `reported_total` is the provider's count of the
// prompt from the record's usage (-1: none). Updates `cal` with this request.
struct Scale {
    double ratio = 1.0;
    double error = 0.0;
    Method method = Method::Exact;
};
Scale scale_for(const Counter& c, Calibration& cal, long long reported_total, long long counted);

// A count of provider tokens with its error: `value` is the best figure, low..high the range.
struct Range {
    long long value = 0;
    long long low = 0;
    long long high = 0;
};
Range scaled(long long counted, const Scale& s);
// "1,900-2,300" or "2,048" (when low == high).
std::string range_text(const Range& r);

}  // namespace pl::count
