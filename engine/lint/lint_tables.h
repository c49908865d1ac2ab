// The tables under assets/lint/: input prices with cache multipliers, and the minimum cacheable
// prefix per model, each row with its source page and the date it was read, plus the providers'
// caching rules as data (ApiCacheRules), which the linter, its cost model and the policy
// simulator read. The lint summary repeats the tables' sources and date.
#pragma once

#include <filesystem>
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
    struct Gemini {
        double implicit_ttl_s = 300;   // implicit caching: not documented; minutes
        double explicit_ttl_s = 3600;  // a CachedContent's default ttl
    } gemini;
    struct Bedrock {
        int max_cache_points = 4;
        int nova_max_cached_tokens = 32000;  // Amazon Nova caches at most this prefix
    } bedrock;
    struct DeepSeek {
        double ttl_s = 3 * 3600.0;  // kept "a few hours to a few days" when unused
    } deepseek;
};

struct PriceRow {
    std::string name;           // the model id the row is for
    double input = 0.0;         // USD per million tokens
    double cached_input = 0.0;  // OpenAI: the cached-input price
    std::string source;         // the page the figure was read from
    std::string read;           // when it was read (YYYY-MM-DD)
};

struct ProviderPrices {
    std::string source;
    std::string default_model;
    std::vector<std::pair<std::string, PriceRow>> rows;  // match string, row
    double write_5m = 1.25, write_1h = 2.0, read = 0.1;  // Anthropic multipliers
    int min_cached = 1024, increment = 128;              // OpenAI
};

struct MinTokenRow {
    std::string match;  // family substring, for a model no row names
    std::string name;   // the model id the row is for ("" for a family-only row)
    int min_tokens = 1024;
    std::string source, read;
};

struct MinTokenTable {
    std::string source;
    int fallback = 1024;
    std::vector<MinTokenRow> rows;
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
    ProviderPrices anthropic, openai;
    MinTokenTable anthropic_min, openai_min;
    ApiCacheRules rules;
    std::string overrides;  // the --pricing file applied, if any

    // Reads pricing.json and min_cacheable_tokens.json from dir (default assets/lint).
    static Result<LintTables> load(const std::filesystem::path& dir);
    // A user's prices (`prefixlens lint --pricing FILE`, pricing.json's shape, any part of it):
    // its rows are matched before the built-in ones and its multipliers replace the tables'.
    Result<void> apply_pricing_overrides(const std::filesystem::path& file);

    const ProviderPrices& prices(Provider p) const {
        return p == Provider::Anthropic ? anthropic : openai;
    }
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
