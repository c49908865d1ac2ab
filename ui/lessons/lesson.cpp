#include "lessons/lesson.h"

#include <algorithm>
#include <map>

#include "core/assets.h"

namespace pl::ui {

namespace {

const std::string kEmpty;

struct Reader {
    const std::string& file;
    Error fail(const std::string& pointer, const std::string& what) const {
        return make_error(file + ": " + (pointer.empty() ? std::string("/") : pointer) + ": " +
                          what);
    }
};

std::string targetList() {
    std::string out;
    for (const auto& t : lessonTargets())
        out += (out.empty() ? "" : ", ") + std::string(t.id);
    return out;
}

// A language code as QLocale writes them: two or three letters, optionally "_" and a region.
bool isLanguageCode(const std::string& code) {
    const auto sep = code.find('_');
    const std::string lang = code.substr(0, sep);
    if (lang.size() < 2 || lang.size() > 3)
        return false;
    if (!std::all_of(lang.begin(), lang.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        return false;
    if (sep == std::string::npos)
        return true;
    const std::string region = code.substr(sep + 1);
    return !region.empty() && region.size() <= 4 &&
           std::all_of(region.begin(), region.end(), [](char c) {
               return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
           });
}

// A string (English only) or an object of language -> string with a non-empty "en".
Result<LocalizedText> readText(const Reader& r, const ojson& obj, const std::string& ptr,
                               const char* key, bool required) {
    const std::string p = ptr + "/" + key;
    LocalizedText out;
    if (!obj.contains(key) || obj[key].is_null()) {
        if (required)
            return r.fail(p,
                          "missing: expected a text, or an object of texts by language "
                          "({\"en\": ..., \"ja\": ..., \"pl\": ...})");
        return out;
    }
    const ojson& v = obj[key];
    if (v.is_string()) {
        out.texts.emplace_back("en", v.get<std::string>());
    } else if (v.is_object()) {
        for (const auto& [lang, text] : v.items()) {
            if (!isLanguageCode(lang))
                return r.fail(p + "/" + lang,
                              "expected a language code such as \"en\", \"ja\" or \"pt_BR\"");
            if (!text.is_string())
                return r.fail(p + "/" + lang, "expected a string");
            out.texts.emplace_back(lang, text.get<std::string>());
        }
    } else {
        return r.fail(p, "expected a text, or an object of texts by language");
    }
    if (out.exactly("en").empty())
        return r.fail(p + (v.is_object() ? "/en" : ""),
                      "needs a non-empty English text (\"en\"): it is shown for every language "
                      "the lesson does not have");
    return out;
}

Result<void> readHighlight(const Reader& r, const ojson& q, const std::string& p, LessonStep& s) {
    if (q.contains("highlight") && !q["highlight"].is_null()) {
        const ojson& v = q["highlight"];
        if (!v.is_string())
            return r.fail(p + "/highlight", "expected a target id (" + targetList() + ")");
        s.highlight = v.get<std::string>();
        if (!isLessonTarget(s.highlight))
            return r.fail(p + "/highlight", "unknown target \"" + s.highlight +
                                                "\" (expected one of: " + targetList() + ")");
    }
    return {};
}

// A step on a request log: "log" (a path), "row" (required) and "policy" (optional).
Result<LessonStep> readLogStep(const Reader& r, const ojson& q, const std::string& p,
                               LessonStep s) {
    const ojson& log = q["log"];
    if (!log.is_string() || log.get<std::string>().empty())
        return r.fail(p + "/log",
                      "expected the path of a request log (JSON Lines), relative to the lesson "
                      "or to the assets folder");
    s.log = log.get<std::string>();
    for (const char* key : {"request", "at"}) {
        if (q.contains(key) && !q[key].is_null())
            return r.fail(p + "/" + key,
                          "goes with a \"scenario\" step; a log step names its \"row\"");
    }
    if (!q.contains("row") || q["row"].is_null())
        return r.fail(p + "/row",
                      "missing: expected the index of the log's request to select (0 is the "
                      "first)");
    const ojson& row = q["row"];
    if (!row.is_number_integer() || row.get<int64_t>() < 0 || row.get<int64_t>() > 100000000)
        return r.fail(p + "/row",
                      "expected the index of the log's request to select (0 is the first)");
    s.row = static_cast<int>(row.get<int64_t>());
    if (q.contains("policy") && !q["policy"].is_null()) {
        const ojson& v = q["policy"];
        const auto policy =
            v.is_string() ? parse_policy(v.get<std::string>()) : std::optional<CachePolicy>();
        if (!policy)
            return r.fail(p + "/policy",
                          "expected \"anthropic\", \"openai\", \"vllm\" or \"radix\" (or leave it "
                          "out for the log's own provider)");
        s.policy = policy;
    }
    PL_TRY(readHighlight(r, q, p, s));
    return s;
}

Result<LessonStep> readStep(const Reader& r, const ojson& q, std::size_t index) {
    const std::string p = "/steps/" + std::to_string(index);
    if (!q.is_object())
        return r.fail(p, "expected a step object");
    static const char* const known[] = {"title", "text", "scenario", "request",  "at",
                                        "log",   "row",  "policy",   "highlight"};
    for (auto it = q.begin(); it != q.end(); ++it) {
        // A named key, not a structured binding: clang before 16 cannot capture those.
        const std::string& key = it.key();
        if (std::find_if(std::begin(known), std::end(known),
                         [&](const char* k) { return key == k; }) == std::end(known))
            return r.fail(p + "/" + key,
                          "unknown field (a step has title, text, scenario, request, at, log, "
                          "row, policy and highlight)");
    }
    LessonStep s;
    s.where = r.file + ": " + p;
    auto title = readText(r, q, p, "title", true);
    if (!title)
        return title.error();
    s.title = std::move(title.value());
    auto text = readText(r, q, p, "text", true);
    if (!text)
        return text.error();
    s.text = std::move(text.value());

    auto has = [&](const char* key) { return q.contains(key) && !q[key].is_null(); };
    if (has("scenario") && has("log"))
        return r.fail(p + "/log",
                      "a step shows a scenario or a log, not both (drop \"scenario\" or \"log\")");
    if (has("log"))
        return readLogStep(r, q, p, std::move(s));
    if (!q.contains("scenario") || !q["scenario"].is_string() ||
        q["scenario"].get<std::string>().empty())
        return r.fail(p + "/scenario",
                      "expected the name of a built-in scenario or the path of a scenario file "
                      "(or a \"log\" to show in the Traffic tab)");
    s.scenario = q["scenario"].get<std::string>();
    for (const char* key : {"row", "policy"}) {
        if (has(key))
            return r.fail(p + "/" + key,
                          "goes with a \"log\" step; a scenario step names its \"request\"");
    }

    if (q.contains("request") && !q["request"].is_null()) {
        const ojson& v = q["request"];
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > 1000000)
            return r.fail(p + "/request",
                          "expected the index of a request (0 is the first), or null for the "
                          "end of the whole run");
        s.request = static_cast<int>(v.get<int64_t>());
    }

    if (q.contains("at") && !q["at"].is_null()) {
        const ojson& v = q["at"];
        const std::string at = v.is_string() ? v.get<std::string>() : std::string();
        if (at == "start")
            s.at = LessonMoment::Start;
        else if (at == "prefill")
            s.at = LessonMoment::Prefill;
        else if (at == "end")
            s.at = LessonMoment::End;
        else
            return r.fail(p + "/at", "expected \"start\", \"prefill\" or \"end\"");
        if (!s.request)
            return r.fail(p + "/at", "needs a \"request\" to be at the start, prefill or end of");
    }

    PL_TRY(readHighlight(r, q, p, s));
    return s;
}

}  // namespace

const std::string& LocalizedText::exactly(std::string_view language) const {
    for (const auto& [lang, text] : texts) {
        if (lang == language)
            return text;
    }
    return kEmpty;
}

const std::string& LocalizedText::pick(std::string_view locale) const {
    if (texts.empty())
        return kEmpty;
    if (const std::string& t = exactly(locale); !t.empty())
        return t;
    if (const std::string& t = exactly(locale.substr(0, locale.find('_'))); !t.empty())
        return t;
    if (const std::string& t = exactly("en"); !t.empty())
        return t;
    return texts.front().second;
}

const std::vector<LessonTarget>& lessonTargets() {
    static const std::vector<LessonTarget> targets{
        {"chain", "the block chain in the middle of the window"},
        {"transport", "the transport bar under the chain: play, step, timeline, speed"},
        {"prompt", "the Prompt dock: the request's tokens by part, and the editor"},
        {"output", "the Output dock: the tokens the model wrote"},
        {"lint", "the Lint dock: the request's findings and the fix each one suggests"},
        {"usage", "the Usage dock: reused and computed tokens, TTFT, the API usage fields"},
        {"charts", "the Charts dock, on whichever chart it shows"},
        {"charts.ttft", "the Charts dock on \"Time to first token\""},
        {"charts.length", "the Charts dock on \"TTFT vs prompt length\""},
        {"charts.kv", "the Charts dock on \"KV memory\""},
        {"charts.hits", "the Charts dock on \"Hit rate\""},
        {"pool", "the KV pool dock: every physical block"},
        {"policies", "the Policies dock: seven caching policies side by side, the radix tree"},
        {"memory", "the Memory dock: weights against KV per session against the card"},
        {"chain.attention",
         "the block chain with the attention heat map on: where the token under the cursor looks"},
        {"model.decode",
         "the Model dock on \"Prefill vs decode\": token times with the KV cache and with none"},
        {"model.sweep",
         "the Model dock on \"Length sweep\": prefill and attention against KV "
         "memory, by prompt length"},
        {"traffic",
         "the Traffic tab of a log step: the policy, the totals, the colours' legend, the rows "
         "and the cost chart"},
        {"traffic.rows",
         "the rows of a log step's Traffic tab: one per request, grouped by conversation"},
        {"traffic.chart",
         "the cost chart of a log step's Traffic tab: the log's cost over its requests under "
         "every policy and with no cache"},
    };
    return targets;
}

bool isLessonTarget(std::string_view id) {
    const auto& t = lessonTargets();
    return std::any_of(t.begin(), t.end(), [&](const LessonTarget& x) { return id == x.id; });
}

Result<Lesson> parseLesson(const std::string& text, const std::string& file) {
    auto parsed =
        parse_json_object(text, file, "/: expected a lesson object with a title and steps");
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    Reader r{file};
    Lesson lesson;
    lesson.file = file;
    if (j.contains("name") && !j["name"].is_null()) {
        if (!j["name"].is_string())
            return r.fail("/name", "expected a string");
        lesson.name = j["name"].get<std::string>();
    }
    if (lesson.name.empty())
        lesson.name = std::filesystem::path(file).stem().string();
    auto title = readText(r, j, "", "title", true);
    if (!title)
        return title.error();
    lesson.title = std::move(title.value());
    auto description = readText(r, j, "", "description", false);
    if (!description)
        return description.error();
    lesson.description = std::move(description.value());
    if (j.contains("order") && !j["order"].is_null()) {
        if (!j["order"].is_number_integer())
            return r.fail("/order", "expected a whole number");
        lesson.order =
            static_cast<int>(std::clamp<int64_t>(j["order"].get<int64_t>(), -100000, 100000));
    }
    if (!j.contains("steps") || !j["steps"].is_array())
        return r.fail("/steps", "expected an array of steps");
    const ojson& steps = j["steps"];
    if (steps.empty())
        return r.fail("/steps", "a lesson needs at least one step");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        auto step = readStep(r, steps[i], i);
        if (!step)
            return step.error();
        lesson.steps.push_back(std::move(step.value()));
    }
    return lesson;
}

namespace {

// A log named by a step: relative to the lesson's folder (a lesson shipped with its own logs),
// else to the assets folder (the built-in lessons name "traffic/agent-session.jsonl").
Result<std::string> findLog(const std::string& log, const std::filesystem::path& folder) {
    std::error_code ec;
    const std::filesystem::path lp(log);
    if (lp.is_absolute()) {
        if (std::filesystem::is_regular_file(lp, ec))
            return lp.lexically_normal().string();
        return make_error(log + ": no such file");
    }
    std::vector<std::filesystem::path> tried;
    if (!folder.empty())
        tried.push_back((folder / lp).lexically_normal());
    tried.push_back((assets_dir() / lp).lexically_normal());
    for (const auto& candidate : tried) {
        if (std::filesystem::is_regular_file(candidate, ec))
            return candidate.string();
    }
    std::string where;
    for (const auto& candidate : tried)
        where += (where.empty() ? "" : " or ") + candidate.parent_path().string();
    return make_error(log + ": no such file (looked in " + where + ")");
}

}  // namespace

Result<void> resolveLessonScenarios(Lesson& lesson) {
    const std::filesystem::path folder = std::filesystem::path(lesson.file).parent_path();
    std::map<std::string, int> loaded;  // as written -> index into lesson.scenarios
    lesson.scenarios.clear();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        LessonStep& s = lesson.steps[i];
        const std::string p = "/steps/" + std::to_string(i);
        if (s.isLog()) {
            auto path = findLog(s.log, folder);
            if (!path)
                return make_error(lesson.file + ": " + p + "/log: " + path.error().message);
            s.logPath = path.value();
            continue;
        }
        auto it = loaded.find(s.scenario);
        if (it == loaded.end()) {
            // A name without a slash or ".json" is a built-in; anything else is a file, relative
            // to the lesson, so a presenter can ship a lesson with its own scenarios.
            std::string target = s.scenario;
            const std::filesystem::path sp(s.scenario);
            const bool isPath =
                s.scenario.find('/') != std::string::npos || sp.extension() == ".json";
            if (isPath && sp.is_relative() && !folder.empty())
                target = (folder / sp).lexically_normal().string();
            auto sc = load_scenario(target);
            if (!sc)
                return make_error(lesson.file + ": " + p + "/scenario: " + sc.error().message);
            lesson.scenarios.push_back(std::move(sc.value()));
            it = loaded.emplace(s.scenario, static_cast<int>(lesson.scenarios.size()) - 1).first;
        }
        s.scenarioIndex = it->second;
        const Scenario& sc = lesson.scenarios[static_cast<std::size_t>(s.scenarioIndex)];
        const int n = static_cast<int>(sc.requests.size());
        if (s.request && *s.request >= n)
            return make_error(lesson.file + ": " + p + "/request: scenario \"" + sc.name +
                              "\" has " + std::to_string(n) + " requests (0 to " +
                              std::to_string(n - 1) + "), not request " +
                              std::to_string(*s.request));
    }
    return {};
}

std::filesystem::path builtinLessonsDir() {
    return assets_dir() / "lessons";
}

Result<Lesson> loadLesson(const std::string& pathOrName) {
    auto path = find_file_or_builtin(pathOrName, builtinLessonsDir(), "lesson");
    if (!path)
        return path.error();
    auto text = read_text_file(path->string());
    if (!text)
        return text.error();
    auto lesson = parseLesson(text.value(), path->string());
    if (!lesson)
        return lesson.error();
    PL_TRY(resolveLessonScenarios(lesson.value()));
    return lesson;
}

std::vector<std::string> builtinLessonNames() {
    return builtin_json_names(builtinLessonsDir());
}

}  // namespace pl::ui
