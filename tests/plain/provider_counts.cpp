// Counting in the provider's own tokens (engine/count/token_counting.h):
//
//   provider_counts tokenizers REFS_DIR   every tokenizer of REFS_DIR/<name>.json gives, for each
//                                         of REFS_DIR/texts.json, the ids an independent
//                                         implementation gave (tiktoken for o200k_base and
//                                         cl100k_base, Hugging Face's tokenizers for the
//                                         tokenizer.json ones): tools/tokenizers/
//                                         make_reference_ids.mjs wrote them, not PrefixLens
//   provider_counts counting              OpenAI's cookbook count of a chat request; Gemini's
//                                         minimum judged in Gemini's tokens; the model tables
//
// The tokenizers are installed by the set-up (tools/tokenizers/fetch.sh). Without them the
// suite skips (exit 77), unless PREFIXLENS_REQUIRE_TOKENIZERS=1 (CI sets it): then a missing
// tokenizer fails.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/assets.h"
#include "core/json_util.h"
#include "core/regex.h"
#include "count/token_counting.h"
#include "lint/lint_tables.h"
#include "lint/linter.h"
#include "plain_check.h"
#include "prompt/renderer.h"
#include "replay/replay.h"
#include "runner/policy_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace fs = std::filesystem;
using namespace pl;

namespace {

bool require_tokenizers() {
    const char* v = std::getenv("PREFIXLENS_REQUIRE_TOKENIZERS");
    return v && std::string(v) == "1";
}

std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string ids_text(const std::vector<int32_t>& ids, std::size_t around, std::size_t from) {
    std::string s = "[";
    for (std::size_t i = from; i < ids.size() && i < from + around; ++i)
        s += (i > from ? "," : "") + std::to_string(ids[i]);
    return s + (ids.size() > from + around ? ",...]" : "]");
}

// Returns false when a tokenizer is missing (the caller skips or fails).
bool check_tokenizers(const fs::path& refs) {
    const auto texts = nlohmann::json::parse(read_all(refs / "texts.json"));
    const fs::path dir = count::tokenizers_dir();
    const Regex unassigned("\\p{Cn}");
    bool all_there = true;
    int files = 0;
    for (const auto& e : fs::directory_iterator(refs)) {
        const std::string name = e.path().stem().string();
        if (e.path().extension() != ".json" || name == "texts")
            continue;
        ++files;
        const auto ref = nlohmann::json::parse(read_all(e.path()));
        const auto t0 = std::chrono::steady_clock::now();
        auto tok = BpeTokenizer::load_folder(dir / name);
        const double load_s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!tok) {
            std::printf("%s: not available: %s\n", name.c_str(), tok.error().message.c_str());
            all_there = false;
            continue;
        }
        const auto& ids = ref["ids"];
        PL_CHECK_EQ(ids.size(), texts.size());
        int same = 0, newer_unicode = 0;
        for (std::size_t i = 0; i < texts.size() && i < ids.size(); ++i) {
            const std::string text = texts[i].get<std::string>();
            const std::vector<int32_t> got = tok->encode(text);
            const auto want = ids[i].get<std::vector<int32_t>>();
            if (got == want) {
                ++same;
                continue;
            }
            // Characters newer than the regex engine's Unicode tables (Debian 12's PCRE2 knows
            // Unicode 14: Kawi, CJK extensions H and I, Garay are unassigned to it) may split
            // otherwise; said, not hidden, and only for texts that hold such characters.
            if (unassigned.match(text).has_match()) {
                ++newer_unicode;
                std::printf(
                    "%s: text %zu differs, and holds characters the regex engine (PCRE2) "
                    "does not know (\\p{Cn}): newer than its Unicode tables\n",
                    name.c_str(), i);
                continue;
            }
            std::size_t k = 0;
            while (k < got.size() && k < want.size() && got[k] == want[k])
                ++k;
            const std::size_t from = k > 3 ? k - 3 : 0;
            pl::plain::fail(__FILE__, __LINE__,
                            name + " text " + std::to_string(i) + " " +
                                nlohmann::json(text.substr(0, 80)).dump() + ": token " +
                                std::to_string(k) + " differs\n    got:  " +
                                ids_text(got, 8, from) + "\n    want: " + ids_text(want, 8, from));
        }
        std::printf("%s: %d of %zu texts give the reference ids (%s); loaded in %.3f s\n",
                    name.c_str(), same, texts.size(),
                    ref.value("reference", std::string("?")).c_str(), load_s);
        PL_CHECK(same >= 200);
        PL_CHECK(newer_unicode <= 2);
    }
    PL_CHECK(files >= 4);
    return all_there;
}

lint::LintReport lint_body(const ojson& body, Provider p, count::TokenCounters& counters,
                           const BpeTokenizer& builtin, const lint::LintTables& tables) {
    lint::LintOptions o;
    o.provider = p;
    o.estimate_cost = false;
    lint::Linter linter(builtin, tables, o);
    linter.set_counters(&counters);
    lint::RequestInput in;
    in.body = body;
    in.file = "body.json";
    const std::string text = body.dump(2);
    in.text = text;
    (void)linter.add(in);
    return linter.finish();
}

bool has_rule(const lint::LintReport& r, const std::string& rule, lint::Severity* sev = nullptr) {
    for (const auto& f : r.findings) {
        if (f.rule == rule) {
            if (sev)
                *sev = f.severity;
            return true;
        }
    }
    return false;
}

bool check_counting() {
    const fs::path dir = count::tokenizers_dir();
    const fs::path model = builtin_model_dir();
    auto builtin = BpeTokenizer::load(model / "vocab.json", model / "merges.txt");
    PL_CHECK(builtin.ok());
    if (!builtin)
        return true;
    auto tables = lint::LintTables::load(assets_dir() / "lint");
    PL_CHECK(tables.ok());
    if (!tables)
        return true;

    // OpenAI's model tables: o200k_base from gpt-4o on, cl100k_base before.
    PL_CHECK_EQ(count::openai_encoding_for("gpt-4o-mini"), std::string("o200k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("gpt-4.1"), std::string("o200k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("gpt-5"), std::string("o200k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("o3-mini"), std::string("o200k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("gpt-4-turbo"), std::string("cl100k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("gpt-4"), std::string("cl100k_base"));
    PL_CHECK_EQ(count::openai_encoding_for("gpt-3.5-turbo"), std::string("cl100k_base"));

    for (const char* name : {"o200k_base", "gemma3"}) {
        std::error_code ec;
        if (!fs::is_directory(dir / name, ec)) {
            std::printf("%s: not installed in %s\n", name, dir.string().c_str());
            return false;
        }
    }
    count::TokenCounters counters(*builtin);
    auto o200k = BpeTokenizer::load_folder(dir / "o200k_base");
    PL_CHECK(o200k.ok());
    if (!o200k)
        return true;

    // The cookbook's count: 3 tokens a message plus its role and its content, 3 to prime the
    // reply. Worked out here from the tokenizer alone; the linter's total must agree.
    const ojson chat = ojson::parse(R"({"model": "gpt-4o", "messages": [
        {"role": "system", "content": "You are a careful assistant. Answer in one sentence."},
        {"role": "user", "content": "What is prompt caching, and why does the order matter?"},
        {"role": "assistant", "content": "It reuses the keys and values of a shared prefix."},
        {"role": "user", "content": "Thanks! 東京は晴れ; zażółć gęślą jaźń 🎉"}]})");
    long long want = 3;
    for (const auto& m : chat["messages"])
        want += 3 + static_cast<long long>(o200k->encode(m["role"].get<std::string>()).size()) +
                static_cast<long long>(o200k->encode(m["content"].get<std::string>()).size());
    const lint::LintReport chat_report =
        lint_body(chat, Provider::OpenAI, counters, *builtin, *tables);
    PL_CHECK_EQ(chat_report.summary.prompt_tokens, want);
    PL_CHECK_EQ(chat_report.summary.counting.at("openai").method, std::string("exact"));
    PL_CHECK_EQ(chat_report.summary.counting.at("openai").tokenizer, std::string("o200k_base"));

    // Gemini 2.5 Pro caches implicitly from 2,048 tokens of Gemini's count. A prompt of about
    // 2,000 (by Gemma 3's tokenizer, Gemini's) gets below-min-cacheable; one of about 2,100 not.
    auto gemma = BpeTokenizer::load_folder(dir / "gemma3");
    PL_CHECK(gemma.ok());
    if (!gemma)
        return true;
    const std::string sentence =
        "The quarterly report lists revenue, costs and the outlook for each region. ";
    const auto gemini_body = [&](int sentences) {
        std::string text;
        for (int i = 0; i < sentences; ++i)
            text += sentence;
        return ojson{{"contents", ojson::array({{{"role", "user"},
                                                 {"parts", ojson::array({{{"text", text}}})}}})}};
    };
    // Framing of one user turn: "<start_of_turn>user\n" ... "<end_of_turn>\n", then
    // "<start_of_turn>model\n" to generate (Gemma's format), counted by the same tokenizer.
    const auto gemini_tokens = [&](int sentences) {
        std::string text;
        for (int i = 0; i < sentences; ++i)
            text += sentence;
        return static_cast<long long>(gemma
                                          ->encode("<start_of_turn>user\n" + text +
                                                   "<end_of_turn>\n" + "<start_of_turn>model\n")
                                          .size());
    };
    int below = 1, above = 1;
    while (gemini_tokens(below + 1) <= 2000)
        ++below;
    above = below;
    while (gemini_tokens(above) < 2100)
        ++above;
    std::printf("gemini: %d sentences are %lld tokens, %d are %lld\n", below, gemini_tokens(below),
                above, gemini_tokens(above));
    ojson pro_below = gemini_body(below);
    pro_below["model"] = "gemini-2.5-pro";
    ojson pro_above = gemini_body(above);
    pro_above["model"] = "gemini-2.5-pro";
    lint::Severity sev = lint::Severity::Note;
    const lint::LintReport rb = lint_body(pro_below, Provider::Gemini, counters, *builtin, *tables);
    PL_CHECK(has_rule(rb, "below-min-cacheable", &sev));
    PL_CHECK(sev == lint::Severity::Warning);
    PL_CHECK_EQ(rb.summary.counting.at("gemini").method, std::string("exact"));
    PL_CHECK_EQ(rb.summary.prompt_tokens, gemini_tokens(below));
    const lint::LintReport ra = lint_body(pro_above, Provider::Gemini, counters, *builtin, *tables);
    PL_CHECK(!has_rule(ra, "below-min-cacheable"));

    // Without Gemini's tokenizer the count is an estimate, and a minimum inside its range is
    // said with a hedge (a note), never as a certainty.
    count::TokenCounters no_gemma(*builtin, fs::path(dir) / "no-such-folder");
    const lint::LintReport re = lint_body(pro_below, Provider::Gemini, no_gemma, *builtin, *tables);
    PL_CHECK_EQ(re.summary.counting.at("gemini").method, std::string("estimate"));
    for (const auto& f : re.findings) {
        if (f.rule == "below-min-cacheable") {
            PL_CHECK(f.message.find("about ") != std::string::npos);
            if (f.severity == lint::Severity::Note)
                PL_CHECK(f.message.find("near the threshold") != std::string::npos);
        }
    }
    return true;
}

// A log replayed in each provider's own tokens (the installed tokenizers, calibrated where the
// provider's is not public): its rows and summary.
struct CountedReplay {
    std::vector<lint::ReplayRow> rows;
    lint::ReplaySummary summary;
};
CountedReplay replay_counted(const fs::path& log, const BpeTokenizer& builtin,
                             const lint::LintTables& tables) {
    count::TokenCounters counters(builtin);
    lint::ReplayOptions options;
    options.counters = &counters;
    CountedReplay out;
    lint::Replayer replayer(builtin, tables, options,
                            [&](const lint::ReplayRow& r) { out.rows.push_back(r); });
    PL_CHECK(replayer.add_file(log.string()).ok());
    out.summary = replayer.finish();
    return out;
}

// A log whose usage was made with a known count (tests/data/replay/make_calibrated_log.py): each
// request's total is the provider's, its reuse within the error the summary states, and the
// provider disagrees exactly where a disagreement was planted. Runs with whatever proxy is
// installed (o200k_base, else the built-in tokenizer).
void check_calibrated_replay(const fs::path& data, const BpeTokenizer& builtin,
                             const lint::LintTables& tables) {
    const auto answers =
        nlohmann::json::parse(read_all(data / "calibrated-agent.answers.json"))["requests"];
    const CountedReplay replayed = replay_counted(data / "calibrated-agent.jsonl", builtin, tables);
    const std::vector<lint::ReplayRow>& rows = replayed.rows;
    const lint::ReplaySummary& s = replayed.summary;
    PL_CHECK_EQ(rows.size(), answers.size());
    PL_CHECK_EQ(s.counting.at("anthropic").method, std::string("calibrated"));
    const double error = s.counting.at("anthropic").error;
    std::printf("calibrated replay: by %s, stated error %.3f\n",
                s.counting.at("anthropic").tokenizer.c_str(), error);
    PL_CHECK(error > 0.0 && error < 0.1);
    int flagged = 0;
    for (std::size_t i = 0; i < rows.size() && i < answers.size(); ++i) {
        const lint::ReplayRow& r = rows[i];
        const auto& a = answers[i];
        PL_CHECK_EQ(r.counting, std::string("calibrated"));
        PL_CHECK_EQ(r.prompt_tokens, a["prompt_tokens"].get<int>());
        PL_CHECK_EQ(r.reused_tokens + r.written_tokens + r.uncached_tokens, r.prompt_tokens);
        const int expected = a["expected_read"].get<int>();
        const double within = std::max(2.0, error * r.prompt_tokens);
        if (std::abs(r.reused_tokens - expected) > within)
            pl::plain::fail(__FILE__, __LINE__,
                            "request " + std::to_string(i) + ": reused " +
                                std::to_string(r.reused_tokens) + ", the known count says " +
                                std::to_string(expected) + " (allowed " + std::to_string(within) +
                                ")");
        const bool planted = a["planted"].get<bool>();
        if (r.disagreement.has_value() != planted)
            pl::plain::fail(__FILE__, __LINE__,
                            "request " + std::to_string(i) + ": " +
                                (planted ? "the planted disagreement was not found"
                                         : "a disagreement where none was planted"));
        flagged += r.disagreement ? 1 : 0;
        PL_CHECK(r.reported.has_value());
        if (r.reported)
            PL_CHECK_EQ(r.reported->miss_reason, a["miss_reason"].get<std::string>());
    }
    PL_CHECK_EQ(s.disagreements, flagged);
}

// The agent log shipped for the traffic view and lesson 6 (assets/traffic/agent-session.jsonl):
// its usage was worked out by tools/make_traffic_log.py from Anthropic's documented rules and a
// made-up count, without PrefixLens. Replayed in the provider's tokens (calibrated to that
// usage), every request reads what the usage says within the stated error, the provider
// disagrees only at request 33 (sent with another workspace's key), and the five breaks are
// found at their requests with their causes.
void check_shipped_agent_log(const BpeTokenizer& builtin, const lint::LintTables& tables) {
    const fs::path log = assets_dir() / "traffic" / "agent-session.jsonl";
    std::vector<nlohmann::json> usage;
    {
        std::istringstream in(read_all(log));
        for (std::string line; std::getline(in, line);)
            if (!line.empty())
                usage.push_back(nlohmann::json::parse(line)["response"]["usage"]);
    }
    const CountedReplay replayed = replay_counted(log, builtin, tables);
    const std::vector<lint::ReplayRow>& rows = replayed.rows;
    const lint::ReplaySummary& s = replayed.summary;
    PL_CHECK_EQ(rows.size(), std::size_t(36));
    PL_CHECK_EQ(usage.size(), rows.size());
    PL_CHECK_EQ(s.counting.at("anthropic").method, std::string("calibrated"));
    const double error = s.counting.at("anthropic").error;
    std::printf("shipped agent log: calibrated by %s, stated error %.3f\n",
                s.counting.at("anthropic").tokenizer.c_str(), error);
    const std::map<int, std::pair<std::string, std::string>> breaks = {
        {6, {"dynamic-prefix", ""}},
        {7, {"dynamic-prefix", ""}},  // drops the clock again: request 6's part is lost
        {12, {"unstable-serialization", ""}},
        {18, {"ttl-gap", ""}},
        {24, {"prefix-changed", "params-changed"}},
        {30, {"prefix-changed", "history-rewritten"}}};
    for (std::size_t i = 0; i < rows.size() && i < usage.size(); ++i) {
        const lint::ReplayRow& r = rows[i];
        const auto& u = usage[i];
        const long long read = u["cache_read_input_tokens"].get<long long>();
        const long long total = u["input_tokens"].get<long long>() +
                                u["cache_creation_input_tokens"].get<long long>() + read;
        const std::string at = "request " + std::to_string(i);
        PL_CHECK_EQ(r.prompt_tokens, total);
        PL_CHECK(r.reported.has_value());
        if (r.reported)
            PL_CHECK_EQ(r.reported->cache_read_tokens, read);
        const auto b = breaks.find(static_cast<int>(i));
        const std::string cause = b == breaks.end() ? "" : b->second.first;
        if (r.cause != cause)
            pl::plain::fail(__FILE__, __LINE__,
                            at + ": cause '" + r.cause + "', not '" + cause + "'");
        if (b != breaks.end() && !b->second.second.empty())
            PL_CHECK_EQ(r.cause_detail, b->second.second);
        if (r.disagreement.has_value() != (i == 33))
            pl::plain::fail(
                __FILE__, __LINE__,
                at + (i == 33 ? ": the other workspace's miss is not flagged"
                              : ": flagged, reused " + std::to_string(r.reused_tokens) +
                                    " where the provider read " + std::to_string(read)));
        if (i != 33 && std::abs(r.reused_tokens - read) > std::max(2.0, error * total))
            pl::plain::fail(__FILE__, __LINE__,
                            at + ": reused " + std::to_string(r.reused_tokens) +
                                ", the provider read " + std::to_string(read));
    }
    PL_CHECK_EQ(s.disagreements, 1);
}

// An Anthropic log whose system prompt has a 1-hour breakpoint, a second request 10 minutes
// after the first, replayed under all seven policies in the built-in tokenizer's count. The
// answers follow each policy's rules by hand from the prompts' lengths: Anthropic and Bedrock
// keep a 1-hour entry (the system prompt is read); OpenAI's and Gemini's implicit caches keep
// 5 minutes (nothing is read: ttl-gap, and what reading would have saved is leaked); DeepSeek
// keeps its disk cache an hour (the unit where request 1's user input ended is read); vLLM and
// the radix tree have no lifetime (the whole first prompt, in whole 16-token blocks for vLLM).
void check_ttl_under_policies(const BpeTokenizer& builtin, const lint::LintTables& tables) {
    std::string system = "You are the release assistant of a large repository. ";
    for (int i = 0; i < 260; ++i)
        system +=
            "Check the changelog, the version numbers and the signed tags before you answer. ";
    const ojson sys = ojson::array({{{"type", "text"},
                                     {"text", system},
                                     {"cache_control", {{"type", "ephemeral"}, {"ttl", "1h"}}}}});
    const std::string q1 = "Which tags are missing for the 4.2 release?";
    const ojson req0 = {{"model", "claude-sonnet-4-5"},
                        {"max_tokens", 512},
                        {"system", sys},
                        {"messages", ojson::array({{{"role", "user"}, {"content", q1}}})}};
    const ojson req1 = {
        {"model", "claude-sonnet-4-5"},
        {"max_tokens", 512},
        {"system", sys},
        {"messages", ojson::array({{{"role", "user"}, {"content", q1}},
                                   {{"role", "assistant"}, {"content", "Tags v4.2.0 and v4.2.1."}},
                                   {{"role", "user"}, {"content", "Then sign them both."}}})}};
    const fs::path log = fs::temp_directory_path() / "prefixlens-ttl-case.jsonl";
    {
        std::ofstream out(log);
        out << ojson{{"timestamp", 1796292000}, {"session_id", "s"}, {"request", req0}}.dump()
            << "\n"
            << ojson{{"timestamp", 1796292600}, {"session_id", "s"}, {"request", req1}}.dump()
            << "\n";
    }
    // The lengths the answers are worked from.
    SegmentTokenCache cache(builtin);
    const auto r0 = render_request(req0, Provider::Anthropic, cache, "");
    const auto r1 = render_request(req1, Provider::Anthropic, cache, "");
    PL_CHECK(r0.ok() && r1.ok());
    if (!r0 || !r1)
        return;
    const int p0 = r0->size(), p1 = r1->size();
    const int system_end = r0->breakpoints.at(0).token;  // the 1-hour breakpoint
    const int user_end = r0->blocks.back().token_end;    // where request 0's user input ends
    PL_CHECK(system_end >= 2048 && p1 > p0);
    struct Want {
        CachePolicy policy;
        int reused;
        const char* cause;  // "" for none
    };
    const std::vector<Want> wants = {
        {CachePolicy::Anthropic, system_end, ""},
        {CachePolicy::Bedrock, system_end, ""},
        {CachePolicy::OpenAI, 0, "ttl-gap"},
        {CachePolicy::Gemini, 0, "ttl-gap"},
        {CachePolicy::DeepSeek, user_end, ""},
        {CachePolicy::Vllm, p0 / 16 * 16, ""},
        {CachePolicy::Radix, p0, ""},
    };
    for (const Want& w : wants) {
        count::TokenCounters counters(builtin);
        counters.use_builtin_only();
        lint::ReplayOptions options;
        options.policy = w.policy;
        options.counters = &counters;
        std::vector<lint::ReplayRow> rows;
        lint::Replayer replayer(builtin, tables, options,
                                [&](const lint::ReplayRow& r) { rows.push_back(r); });
        PL_CHECK(replayer.add_file(log.string()).ok());
        (void)replayer.finish();
        PL_CHECK_EQ(rows.size(), std::size_t{2});
        if (rows.size() != 2)
            continue;
        const lint::ReplayRow& r = rows[1];
        const std::string name = policy_name(w.policy);
        if (r.reused_tokens != w.reused || r.cause != w.cause)
            pl::plain::fail(__FILE__, __LINE__,
                            name + ": reused " + std::to_string(r.reused_tokens) + " cause '" +
                                r.cause + "', want " + std::to_string(w.reused) + " cause '" +
                                w.cause + "'");
        // A ttl-gap leaks what reading the shared prefix would have saved; nothing else leaks.
        if (std::string(w.cause) == "ttl-gap")
            PL_CHECK(r.leaked_usd > 0.0);
        else
            PL_CHECK_EQ(r.leaked_usd, 0.0);
    }
    fs::remove(log);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string what = argc > 1 ? argv[1] : "";
    bool complete = true;
    if (what == "tokenizers" && argc > 2) {
        complete = check_tokenizers(argv[2]);
    } else if (what == "counting") {
        complete = check_counting();
    } else if (what == "replay" && argc > 2) {
        const fs::path model = builtin_model_dir();
        auto builtin = BpeTokenizer::load(model / "vocab.json", model / "merges.txt");
        auto tables = lint::LintTables::load(assets_dir() / "lint");
        PL_CHECK(builtin.ok() && tables.ok());
        if (builtin && tables) {
            check_calibrated_replay(argv[2], *builtin, *tables);
            check_shipped_agent_log(*builtin, *tables);
            check_ttl_under_policies(*builtin, *tables);
        }
    } else {
        std::fprintf(stderr,
                     "usage: provider_counts tokenizers REFS_DIR | counting | replay DATA_DIR\n");
        return 2;
    }
    if (!complete) {
        if (require_tokenizers()) {
            pl::plain::fail(__FILE__, __LINE__,
                            "a provider tokenizer is missing and PREFIXLENS_REQUIRE_TOKENIZERS=1 "
                            "(run tools/tokenizers/fetch.sh)");
        } else if (pl::plain::failures() == 0) {
            std::printf("skipped: provider tokenizers not installed (tools/tokenizers/fetch.sh)\n");
            return 77;
        }
    }
    return pl::plain::finish(("provider_counts " + what).c_str());
}
