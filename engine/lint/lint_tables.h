// The tables under assets/lint/: input prices with cache multipliers, and the minimum cacheable
// prefix per model family. Each keeps its source and date, which the lint summary repeats.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "lint/lint_types.h"

namespace pl::lint {

struct PriceRow {
    std::string name;
    double input = 0.0;         // USD per million tokens
    double cached_input = 0.0;  // OpenAI: the cached-input price
};

struct ProviderPrices {
    std::string source;
    std::string default_model;
    std::vector<std::pair<std::string, PriceRow>> rows;  // match string, row
    double write_5m = 1.25, write_1h = 2.0, read = 0.1;  // Anthropic multipliers
    int min_cached = 1024, increment = 128;              // OpenAI
};

struct MinTokenTable {
    std::string source;
    int fallback = 1024;
    std::vector<std::pair<std::string, int>> rows;
};

struct LintTables {
    std::string as_of;
    ProviderPrices anthropic, openai;
    MinTokenTable anthropic_min, openai_min;

    // Reads pricing.json and min_cacheable_tokens.json from dir (default assets/lint).
    static Result<LintTables> load(const std::filesystem::path& dir);

    const ProviderPrices& prices(Provider p) const {
        return p == Provider::Anthropic ? anthropic : openai;
    }
    // The row for a model (first match), else the provider's default model's row.
    PriceRow price(Provider p, const std::string& model) const;
    // That row with the provider's multipliers and the tables' date.
    InputPrices input_prices(Provider p, const std::string& model) const;
    int min_tokens(Provider p, const std::string& model) const;
};

}  // namespace pl::lint
