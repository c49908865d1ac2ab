// The tables under assets/lint/: input prices with cache multipliers, and the minimum cacheable
// prefix per model, each row with its source page and the date it was read, plus the providers'
// caching rules as data (CacheRules per provider and model; ApiCacheRules for the two the linter
// has always read), which the linter, its cost model and the policy simulator read, for all five
// providers. The lint summary repeats the tables' sources and date.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "lint/lint_types.h"

namespace pl::lint {

// The APIs' prompt-caching rules that are not per model.
struct ApiCacheRules {
    struct Anthropic {
        int max_breakpoints = 4;   // explicit cache_control markers plus automatic caching
        int lookback_blocks = 20;  // blocks checked per breakpoint, its own included
        double ttl_default_s = 300;
        double ttl_extended_s = 3600;                        // "ttl": "1h"
        double write_5m = 1.25, write_1h = 2.0, read = 0.1;  // price multipliers
    } anthropic;
    struct OpenAI {
        int min_tokens = 1024;                // no cached_tokens below this
        int step_tokens = 128;                // cached_tokens grow in these steps
        double retention_default_s = 300;     // in-memory retention (5 to 10 minutes idle)
        double retention_extended_s = 86400;  // prompt_cache_retention "24h"
    } openai;
};

// One provider's caching rules for one model, read from min_cacheable_tokens.json (its "rules"
// and the model's row) and pricing.json (steps): what the policy simulator and the linter need
// to emulate any of the five APIs.
struct CacheRules {
    bool automatic = false;   // caches by itself (OpenAI, Gemini implicit, DeepSeek); else markers
    bool implicit = true;     // Gemini: automatic caching applies to this model (2.5 and newer)
    int max_markers = 0;      // cache_control / cachePoint markers a request may carry
    int lookback_blocks = 1;  // entries looked for per marker, its own block included
    bool min_per_checkpoint = false;  // Bedrock: each checkpoint needs the minimum after the last
    int min_tokens = 1024;            // the shortest prefix cached, for this model
    int step_tokens = 1;              // cached counts grow in these steps (OpenAI 128)
    int unit_tokens = 0;              // DeepSeek: common prefixes are stored in these units
    int max_cached_tokens = 0;        // 0: no limit (Nova: 32k)
    bool tools_cacheable = true;      // Nova: tools cannot be cached
    double ttl_default_s = 300;
    double ttl_extended_s = 0;  // the longer lifetime a marker may ask for; 0: none
};

struct PriceRow {
    std::string name;           // the model id the row is for
    double input = 0.0;         // USD per million tokens
    double cached_input = 0.0;  // the cached-input price (OpenAI, Gemini, DeepSeek cache hits)
    std::string source;         // the page the figure was read from
    std::string read;           // when it was read (YYYY-MM-DD)
    // Multipliers of the input price for this model where they differ from the provider's
    // (Bedrock's Nova: no write surcharge); negative: the provider's.
    double write_5m = -1, write_1h = -1, read_mult = -1;
    double storage_per_hour = 0.0;  // Gemini explicit caches: USD per million tokens per hour
};

struct ProviderPrices {
    std::string source;
    std::string default_model;
    std::vector<std::pair<std::string, PriceRow>> rows;  // match string, row
    double write_5m = 1.25, write_1h = 2.0, read = 0.1;  // multipliers (Anthropic, Bedrock)
    int min_cached = 1024, increment = 128;              // automatic caching: minimum, steps
    std::string claude_rows;  // Bedrock: "anthropic" prices a Claude model by those rows
};

struct MinTokenRow {
    std::string match;  // family substring, for a model no row names
    std::string name;   // the model id the row is for ("" for a family-only row)
    int min_tokens = 1024;
    std::string source, read;
    // Overrides of the provider's rules for this row's models (unset: the provider's).
    std::optional<int> lookback_blocks, max_cached_tokens;
    std::optional<bool> tools_cacheable, implicit;
    std::optional<double> ttl_extended_s;
};

struct MinTokenTable {
    std::string source;
    int fallback = 1024;
    std::vector<MinTokenRow> rows;
    CacheRules rules;           // the provider's, before a row's overrides and minimum
    std::string claude_rows;    // Bedrock: "anthropic" gives Claude models Claude's minimums
    double explicit_ttl_s = 0;  // Gemini: an explicit cache's default lifetime
};

// How a model name was matched to a row: `known` when a row names that model (a dated or
// aliased id of it included); otherwise `row` is the family row (by substring) or the default
// used instead, which the linter says in an unknown-model note.
struct ModelMatch {
    bool known = false;
    std::string row;  // the name of the row used
};

struct LintTables {
    std::string as_of;
    ProviderPrices anthropic, openai, gemini, bedrock, deepseek;
    MinTokenTable anthropic_min, openai_min, gemini_min, bedrock_min, deepseek_min;
    ApiCacheRules rules;
    std::string overrides;  // the --pricing file applied, if any

    // Reads pricing.json and min_cacheable_tokens.json from dir (default assets/lint).
    static Result<LintTables> load(const std::filesystem::path& dir);
    // A user's prices (`prefixlens lint --pricing FILE`, pricing.json's shape, any part of it):
    // its rows are matched before the built-in ones and its multipliers replace the tables'.
    Result<void> apply_pricing_overrides(const std::filesystem::path& file);

    const ProviderPrices& prices(Provider p) const;
    const MinTokenTable& min_table(Provider p) const;
    // The provider's caching rules for a model: its "rules", the model's row's overrides, its
    // minimum and (automatic caching) the step of pricing.json.
    CacheRules cache_rules(Provider p, const std::string& model) const;
    // The row for a model, else the family row by substring, else the default model's row.
    PriceRow price(Provider p, const std::string& model) const;
    ModelMatch price_match(Provider p, const std::string& model) const;
    // That row with the provider's multipliers and the tables' date.
    InputPrices input_prices(Provider p, const std::string& model) const;
    int min_tokens(Provider p, const std::string& model) const;
    ModelMatch min_tokens_match(Provider p, const std::string& model) const;
};

// The model id a row is compared with: lower case, without a route ("anthropic/", "openai/"),
// a Bedrock region and vendor prefix ("us.anthropic.") or a Bedrock version ("-v1:0").
std::string normalize_model_id(const std::string& model);
// Whether a normalized model id is the row's model: the same id, or it followed by a date
// ("-20250929", "-2024-08-06", "@20250929") or "-latest".
bool model_is_row(const std::string& id, const std::string& row_name);

}  // namespace pl::lint
