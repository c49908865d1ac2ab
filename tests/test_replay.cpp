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
#include <set>

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

// An independent reference of each policy's cache, from the rules docs/cli.md gives for
// `replay` (not from replay.cpp's code): a prefix is kept under the model and an FNV-1a hash
// of its tokens, with the time it expires. Per request it gives the split the policy bills:
// reused, written (stored: billed as a write by anthropic and bedrock), uncached.
class ReferenceCaches {
  public:
    struct Split {
        int reused = 0, written = 0, uncached = 0;
    };
    ReferenceCaches(CachePolicy policy, const lint::LintTables& tables)
        : policy_(policy), tables_(tables) {}

    Split add(const RenderedRequest& p, const std::string& model, double at, double retention) {
        const auto& t = p.rendered.tokens;
        const int n = p.size();
        std::vector<uint64_t> h(t.size() + 1);
        h[0] = 1469598103934665603ULL ^ std::hash<std::string>{}(model);
        for (std::size_t i = 0; i < t.size(); ++i)
            h[i + 1] = (h[i] ^ static_cast<uint32_t>(t[i])) * 1099511628211ULL;
        Split s;
        switch (policy_) {
            case CachePolicy::Vllm: {
                // Whole 16-token blocks of the longest prefix any earlier prompt stored; the
                // last token is always computed; every full block not yet stored is written.
                const int b = lint::kReplayBlockSize;
                int matched = 0;
                while (matched < n / b && blocks_.count(h[(matched + 1) * b]))
                    ++matched;
                s.reused = std::min(matched, (n - 1) / b) * b;
                s.written = (n / b - matched) * b;
                for (int q = b; q <= n; q += b)
                    blocks_.insert(h[q]);
                break;
            }
            case CachePolicy::Radix: {
                // To the token, all but the last; what was not in the tree is inserted.
                int matched = 0;
                while (matched < n && blocks_.count(h[matched + 1]))
                    ++matched;
                s.reused = std::min(matched, n - 1);
                s.written = n - matched;
                for (int q = 1; q <= n; ++q)
                    blocks_.insert(h[q]);
                break;
            }
            case CachePolicy::OpenAI: {
                // From 1,024 tokens in 128-token steps; a hit or a store keeps an entry for the
                // retention; what is cacheable and not read is stored (not billed).
                const lint::ProviderPrices& pp = tables_.prices(lint::Provider::OpenAI);
                const int top = n < pp.min_cached ? 0
                                                  : pp.min_cached + (n - pp.min_cached) /
                                                                        pp.increment * pp.increment;
                for (int q = top; q >= pp.min_cached && q > 0; q -= pp.increment)
                    if (touch(h[q], at, retention)) {
                        s.reused = q;
                        break;
                    }
                for (int q = pp.min_cached; q <= top && q > 0; q += pp.increment)
                    entries_[h[q]] = {at + retention, retention};
                s.written = top - s.reused;
                break;
            }
            case CachePolicy::Gemini: {
                const lint::CacheRules r = tables_.cache_rules(lint::Provider::Gemini, model);
                if (!r.implicit || n < r.min_tokens)
                    break;
                const int step = std::max(1, r.step_tokens);
                const int top = r.min_tokens + (n - r.min_tokens) / step * step;
                for (int q = top; q >= r.min_tokens; q -= step)
                    if (touch(h[q], at, r.ttl_default_s)) {
                        s.reused = q;
                        break;
                    }
                for (int q = r.min_tokens; q <= top; q += step)
                    entries_[h[q]] = {at + r.ttl_default_s, r.ttl_default_s};
                s.written = top - s.reused;
                break;
            }
            case CachePolicy::DeepSeek: {
                // A hit is the longest stored unit; units end at a request's user input and at
                // the longest whole-unit prefix an earlier request (still alive) shares.
                const lint::CacheRules r = tables_.cache_rules(lint::Provider::DeepSeek, model);
                const int unit = std::max(1, r.unit_tokens);
                for (int q = n; q >= std::max(1, r.min_tokens); --q)
                    if (touch(h[q], at, r.ttl_default_s)) {
                        s.reused = q;
                        break;
                    }
                int stored_to = s.reused;
                auto store = [&](int q) {
                    if (q < std::max(1, r.min_tokens))
                        return;
                    entries_[h[q]] = {at + r.ttl_default_s, r.ttl_default_s};
                    stored_to = std::max(stored_to, q);
                };
                for (int q = n / unit * unit; q >= unit && q > s.reused; q -= unit) {
                    const auto it = seen_.find(h[q]);
                    if (it != seen_.end() && it->second >= at) {
                        store(q);
                        break;
                    }
                }
                store(p.blocks.empty() ? n : std::min(n, p.blocks.back().token_end));
                for (int q = unit; q <= n; q += unit)
                    seen_[h[q]] = at + r.ttl_default_s;
                s.written = stored_to - s.reused;
                break;
            }
            default: {  // anthropic, bedrock: the request's breakpoints
                const bool bedrock = policy_ == CachePolicy::Bedrock;
                const lint::CacheRules r = tables_.cache_rules(
                    bedrock ? lint::Provider::Bedrock : lint::Provider::Anthropic, model);
                const int lookback = bedrock ? r.lookback_blocks : 20;
                struct Point {
                    int token, block;
                    double ttl;
                };
                std::vector<Point> points;
                int last = 0;
                for (const Breakpoint& bp : p.breakpoints) {
                    const bool in_tools =
                        p.blocks[static_cast<std::size_t>(bp.block)].kind == PartKind::Tool;
                    if (bedrock && !r.tools_cacheable && in_tools)
                        continue;
                    if (bp.token - (bedrock && r.min_per_checkpoint ? last : 0) < r.min_tokens ||
                        bp.token <= last)
                        continue;
                    if (bedrock && r.max_cached_tokens > 0 && bp.token > r.max_cached_tokens)
                        continue;
                    const double ttl = bp.ttl_s > r.ttl_default_s && r.ttl_extended_s > 0
                                           ? r.ttl_extended_s
                                           : r.ttl_default_s;
                    points.push_back({bp.token, bp.block, ttl});
                    last = bp.token;
                }
                int read = 0;
                for (const Point& pt : points) {
                    // The breakpoint's own prefix, then the ends of the blocks before it.
                    std::vector<int> at_ends{pt.token};
                    for (int j = pt.block - 1; j >= 0 && j > pt.block - lookback; --j)
                        at_ends.push_back(p.blocks[static_cast<std::size_t>(j)].token_end);
                    for (int q : at_ends)
                        if (q > 0 && q <= pt.token && touch(h[q], at, -1)) {
                            read = std::max(read, q);
                            break;
                        }
                }
                for (const Point& pt : points)
                    entries_[h[pt.token]] = {at + pt.ttl, pt.ttl};
                s.reused = std::min(read, last);
                s.written = last - s.reused;
                break;
            }
        }
        s.uncached = n - s.reused - s.written;
        return s;
    }

  private:
    struct Entry {
        double expires, ttl;
    };
    // A live entry is read and lives on for its ttl from now (ttl < 0: its own).
    bool touch(uint64_t key, double at, double ttl) {
        const auto it = entries_.find(key);
        if (it == entries_.end() || it->second.expires < at)
            return false;
        it->second.expires = at + (ttl < 0 ? it->second.ttl : ttl);
        return true;
    }
    CachePolicy policy_;
    const lint::LintTables& tables_;
    std::set<uint64_t> blocks_;
    std::map<uint64_t, Entry> entries_;
    std::map<uint64_t, double> seen_;
};

// The i-th record of a log: its rendered request, model and time.
struct LoggedRequest {
    RenderedRequest prompt;
    std::string model;
    double at = 0;
    double retention = 300;
};

std::vector<LoggedRequest> logged_requests(const std::string& file) {
    std::vector<LoggedRequest> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        if (line.empty())
            continue;
        const ojson record = ojson::parse(line);
        LoggedRequest r;
        r.prompt = render_line(file, static_cast<int>(out.size()));
        r.model = record["request"].value("model", std::string());
        r.at = record["timestamp"].get<double>();
        r.retention = record["request"].value("prompt_cache_retention", "") == "24h" ? 86400 : 300;
        out.push_back(std::move(r));
    }
    return out;
}

// Writes `lines` to a log in `dir` and replays it.
Replayed replay_lines(const QTemporaryDir& dir, const std::vector<std::string>& lines,
                      std::optional<CachePolicy> policy = std::nullopt) {
    static int n = 0;
    const std::string path = dir.filePath(QString("log%1.jsonl").arg(++n)).toStdString();
    std::string text;
    for (const std::string& l : lines)
        text += l + "\n";
    test::write_file(path, text);
    return replay({path}, policy);
}

// Two requests of one Anthropic conversation: a system prompt of about `system_tokens` built-in
// tokens marked for caching, then a question; the second adds an answer and a question of about
// `tail_words` words. The second carries `read` as its reported cache read.
std::vector<std::string> two_request_log(int system_tokens, int tail_words, long long read) {
    std::string system;
    for (int k = 0; static_cast<int>(tokenizer().encode(system).size()) < system_tokens; ++k)
        system += "Rule " + std::to_string(k) + ": answer from the handbook, briefly. ";
    std::string tail = "And one more thing:";
    for (int k = 0; k < tail_words; ++k)
        tail += " word" + std::to_string(k % 10);
    ojson body = {
        {"model", "claude-sonnet-4-5"},
        {"max_tokens", 256},
        {"system",
         ojson::array(
             {{{"type", "text"}, {"text", system}, {"cache_control", {{"type", "ephemeral"}}}}})},
        {"messages", ojson::array({{{"role", "user"}, {"content", "Hello?"}}})}};
    std::vector<std::string> out;
    ojson first = {{"timestamp", 1796292000}, {"session_id", "s"}, {"request", body}};
    first["response"]["usage"] = {
        {"input_tokens", 5}, {"cache_creation_input_tokens", 1000}, {"cache_read_input_tokens", 0}};
    out.push_back(first.dump());
    body["messages"].push_back({{"role", "assistant"}, {"content", "Hello."}});
    body["messages"].push_back({{"role", "user"}, {"content", tail}});
    ojson second = {{"timestamp", 1796292030}, {"session_id", "s"}, {"request", body}};
    second["response"]["usage"] = {{"input_tokens", 100},
                                   {"cache_creation_input_tokens", 0},
                                   {"cache_read_input_tokens", read}};
    out.push_back(second.dump());
    return out;
}

bool has_text(const std::vector<std::string>& texts, const std::string& part) {
    return std::any_of(texts.begin(), texts.end(),
                       [&](const std::string& t) { return t.find(part) != std::string::npos; });
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
        // Its loss is the timestamp's doing too: one cause, not a second one.
        QCOMPARE(r.rows[3].diverged_at, r.rows[2].diverged_at);
        QCOMPARE(r.rows[3].cause, std::string("dynamic-prefix"));
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

    // Row by row, the split each policy bills is the independent reference's (above): every
    // request of four logs (one agent, interleaved chat users, a calibrated agent, the shipped
    // 36-request session with its five breaks) under all seven policies.
    void splitFollowsEachPolicysRules() {
        const std::vector<std::string> logs = {
            replay_log("agent-session.jsonl"), replay_log("chat-users.jsonl"),
            replay_log("calibrated-agent.jsonl"),
            (assets_dir() / "traffic" / "agent-session.jsonl").string()};
        int checked = 0;
        for (const std::string& log : logs) {
            const std::vector<LoggedRequest> requests = logged_requests(log);
            for (CachePolicy p : kAllPolicies) {
                const Replayed r = replay({log}, p);
                QCOMPARE(r.rows.size(), requests.size());
                ReferenceCaches ref(p, tables());
                int reused = 0;
                for (std::size_t i = 0; i < requests.size(); ++i) {
                    const LoggedRequest& q = requests[i];
                    const ReferenceCaches::Split want =
                        ref.add(q.prompt, q.model, q.at, requests[0].retention);
                    const lint::ReplayRow& row = r.rows[i];
                    const std::string where =
                        log + " request " + std::to_string(i) + " under " + policy_name(p);
                    QVERIFY2(row.prompt_tokens == q.prompt.size(), where.c_str());
                    QVERIFY2(row.reused_tokens == want.reused,
                             (where + ": reused " + std::to_string(row.reused_tokens) +
                              ", the rules give " + std::to_string(want.reused))
                                 .c_str());
                    QVERIFY2(row.written_tokens == want.written,
                             (where + ": written " + std::to_string(row.written_tokens) +
                              ", the rules give " + std::to_string(want.written))
                                 .c_str());
                    QVERIFY2(row.uncached_tokens == want.uncached, where.c_str());
                    reused += want.reused;
                    ++checked;
                }
                // Each log reuses something under each policy but where the policy's rules
                // forbid it: the chat log has no breakpoints (anthropic, bedrock) and its
                // prompts of about 1,500 tokens are under Gemini's 2,048.
                const bool none = log.find("chat-users") != std::string::npos &&
                                  (p == CachePolicy::Anthropic || p == CachePolicy::Bedrock ||
                                   p == CachePolicy::Gemini);
                QVERIFY2(none ? reused == 0 : reused > 0,
                         (log + " under " + policy_name(p)).c_str());
            }
        }
        qInfo("%d request splits checked against the reference", checked);
    }

    // The emulation and the usage disagree beyond max(64 tokens, 5% of the prompt), not at it:
    // on a short prompt the 64 tokens bound, on a long one the 5%; each side of the edge, and
    // the explanations of each direction.
    void disagreementsAtTheirEdges() {
        QTemporaryDir dir;
        // A prompt under 1,280 tokens: 5% is under 64, so 64 is the tolerance.
        const Replayed probe = replay_lines(dir, two_request_log(1060, 10, 0));
        const int short_prompt = probe.rows[1].prompt_tokens;
        const int expected = probe.rows[1].reused_tokens;
        QVERIFY2(short_prompt < 1280 && expected >= 1024, std::to_string(short_prompt).c_str());
        Replayed at = replay_lines(dir, two_request_log(1060, 10, expected - 64));
        QVERIFY(!at.rows[1].disagreement);
        QCOMPARE(at.summary.disagreements, 0);
        Replayed past = replay_lines(dir, two_request_log(1060, 10, expected - 65));
        QVERIFY(past.rows[1].disagreement);
        QCOMPARE(past.summary.disagreements, 1);
        QCOMPARE(past.rows[1].disagreement->expected_reused, static_cast<long long>(expected));
        QCOMPARE(past.rows[1].disagreement->reported_reused, expected - 65LL);
        // Reported less than expected: four reasons the provider may have cached less, none of
        // them OpenAI's cache key.
        const auto& less = past.rows[1].disagreement->explanations;
        QCOMPARE(less.size(), std::size_t(4));
        QVERIFY(has_text(less, "minimum cacheable length is higher than the 1024 tokens"));
        QVERIFY(!has_text(less, "prompt_cache_key"));

        // A long prompt: 5% of it, rounded up, is the tolerance.
        const Replayed big = replay_lines(dir, two_request_log(3000, 300, 0));
        const int long_prompt = big.rows[1].prompt_tokens;
        const int big_expected = big.rows[1].reused_tokens;
        const int tolerance = (long_prompt * 5 + 99) / 100;
        QVERIFY(tolerance > 64 && big_expected + tolerance + 1 < long_prompt);
        QVERIFY(!replay_lines(dir, two_request_log(3000, 300, big_expected + tolerance))
                     .rows[1]
                     .disagreement);
        const Replayed more =
            replay_lines(dir, two_request_log(3000, 300, big_expected + tolerance + 1));
        QVERIFY(more.rows[1].disagreement);
        // Reported more: something outside the log cached it; counts exact here (the built-in
        // tokenizer counts what it plays), so no word on an estimate.
        const auto& over = more.rows[1].disagreement->explanations;
        QVERIFY(has_text(over, "a request outside this log had cached the prefix"));
        QVERIFY(!has_text(over, "minimum cacheable"));
        QVERIFY(!has_text(over, "token counts here are"));
        QVERIFY(!replay_lines(dir, two_request_log(3000, 300, big_expected - tolerance))
                     .rows[1]
                     .disagreement);
        QVERIFY(replay_lines(dir, two_request_log(3000, 300, big_expected - tolerance - 1))
                    .rows[1]
                    .disagreement);

        // OpenAI: a read missing adds the cache key to the reasons.
        std::vector<std::string> chat = test::read_lines(replay_log("chat-users.jsonl"));
        ojson fourth = ojson::parse(chat[3]);
        fourth["response"]["usage"]["prompt_tokens_details"]["cached_tokens"] = 0;
        chat[3] = fourth.dump();
        const Replayed openai = replay_lines(dir, chat);
        QVERIFY(openai.rows[3].disagreement);
        QVERIFY(has_text(openai.rows[3].disagreement->explanations, "prompt_cache_key"));

        // Gemini's explicit cache is read whole: only the two counts of its tokens differ.
        std::vector<std::string> gem =
            test::read_lines((test::data_dir() / "lint" / "gemini-cache-log.jsonl").string());
        const Replayed gem_probe = replay_lines(dir, gem);
        const int cached = gem_probe.rows[1].reused_tokens;
        const int gem_tolerance = std::max(64, (gem_probe.rows[1].prompt_tokens * 5 + 99) / 100);
        ojson read = ojson::parse(gem[1]);
        read["response"]["usageMetadata"]["cachedContentTokenCount"] = cached + gem_tolerance + 1;
        read["response"]["usageMetadata"]["promptTokenCount"] =
            gem_probe.rows[1].prompt_tokens + gem_tolerance + 1;
        gem[1] = read.dump();
        const Replayed explicit_read = replay_lines(dir, gem);
        QVERIFY(explicit_read.rows[1].disagreement);
        const auto& why = explicit_read.rows[1].disagreement->explanations;
        QCOMPARE(why.size(), std::size_t(1));
        QVERIFY(has_text(why, "the cached content's tokens are counted here by the built-in"));
    }

    // What the provider's usage cost, worked out by hand from Anthropic's list price for
    // Claude Sonnet 4.5 ($3 per million input tokens, writes 1.25x, reads 0.1x) and from the
    // usage the log carries: 5 + 1,000 written, then 100 + the read.
    void reportedCostIsTheUsagesBill() {
        QTemporaryDir dir;
        const Replayed r = replay_lines(dir, two_request_log(1060, 10, 1000));
        QCOMPARE(r.summary.reported_requests, 2);
        QVERIFY(r.summary.reported_cost_usd);
        const double want = (5 + 1.25 * 1000 + 100 + 0.1 * 1000) * 3.0 / 1e6;
        QVERIFY2(std::abs(*r.summary.reported_cost_usd - want) < 1e-12,
                 std::to_string(*r.summary.reported_cost_usd).c_str());
        // OpenAI's chat log: gpt-4.1-mini at $0.40 per million, cached at $0.10; prompt_tokens
        // include the cached ones. The sums come from the log's own usage.
        const std::vector<std::string> chat = test::read_lines(replay_log("chat-users.jsonl"));
        double openai = 0;
        for (const std::string& l : chat) {
            const ojson u = ojson::parse(l)["response"]["usage"];
            const double cached = u["prompt_tokens_details"]["cached_tokens"].get<double>();
            openai += ((u["prompt_tokens"].get<double>() - cached) * 0.40 + cached * 0.10) / 1e6;
        }
        const Replayed c = replay({replay_log("chat-users.jsonl")});
        QCOMPARE(c.summary.reported_requests, 9);
        QVERIFY2(std::abs(*c.summary.reported_cost_usd - openai) < 1e-12,
                 (std::to_string(*c.summary.reported_cost_usd) + " vs " + std::to_string(openai))
                     .c_str());
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
    // breaks are where docs/guide.md says they are, under the built-in tokenizer's count too.
    // Its usage, written apart from PrefixLens, is checked in the provider's tokens by
    // plain_replay_calibrated (tests/plain/provider_counts.cpp).
    void shippedAgentLogBreaksWhereTheGuideSays() {
        const Replayed r = replay({(assets_dir() / "traffic" / "agent-session.jsonl").string()});
        QCOMPARE(r.rows.size(), std::size_t(36));
        QCOMPARE(r.summary.reported_requests, 36);
        // Request 7 drops the clock again: what request 6 added is lost to the same cause.
        const std::map<int, std::string> causes = {
            {6, "dynamic-prefix"}, {7, "dynamic-prefix"},  {12, "unstable-serialization"},
            {18, "ttl-gap"},       {24, "prefix-changed"}, {30, "prefix-changed"}};
        for (const lint::ReplayRow& row : r.rows) {
            const auto it = causes.find(row.request);
            QCOMPARE(row.cause, it == causes.end() ? std::string() : it->second);
        }
        QCOMPARE(r.rows[24].cause_detail, std::string("params-changed"));
        QCOMPARE(r.rows[30].cause_detail, std::string("history-rewritten"));
        QCOMPARE(r.rows[18].reused_tokens, 0);
        QVERIFY(r.rows[33].disagreement);
        QCOMPARE(r.rows[33].disagreement->reported_reused, 0LL);
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
                              "\ntotal ", "prefix-changed x2", "dynamic-prefix x2"})
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
