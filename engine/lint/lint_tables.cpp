#include "lint/lint_tables.h"

#include <algorithm>
#include <cctype>

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

Result<void> read_price_rows(const ojson& p, const std::string& file, const std::string& where,
                             std::vector<std::pair<std::string, PriceRow>>& out) {
    if (!p.contains("models"))
        return {};
    if (!p["models"].is_array())
        return make_error(file + ": " + where + "/models: expected an array");
    for (std::size_t i = 0; i < p["models"].size(); ++i) {
        const ojson& row = p["models"][i];
        const std::string at = where + "/models/" + std::to_string(i);
        if (!row.is_object() || !row.contains("input") || !row["input"].is_number() ||
            !((row.contains("match") && row["match"].is_string()) ||
              (row.contains("name") && row["name"].is_string())))
            return make_error(file + ": " + at +
                              ": each row needs \"name\" (or \"match\") and a numeric \"input\"");
        if (row["input"].get<double>() < 0 || num(row, "cached_input", 0.0) < 0)
            return make_error(file + ": " + at + ": prices cannot be negative");
        PriceRow r{str(row, "name"), row["input"].get<double>(), num(row, "cached_input", 0.0),
                   str(row, "source"), str(row, "read")};
        std::string match = str(row, "match");
        if (r.name.empty())
            r.name = match;
        if (match.empty())
            match = r.name;
        out.emplace_back(match, r);
    }
    return {};
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
    return read_price_rows(p, file, std::string("/") + key, out.rows);
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
            out.rows.push_back({row["match"].get<std::string>(), str(row, "name"),
                                row["min_tokens"].get<int>(), str(row, "source"),
                                str(row, "read")});
        }
    }
    return {};
}

bool is_date_suffix(const std::string& s) {
    // "20250929", "2024-08-06"
    if (s.empty())
        return false;
    int digits = 0;
    for (char c : s) {
        if (std::isdigit(static_cast<unsigned char>(c)))
            ++digits;
        else if (c != '-')
            return false;
    }
    return digits == 8;
}

}  // namespace

std::string normalize_model_id(const std::string& model) {
    std::string id;
    for (char c : model)
        id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (const std::size_t slash = id.rfind('/'); slash != std::string::npos)
        id = id.substr(slash + 1);
    if (const std::size_t a = id.find("anthropic."); a != std::string::npos)
        id = id.substr(a + 10);
    // Bedrock's "-v1:0" or ":0" version.
    if (const std::size_t colon = id.find(':'); colon != std::string::npos) {
        id = id.substr(0, colon);
        const std::size_t v = id.rfind("-v");
        if (v != std::string::npos && v + 2 < id.size() &&
            std::all_of(id.begin() + static_cast<std::ptrdiff_t>(v) + 2, id.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            id = id.substr(0, v);
    }
    return id;
}

bool model_is_row(const std::string& id, const std::string& row_name) {
    if (row_name.empty() || id.rfind(row_name, 0) != 0)
        return false;
    if (id.size() == row_name.size())
        return true;
    const char sep = id[row_name.size()];
    const std::string rest = id.substr(row_name.size() + 1);
    if (sep == '@')
        return is_date_suffix(rest);
    return sep == '-' && (rest == "latest" || is_date_suffix(rest));
}

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
    t.rules.anthropic.write_5m = t.anthropic.write_5m;
    t.rules.anthropic.write_1h = t.anthropic.write_1h;
    t.rules.anthropic.read = t.anthropic.read;
    t.rules.openai.min_tokens = t.openai.min_cached;
    t.rules.openai.step_tokens = t.openai.increment;
    return t;
}

Result<void> LintTables::apply_pricing_overrides(const std::filesystem::path& file) {
    auto j = load_json(file);
    if (!j)
        return j.error();
    const ojson& doc = j.value();
    const std::string f = file.string();
    if (!doc.is_object())
        return make_error(f + ": expected an object like assets/lint/pricing.json");
    bool any = false;
    for (const char* key : {"anthropic", "openai"}) {
        if (!doc.contains(key))
            continue;
        if (!doc[key].is_object())
            return make_error(f + ": /" + key + ": expected an object");
        const ojson& p = doc[key];
        ProviderPrices& pp = key == std::string("anthropic") ? anthropic : openai;
        for (const char* m :
             {"cache_write_5m_multiplier", "cache_write_1h_multiplier", "cache_read_multiplier"}) {
            if (p.contains(m) && (!p[m].is_number() || p[m].get<double>() < 0))
                return make_error(f + ": /" + key + "/" + m + ": expected a number >= 0");
        }
        pp.write_5m = num(p, "cache_write_5m_multiplier", pp.write_5m);
        pp.write_1h = num(p, "cache_write_1h_multiplier", pp.write_1h);
        pp.read = num(p, "cache_read_multiplier", pp.read);
        std::vector<std::pair<std::string, PriceRow>> rows;
        PL_TRY(read_price_rows(p, f, std::string("/") + key, rows));
        for (auto& [match, row] : rows) {
            if (row.source.empty())
                row.source = f;
        }
        pp.rows.insert(pp.rows.begin(), rows.begin(), rows.end());
        if (p.contains("default_model") && p["default_model"].is_string())
            pp.default_model = p["default_model"].get<std::string>();
        any = true;
    }
    if (!any)
        return make_error(f + ": no \"anthropic\" or \"openai\" object to read prices from");
    rules.anthropic.write_5m = anthropic.write_5m;
    rules.anthropic.write_1h = anthropic.write_1h;
    rules.anthropic.read = anthropic.read;
    overrides = f;
    return {};
}

ModelMatch LintTables::price_match(Provider p, const std::string& model) const {
    const ProviderPrices& pp = prices(p);
    const std::string id = normalize_model_id(model);
    for (const auto& [match, row] : pp.rows) {
        if (!id.empty() && model_is_row(id, normalize_model_id(row.name)))
            return {true, row.name};
    }
    for (const auto& [match, row] : pp.rows) {
        if (!id.empty() && id.find(match) != std::string::npos)
            return {false, row.name};
    }
    for (const auto& [match, row] : pp.rows) {
        if (model_is_row(normalize_model_id(pp.default_model), normalize_model_id(row.name)))
            return {false, row.name};
    }
    return {false, pp.rows.empty() ? std::string() : pp.rows.front().second.name};
}

PriceRow LintTables::price(Provider p, const std::string& model) const {
    const ProviderPrices& pp = prices(p);
    const ModelMatch m = price_match(p, model);
    for (const auto& [match, row] : pp.rows) {
        if (row.name == m.row)
            return row;
    }
    return PriceRow{};
}

InputPrices LintTables::input_prices(Provider p, const std::string& model) const {
    const PriceRow row = price(p, model);
    const ProviderPrices& pp = prices(p);
    return {p, row.name, as_of, row.input, row.cached_input, pp.write_5m, pp.write_1h, pp.read};
}

ModelMatch LintTables::min_tokens_match(Provider p, const std::string& model) const {
    const MinTokenTable& t = p == Provider::Anthropic ? anthropic_min : openai_min;
    const std::string id = normalize_model_id(model);
    if (p == Provider::OpenAI)
        return {true, "all models"};  // one rule for every model
    for (const MinTokenRow& r : t.rows) {
        if (!id.empty() && model_is_row(id, r.name))
            return {true, r.name};
    }
    for (const MinTokenRow& r : t.rows) {
        if (!id.empty() && id.find(r.match) != std::string::npos)
            return {false, r.name.empty() ? r.match : r.name};
    }
    return {false, "default"};
}

int LintTables::min_tokens(Provider p, const std::string& model) const {
    const MinTokenTable& t = p == Provider::Anthropic ? anthropic_min : openai_min;
    const ModelMatch m = min_tokens_match(p, model);
    for (const MinTokenRow& r : t.rows) {
        if ((!r.name.empty() && r.name == m.row) || (r.name.empty() && r.match == m.row))
            return r.min_tokens;
    }
    return p == Provider::OpenAI ? openai.min_cached : t.fallback;
}

}  // namespace pl::lint
