#include "lint/lint_tables.h"

namespace pl::lint {

namespace {

Result<ojson> load_json(const std::filesystem::path& p) {
    auto text = read_text_file(p.string());
    if (!text)
        return text.error();
    return parse_json(text.value(), p.string());
}

std::string str(const ojson& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

double num(const ojson& j, const char* key, double fallback) {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
}

Result<void> read_prices(const ojson& j, const std::string& file, const char* key,
                         ProviderPrices& out) {
    if (!j.contains(key) || !j[key].is_object())
        return make_error(file + ": /" + key + ": expected an object");
    const ojson& p = j[key];
    out.source = str(p, "source");
    out.default_model = str(p, "default_model");
    out.write_5m = num(p, "cache_write_5m_multiplier", 1.25);
    out.write_1h = num(p, "cache_write_1h_multiplier", 2.0);
    out.read = num(p, "cache_read_multiplier", 0.1);
    out.min_cached = static_cast<int>(num(p, "min_cached_tokens", 1024));
    out.increment = std::max(1, static_cast<int>(num(p, "cache_increment_tokens", 128)));
    if (!p.contains("models") || !p["models"].is_array())
        return make_error(file + ": /" + key + "/models: expected an array");
    for (const auto& row : p["models"]) {
        if (!row.is_object() || !row.contains("match") || !row["match"].is_string() ||
            !row.contains("input") || !row["input"].is_number())
            return make_error(file + ": /" + key +
                              "/models: each row needs \"match\" and \"input\"");
        PriceRow r{str(row, "name"), row["input"].get<double>(), num(row, "cached_input", 0.0)};
        if (r.name.empty())
            r.name = row["match"].get<std::string>();
        out.rows.emplace_back(row["match"].get<std::string>(), r);
    }
    return {};
}

Result<void> read_min(const ojson& j, const std::string& file, const char* key,
                      MinTokenTable& out) {
    if (!j.contains(key) || !j[key].is_object())
        return make_error(file + ": /" + key + ": expected an object");
    const ojson& m = j[key];
    out.source = str(m, "source");
    out.fallback = static_cast<int>(num(m, "default", 1024));
    if (m.contains("models") && m["models"].is_array()) {
        for (const auto& row : m["models"]) {
            if (!row.is_object() || !row.contains("match") || !row["match"].is_string() ||
                !row.contains("min_tokens") || !row["min_tokens"].is_number_integer())
                return make_error(file + ": /" + key +
                                  "/models: each row needs \"match\" and \"min_tokens\"");
            out.rows.emplace_back(row["match"].get<std::string>(), row["min_tokens"].get<int>());
        }
    }
    return {};
}

}  // namespace

Result<LintTables> LintTables::load(const std::filesystem::path& dir) {
    LintTables t;
    const auto pricing_path = dir / "pricing.json";
    auto pricing = load_json(pricing_path);
    if (!pricing)
        return pricing.error();
    t.as_of = str(pricing.value(), "as_of");
    PL_TRY(read_prices(pricing.value(), pricing_path.string(), "anthropic", t.anthropic));
    PL_TRY(read_prices(pricing.value(), pricing_path.string(), "openai", t.openai));
    const auto min_path = dir / "min_cacheable_tokens.json";
    auto mins = load_json(min_path);
    if (!mins)
        return mins.error();
    PL_TRY(read_min(mins.value(), min_path.string(), "anthropic", t.anthropic_min));
    PL_TRY(read_min(mins.value(), min_path.string(), "openai", t.openai_min));
    return t;
}

PriceRow LintTables::price(Provider p, const std::string& model) const {
    const ProviderPrices& pp = prices(p);
    for (const auto& [match, row] : pp.rows) {
        if (!model.empty() && model.find(match) != std::string::npos)
            return row;
    }
    for (const auto& [match, row] : pp.rows) {
        if (pp.default_model.find(match) != std::string::npos)
            return row;
    }
    return pp.rows.empty() ? PriceRow{} : pp.rows.front().second;
}

InputPrices LintTables::input_prices(Provider p, const std::string& model) const {
    const PriceRow row = price(p, model);
    const ProviderPrices& pp = prices(p);
    return {p, row.name, as_of, row.input, row.cached_input, pp.write_5m, pp.write_1h, pp.read};
}

int LintTables::min_tokens(Provider p, const std::string& model) const {
    const MinTokenTable& t = p == Provider::Anthropic ? anthropic_min : openai_min;
    for (const auto& [match, n] : t.rows) {
        if (model.find(match) != std::string::npos)
            return n;
    }
    return t.fallback;
}

}  // namespace pl::lint
