// Four caching policies on one trace (runner/policy_sim.h) and the radix tree under the second
// of them (cache/radix_cache.h). Each test states what a workshop would show wrong if it failed.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cache/radix_cache.h"
#include "core/assets.h"
#include "lint/lint_tables.h"
#include "runner/policy_sim.h"

using pl::CachePolicy;
using pl::PolicyNote;
using pl::PolicyRequest;
using pl::RadixCache;
using Tokens = std::vector<int32_t>;

namespace {

// An obviously-correct model of RadixCache's contract, with no tree: the cache is the set of
// every cached prefix (salt, tokens[0..k)), each with the tick it was last used. A leaf is a
// prefix nothing cached extends; eviction removes the least recently used unlocked leaf, one
// token at a time.
class ReferenceRadix {
  public:
    explicit ReferenceRadix(int capacity) : capacity_(capacity) {}

    struct Admission {
        int matched = 0, cached = 0, inserted = 0, evicted = 0;
        bool stored = false;
    };

    Admission begin(const std::string& salt, const Tokens& prompt, int reserve, int handle) {
        const uint64_t now = ++clock_;
        Admission a;
        while (a.matched < static_cast<int>(prompt.size()) &&
               prefixes_.count({salt, prefix(prompt, a.matched + 1)}))
            ++a.matched;
        for (int k = 1; k <= a.matched; ++k)
            prefixes_[{salt, prefix(prompt, k)}] = now;
        a.cached = std::min(a.matched, static_cast<int>(prompt.size()) - 1);
        Run run{salt, prefix(prompt, a.matched), prompt, reserve, false};
        locks_[handle] = run;
        const long long need = static_cast<long long>(prompt.size()) - a.matched + reserve;
        const long long locked = static_cast<long long>(prefixes_.size()) - evictable();
        if (locked + reserved_ + need <= capacity_) {
            const long long over =
                static_cast<long long>(prefixes_.size()) + reserved_ + need - capacity_;
            for (long long i = 0; i < over && evict_one(); ++i)
                ++a.evicted;
            for (std::size_t k = 1; k <= prompt.size(); ++k) {
                auto [it, fresh] = prefixes_.insert({{salt, prefix(prompt, k)}, now});
                it->second = now;
                a.inserted += fresh ? 1 : 0;
            }
            locks_[handle].locked = prompt;
            locks_[handle].stored = true;
            reserved_ += reserve;
            a.stored = true;
        }
        return a;
    }

    int finish(int handle, const Tokens& sequence) {
        const uint64_t now = ++clock_;
        Run run = locks_.at(handle);
        locks_.erase(handle);
        int added = 0;
        if (run.stored) {
            reserved_ -= run.reserve;
            for (std::size_t k = 1; k <= sequence.size(); ++k) {
                auto [it, fresh] = prefixes_.insert({{run.salt, prefix(sequence, k)}, now});
                it->second = now;
                added += fresh ? 1 : 0;
            }
        }
        return added;
    }

    int probe(const std::string& salt, const Tokens& t) const {
        int k = 0;
        while (k < static_cast<int>(t.size()) && prefixes_.count({salt, prefix(t, k + 1)}))
            ++k;
        return k;
    }

    int size() const { return static_cast<int>(prefixes_.size()); }
    int reserved() const { return reserved_; }

    // The cached sequences: every prefix nothing extends, per salt.
    std::set<std::pair<std::string, Tokens>> leaves() const {
        std::set<std::pair<std::string, Tokens>> out;
        for (const auto& [key, tick] : prefixes_) {
            if (is_leaf(key))
                out.insert(key);
        }
        return out;
    }

  private:
    using Key = std::pair<std::string, Tokens>;
    struct Run {
        std::string salt;
        Tokens locked;
        Tokens prompt;
        int reserve = 0;
        bool stored = false;
    };

    static Tokens prefix(const Tokens& t, int k) {
        return Tokens(t.begin(), t.begin() + std::min<std::ptrdiff_t>(k, std::ssize(t)));
    }

    bool is_leaf(const Key& key) const {
        auto it = prefixes_.upper_bound(key);
        // Every extension of key sorts right after it; the first one starts with key.
        return it == prefixes_.end() || it->first.first != key.first ||
               it->first.second.size() <= key.second.size() ||
               !std::equal(key.second.begin(), key.second.end(), it->first.second.begin());
    }

    bool is_locked(const Key& key) const {
        for (const auto& [h, run] : locks_) {
            if (run.salt == key.first && run.locked.size() >= key.second.size() &&
                std::equal(key.second.begin(), key.second.end(), run.locked.begin()))
                return true;
        }
        return false;
    }

    long long evictable() const {
        long long n = 0;
        for (const auto& [key, tick] : prefixes_)
            n += is_locked(key) ? 0 : 1;
        return n;
    }

    bool evict_one() {
        const Key* best = nullptr;
        uint64_t best_tick = 0;
        for (const auto& [key, tick] : prefixes_) {
            if (is_leaf(key) && !is_locked(key) && (best == nullptr || tick < best_tick)) {
                best = &key;
                best_tick = tick;
            }
        }
        if (best == nullptr)
            return false;
        prefixes_.erase(*best);
        return true;
    }

    int capacity_;
    int reserved_ = 0;
    uint64_t clock_ = 0;
    std::map<Key, uint64_t> prefixes_;
    std::map<int, Run> locks_;
};

// The cached sequences as the tree holds them: the path to every node without children.
std::set<std::pair<std::string, Tokens>> tree_leaves(const RadixCache& cache) {
    const auto nodes = cache.nodes();
    std::map<int, std::size_t> at;
    std::map<int, Tokens> path;
    std::set<int> has_child;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        at[nodes[i].id] = i;
        if (nodes[i].parent >= 0)
            has_child.insert(nodes[i].parent);
    }
    std::set<std::pair<std::string, Tokens>> out;
    for (const auto& n : nodes) {
        Tokens p = n.parent >= 0 ? path.at(n.parent) : Tokens{};
        p.insert(p.end(), n.tokens.begin(), n.tokens.end());
        path[n.id] = p;
        if (n.parent >= 0 && !has_child.count(n.id))
            out.insert({n.salt, p});
    }
    return out;
}

pl::lint::LintTables tables() {
    auto t = pl::lint::LintTables::load(pl::assets_dir() / "lint");
    if (!t)
        qFatal("%s", t.error().message.c_str());
    return t.value();
}

Tokens range(int first, int n) {
    Tokens t(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        t[static_cast<std::size_t>(i)] = first + i;
    return t;
}

Tokens cat(Tokens a, const Tokens& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// A request of the hand-made trace: a system part [0, system) as one content block, a user
// message as a second, then a 3-token generation tag; breakpoints after the given blocks.
pl::TraceRequest request(double at, const Tokens& system, const Tokens& user,
                         std::vector<std::pair<int, double>> breakpoints_after_block = {},
                         std::optional<std::string> salt = std::nullopt) {
    pl::TraceRequest r;
    r.at_s = at;
    r.session = "s" + std::to_string(static_cast<int>(at));
    r.salt = std::move(salt);
    r.rendered.rendered.tokens = cat(cat(system, user), {9001, 9002, 9003});
    const int s = static_cast<int>(system.size());
    const int u = static_cast<int>(user.size());
    r.rendered.blocks.push_back({pl::PartKind::System, "/system/0", -1, "", 0, s});
    r.rendered.blocks.push_back(
        {pl::PartKind::Message, "/messages/0/content/0", 0, "user", s, s + u});
    for (const auto& [block, ttl] : breakpoints_after_block) {
        pl::Breakpoint bp;
        bp.block = block;
        bp.token = r.rendered.blocks[static_cast<std::size_t>(block)].token_end;
        bp.ttl_s = ttl;
        r.rendered.breakpoints.push_back(bp);
    }
    r.output = {7001, 7002, 7003, 7004, 7005};
    r.reserve_tokens = 4;
    return r;
}

// A request made of content blocks (kind, tokens), then a 3-token generation tag, with
// cache_control markers (the same markers Bedrock reads as cachePoints) after the given blocks.
pl::TraceRequest blocks_request(double at,
                                const std::vector<std::pair<pl::PartKind, Tokens>>& blocks,
                                const std::vector<int>& markers_after_block) {
    pl::TraceRequest r;
    r.at_s = at;
    r.session = "s" + std::to_string(static_cast<int>(at));
    int begin = 0, message = 0;
    for (const auto& [kind, tokens] : blocks) {
        const int end = begin + static_cast<int>(tokens.size());
        const bool msg = kind == pl::PartKind::Message;
        r.rendered.blocks.push_back(
            {kind, msg ? "/messages/" + std::to_string(message) + "/content/0" : "/system/0",
             msg ? message++ : -1, msg ? "user" : "", begin, end});
        r.rendered.rendered.tokens.insert(r.rendered.rendered.tokens.end(), tokens.begin(),
                                          tokens.end());
        begin = end;
    }
    r.rendered.rendered.tokens.insert(r.rendered.rendered.tokens.end(), {9001, 9002, 9003});
    for (int block : markers_after_block) {
        pl::Breakpoint bp;
        bp.block = block;
        bp.token = r.rendered.blocks[static_cast<std::size_t>(block)].token_end;
        r.rendered.breakpoints.push_back(bp);
    }
    r.output = {7001, 7002, 7003, 7004, 7005};
    r.reserve_tokens = 4;
    return r;
}

}  // namespace

class TestPolicies : public QObject {
    Q_OBJECT

  private slots:
    // A partial match cuts the edge where it ends: the tree then holds the shared prefix once.
    void radixSplitsOnPartialMatch() {
        auto c = RadixCache::create(100).value();
        auto a = c.begin(Tokens{1, 2, 3, 4}, std::nullopt, 0).value();
        QCOMPARE(a.matched_tokens, 0);
        QCOMPARE(a.inserted_tokens, 4);
        QCOMPARE(c.finish(a.handle, Tokens{1, 2, 3, 4}).value(), 0);
        auto b = c.begin(Tokens{1, 2, 9}, std::nullopt, 0).value();
        QCOMPARE(b.matched_tokens, 2);
        QCOMPARE(b.cached_tokens, 2);
        QCOMPARE(b.inserted_tokens, 1);
        const auto nodes = c.nodes();
        QCOMPARE(nodes.size(), std::size_t(4));  // root, [1 2], [3 4], [9]
        QCOMPARE(nodes[1].tokens, (Tokens{1, 2}));
        QCOMPARE(nodes[2].tokens, (Tokens{3, 4}));
        QCOMPARE(nodes[2].depth_tokens, 2);
        QCOMPARE(nodes[3].tokens, (Tokens{9}));
        QCOMPARE(nodes[2].parent, nodes[1].id);
        QCOMPARE(nodes[3].parent, nodes[1].id);
        QCOMPARE(c.size_tokens(), 5);
        // The running request holds [1 2] and [9]; [3 4] is free to go.
        QCOMPARE(nodes[1].lock_ref, 1);
        QCOMPARE(nodes[2].lock_ref, 0);
        QCOMPARE(c.path(Tokens{1, 2, 9}, std::nullopt, 2), (std::vector<int>{nodes[1].id}));
        // The whole prompt cached: the one-token rule still computes its last token.
        QVERIFY(c.finish(b.handle, Tokens{1, 2, 9}).ok());
        auto again = c.begin(Tokens{1, 2, 9}, std::nullopt, 0).value();
        QCOMPARE(again.matched_tokens, 3);
        QCOMPARE(again.cached_tokens, 2);
        // Another salt is another tree.
        QCOMPARE(c.probe(Tokens{1, 2, 9}, std::string_view("tenant")), 0);
    }

    // Eviction takes the least recently used leaf, trims only what is needed and never touches
    // what a running request holds; a request that cannot fit stores nothing.
    void radixEvictsLruLeavesNeverLocked() {
        auto c = RadixCache::create(10).value();
        auto a = c.begin(Tokens{1, 2, 3, 4}, std::nullopt, 0).value();
        QVERIFY(c.finish(a.handle, Tokens{1, 2, 3, 4}).ok());
        auto b = c.begin(Tokens{5, 6, 7, 8}, std::nullopt, 0).value();
        QVERIFY(c.finish(b.handle, Tokens{5, 6, 7, 8}).ok());
        // [1 2 3 4] is older: the three tokens needed come off its tail.
        auto d = c.begin(Tokens{9, 10, 11, 12, 13}, std::nullopt, 0).value();
        QCOMPARE(d.evicted_tokens, 3);
        QCOMPARE(c.size_tokens(), 10);
        QCOMPARE(c.probe(Tokens{1, 2, 3, 4}, std::nullopt), 1);
        QCOMPARE(c.probe(Tokens{5, 6, 7, 8}, std::nullopt), 4);
        // Everything but [1] and [5 6 7 8] is locked by d; a 7-token prompt cannot fit.
        auto e = c.begin(Tokens{20, 21, 22, 23, 24, 25, 26}, std::nullopt, 0).value();
        QVERIFY(!e.stored);
        QCOMPARE(e.evicted_tokens, 0);
        QCOMPARE(c.probe(Tokens{9, 10, 11, 12, 13}, std::nullopt), 5);
        QVERIFY(c.finish(e.handle, Tokens{20, 21, 22, 23, 24, 25, 26}).ok());
        QCOMPARE(c.probe(Tokens{20}, std::nullopt), 0);
        // An output longer than its reservation is refused, not stored past the capacity.
        QVERIFY(!c.finish(d.handle, Tokens{9, 10, 11, 12, 13, 14}).ok());
        QVERIFY(c.finish(d.handle, Tokens{9, 10, 11, 12, 13}).ok());
        QVERIFY(!c.begin(Tokens{}, std::nullopt, 0).ok());
    }

    // The tree against the reference on random traces over a tiny alphabet (so prefixes are
    // shared and split everywhere), with concurrent requests, salts and a tight capacity.
    void radixAgainstReferenceOnRandomTraces() {
        std::mt19937 rng(20261202);
        long long hits = 0, evictions = 0, refusals = 0, checks = 0, locked_checks = 0;
        for (int trial = 0; trial < 60; ++trial) {
            const int capacity = 8 + static_cast<int>(rng() % 40);
            auto cache = RadixCache::create(capacity).value();
            ReferenceRadix ref(capacity);
            struct Live {
                int64_t handle;
                int ref_handle;
                Tokens prompt;
                int reserve;
                bool stored;
                std::string salt;
            };
            std::vector<Live> live;
            int next_ref = 1;
            for (int step = 0; step < 80; ++step) {
                const bool start = live.empty() || (live.size() < 3 && rng() % 2 == 0);
                if (start) {
                    Tokens prompt(1 + rng() % 12);
                    for (auto& t : prompt)
                        t = static_cast<int32_t>(rng() % 3);
                    const int reserve = static_cast<int>(rng() % 4);
                    const std::string salt = rng() % 5 == 0 ? "b" : "";
                    const std::optional<std::string_view> s =
                        salt.empty() ? std::nullopt : std::optional<std::string_view>(salt);
                    auto a = cache.begin(prompt, s, reserve).value();
                    auto r = ref.begin(salt, prompt, reserve, next_ref);
                    QCOMPARE(a.matched_tokens, r.matched);
                    QCOMPARE(a.cached_tokens, r.cached);
                    QCOMPARE(a.stored, r.stored);
                    QCOMPARE(a.inserted_tokens, r.inserted);
                    QCOMPARE(a.evicted_tokens, r.evicted);
                    hits += a.cached_tokens > 0;
                    evictions += a.evicted_tokens;
                    refusals += !a.stored;
                    live.push_back(
                        {a.handle, next_ref++, prompt, a.stored ? reserve : 0, a.stored, salt});
                } else {
                    const std::size_t i = rng() % live.size();
                    Tokens seq = live[i].prompt;
                    const int out =
                        live[i].reserve > 0 ? static_cast<int>(rng() % (live[i].reserve + 1)) : 0;
                    for (int k = 0; k < out; ++k)
                        seq.push_back(static_cast<int32_t>(rng() % 3));
                    QCOMPARE(cache.finish(live[i].handle, seq).value(),
                             ref.finish(live[i].ref_handle, seq));
                    live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
                }
                QCOMPARE(cache.size_tokens(), ref.size());
                QCOMPARE(cache.reserved_tokens(), ref.reserved());
                QVERIFY(cache.size_tokens() + cache.reserved_tokens() <= capacity);
                QVERIFY(tree_leaves(cache) == ref.leaves());
                // What a running request stored is still there, whole, under its own salt,
                // whatever others evicted: its path is locked until it finishes.
                for (const Live& l : live) {
                    if (!l.stored)
                        continue;
                    const std::optional<std::string_view> s =
                        l.salt.empty() ? std::nullopt : std::optional<std::string_view>(l.salt);
                    QCOMPARE(cache.probe(l.prompt, s), static_cast<int>(l.prompt.size()));
                    ++locked_checks;
                }
                Tokens q(1 + rng() % 8);
                for (auto& t : q)
                    t = static_cast<int32_t>(rng() % 3);
                QCOMPARE(cache.probe(q, std::nullopt), ref.probe("", q));
                QCOMPARE(cache.probe(q, std::string_view("b")), ref.probe("b", q));
                ++checks;
            }
        }
        qInfo(
            "radix vs reference: %lld steps, %lld admissions with hits, %lld tokens evicted, "
            "%lld not stored, %lld running prompts probed whole",
            checks, hits, evictions, refusals, locked_checks);
        QVERIFY(hits > 100);
        QVERIFY(locked_checks > 100);
        QVERIFY(evictions > 100);
        QVERIFY(refusals > 0);
    }

    // One trace, worked out by hand for each policy (block size 16, prices from assets/lint:
    // claude-sonnet-4-5 $3/MTok, writes x1.25 (5m) or x2 (1h), reads x0.1; gpt-4.1 $2, cached
    // $0.50; both minimums 1,024 tokens).
    void fourPoliciesKnownAnswers() {
        const Tokens system = range(0, 1100);
        const Tokens user0 = range(5000, 50), user1 = range(6000, 50);
        pl::PolicyTrace trace;
        trace.scenario = "hand";
        trace.block_size = 16;
        trace.capacity_blocks = 1000;
        trace.config.n_layer = 4;
        trace.config.n_head = 4;
        trace.config.n_embd = 256;
        trace.config.n_positions = 2048;
        trace.config.vocab_size = 2048;
        // 0: cold, writes the system prompt (5m breakpoint after it).
        trace.requests.push_back(request(0, system, user0, {{0, 300}}));
        // 1: another question after the same system prompt, its breakpoint now 1h.
        trace.requests.push_back(request(10, system, user1, {{0, 3600}}));
        // 2: request 0 again, from another tenant: nothing is shared across salts.
        trace.requests.push_back(request(20, system, user0, {{0, 300}}, "tenant-b"));
        // 3: request 1 again, 390 s later: 5-minute entries are gone, the 1-hour one is not.
        trace.requests.push_back(request(400, system, user1, {{0, 300}}));
        // 4: five breakpoints: Anthropic refuses the request.
        auto five = request(401, system, user1, {{0, 300}, {0, 300}, {0, 300}, {1, 300}, {1, 300}});
        trace.requests.push_back(five);
        // 5: a short prompt: below both APIs' minimum.
        trace.requests.push_back(request(402, range(0, 100), range(8000, 20), {{0, 300}}));

        auto cmp = pl::compare_policies(trace, tables());
        QVERIFY2(cmp.ok(), cmp.ok() ? "" : cmp.error().message.c_str());
        auto reused = [&](CachePolicy p) {
            std::vector<int> v;
            for (const PolicyRequest& r : cmp->at(p))
                v.push_back(r.reused_tokens);
            return v;
        };
        // vLLM: full blocks only (1100 -> 68 blocks = 1088); request 3 is request 1 again, all
        // 72 full blocks but the one-token rule (1153 tokens: 1152); request 4 the same.
        QCOMPARE(reused(CachePolicy::Vllm), (std::vector<int>{0, 1088, 0, 1152, 1152, 96}));
        // Radix: to the token (1100); whole prompts less one token (1152).
        QCOMPARE(reused(CachePolicy::Radix), (std::vector<int>{0, 1100, 0, 1152, 1152, 100}));
        // Request 5 shares its first 100 tokens with the system prompt (96 in whole blocks).
        // Anthropic: the breakpoint's prefix (1100); request 3 finds the 1-hour entry of
        // request 1; request 4 is refused; request 5 is too short to cache.
        QCOMPARE(reused(CachePolicy::Anthropic), (std::vector<int>{0, 1100, 0, 1100, 0, 0}));
        // OpenAI: 1,024 then 128-token steps: request 1 shares 1100 tokens -> 1024; request 3
        // comes after the 5-minute idle limit; request 4 repeats request 3 -> 1152.
        QCOMPARE(reused(CachePolicy::OpenAI), (std::vector<int>{0, 1024, 0, 0, 1152, 0}));

        const auto& an = cmp->at(CachePolicy::Anthropic);
        QCOMPARE(an[0].written_tokens, 1100);
        QCOMPARE(an[1].written_tokens, 0);
        QVERIFY(an[4].rejected);
        QCOMPARE(an[4].note, PolicyNote::TooManyBreakpoints);
        QCOMPARE(an[5].note, PolicyNote::BelowMinimum);
        QCOMPARE(cmp->at(CachePolicy::OpenAI)[5].note, PolicyNote::BelowMinimum);
        auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
        // 53 base + 1100 written at 1.25 = 1428 token-prices of $3/M.
        QVERIFY(near(an[0].cost_usd, 1428 * 3e-6));
        // 53 base + 1100 read at 0.1.
        QVERIFY(near(an[1].cost_usd, 163 * 3e-6));
        QVERIFY(near(an[0].uncached_cost_usd, 1153 * 3e-6));
        const auto& oa = cmp->at(CachePolicy::OpenAI);
        QCOMPARE(oa[1].price_model, std::string("gpt-4.1"));
        QVERIFY(near(oa[1].cost_usd, (129 * 2.0 + 1024 * 0.5) / 1e6));
        const auto& vl = cmp->at(CachePolicy::Vllm);
        QVERIFY(near(vl[1].cost_usd, (65 * 3.0 + 1088 * 0.3) / 1e6));
        // vLLM writes the full blocks it computes: 72 of them cold, 4 after the shared 68.
        QCOMPARE(vl[0].written_tokens, 1152);
        QCOMPARE(vl[1].written_tokens, 64);
        // TTFT falls with reuse, through one cost model for all four.
        const auto& rx = cmp->at(CachePolicy::Radix);
        QVERIFY(rx[1].ttft_ms < vl[1].ttft_ms);
        QVERIFY(vl[1].ttft_ms < vl[0].ttft_ms);
        QCOMPARE(oa[3].ttft_ms, vl[0].ttft_ms);
        // The radix view's snapshot: the matched path covers exactly the reused tokens.
        QVERIFY(rx[1].radix);
        int covered = 0;
        for (int id : rx[1].radix->matched_path) {
            for (const auto& n : rx[1].radix->nodes) {
                if (n.id == id)
                    covered += static_cast<int>(n.tokens.size());
            }
        }
        QCOMPARE(covered, 1100);
    }

    // The semantic contrast: a one-number change looks like the same question (and would get the
    // old answer); another tenant's questions are never compared.
    void semanticCacheReturnsLookalikeAnswers() {
        QVERIFY(pl::word_cosine("Can I return it?", "can i RETURN it") > 0.999);
        QCOMPARE(pl::word_cosine("lens", "tripod"), 0.0);
        pl::PolicyTrace trace;
        trace.config.n_layer = 1;
        trace.config.n_embd = 8;
        trace.config.vocab_size = 16;
        trace.config.n_positions = 64;
        auto add = [&](double at, const std::string& q, const std::string& a,
                       std::optional<std::string> salt) {
            auto r = request(at, range(0, 20), range(100 + static_cast<int>(at), 5), {}, salt);
            r.question = q;
            r.answer = a;
            trace.requests.push_back(r);
        };
        add(0, "Can I return a lens I bought 20 days ago?", "Yes, within 30 days.", std::nullopt);
        add(1, "Can I return a lens I bought 40 days ago?", "No.", std::nullopt);
        add(2, "How long does shipping to Vienna take?", "2 to 4 days.", std::nullopt);
        add(3, "Can I return a lens I bought 40 days ago?", "No.", std::string("other"));
        auto cmp = pl::compare_policies(trace, tables());
        QVERIFY(cmp.ok());
        const auto& s = cmp->semantic;
        QCOMPARE(s.size(), std::size_t(4));
        QCOMPARE(s[0].nearest, -1);
        QVERIFY(s[1].hit);
        QCOMPARE(s[1].nearest, 0);
        QCOMPARE(s[1].answer, std::string("Yes, within 30 days."));
        QVERIFY(!s[2].hit);
        QVERIFY(s[2].similarity < 0.5);
        QCOMPARE(s[3].nearest, -1);  // the other tenant asked nothing before
    }

    // `run --policy vllm` replays the trace through PrefixCache as the runner drove it: every
    // request reuses exactly what the default run reused (concurrency, eviction and salts
    // included), the default output carries no policy fields, and the radix tree never reuses
    // less where nothing is evicted.
    void vllmPolicyMatchesTheRunner_data() {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("ample");
        QTest::newRow("agent-loop") << QStringLiteral("agent-loop") << true;
        QTest::newRow("two-tenants-salt") << QStringLiteral("two-tenants-salt") << true;
        QTest::newRow("concurrent-sessions") << QStringLiteral("concurrent-sessions") << false;
    }
    void vllmPolicyMatchesTheRunner() {
        QFETCH(QString, scenario);
        QFETCH(bool, ample);
        auto lines = [&](const QStringList& extra) {
            QProcess p;
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                    QStringList{"run", scenario, "--backend", "cpu", "--json"} + extra);
            p.waitForFinished(600000);
            std::vector<nlohmann::json> out;
            for (const QByteArray& l : p.readAllStandardOutput().split('\n')) {
                if (!l.trimmed().isEmpty())
                    out.push_back(nlohmann::json::parse(l.toStdString()));
            }
            return out;
        };
        const auto plain = lines({});
        const auto vllm = lines({"--policy", "vllm"});
        const auto radix = lines({"--policy", "radix"});
        QVERIFY(!plain.empty());
        QCOMPARE(vllm.size(), plain.size());
        QCOMPARE(radix.size(), plain.size());
        int evicted_blocks = 0;
        for (std::size_t i = 0; i < plain.size(); ++i) {
            QVERIFY(!plain[i].contains("policy"));
            QCOMPARE(vllm[i]["policy"].get<std::string>(), std::string("vllm"));
            QCOMPARE(vllm[i]["cached_tokens"].get<int>(), plain[i]["cached_tokens"].get<int>());
            QCOMPARE(vllm[i]["evicted"].size(), plain[i]["evicted"].size());
            // The simulator's own count, against the blocks the runner evicted (whole blocks).
            const int block_size = plain[i]["block_size"].get<int>();
            QCOMPARE(vllm[i]["evicted_tokens"].get<int>(),
                     static_cast<int>(plain[i]["evicted"].size()) * block_size);
            evicted_blocks += static_cast<int>(plain[i]["evicted"].size());
            QVERIFY(vllm[i]["output_text"] == plain[i]["output_text"]);
            for (std::size_t b = 0; b < plain[i]["blocks"].size(); ++b)
                QVERIFY(vllm[i]["blocks"][b]["state"] == plain[i]["blocks"][b]["state"]);
            QCOMPARE(radix[i]["cached_tokens"].get<int>() + radix[i]["computed_tokens"].get<int>(),
                     radix[i]["prompt_tokens"].get<int>());
            if (ample)
                QVERIFY(radix[i]["cached_tokens"].get<int>() >=
                        plain[i]["cached_tokens"].get<int>());
        }
        // The tight pool evicts, so the comparison above is not of zeros only.
        if (!ample)
            QVERIFY(evicted_blocks > 0);
    }

    // Lesson 3 steps 3 and 4 quote these reuse counts: the lesson's text must stay true of the
    // model, the tokenizer and the API rules it runs with.
    void lessonThreeCountsHold() {
        auto reuse = [](const char* scenario, const char* policy, int request) {
            QProcess p;
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                    QStringList{"run", scenario, "--backend", "cpu", "--json", "--policy", policy});
            p.waitForFinished(600000);
            for (const QByteArray& l : p.readAllStandardOutput().split('\n')) {
                if (l.trimmed().isEmpty())
                    continue;
                const auto j = nlohmann::json::parse(l.toStdString());
                if (j.value("request", -1) == request)
                    return std::pair{j["reused_tokens"].get<int>(), j.value("note", std::string())};
            }
            return std::pair{-1, std::string("no such request")};
        };
        QCOMPARE(reuse("few-shot", "vllm", 2).first, 832);
        QCOMPARE(reuse("few-shot", "radix", 2).first, 838);
        QCOMPARE(reuse("few-shot", "anthropic", 2), std::pair(0, std::string("no-breakpoint")));
        QCOMPARE(reuse("few-shot", "openai", 2), std::pair(0, std::string("below-minimum")));
        QCOMPARE(reuse("long-document-qa", "radix", 1).first, 1146);
        QCOMPARE(reuse("long-document-qa", "anthropic", 1).first, 1142);
        QCOMPARE(reuse("long-document-qa", "vllm", 1).first, 1136);
        QCOMPARE(reuse("long-document-qa", "openai", 1).first, 1024);
    }

    // Lesson 5 step 6: history put between the system prompt and the tools leaves only the
    // system prompt to reuse at every step, where agent-loop, appending at the end, reuses
    // nearly all of each step's prompt.
    void interleavedHistoryReusesOnlyTheSystemPrompt() {
        auto cached = [](const char* scenario) {
            QProcess p;
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                    QStringList{"run", scenario, "--backend", "cpu", "--json"});
            p.waitForFinished(600000);
            std::vector<std::pair<int, int>> out;  // cached, prompt tokens per request
            for (const QByteArray& l : p.readAllStandardOutput().split('\n')) {
                if (l.trimmed().isEmpty())
                    continue;
                const auto j = nlohmann::json::parse(l.toStdString());
                if (j.contains("prompt_tokens"))
                    out.emplace_back(j["cached_tokens"].get<int>(), j["prompt_tokens"].get<int>());
            }
            return out;
        };
        const auto appended = cached("agent-loop");
        const auto interleaved = cached("agent-loop-interleaved");
        QVERIFY(appended.size() >= 5 && interleaved.size() >= 5);
        const int system = interleaved[1].first;
        QVERIFY(system > 0);
        for (std::size_t i = 1; i < interleaved.size(); ++i) {
            QCOMPARE(interleaved[i].first, system);
            QVERIFY(4 * interleaved[i].first < interleaved[i].second);
        }
        for (std::size_t i = 1; i <= 4; ++i)
            QVERIFY2(10 * appended[i].first > 7 * appended[i].second,
                     qPrintable(QStringLiteral("agent-loop request %1: %2 of %3")
                                    .arg(i)
                                    .arg(appended[i].first)
                                    .arg(appended[i].second)));
    }

    // One trace billed by the five APIs, worked out by hand from assets/lint: where each caches,
    // what it reads and what it costs. Default models: claude-sonnet-4-5 ($3, min 1,024),
    // gpt-4.1 ($2, cached $0.50), gemini-2.5-flash ($0.30, cached $0.03, min 2,048, to the
    // token, 5 minutes), amazon.nova-pro ($0.80, reads x0.25, writes x1, 1,000 tokens per
    // checkpoint, no lookback), deepseek-chat ($0.56, hits $0.07, units, 1 hour).
    void fiveProvidersKnownAnswers() {
        using K = pl::PartKind;
        const Tokens system = range(0, 2100);
        const Tokens head(system.begin(), system.begin() + 1200),
            tail(system.begin() + 1200, system.end());
        auto ask = [&](double at, int user, std::vector<int> markers = {0}) {
            return blocks_request(at, {{K::System, system}, {K::Message, range(user, 50)}},
                                  markers);
        };
        pl::PolicyTrace trace;
        trace.scenario = "five";
        trace.block_size = 16;
        trace.capacity_blocks = 1000;
        trace.config.n_layer = 4;
        trace.config.n_head = 4;
        trace.config.n_embd = 256;
        trace.config.n_positions = 4096;
        trace.config.vocab_size = 2048;
        trace.requests.push_back(ask(0, 5000));   // 0: cold
        trace.requests.push_back(ask(10, 6000));  // 1: another question, same system prompt
        trace.requests.push_back(ask(20, 5000));  // 2: request 0 again
        trace.requests.push_back(ask(30, 7000));  // 3: a third question
        // 4: the system prompt as two blocks (1,200 + 900 tokens), a marker after each.
        trace.requests.push_back(blocks_request(
            40, {{K::System, head}, {K::System, tail}, {K::Message, range(8000, 50)}}, {0, 1}));
        // 5: request 0 with five markers: both marker APIs refuse it.
        trace.requests.push_back(ask(50, 5000, {0, 0, 0, 1, 1}));
        // 6: request 1 again, 950 s after it.
        trace.requests.push_back(ask(1000, 6000));

        const pl::lint::LintTables t = tables();
        auto cmp = pl::compare_policies(trace, t);
        QVERIFY2(cmp.ok(), cmp.ok() ? "" : cmp.error().message.c_str());
        auto field = [&](CachePolicy p, int PolicyRequest::*f) {
            std::vector<int> v;
            for (const PolicyRequest& r : cmp->at(p))
                v.push_back(r.*f);
            return v;
        };
        const auto reused = [&](CachePolicy p) { return field(p, &PolicyRequest::reused_tokens); };
        const auto written = [&](CachePolicy p) {
            return field(p, &PolicyRequest::written_tokens);
        };
        // Anthropic: the marker's prefix (2,100); request 4's second marker finds it; request 6
        // comes after the 5-minute lifetime.
        QCOMPARE(reused(CachePolicy::Anthropic),
                 (std::vector<int>{0, 2100, 2100, 2100, 2100, 0, 0}));
        // OpenAI: 1,024 + 8 x 128 = 2,048 of the 2,153-token prompts, even of a repeat.
        QCOMPARE(reused(CachePolicy::OpenAI),
                 (std::vector<int>{0, 2048, 2048, 2048, 2048, 2048, 0}));
        // Gemini: to the token, the whole prompt of a repeat; gone after 5 idle minutes.
        QCOMPARE(reused(CachePolicy::Gemini),
                 (std::vector<int>{0, 2100, 2153, 2100, 2100, 2153, 0}));
        QCOMPARE(written(CachePolicy::Gemini), (std::vector<int>(7, 0)));
        // Bedrock (Nova): request 4's second point is 900 tokens after the first, under the
        // 1,000 a checkpoint needs, so it caches only the first 1,200 tokens, and with no
        // lookback it cannot find the 2,100-token entry; request 5 is refused.
        QCOMPARE(reused(CachePolicy::Bedrock), (std::vector<int>{0, 2100, 2100, 2100, 0, 0, 0}));
        QCOMPARE(written(CachePolicy::Bedrock), (std::vector<int>{2100, 0, 0, 0, 1200, 0, 2100}));
        // DeepSeek: request 1 shares 2,100 tokens with request 0 but no whole unit, so it misses
        // and stores the common 2,048 (whole 64-token units) as a unit; a repeat hits the unit
        // ending at its user input (2,150); the units outlive 950 s.
        QCOMPARE(reused(CachePolicy::DeepSeek),
                 (std::vector<int>{0, 0, 2150, 2048, 2048, 2150, 2150}));
        QVERIFY(cmp->at(CachePolicy::Bedrock)[5].rejected);
        QCOMPARE(cmp->at(CachePolicy::Bedrock)[5].note, PolicyNote::TooManyBreakpoints);
        QVERIFY(!cmp->at(CachePolicy::DeepSeek)[5].rejected);

        auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
        const auto& ge = cmp->at(CachePolicy::Gemini);
        QCOMPARE(ge[1].price_model, std::string("gemini-2.5-flash"));
        QCOMPARE(ge[1].min_tokens, 2048);
        QVERIFY(near(ge[0].cost_usd, 2153 * 0.30 / 1e6));
        QVERIFY(near(ge[1].cost_usd, (53 * 0.30 + 2100 * 0.03) / 1e6));
        const auto& br = cmp->at(CachePolicy::Bedrock);
        QCOMPARE(br[0].price_model, std::string("amazon.nova-pro-v1:0"));
        QVERIFY(near(br[0].cost_usd, 2153 * 0.8 / 1e6));  // writes at the input price
        QVERIFY(near(br[1].cost_usd, (53 + 2100 * 0.25) * 0.8 / 1e6));
        QVERIFY(near(br[5].cost_usd, 0.0));
        const auto& ds = cmp->at(CachePolicy::DeepSeek);
        QCOMPARE(ds[2].price_model, std::string("deepseek-chat"));
        QVERIFY(near(ds[1].cost_usd, 2153 * 0.56 / 1e6));
        QVERIFY(near(ds[2].cost_usd, (3 * 0.56 + 2150 * 0.07) / 1e6));
        QVERIFY(near(ds[2].uncached_cost_usd, 2153 * 0.56 / 1e6));
        // The same trace costs each API something else.
        double total[7] = {};
        for (CachePolicy p : pl::kAllPolicies) {
            for (const PolicyRequest& r : cmp->at(p))
                total[static_cast<int>(p)] += r.cost_usd;
        }
        for (CachePolicy a : {CachePolicy::Gemini, CachePolicy::Bedrock, CachePolicy::DeepSeek}) {
            for (CachePolicy b : pl::kAllPolicies) {
                if (a != b && b != CachePolicy::Vllm && b != CachePolicy::Radix)
                    QVERIFY(!near(total[static_cast<int>(a)], total[static_cast<int>(b)]));
            }
        }
    }

    // Bedrock with a Claude model (a --pricing file's default): Claude's minimum and 20-block
    // lookback, Claude's price at 1.25x writes; the minimum still counts per checkpoint.
    void bedrockClaudeFollowsClaudeRules() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("pricing.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"bedrock": {"default_model": "us.anthropic.claude-sonnet-4-5-20250929-v1:0"}})");
        f.close();
        pl::lint::LintTables t = tables();
        QVERIFY(t.apply_pricing_overrides(file.toStdString()).ok());
        using K = pl::PartKind;
        const Tokens system = range(0, 2100);
        const Tokens head(system.begin(), system.begin() + 1200),
            tail(system.begin() + 1200, system.end());
        pl::PolicyTrace trace;
        trace.scenario = "claude-on-bedrock";
        trace.config.n_positions = 4096;
        trace.requests.push_back(
            blocks_request(0, {{K::System, system}, {K::Message, range(5000, 50)}}, {0}));
        trace.requests.push_back(blocks_request(
            10, {{K::System, head}, {K::System, tail}, {K::Message, range(8000, 50)}}, {0, 1}));
        auto res = pl::simulate_policy(CachePolicy::Bedrock, trace, t);
        QVERIFY(res.ok());
        QCOMPARE((*res)[0].price_model, std::string("claude-sonnet-4-5"));
        QCOMPARE((*res)[0].min_tokens, 1024);
        QCOMPARE((*res)[0].written_tokens, 2100);
        QVERIFY(std::fabs((*res)[0].cost_usd - (53 + 2100 * 1.25) * 3e-6) < 1e-12);
        // The 900-token second point caches nothing on Bedrock; Anthropic's API reads 2,100.
        QCOMPARE((*res)[1].reused_tokens, 0);
        QCOMPARE((*res)[1].written_tokens, 1200);
        auto direct = pl::simulate_policy(CachePolicy::Anthropic, trace, t);
        QVERIFY(direct.ok());
        QCOMPARE((*direct)[1].reused_tokens, 2100);
    }

    // The tables give every provider its rows, minimum and rules; a --pricing file reaches each.
    void tablesCoverFiveProviders() {
        using pl::Provider;
        pl::lint::LintTables t = tables();
        QCOMPARE(t.min_tokens(Provider::Gemini, "gemini-2.5-pro"), 2048);
        QCOMPARE(t.min_tokens(Provider::Gemini, "gemini-3-pro-preview"), 4096);
        QCOMPARE(t.min_tokens(Provider::Bedrock, "us.amazon.nova-lite-v1:0"), 1000);
        QVERIFY(t.min_tokens_match(Provider::Bedrock, "us.amazon.nova-lite-v1:0").known);
        QCOMPARE(t.min_tokens(Provider::Bedrock, "us.anthropic.claude-haiku-4-5-20251001-v1:0"),
                 4096);
        QCOMPARE(t.min_tokens(Provider::DeepSeek, "deepseek-reasoner"), 64);
        QVERIFY(t.min_tokens_match(Provider::DeepSeek, "deepseek-reasoner").known);
        QCOMPARE(t.input_prices(Provider::Gemini, "gemini-2.5-pro-latest").cached_input, 0.125);
        QCOMPARE(t.input_prices(Provider::Bedrock, "amazon.nova-micro-v1:0").read, 0.25);
        QCOMPARE(t.input_prices(Provider::Bedrock, "anthropic.claude-opus-4-1-20250805-v1:0").input,
                 15.0);
        QCOMPARE(
            t.input_prices(Provider::Bedrock, "anthropic.claude-opus-4-1-20250805-v1:0").write_5m,
            1.25);
        QCOMPARE(t.prices(Provider::DeepSeek).default_model, std::string("deepseek-chat"));
        const pl::lint::CacheRules nova = t.cache_rules(Provider::Bedrock, "amazon.nova-pro-v1:0");
        QCOMPARE(nova.max_markers, 4);
        QCOMPARE(nova.max_cached_tokens, 32000);
        QVERIFY(!nova.tools_cacheable);
        QCOMPARE(nova.ttl_extended_s, 0.0);
        QVERIFY(t.cache_rules(Provider::Bedrock, "us.anthropic.claude-sonnet-4-5-v1:0")
                    .tools_cacheable);
        QCOMPARE(t.cache_rules(Provider::Gemini, "gemini-2.5-flash").ttl_default_s, 300.0);
        QVERIFY(!t.cache_rules(Provider::Gemini, "gemini-2.0-flash").implicit);
        QCOMPARE(t.cache_rules(Provider::DeepSeek, "deepseek-chat").unit_tokens, 64);
        QCOMPARE(t.cache_rules(Provider::OpenAI, "gpt-4.1").step_tokens, 128);
        QCOMPARE(t.cache_rules(Provider::Anthropic, "claude-sonnet-4-5").lookback_blocks, 20);
        // Every row carries its page and the date it was read.
        for (Provider p : pl::kAllProviders) {
            QVERIFY(!t.prices(p).rows.empty());
            for (const auto& [match, row] : t.prices(p).rows)
                QVERIFY2(!row.source.empty() && !row.read.empty(), row.name.c_str());
            for (const auto& row : t.min_table(p).rows)
                QVERIFY2(!row.source.empty() && !row.read.empty(), row.match.c_str());
        }
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("mine.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"gemini": {"models": [{"name": "gemini-2.5-flash", "input": 0.2, "cached_input": 0.02}]},
                    "bedrock": {"models": [{"name": "amazon.nova-pro-v1:0", "input": 0.7, "cache_read_multiplier": 0.5}]},
                    "deepseek": {"models": [{"name": "deepseek-chat", "input": 0.28, "cached_input": 0.028}]}})");
        f.close();
        QVERIFY(t.apply_pricing_overrides(file.toStdString()).ok());
        QCOMPARE(t.input_prices(Provider::Gemini, "gemini-2.5-flash").input, 0.2);
        QCOMPARE(t.input_prices(Provider::Bedrock, "amazon.nova-pro-v1:0").read, 0.5);
        QCOMPARE(t.input_prices(Provider::DeepSeek, "deepseek-chat").cached_input, 0.028);
        QCOMPARE(t.price(Provider::DeepSeek, "deepseek-chat").source, file.toStdString());
    }

    void policyNamesRoundTrip() {
        for (CachePolicy p : pl::kAllPolicies)
            QCOMPARE(pl::parse_policy(pl::policy_name(p)), std::optional<CachePolicy>(p));
        QVERIFY(!pl::parse_policy("lru"));
        QCOMPARE(pl::parse_policy("gemini"), std::optional(CachePolicy::Gemini));
        QCOMPARE(pl::parse_policy("bedrock"), std::optional(CachePolicy::Bedrock));
        QCOMPARE(pl::parse_policy("deepseek"), std::optional(CachePolicy::DeepSeek));
    }
};

QTEST_GUILESS_MAIN(TestPolicies)
#include "test_policies.moc"
