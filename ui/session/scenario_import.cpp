#include "session/scenario_import.h"

#include <QFileInfo>
#include <algorithm>

#include "core/json_util.h"

namespace pl::ui {

namespace {
// The built-in model is tiny and its answer is not the point; a request asking for 1024 tokens
// would spend the whole demo decoding.
constexpr int kMaxImportedOutput = 16;
}  // namespace

Result<Scenario> scenarioFromRequests(const std::vector<ojson>& bodies, const std::string& name,
                                      const std::string& file) {
    ojson requests = ojson::array();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const ojson& j = bodies[i];
        ojson req = ojson::object();
        req["at_s"] = static_cast<double>(i);
        req["session"] = "request";
        int maxTokens = 8;
        if (j.contains("max_tokens") && j["max_tokens"].is_number_integer())
            maxTokens = std::clamp(j["max_tokens"].get<int>(), 1, kMaxImportedOutput);
        req["max_tokens"] = maxTokens;
        for (const auto& [key, value] : j.items()) {
            if (key != "max_tokens")
                req[key] = value;
        }
        requests.push_back(std::move(req));
    }
    ojson sc = ojson::object();
    sc["name"] = name;
    sc["title"] =
        QString::fromLatin1(kImportedRequestTitle).arg(QString::fromStdString(name)).toStdString();
    sc["description"] = bodies.size() == 2 ? kImportedPairDescription : kImportedRequestDescription;
    sc["requests"] = std::move(requests);
    auto parsed = parse_scenario(sc.dump(), file);
    if (!parsed)
        return parsed.error();
    Scenario s = std::move(parsed.value());
    for (auto& r : s.requests)
        r.where = file;
    return s;
}

Result<Scenario> loadScenarioFile(const QString& path) {
    const std::string file = path.toStdString();
    auto text = read_text_file(file);
    if (!text)
        return text.error();
    auto json = parse_json(text.value(), file);
    if (!json)
        return json.error();
    const ojson& j = json.value();
    if (j.is_object() && !j.contains("requests") && j.contains("messages")) {
        // One Anthropic request: wrap it as a scenario of one request.
        return scenarioFromRequests({j}, QFileInfo(path).completeBaseName().toStdString(), file);
    }
    return parse_scenario(text.value(), file);
}

Result<Scenario> loadScenarioNameOrFile(const QString& nameOrPath) {
    if (QFileInfo::exists(nameOrPath))
        return loadScenarioFile(nameOrPath);
    return load_scenario(nameOrPath.toStdString());
}

}  // namespace pl::ui
