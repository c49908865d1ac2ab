// prefixlens replay (SPEC §8): known answers on small logs (tests/data/replay, written by
// make_logs.py there): where each request leaves its conversation and which rule says why, the
// grouping of interleaved users, the provider's figures echoed, the token split under every
// policy, and the command line (JSON Lines, the table, bad input).
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/assets.h"
#include "lint/lint_tables.h"
#include "logs/lint_input.h"
#include "prompt/renderer.h"
#include "replay/replay.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"

using namespace pl;
using json = nlohmann::json;

namespace {

using test::CliResult;
using test::run_cli;

std::string replay_log(const char* name) {
    return (test::data_dir() / "replay" / name).string();
}

const BpeTokenizer& tokenizer() {
    static const BpeTokenizer tok = [] {
        const auto dir = builtin_model_dir();
        auto t = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
        if (!t)
            qFatal("%s", t.error().message.c_str());
        return std::move(t.value());
    }();
    return tok;
}

const lint::LintTables& tables() {
    static const lint::LintTables t = [] {
        auto r = lint::LintTables::load(assets_dir() / "lint");
        if (!r)
            qFatal("%s", r.error().message.c_str());
        return std::move(r.value());
    }();
    return t;
}

struct Replayed {
    std::vector<lint::ReplayRow> rows;
    lint::ReplaySummary summary;
};

Replayed replay(const std::vector<std::string>& files,
                std::optional<CachePolicy> policy = std::nullopt) {
    Replayed out;
    lint::ReplayOptions options;
    options.policy = policy;
    lint::Replayer r(tokenizer(), tables(), options,
                     [&](const lint::ReplayRow& row) { out.rows.push_back(row); });
    for (const std::string& f : files) {
        auto added = r.add_file(f);
        if (!added)
            qFatal("%s", added.error().message.c_str());
    }
    out.summary = r.finish();
    return out;
}

// The i-th request body of a log written by make_logs.py, rendered as the linter renders it.
RenderedRequest render_line(const std::string& file, int index) {
    std::ifstream in(file);
    std::string line;
    for (int i = 0; i <= index; ++i)
        std::getline(in, line);
    const ojson body = ojson::parse(line)["request"];  // keys in the order written
    static SegmentTokenCache cache(tokenizer());
    auto r = render_request(body, detect_provider(body), cache, "");
    if (!r)
        qFatal("%s", r.error().message.c_str());
    return std::move(r.value());
}

int common_prefix(const RenderedRequest& a, const RenderedRequest& b) {
    const auto& x = a.rendered.tokens;
    const auto& y = b.rendered.tokens;
    std::size_t n = 0;
    while (n < x.size() && n < y.size() && x[n] == y[n])
        ++n;
    return static_cast<int>(n);
}

}  // namespace

class TestReplay : public QObject {
    Q_OBJECT

  private slots:
    // One agent session: each change to the prefix found at its request, with its rule.
    void agentSessionCausesAndDivergence() {
        const std::string log = replay_log("agent-session.jsonl");
        const Replayed r = replay({log});
        QCOMPARE(r.rows.size(), std::size_t(8));
        QCOMPARE(r.summary.policy, CachePolicy::Anthropic);
        QCOMPARE(r.summary.conversations.size(), std::size_t(1));
        // 0: first; 1: extends the first and reads all it cached.
        QVERIFY(!r.rows[0].diverged_at && r.rows[0].cause.empty());
        QVERIFY(!r.rows[1].diverged_at && r.rows[1].cause.empty());
        QCOMPARE(r.rows[1].reused_tokens, r.rows[0].written_tokens);
        // 2: a timestamp at the head of the system prompt: it leaves request 1 where the
        // system part starts (past its "<system>" framing, a few tokens).
        const int system_begin = render_line(log, 2).system_begin_token;
        QCOMPARE(r.rows[2].diverged_at.value_or(-1),
                 common_prefix(render_line(log, 1), render_line(log, 2)));
        QVERIFY(*r.rows[2].diverged_at >= system_begin &&
                *r.rows[2].diverged_at <= system_begin + 8);
        QCOMPARE(r.rows[2].cause, std::string("dynamic-prefix"));
        QCOMPARE(r.rows[2].reused_tokens, 0);
        // 3: the system prompt as before: it leaves request 2 at the same place.
        QCOMPARE(r.rows[3].diverged_at, r.rows[2].diverged_at);
        QVERIFY(!r.rows[3].cause.empty());
        // 4: tools with their keys in another order.
        QCOMPARE(r.rows[4].diverged_at.value_or(-1),
                 common_prefix(render_line(log, 3), render_line(log, 4)));
        QVERIFY(*r.rows[4].diverged_at < render_line(log, 4).system_begin_token);
        QCOMPARE(r.rows[4].cause, std::string("unstable-serialization"));
        // 5: 660 s of silence: extends the previous prompt, yet reads nothing.
        QVERIFY(!r.rows[5].diverged_at);
        QCOMPARE(r.rows[5].cause, std::string("ttl-gap"));
        QCOMPARE(r.rows[5].reused_tokens, 0);
        // 6: another model: nothing of the old model's cache is its.
        QCOMPARE(r.rows[6].diverged_at.value_or(-1), 0);
        QCOMPARE(r.rows[6].cause, std::string("prefix-changed"));
        QCOMPARE(r.rows[6].cause_detail, std::string("params-changed"));
        QCOMPARE(r.rows[6].reused_tokens, 0);
        // 7: compaction: the history replaced by a summary; tools and system still read.
        const RenderedRequest compacted = render_line(log, 7);
        QCOMPARE(r.rows[7].diverged_at.value_or(-1), common_prefix(render_line(log, 6), compacted));
        QVERIFY(*r.rows[7].diverged_at >= compacted.messages_begin_token &&
                *r.rows[7].diverged_at <= compacted.messages_begin_token + 8);
        QCOMPARE(r.rows[7].cause, std::string("prefix-changed"));
        QCOMPARE(r.rows[7].cause_detail, std::string("history-rewritten"));
        QVERIFY(r.rows[7].reused_tokens > 0 &&
                r.rows[7].reused_tokens <= compacted.messages_begin_token);
        // Leaks only where a cause is named, and they add up.
        double leaked = 0;
        for (const auto& row : r.rows) {
            QVERIFY(row.cause.empty() ? row.leaked_usd == 0.0 : row.leaked_usd > 0.0);
            leaked += row.leaked_usd;
        }
        QVERIFY(std::abs(leaked - r.summary.leaked_usd) < 1e-12);
        QVERIFY(r.summary.cost_usd < r.summary.uncached_cost_usd);
    }

    // The causes do not depend on the policy, except the TTL, which vllm and radix lack and
    // DeepSeek's disk cache (an hour at least) outlives.
    void causesUnderEveryPolicy() {
        const std::string log = replay_log("agent-session.jsonl");
        for (CachePolicy p : kAllPolicies) {
            const Replayed r = replay({log}, p);
            QCOMPARE(r.summary.policy, p);
            QCOMPARE(r.rows[2].cause, std::string("dynamic-prefix"));
            QCOMPARE(r.rows[4].cause, std::string("unstable-serialization"));
            QCOMPARE(r.rows[6].cause, std::string("prefix-changed"));
            QCOMPARE(r.rows[7].cause, std::string("prefix-changed"));
            const bool ttl = p == CachePolicy::Anthropic || p == CachePolicy::OpenAI ||
                             p == CachePolicy::Gemini || p == CachePolicy::Bedrock;
            QCOMPARE(r.rows[5].cause, std::string(ttl ? "ttl-gap" : ""));
            if (!ttl)
                QVERIFY(r.rows[5].reused_tokens > 0);
        }
        // vllm reuses whole 16-token blocks of the divergence at most.
        const Replayed v = replay({log}, CachePolicy::Vllm);
        QCOMPARE(v.rows[2].reused_tokens,
                 *v.rows[2].diverged_at / lint::kReplayBlockSize * lint::kReplayBlockSize);
        const Replayed x = replay({log}, CachePolicy::Radix);
        QCOMPARE(x.rows[2].reused_tokens, *x.rows[2].diverged_at);
        // The log's model at its own price under every policy: only the caching rules differ,
        // so the same request uncached costs the same, and the cost chart's curves compare.
        for (CachePolicy p : kAllPolicies) {
            const Replayed r = replay({log}, p);
            for (std::size_t i = 0; i < r.rows.size(); ++i)
                QCOMPARE(r.rows[i].uncached_cost_usd, v.rows[i].uncached_cost_usd);
        }
    }

    // reused + written + uncached == prompt_tokens, every request, every policy, every log
    // (the lint fixtures' logs too: every record format lint reads), and replay groups and
    // counts as lint does.
    void tokenSplitAddsUp() {
        std::vector<std::string> logs = {replay_log("agent-session.jsonl"),
                                         replay_log("chat-users.jsonl")};
        for (const auto& e : std::filesystem::directory_iterator(test::data_dir() / "lint")) {
            if (e.path().extension() == ".jsonl" &&
                e.path().filename().string().find("bad") == std::string::npos)
                logs.push_back(e.path().string());
        }
        QVERIFY(logs.size() > 4);
        for (const std::string& log : logs) {
            lint::LintOptions lo;
            lint::Linter linter(tokenizer(), tables(), lo);
            QVERIFY(lint::lint_file(log, linter, nullptr));
            const lint::LintReport lr = linter.finish();
            for (CachePolicy p : kAllPolicies) {
                const Replayed r = replay({log}, p);
                QVERIFY2(r.summary.requests == lr.summary.requests, log.c_str());
                QVERIFY2(static_cast<int>(r.summary.conversations.size()) ==
                             std::max(lr.summary.conversations, r.summary.requests > 0 ? 1 : 0),
                         log.c_str());
                long long prompt = 0;
                for (const auto& row : r.rows) {
                    QVERIFY2(row.reused_tokens + row.written_tokens + row.uncached_tokens ==
                                 row.prompt_tokens,
                             (log + " request " + std::to_string(row.request)).c_str());
                    QVERIFY(row.reused_tokens >= 0 && row.written_tokens >= 0 &&
                            row.uncached_tokens >= 0);
                    prompt += row.prompt_tokens;
                }
                // Under gemini a request that reads an explicit cache of the log counts the
                // cache's tokens too, as Gemini's promptTokenCount does (test_providers).
                const bool reads_explicit =
                    p == CachePolicy::Gemini &&
                    test::read_file(log).find("\"cachedContent\"") != std::string::npos;
                if (reads_explicit)
                    QVERIFY2(prompt >= lr.summary.prompt_tokens, log.c_str());
                else
                    QCOMPARE(prompt, lr.summary.prompt_tokens);
            }
        }
    }

    // Three users' requests interleaved: three conversations, each request in its own.
    void interleavedUsersGrouped() {
        const Replayed r = replay({replay_log("chat-users.jsonl")});
        QCOMPARE(r.summary.policy, CachePolicy::OpenAI);
        QCOMPARE(r.rows.size(), std::size_t(9));
        QCOMPARE(r.summary.conversations.size(), std::size_t(3));
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            QCOMPARE(r.rows[i].conversation, "c" + std::to_string(i % 3 + 1));
            QVERIFY(!r.rows[i].diverged_at);  // each extends its own user's previous prompt
            QVERIFY(r.rows[i].cause.empty());
        }
        for (const auto& c : r.summary.conversations)
            QCOMPARE(c.requests, 3);
    }

    // The provider's figures, normalised to SPEC §8's names, exactly as the log has them.
    void reportedEchoedAndDisagreements() {
        const Replayed a = replay({replay_log("agent-session.jsonl")});
        QVERIFY(a.rows[0].reported);
        QCOMPARE(a.rows[0].reported->input_tokens, 10LL);
        QCOMPARE(a.rows[0].reported->cache_read_tokens, 0LL);
        QCOMPARE(a.rows[0].reported->cache_write_tokens, 1500LL);
        QVERIFY(!a.rows[0].disagreement);  // nothing to read at the first request either way
        QVERIFY(!a.rows[2].reported);
        // Request 1 reports nothing read where the emulation reads the whole prefix.
        QVERIFY(a.rows[1].disagreement);
        QCOMPARE(a.rows[1].disagreement->reported_reused, 0LL);
        QCOMPARE(a.rows[1].disagreement->expected_reused,
                 static_cast<long long>(a.rows[1].reused_tokens));
        QVERIFY(a.rows[1].disagreement->explanations.size() >= 3);
        QCOMPARE(a.summary.disagreements, 1);
        QVERIFY(a.summary.reported_cost_usd.has_value());
        QCOMPARE(a.summary.reported_requests, 2);
        const json j = lint::replay_row_json(a.rows[0]);
        QVERIFY(
            j["reported"] ==
            json({{"input_tokens", 10}, {"cache_read_tokens", 0}, {"cache_write_tokens", 1500}}));
        QVERIFY(lint::replay_row_json(a.rows[2])["reported"].is_null());
        // OpenAI's prompt_tokens include the cached ones; no write is reported.
        const Replayed c = replay({replay_log("chat-users.jsonl")});
        QCOMPARE(c.rows[3].reported->input_tokens, 1540LL - 1280LL);
        QCOMPARE(c.rows[3].reported->cache_read_tokens, 1280LL);
        QCOMPARE(c.rows[3].reported->cache_write_tokens, -1LL);
    }

    // A segment that grows from request to request is tokenized from the last word boundary
    // of its previous text on; the tokens and offsets are those of tokenizing it whole.
    void growingTextTokenizedExactly() {
        const BpeTokenizer& tok = tokenizer();
        const char* pieces[] = {" ",
                                "  ",
                                "\n",
                                "\n\n",
                                "\t",
                                "word",
                                "Word",
                                "'s",
                                "'ll",
                                "42",
                                "3.14",
                                "!!",
                                "?",
                                " - ",
                                "\xc3\xa9t\xc3\xa9",
                                "\xe6\x97\xa5",
                                "\xf0\x9f\x98\x80",
                                "\xc2\xa0",
                                "\xff",
                                "a",
                                "x1"};
        uint32_t seed = 12345;
        auto next = [&] {
            seed = seed * 1664525u + 1013904223u;
            return seed >> 8;
        };
        long long extended = 0;
        for (int round = 0; round < 60; ++round) {
            SegmentTokenCache cache(tok);
            std::string text(80, 'h');  // a head long enough to be looked up
            for (int step = 0; step < 12; ++step) {
                const int n = static_cast<int>(next() % 6) + 1;
                for (int k = 0; k < n; ++k)
                    text += pieces[next() % std::size(pieces)];
                const EncodedText& got = cache.encode(text);
                const std::vector<int32_t> want = tok.encode(text);
                QVERIFY2(got.ids == want, qPrintable(QString::fromStdString(text)));
                int32_t offset = 0;
                for (std::size_t i = 0; i < want.size(); ++i) {
                    QCOMPARE(got.offsets[i], offset);
                    offset += static_cast<int32_t>(tok.token_bytes(want[i]).size());
                }
                cache.next_request();
            }
            extended += cache.extended();
        }
        QVERIFY(extended > 300);  // most growths were extensions, not whole tokenizations
    }

    // The agent log shipped for the traffic view and the guide (assets/traffic/): its five
    // breaks and the provider's odd usage are where docs/guide.md says they are.
    void shippedAgentLogBreaksWhereTheGuideSays() {
        const Replayed r = replay({(assets_dir() / "traffic" / "agent-session.jsonl").string()});
        QCOMPARE(r.rows.size(), std::size_t(36));
        QCOMPARE(r.summary.reported_requests, 36);
        const std::map<int, std::string> causes = {{6, "dynamic-prefix"},
                                                   {12, "unstable-serialization"},
                                                   {18, "ttl-gap"},
                                                   {24, "prefix-changed"},
                                                   {30, "prefix-changed"}};
        for (const auto& [request, cause] : causes)
            QCOMPARE(r.rows[static_cast<std::size_t>(request)].cause, cause);
        QCOMPARE(r.rows[24].cause_detail, std::string("params-changed"));
        QCOMPARE(r.rows[30].cause_detail, std::string("history-rewritten"));
        QCOMPARE(r.rows[18].reused_tokens, 0);
        QCOMPARE(r.summary.disagreements, 1);
        QVERIFY(r.rows[33].disagreement);
        QCOMPARE(r.rows[33].disagreement->reported_reused, 0LL);
        // Everywhere else the echoed usage is the emulation's.
        for (const lint::ReplayRow& row : r.rows) {
            QCOMPARE(row.reused_tokens + row.written_tokens + row.uncached_tokens,
                     row.prompt_tokens);
            if (row.request != 33)
                QCOMPARE(row.reported->cache_read_tokens,
                         static_cast<long long>(row.reused_tokens));
        }
    }

    // Conversations interleaved as a chat service's log has them: each one's growing message is
    // extended from its own previous request, although others came in between, and the tokens
    // are those of a whole tokenization.
    void interleavedConversationsAreExtended() {
        const BpeTokenizer& tok = tokenizer();
        SegmentTokenCache cache(tok);
        std::vector<std::string> texts(8);
        for (std::size_t c = 0; c < texts.size(); ++c)
            texts[c] = "Conversation " + std::to_string(c) + " talks about the block cache. ";
        for (int step = 0; step < 10; ++step) {
            for (std::size_t c = 0; c < texts.size(); ++c) {
                texts[c] += "Step " + std::to_string(step) + " adds a sentence of its own. ";
                cache.begin_request("c" + std::to_string(c));
                QVERIFY(cache.encode(texts[c]).ids == tok.encode(texts[c]));
                cache.next_request();
            }
        }
        // Each conversation's first text is tokenized whole; every later one only grows it.
        QCOMPARE(cache.misses(), 80);
        QCOMPARE(cache.extended(), 72);
        QCOMPARE(cache.forgotten_conversations(), 0);
    }

    // Past kMaxConversations the least recently seen conversations are forgotten: bounded memory,
    // and the same tokens, only tokenized again.
    void conversationMemoryIsBounded() {
        const BpeTokenizer& tok = tokenizer();
        SegmentTokenCache cache(tok);
        const int n = static_cast<int>(SegmentTokenCache::kMaxConversations) + 10;
        for (int c = 0; c < n; ++c) {
            cache.begin_request("c" + std::to_string(c));
            cache.encode("User " + std::to_string(c) + " asks about the library's opening hours.");
            cache.next_request();
        }
        QCOMPARE(cache.forgotten_conversations(), 10);
    }

    void commandLineJson() {
        const CliResult r = run_cli(
            {"replay", "--json", QString::fromStdString(replay_log("agent-session.jsonl"))});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 9);
        for (int i = 0; i < 8; ++i) {
            const json row = json::parse(lines[i].toStdString());
            for (const char* k :
                 {"request", "line", "conversation", "provider", "model", "prompt_tokens",
                  "reused_tokens", "written_tokens", "uncached_tokens", "diverged_at", "cause",
                  "reported", "cost_usd", "uncached_cost_usd"})
                QVERIFY2(row.contains(k), k);
            QCOMPARE(row["request"].get<int>(), i);
            QCOMPARE(row["line"].get<int>(), i + 1);
            QCOMPARE(row["reused_tokens"].get<int>() + row["written_tokens"].get<int>() +
                         row["uncached_tokens"].get<int>(),
                     row["prompt_tokens"].get<int>());
        }
        const json s = json::parse(lines[8].toStdString())["summary"];
        for (const char* k :
             {"requests", "conversations", "prompt_tokens", "reused_tokens", "hit_rate", "cost_usd",
              "uncached_cost_usd", "reported_cost_usd", "leaked_usd", "disagreements"})
            QVERIFY2(s.contains(k), k);
        QCOMPARE(s["requests"].get<int>(), 8);
        QCOMPARE(s["token_counts"].get<std::string>(), std::string("estimate"));
        const CliResult v = run_cli({"replay", "--json", "--policy", "vllm",
                                     QString::fromStdString(replay_log("chat-users.jsonl"))});
        QCOMPARE(v.exit_code, 0);
        const json vs = json::parse(v.out.split('\n', Qt::SkipEmptyParts).last().toStdString());
        QCOMPARE(vs["summary"]["policy"].get<std::string>(), std::string("vllm"));
        QCOMPARE(vs["summary"]["block_size"].get<int>(), 16);
    }

    void commandLineTable() {
        const CliResult r =
            run_cli({"replay", QString::fromStdString(replay_log("agent-session.jsonl"))});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("8 requests, 1 conversation, policy anthropic"));
        QVERIFY(r.out.contains("estimate"));
        for (const char* c : {"conversation", "hit rate", "leaked", "top causes", "\nc1 ",
                              "\ntotal ", "prefix-changed x3", "dynamic-prefix x1"})
            QVERIFY2(r.out.contains(c), c);
    }

    // A log rotated into two files replays as the one log: its conversations go on.
    void rotatedLogContinues() {
        QTemporaryDir dir;
        const std::string whole = replay_log("agent-session.jsonl");
        const std::string a = dir.filePath("a.jsonl").toStdString();
        const std::string b = dir.filePath("b.jsonl").toStdString();
        {
            std::ifstream in(whole);
            std::ofstream out_a(a), out_b(b);
            std::string line;
            for (int i = 0; std::getline(in, line); ++i)
                (i < 4 ? out_a : out_b) << line << "\n";
        }
        const Replayed one = replay({whole});
        const Replayed two = replay({a, b});
        QCOMPARE(two.rows.size(), one.rows.size());
        QCOMPARE(two.summary.conversations.size(), std::size_t(1));
        for (std::size_t i = 0; i < one.rows.size(); ++i) {
            QCOMPARE(two.rows[i].reused_tokens, one.rows[i].reused_tokens);
            QCOMPARE(two.rows[i].cause, one.rows[i].cause);
            QCOMPARE(two.rows[i].diverged_at, one.rows[i].diverged_at);
        }
        QCOMPARE(two.rows[4].file, b);
        QCOMPARE(two.rows[4].line, 1);
    }

    // The app's hook (lint_file's progress): told the bytes read after each line, up to the
    // file's size; asked to stop, the reading stops there and the rows so far stand. The
    // expired part of a TTL gap is what its cause lost.
    void progressHookStopsTheReading() {
        const std::string log = replay_log("agent-session.jsonl");
        const auto size = static_cast<std::uint64_t>(std::filesystem::file_size(log));
        std::vector<std::uint64_t> seen;
        std::vector<lint::ReplayRow> rows;
        lint::Replayer r(tokenizer(), tables(), {},
                         [&](const lint::ReplayRow& row) { rows.push_back(row); });
        auto added = r.add_file(log, {}, [&](std::uint64_t read, std::uint64_t total) {
            seen.push_back(read);
            if (total != size)
                qFatal("total %llu, not the file's %llu", (unsigned long long)total,
                       (unsigned long long)size);
            return true;
        });
        QVERIFY(added && !added->stopped);
        QCOMPARE(seen.size(), std::size_t(8));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), size);
        QCOMPARE(rows[5].cause, std::string("ttl-gap"));
        QVERIFY(rows[5].expired_tokens > 0);
        QVERIFY(rows[5].expired_tokens <= rows[5].written_tokens + rows[5].uncached_tokens);
        for (const auto& row : rows)
            QVERIFY(row.cause == "ttl-gap" || row.expired_tokens == 0);

        std::vector<lint::ReplayRow> some;
        lint::Replayer stop(tokenizer(), tables(), {},
                            [&](const lint::ReplayRow& row) { some.push_back(row); });
        int lines = 0;
        auto stopped =
            stop.add_file(log, {}, [&](std::uint64_t, std::uint64_t) { return ++lines < 3; });
        QVERIFY(stopped && stopped->stopped);
        QCOMPARE(some.size(), std::size_t(3));
        QCOMPARE(stop.finish().requests, 3);
    }

    // One request read again from its line, unwrapped from its record: what the app opens when
    // a row of the traffic view is clicked.
    void readRequestAtItsLine() {
        const std::string log = replay_log("agent-session.jsonl");
        for (int line : {1, 3, 8}) {
            auto body = lint::read_request_at(log, line);
            QVERIFY2(body, body ? "" : body.error().message.c_str());
            std::ifstream in(log);
            std::string text;
            for (int i = 0; i < line; ++i)
                std::getline(in, text);
            QVERIFY(body.value() == ojson::parse(text)["request"]);
        }
        auto past = lint::read_request_at(log, 99);
        QVERIFY(!past);
        QVERIFY(past.error().message.find(":99") != std::string::npos);
        QVERIFY(!lint::read_request_at("/nonexistent/log.jsonl", 1));
    }

    void commandLineErrors() {
        QCOMPARE(run_cli({"replay"}).exit_code, 2);
        const CliResult policy = run_cli(
            {"replay", "--policy", "lru", QString::fromStdString(replay_log("chat-users.jsonl"))});
        QCOMPARE(policy.exit_code, 2);
        QVERIFY(policy.err.contains("--policy"));
        const CliResult missing = run_cli({"replay", "/nonexistent/log.jsonl"});
        QCOMPARE(missing.exit_code, 2);
        QVERIFY(missing.err.contains("/nonexistent/log.jsonl"));
        QCOMPARE(missing.err.count('\n'), 1);
        // A broken line: named with its line and column; the other requests still replayed.
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.jsonl");
        {
            std::ifstream in(replay_log("chat-users.jsonl"));
            std::ofstream out(path.toStdString());
            std::string line;
            std::getline(in, line);
            out << line << "\n{\"request\": [1, 2\n";
            std::getline(in, line);
            out << line << "\n";
        }
        const CliResult broken = run_cli({"replay", "--json", path});
        QCOMPARE(broken.exit_code, 2);
        QVERIFY2(broken.err.contains(path + ":2:"), qPrintable(broken.err));
        QCOMPARE(broken.out.split('\n', Qt::SkipEmptyParts).size(), 3);
    }
};

QTEST_APPLESS_MAIN(TestReplay)
#include "test_replay.moc"
