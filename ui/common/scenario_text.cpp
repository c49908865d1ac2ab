#include "common/scenario_text.h"

#include <QCoreApplication>

#include "common/i18n.h"

namespace pl::ui {

const char* const kImportedRequestDescription = QT_TRANSLATE_NOOP(
    "pl::ui",
    "One Anthropic Messages request, played once. Edit its system prompt or a message and run "
    "it again to see which blocks the cache keeps.");
const char* const kImportedPairDescription = QT_TRANSLATE_NOOP(
    "pl::ui",
    "A request of a log, played after the previous request of its conversation: the second card "
    "shows what it reused of the first, and where its prompt left it.");
const char* const kImportedRequestTitle = QT_TRANSLATE_NOOP("pl::ui", "Request %1");

namespace {

bool isImportedRequest(const Scenario& sc) {
    return sc.description == kImportedRequestDescription ||
           sc.description == kImportedPairDescription;
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

QString scenarioTitle(const Scenario& sc) {
    if (isImportedRequest(sc))
        return QCoreApplication::translate("pl::ui", kImportedRequestTitle)
            .arg(QString::fromStdString(sc.name));
    if (const ScenarioText* t = translated(sc); t && !t->title.empty())
        return QString::fromStdString(t->title);
    return QString::fromStdString(sc.title.empty() ? sc.name : sc.title);
}

QString scenarioDescription(const Scenario& sc) {
    if (isImportedRequest(sc))
        return QCoreApplication::translate("pl::ui", sc.description.c_str());
    if (const ScenarioText* t = translated(sc); t && !t->description.empty())
        return QString::fromStdString(t->description);
    return QString::fromStdString(sc.description);
}

}  // namespace pl::ui
