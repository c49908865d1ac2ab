#include "session/scenario_import.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

#include "common/i18n.h"
#include "core/json_util.h"

namespace pl::ui {

namespace {
// The built-in model is tiny and its answer is not the point; a request asking for 1024 tokens
// would spend the whole demo decoding.
constexpr int kMaxImportedOutput = 16;

// Kept in English in the scenario (it is data, like any scenario's text) and translated when
// shown; it also marks a scenario as one imported request.
constexpr const char* kImportedDescription = QT_TRANSLATE_NOOP(
    "pl::ui",
    "One Anthropic Messages request, played once. Edit its system prompt or a message and run "
    "it again to see which blocks the cache keeps.");
constexpr const char* kImportedTitle = QT_TRANSLATE_NOOP("pl::ui", "Request %1");

bool isImportedRequest(const Scenario& sc) {
    return sc.description == kImportedDescription;
}

// The scenario's own text in the current language ("pt_BR" falls back to "pt"), or null.
const ScenarioText* translated(const Scenario& sc) {
    const std::string lang = currentLanguage().toStdString();
    auto it = sc.translations.find(lang);
    if (it == sc.translations.end())
        it = sc.translations.find(lang.substr(0, lang.find('_')));
    return it == sc.translations.end() ? nullptr : &it->second;
}
}  // namespace

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
        ojson req = ojson::object();
        req["at_s"] = 0;
        req["session"] = "request";
        int maxTokens = 8;
        if (j.contains("max_tokens") && j["max_tokens"].is_number_integer())
            maxTokens = std::clamp(j["max_tokens"].get<int>(), 1, kMaxImportedOutput);
        req["max_tokens"] = maxTokens;
        for (const auto& [key, value] : j.items()) {
            if (key != "max_tokens")
                req[key] = value;
        }
        ojson sc = ojson::object();
        const std::string stem = QFileInfo(path).completeBaseName().toStdString();
        sc["name"] = stem;
        sc["title"] =
            QString::fromLatin1(kImportedTitle).arg(QString::fromStdString(stem)).toStdString();
        sc["description"] = kImportedDescription;
        sc["requests"] = ojson::array({req});
        auto parsed = parse_scenario(sc.dump(), file);
        if (!parsed)
            return parsed.error();
        Scenario s = std::move(parsed.value());
        for (auto& r : s.requests)
            r.where = file;
        return s;
    }
    return parse_scenario(text.value(), file);
}

QString scenarioTitle(const Scenario& sc) {
    if (isImportedRequest(sc))
        return QCoreApplication::translate("pl::ui", kImportedTitle)
            .arg(QString::fromStdString(sc.name));
    if (const ScenarioText* t = translated(sc); t && !t->title.empty())
        return QString::fromStdString(t->title);
    return QString::fromStdString(sc.title.empty() ? sc.name : sc.title);
}

QString scenarioDescription(const Scenario& sc) {
    if (isImportedRequest(sc))
        return QCoreApplication::translate("pl::ui", kImportedDescription);
    if (const ScenarioText* t = translated(sc); t && !t->description.empty())
        return QString::fromStdString(t->description);
    return QString::fromStdString(sc.description);
}

Result<Scenario> loadScenarioNameOrFile(const QString& nameOrPath) {
    if (QFileInfo::exists(nameOrPath))
        return loadScenarioFile(nameOrPath);
    return load_scenario(nameOrPath.toStdString());
}

}  // namespace pl::ui
