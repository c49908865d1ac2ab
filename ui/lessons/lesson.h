// A lesson: a presenter's walk through the built-in scenarios, one step per idea. Each step names
// a scenario and the moment of its run to show, or a request log and the request of it to show in
// the Traffic tab, and the part of the window to point at, and carries its title and text in
// several languages. The format is documented in assets/lessons/README.md.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runner/policy_types.h"
#include "runner/scenario.h"

namespace pl::ui {

// The same text in several languages, keyed by a QLocale-style code ("en", "ja", "pl", "pt_BR").
struct LocalizedText {
    std::vector<std::pair<std::string, std::string>> texts;  // in file order

    // The text for `locale` ("ja_JP" matches "ja_JP", then "ja"), else English, else the first.
    const std::string& pick(std::string_view locale) const;
    // The text in exactly this language; empty when there is none.
    const std::string& exactly(std::string_view language) const;
};

// Where on the request's timeline a step puts the cursor.
enum class LessonMoment {
    Start,    // before the request's first event: what the cache holds when it arrives
    Prefill,  // right after its prefill: the prompt is done, the first token is known
    End,      // after it finished and released its blocks
};

struct LessonStep {
    LocalizedText title;
    LocalizedText text;
    // A scenario step (exactly one of scenario and log is set):
    std::string scenario;        // as written: a built-in name or a path
    int scenarioIndex = -1;      // into Lesson::scenarios
    std::optional<int> request;  // none: the end of the whole run
    LessonMoment at = LessonMoment::End;
    // A log step: a request log shown in the Traffic tab, with one of its requests selected.
    std::string log;                    // as written: relative to the lesson, or to the assets
    std::string logPath;                // where it was found (resolveLessonScenarios)
    int row = -1;                       // the request of the log, 0-based, in log order
    std::optional<CachePolicy> policy;  // none: the provider's own
    std::string highlight;              // a target id (lessonTargets()), or empty for none
    std::string where;                  // "<file>: /steps/<i>" for messages about this step

    bool isLog() const { return !log.empty(); }
};

struct Lesson {
    std::string name;
    LocalizedText title;
    LocalizedText description;
    int order = 1000;
    std::vector<LessonStep> steps;
    std::vector<Scenario> scenarios;  // every scenario the steps use, loaded once
    std::string file;
};

// The parts of the main window a step may point at, with what each one is.
struct LessonTarget {
    const char* id;
    const char* what;
};
const std::vector<LessonTarget>& lessonTargets();
bool isLessonTarget(std::string_view id);

// Parses a lesson. Errors: "<file>:<line>:<col>: ..." for malformed JSON, "<file>: <json
// pointer>: ..." for a missing or wrong field. Scenarios and logs are not resolved yet
// (scenarioIndex -1, logPath empty).
Result<Lesson> parseLesson(const std::string& text, const std::string& file);

// Loads every scenario the steps name (a built-in name, or a path relative to the lesson's
// folder) and checks each step's request against it; finds every log the steps name (relative to
// the lesson's folder, else to the assets folder). A log's rows are checked when it is read.
Result<void> resolveLessonScenarios(Lesson& lesson);

// A path to a lesson file, or the name of a built-in one (assets/lessons/<name>.json); parsed and
// resolved.
Result<Lesson> loadLesson(const std::string& pathOrName);

// Built-in lesson names, sorted by their "order" field then name.
std::vector<std::string> builtinLessonNames();
std::filesystem::path builtinLessonsDir();

}  // namespace pl::ui
