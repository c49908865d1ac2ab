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
        for (const char* m : {"cache_write_5m_multiplier", "cache_write_1h_multiplier",
                              "cache_read_multiplier", "cache_storage_per_hour"}) {
            if (row.contains(m) && (!row[m].is_number() || row[m].get<double>() < 0))
                return make_error(file + ": " + at + "/" + m + ": expected a number >= 0");
        }
        PriceRow r{str(row, "name"), row["input"].get<double>(), num(row, "cached_input", 0.0),
                   str(row, "source"), str(row, "read")};
        r.write_5m = num(row, "cache_write_5m_multiplier", -1);
        r.write_1h = num(row, "cache_write_1h_multiplier", -1);
        r.read_mult = num(row, "cache_read_multiplier", -1);
        r.storage_per_hour = num(row, "cache_storage_per_hour", 0.0);
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
    out.claude_rows = str(p, "claude_rows");
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
    out.claude_rows = str(m, "claude_rows");
    if (m.contains("rules")) {
        const std::string at = file + ": /" + key + "/rules";
        if (!m["rules"].is_object())
            return make_error(at + ": expected an object");
        const ojson& r = m["rules"];
        for (const char* k : {"max_markers", "lookback_blocks", "ttl_default_s", "ttl_extended_s",
                              "explicit_ttl_default_s", "unit_tokens", "max_cached_tokens"}) {
            if (r.contains(k) && (!r[k].is_number() || r[k].get<double>() < 0))
                return make_error(at + "/" + k + ": expected a number >= 0");
        }
        CacheRules& c = out.rules;
        c.automatic = r.value("automatic", false);
        c.max_markers = static_cast<int>(num(r, "max_markers", 0));
        c.lookback_blocks = std::max(1, static_cast<int>(num(r, "lookback_blocks", 1)));
        c.min_per_checkpoint = r.value("min_per_checkpoint", false);
        c.unit_tokens = static_cast<int>(num(r, "unit_tokens", 0));
        c.max_cached_tokens = static_cast<int>(num(r, "max_cached_tokens", 0));
        c.tools_cacheable = r.value("tools_cacheable", true);
        c.ttl_default_s = num(r, "ttl_default_s", 300);
        c.ttl_extended_s = num(r, "ttl_extended_s", 0);
        out.explicit_ttl_s = num(r, "explicit_ttl_default_s", 0);
    }
    if (m.contains("models") && m["models"].is_array()) {
        for (std::size_t i = 0; i < m["models"].size(); ++i) {
            const ojson& row = m["models"][i];
            const std::string at = file + ": /" + key + "/models/" + std::to_string(i);
            if (!row.is_object() || !row.contains("match") || !row["match"].is_string() ||
                !row.contains("min_tokens") || !row["min_tokens"].is_number_integer())
                return make_error(file + ": /" + key +
                                  "/models: each row needs \"match\" and \"min_tokens\"");
            MinTokenRow r{row["match"].get<std::string>(), str(row, "name"),
                          row["min_tokens"].get<int>(), str(row, "source"), str(row, "read")};
            for (const char* k : {"lookback_blocks", "max_cached_tokens", "ttl_extended_s"}) {
                if (row.contains(k) && (!row[k].is_number() || row[k].get<double>() < 0))
                    return make_error(at + "/" + k + ": expected a number >= 0");
            }
            for (const char* k : {"tools_cacheable", "implicit"}) {
                if (row.contains(k) && !row[k].is_boolean())
                    return make_error(at + "/" + k + ": expected true or false");
            }
            if (row.contains("lookback_blocks"))
                r.lookback_blocks = std::max(1, row["lookback_blocks"].get<int>());
            if (row.contains("max_cached_tokens"))
                r.max_cached_tokens = row["max_cached_tokens"].get<int>();
            if (row.contains("ttl_extended_s"))
                r.ttl_extended_s = row["ttl_extended_s"].get<double>();
            if (row.contains("tools_cacheable"))
                r.tools_cacheable = row["tools_cacheable"].get<bool>();
            if (row.contains("implicit"))
                r.implicit = row["implicit"].get<bool>();
            out.rows.push_back(std::move(r));
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
    // Bedrock's own models, with or without a region ("us.amazon.nova-pro-v1:0").
    if (const std::size_t a = id.find("amazon."); a != std::string::npos)
        id = id.substr(a + 7);
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

namespace {

// The sections of both tables, in the order of Provider.
constexpr const char* kSections[] = {"anthropic", "openai", "gemini", "bedrock", "deepseek"};

bool is_claude(const std::string& id) {
    return id.find("claude") != std::string::npos;
}

// A table's section for a provider, for filling it in.
template <class Tables>
auto& prices_of(Tables& t, Provider p) {
    switch (p) {
        case Provider::OpenAI:
            return t.openai;
        case Provider::Gemini:
            return t.gemini;
        case Provider::Bedrock:
            return t.bedrock;
        case Provider::DeepSeek:
            return t.deepseek;
        case Provider::Anthropic:
            break;
    }
    return t.anthropic;
}

template <class Tables>
auto& min_of(Tables& t, Provider p) {
    switch (p) {
        case Provider::OpenAI:
            return t.openai_min;
        case Provider::Gemini:
            return t.gemini_min;
        case Provider::Bedrock:
            return t.bedrock_min;
        case Provider::DeepSeek:
            return t.deepseek_min;
        case Provider::Anthropic:
            break;
    }
    return t.anthropic_min;
}

}  // namespace

const ProviderPrices& LintTables::prices(Provider p) const {
    return prices_of(*this, p);
}

const MinTokenTable& LintTables::min_table(Provider p) const {
    return min_of(*this, p);
}

Result<LintTables> LintTables::load(const std::filesystem::path& dir) {
    LintTables t;
    const auto pricing_path = dir / "pricing.json";
    auto pricing = load_json(pricing_path);
    if (!pricing)
        return pricing.error();
    t.as_of = str(pricing.value(), "as_of");
    const auto min_path = dir / "min_cacheable_tokens.json";
    auto mins = load_json(min_path);
    if (!mins)
        return mins.error();
    for (Provider p : kAllProviders) {
        const char* key = kSections[static_cast<int>(p)];
        PL_TRY(read_prices(pricing.value(), pricing_path.string(), key, prices_of(t, p)));
        PL_TRY(read_min(mins.value(), min_path.string(), key, min_of(t, p)));
    }
    t.rules.anthropic.max_breakpoints = t.anthropic_min.rules.max_markers;
    t.rules.anthropic.lookback_blocks = t.anthropic_min.rules.lookback_blocks;
    t.rules.anthropic.ttl_default_s = t.anthropic_min.rules.ttl_default_s;
    t.rules.anthropic.ttl_extended_s = t.anthropic_min.rules.ttl_extended_s;
    t.rules.anthropic.write_5m = t.anthropic.write_5m;
    t.rules.anthropic.write_1h = t.anthropic.write_1h;
    t.rules.anthropic.read = t.anthropic.read;
    t.rules.openai.min_tokens = t.openai.min_cached;
    t.rules.openai.step_tokens = t.openai.increment;
    t.rules.openai.retention_default_s = t.openai_min.rules.ttl_default_s;
    t.rules.openai.retention_extended_s = t.openai_min.rules.ttl_extended_s;
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
    for (Provider prov : kAllProviders) {
        const char* key = kSections[static_cast<int>(prov)];
        if (!doc.contains(key))
            continue;
        if (!doc[key].is_object())
            return make_error(f + ": /" + key + ": expected an object");
        const ojson& p = doc[key];
        ProviderPrices& pp = prices_of(*this, prov);
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
        return make_error(f +
                          ": no \"anthropic\", \"openai\", \"gemini\", \"bedrock\" or \"deepseek\" "
                          "object to read prices from");
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
    // Bedrock: a Claude model no Bedrock row names is priced by Claude's own rows.
    if (pp.claude_rows == "anthropic" && is_claude(id))
        return price_match(Provider::Anthropic, model);
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
    const ModelMatch m = price_match(p, model);
    for (Provider from : {p, Provider::Anthropic}) {
        for (const auto& [match, row] : prices(from).rows) {
            if (row.name == m.row)
                return row;
        }
        if (prices(p).claude_rows != "anthropic")
            break;
    }
    return PriceRow{};
}

InputPrices LintTables::input_prices(Provider p, const std::string& model) const {
    const PriceRow row = price(p, model);
    const ProviderPrices& pp = prices(p);
    auto pick = [](double own, double provider) { return own >= 0 ? own : provider; };
    return {p,
            row.name,
            as_of,
            row.input,
            row.cached_input,
            pick(row.write_5m, pp.write_5m),
            pick(row.write_1h, pp.write_1h),
            pick(row.read_mult, pp.read)};
}

ModelMatch LintTables::min_tokens_match(Provider p, const std::string& model) const {
    const MinTokenTable& t = min_table(p);
    const std::string id = normalize_model_id(model);
    if (p == Provider::OpenAI || t.rows.empty())
        return {true, "all models"};  // one rule for every model
    for (const MinTokenRow& r : t.rows) {
        if (!id.empty() && model_is_row(id, normalize_model_id(r.name)))
            return {true, r.name};
    }
    // Bedrock: Claude models follow Claude's minimums.
    if (t.claude_rows == "anthropic" && is_claude(id))
        return min_tokens_match(Provider::Anthropic, model);
    for (const MinTokenRow& r : t.rows) {
        if (!id.empty() && id.find(r.match) != std::string::npos)
            return {false, r.name.empty() ? r.match : r.name};
    }
    return {false, "default"};
}

namespace {

// The row min_tokens_match chose, in the provider's table (or Claude's, for Bedrock).
const MinTokenRow* chosen_row(const MinTokenTable& t, const MinTokenTable& claude,
                              const ModelMatch& m) {
    for (const MinTokenTable* table : {&t, &claude}) {
        for (const MinTokenRow& r : table->rows) {
            if ((!r.name.empty() && r.name == m.row) || (r.name.empty() && r.match == m.row))
                return &r;
        }
        if (t.claude_rows != "anthropic")
            break;
    }
    return nullptr;
}

}  // namespace

int LintTables::min_tokens(Provider p, const std::string& model) const {
    const MinTokenTable& t = min_table(p);
    if (p == Provider::OpenAI)
        return openai.min_cached;
    const MinTokenRow* r = chosen_row(t, anthropic_min, min_tokens_match(p, model));
    return r ? r->min_tokens : t.fallback;
}

CacheRules LintTables::cache_rules(Provider p, const std::string& model) const {
    const MinTokenTable& t = min_table(p);
    CacheRules c = t.rules;
    c.min_tokens = min_tokens(p, model);
    if (c.automatic)
        c.step_tokens = prices(p).increment;
    if (const MinTokenRow* r = chosen_row(t, anthropic_min, min_tokens_match(p, model))) {
        c.lookback_blocks = r->lookback_blocks.value_or(c.lookback_blocks);
        c.max_cached_tokens = r->max_cached_tokens.value_or(c.max_cached_tokens);
        c.tools_cacheable = r->tools_cacheable.value_or(c.tools_cacheable);
        c.implicit = r->implicit.value_or(c.implicit);
        c.ttl_extended_s = r->ttl_extended_s.value_or(c.ttl_extended_s);
    }
    return c;
}

}  // namespace pl::lint
