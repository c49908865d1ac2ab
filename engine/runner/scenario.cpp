#include "runner/scenario.h"

#include <algorithm>
#include <cmath>

#include "core/assets.h"

namespace pl {

namespace {

struct Reader {
    const std::string& file;
    Error fail(const std::string& pointer, const std::string& what) const {
        return make_error(file + ": " + pointer + ": " + what);
    }
};

// A language code as QLocale writes one ("ja", "pl", "pt_BR"): it goes into error messages as a
// JSON pointer, so anything else is refused before it is quoted.
bool language_code(const std::string& key) {
    if (key.size() < 2 || key.size() > 16)
        return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
    });
}

// "translations": {"ja": {"title": "...", "description": "..."}, ...}
Result<void> read_translations(const Reader& r, const ojson& j,
                               std::map<std::string, ScenarioText>& out) {
    if (!j.is_object())
        return r.fail("/translations", "expected an object of languages (\"ja\": {...})");
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!language_code(it.key()))
            return r.fail("/translations",
                          "expected language codes such as \"ja\" or \"pt_BR\" as keys");
        const std::string p = "/translations/" + it.key();
        const ojson& lang = it.value();
        if (!lang.is_object())
            return r.fail(p, "expected an object with a title and a description");
        ScenarioText text;
        for (auto f = lang.begin(); f != lang.end(); ++f) {
            const bool title = f.key() == "title";
            if (!title && f.key() != "description")
                return r.fail(p, "unknown field (a translation has title and description)");
            if (!f.value().is_string())
                return r.fail(p + "/" + f.key(), "expected a string");
            (title ? text.title : text.description) = f.value().get<std::string>();
        }
        out[it.key()] = std::move(text);
    }
    return {};
}

}  // namespace

Result<Scenario> parse_scenario(const std::string& text, const std::string& file) {
    auto parsed = parse_json_object(text, file, "/: expected a scenario object");
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    Reader r{file};
    Scenario s;
    s.file = file;
    auto opt_string = [&](const char* key, std::string& out) -> Result<void> {
        if (!j.contains(key) || j[key].is_null())
            return {};
        if (!j[key].is_string())
            return r.fail(std::string("/") + key, "expected a string");
        out = j[key].get<std::string>();
        return {};
    };
    PL_TRY(opt_string("name", s.name));
    PL_TRY(opt_string("title", s.title));
    PL_TRY(opt_string("description", s.description));
    if (s.name.empty())
        s.name = std::filesystem::path(file).stem().string();
    if (j.contains("translations") && !j["translations"].is_null())
        PL_TRY(read_translations(r, j["translations"], s.translations));

    auto opt_int = [&](const ojson& obj, const std::string& ptr, const char* key, long lo, long hi,
                       int& out) -> Result<void> {
        if (!obj.contains(key) || obj[key].is_null())
            return {};
        const ojson& v = obj[key];
        if (!v.is_number_integer())
            return r.fail(ptr + "/" + key, "expected a whole number");
        const auto x = v.get<int64_t>();
        if (x < lo || x > hi) {
            return r.fail(ptr + "/" + key, "must be from " + std::to_string(lo) + " to " +
                                               std::to_string(hi) + ", not " + std::to_string(x));
        }
        out = static_cast<int>(x);
        return {};
    };
    PL_TRY(opt_int(j, "", "block_size", 1, 1024, s.block_size));
    PL_TRY(opt_int(j, "", "capacity_blocks", 1, 1 << 20, s.capacity_blocks));
    if (j.contains("ttl_s") && !j["ttl_s"].is_null()) {
        if (!j["ttl_s"].is_number() || j["ttl_s"].get<double>() <= 0 ||
            !std::isfinite(j["ttl_s"].get<double>())) {
            return r.fail("/ttl_s", "expected a positive number of seconds or null");
        }
        s.ttl_s = j["ttl_s"].get<double>();
    }
    if (j.contains("sampling") && !j["sampling"].is_null()) {
        auto sampling = parse_sampling_object(j["sampling"], file, "/sampling");
        if (!sampling)
            return sampling.error();
        s.sampling = sampling.value();
    }
    if (!j.contains("requests") || !j["requests"].is_array()) {
        return r.fail("/requests", "expected an array of requests");
    }
    const ojson& reqs = j["requests"];
    if (reqs.empty())
        return r.fail("/requests", "a scenario needs at least one request");
    double last_at = 0.0;
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        const std::string p = "/requests/" + std::to_string(i);
        const ojson& q = reqs[i];
        if (!q.is_object())
            return r.fail(p, "expected a request object");
        ScenarioRequest req;
        req.where = file + ": " + p;
        if (q.contains("at_s") && !q["at_s"].is_null()) {
            if (!q["at_s"].is_number() || !std::isfinite(q["at_s"].get<double>()) ||
                q["at_s"].get<double>() < 0) {
                return r.fail(p + "/at_s", "expected a non-negative number of seconds");
            }
            req.at_s = q["at_s"].get<double>();
        } else {
            req.at_s = last_at;
        }
        if (req.at_s < last_at) {
            return r.fail(p + "/at_s",
                          "requests must be in time order (this one is earlier "
                          "than the one before)");
        }
        last_at = req.at_s;
        if (q.contains("session") && !q["session"].is_null()) {
            if (!q["session"].is_string())
                return r.fail(p + "/session", "expected a string");
            req.session = q["session"].get<std::string>();
        }
        if (q.contains("salt") && !q["salt"].is_null()) {
            if (!q["salt"].is_string())
                return r.fail(p + "/salt", "expected a string or null");
            req.salt = q["salt"].get<std::string>();
        }
        PL_TRY(opt_int(q, p, "max_tokens", 1, 4096, req.max_tokens));
        ojson body = ojson::object();
        for (const char* key :
             {"tools", "system", "messages", "model", "tool_choice", "thinking"}) {
            if (q.contains(key))
                body[key] = q[key];
        }
        if (!body.contains("messages"))
            return r.fail(p + "/messages", "expected an array of messages");
        req.body = std::move(body);
        s.requests.push_back(std::move(req));
    }
    return s;
}

std::filesystem::path builtin_scenarios_dir() {
    return assets_dir() / "scenarios";
}

std::vector<std::string> builtin_scenario_names() {
    return builtin_json_names(builtin_scenarios_dir());
}

Result<Scenario> load_scenario(const std::string& path_or_name) {
    auto path = find_file_or_builtin(path_or_name, builtin_scenarios_dir(), "scenario");
    if (!path)
        return path.error();
    auto text = read_text_file(path->string());
    if (!text)
        return text.error();
    return parse_scenario(text.value(), path->string());
}

}  // namespace pl
