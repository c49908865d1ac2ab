// prefixlens watch: subscribes to the KV-event streams of vLLM or SGLang servers and shows what
// they hold (SPEC §7). No Qt here: the slim command-line build has it too.
#include <signal.h>

#include <malloc.h>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <unordered_set>

#include "cli_args.h"
#include "cli_table.h"
#include "commands.h"
#include "core/json_util.h"
#include "lint/dynamic_values.h"
#include "live/kv_event_client.h"
#include "live/prompt_match.h"
#include "live/remote_cache_model.h"
#include "live/server_metrics.h"
#include "prompt/chat_format.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::cli {

namespace {

volatile std::sig_atomic_t g_stop = 0;

extern "C" void on_stop_signal(int) {
    g_stop = 1;
}

using json = nlohmann::ordered_json;

std::string dump(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// What --json says of a matched block.
json match_json(const live::LocalBlock& m) {
    json j;
    j["request"] = m.request;
    j["block"] = m.block;
    j["part"] = m.part;
    j["scheme"] = live::hash_scheme_name(m.scheme);
    return j;
}

// "your request 2's system prompt, block 3"
std::string match_phrase(const live::LocalBlock& m) {
    return "your request " + std::to_string(m.request) + "'s " + live::part_phrase(m.part) +
           ", block " + std::to_string(m.block);
}

struct Metrics {
    std::optional<live::CacheMetrics> first;
    std::optional<live::CacheMetrics> last;
    std::string last_error;
};

// Heap bytes in use (glibc's allocator statistics, mmapped chunks included): unlike the
// resident set, memory freed by an earlier measurement does not hide the next one.
std::size_t heap_bytes() {
    const struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

// watch --measure-memory [--blocks N]: the remote-cache model's memory per held block and how
// fast it takes events, with no server: N blocks stored as vLLM would (chains of 8 blocks of
// 16 tokens under 1,000 shared roots), once without and once with the tokens kept (--tokenizer).
int measure_memory(long blocks) {
    json out;
    out["blocks"] = blocks;
    for (const bool keep_tokens : {false, true}) {
        const std::size_t before = heap_bytes();
        auto model = std::make_unique<live::RemoteCacheModel>(
            live::RemoteCacheModel::Options{.churn_window_s = 10, .keep_tokens = keep_tokens});
        const auto t0 = std::chrono::steady_clock::now();
        uint64_t next = 1;
        long events = 0;
        live::KvEvent e;
        e.type = live::KvEventType::Stored;
        e.block_size = 16;
        for (long stored = 0; stored < blocks;) {
            const long n = std::min<long>(8, blocks - stored);
            e.hashes.clear();
            e.token_ids.clear();
            e.parent = live::RemoteHash::from_u64(0x9e3779b97f4a7c15ULL * (1 + next % 1000));
            for (long i = 0; i < n; ++i) {
                e.hashes.push_back(live::RemoteHash::from_u64(0xbf58476d1ce4e5b9ULL * ++next));
                for (int t = 0; t < 16; ++t)
                    e.token_ids.push_back(static_cast<int32_t>((next * 31 + t) % 50000));
            }
            model->apply(0, e, 0);
            stored += n;
            ++events;
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const std::size_t after = heap_bytes();
        json m;
        m["held"] = model->held();
        m["nodes"] = model->nodes();
        m["bytes_per_held_block"] = after > before ? static_cast<double>(after - before) /
                                                         static_cast<double>(model->held())
                                                   : 0.0;
        m["store_events_per_s"] = s > 0 ? static_cast<double>(events) / s : 0.0;
        m["blocks_per_s"] = s > 0 ? static_cast<double>(blocks) / s : 0.0;
        out[keep_tokens ? "with_tokens" : "without_tokens"] = std::move(m);
    }
    std::printf("%s\n", dump(out).c_str());
    return 0;
}

}  // namespace

int run_watch(const std::vector<std::string>& args) {
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("watch"), a); !err.empty())
        return fail_usage("watch: " + err);
    if (a.has("--measure-memory")) {
        long blocks = 1000000;
        if (auto b = a.get("--blocks"))
            if (auto err = parse_int("--blocks", *b, 1, 100000000, blocks); !err.empty())
                return fail_usage("watch: " + err);
        return measure_memory(blocks);
    }
    if (a.positional.empty())
        return fail_usage(
            "watch: give at least one ENDPOINT (the server's ZMQ PUB socket, e.g. "
            "tcp://HOST:5557)");

    live::LiveClientOptions options;
    for (const auto& p : a.positional) {
        options.endpoints.push_back(live::endpoint_from_arg(p));
        if (auto ok = live::validate_endpoint(options.endpoints.back().endpoint); !ok)
            return fail_usage("watch: " + ok.error().message);
    }
    if (auto r = a.get("--replay")) {
        // With several endpoints (data-parallel ranks), the i-th asks the replay port + i.
        for (std::size_t i = 0; i < options.endpoints.size(); ++i) {
            auto ep = live::offset_endpoint_port(*r, static_cast<int>(i));
            if (!ep)
                return fail_usage("watch: --replay: " + ep.error().message);
            options.endpoints[i].replay = *ep;
        }
    }
    options.topic = a.get("--topic").value_or("");
    double duration_s = 0;
    if (auto d = a.get("--duration")) {
        char* end = nullptr;
        duration_s = std::strtod(d->c_str(), &end);
        if (d->empty() || *end != '\0' || !(duration_s > 0) || duration_s > 1e7)
            return fail_usage("watch: --duration: '" + *d + "' is not a number of seconds above 0");
    }
    std::optional<std::string> metrics_url = a.get("--metrics");
    if (metrics_url)
        if (auto u = live::parse_http_url(*metrics_url); !u)
            return fail_usage("watch: " + u.error().message);
    std::optional<BpeTokenizer> tokenizer;
    if (auto dir = a.get("--tokenizer")) {
        const std::filesystem::path d(*dir);
        auto t = BpeTokenizer::load_folder(d);
        if (!t)
            return fail_usage("watch: --tokenizer: " + t.error().message);
        tokenizer = std::move(*t);
    }
    // --match: the local prompts' blocks, hashed as the server would (live/prompt_match.h).
    std::optional<live::PromptMatcher> matcher;
    if (auto file = a.get("--match")) {
        if (!tokenizer)
            return fail_usage(
                "watch: --match needs --tokenizer DIR, the server's own tokenizer (vocab.json "
                "and merges.txt): the blocks match only if the tokens are the server's");
        long block_size = 16;
        if (auto b = a.get("--block-size"))
            if (auto err = parse_int("--block-size", *b, 1, 65536, block_size); !err.empty())
                return fail_usage("watch: " + err);
        // The server renders each request in the model's chat format: from the folder's
        // tokenizer_config.json, or PrefixLens's own template for a GPT-2-style folder.
        auto format = chat_format_of_folder(*a.get("--tokenizer"));
        if (!format)
            return fail_usage("watch: --match: " + format.error().message);
        ChatOptions chat;
        if (*format && (*format)->date_from_clock) {
            // A Llama 3.2+ server writes the day it renders the prompt ("04 Dec 2026").
            const std::time_t now = std::time(nullptr);
            char day[32];
            std::strftime(day, sizeof day, "%d %b %Y", std::localtime(&now));
            chat.date_string = day;
        }
        auto prompts = live::load_match_prompts(*file, *tokenizer, *format, chat);
        if (!prompts)
            return fail_usage("watch: --match " + prompts.error().message);
        matcher.emplace(*prompts, static_cast<int>(block_size), a.get("--hash-seed"));
        if (matcher->blocks() == 0)
            return fail_usage("watch: --match " + *file + ": no prompt there is " +
                              std::to_string(block_size) +
                              " tokens long, so it has no full block to match");
    } else if (a.has("--block-size") || a.has("--hash-seed")) {
        return fail_usage("watch: --block-size and --hash-seed go with --match FILE");
    }
    const bool as_json = a.has("--json");

    live::RemoteCacheModel model({.churn_window_s = 10.0, .keep_tokens = tokenizer.has_value()});
    std::mutex mutex;  // the model and the window counters, shared with the client's thread
    int64_t window_stored = 0, window_removed = 0;
    int64_t matched = 0;  // stored blocks that are local blocks
    std::unordered_set<live::RemoteHash, live::RemoteHashHasher> announced;  // text mode
    const auto started = std::chrono::steady_clock::now();
    auto since_start = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    std::vector<std::string> labels;
    for (const auto& ep : options.endpoints)
        labels.push_back(ep.label);

    auto sink = [&](live::LiveRecord&& r) {
        using K = live::LiveRecord::Kind;
        const std::string& label = labels[static_cast<std::size_t>(r.source)];
        std::lock_guard lock(mutex);
        switch (r.kind) {
            case K::Batch: {
                const double now = since_start();
                for (const auto& e : r.batch.events) {
                    model.apply(r.source, e, now);
                    if (e.type == live::KvEventType::Stored)
                        window_stored += static_cast<int64_t>(e.hashes.size());
                    else if (e.type == live::KvEventType::Removed)
                        window_removed += static_cast<int64_t>(e.hashes.size());
                    if (matcher && e.type == live::KvEventType::Stored) {
                        for (const auto& h : e.hashes) {
                            const live::LocalBlock* m = matcher->find(h);
                            if (!m)
                                continue;
                            ++matched;
                            if (!as_json && announced.insert(h).second)
                                std::printf("block %s = %s\n", h.hex().c_str(),
                                            match_phrase(*m).c_str());
                        }
                    }
                    if (!as_json)
                        continue;
                    json j;
                    j["endpoint"] = label;
                    j["seq"] = r.batch.seq;
                    j["rank"] = r.batch.rank ? json(*r.batch.rank) : json(nullptr);
                    j["ts"] = r.batch.ts;
                    j["type"] = live::kv_event_type_name(e.type);
                    json hashes = json::array();
                    for (const auto& h : e.hashes)
                        hashes.push_back(h.hex());
                    j["hashes"] = std::move(hashes);
                    j["parent"] = e.parent ? json(e.parent->hex()) : json(nullptr);
                    j["n_tokens"] = e.token_ids.size();
                    if (e.type == live::KvEventType::Stored)
                        j["block_size"] = e.block_size;
                    if (!e.medium.empty())
                        j["medium"] = e.medium;
                    if (r.replayed)
                        j["replayed"] = true;
                    if (tokenizer && e.type == live::KvEventType::Stored)
                        j["text"] = tokenizer->decode(e.token_ids);
                    if (matcher) {
                        // "match": the event's deepest block that is a local one; with several
                        // blocks, "matches" says it per block (null where none).
                        json per = json::array();
                        const live::LocalBlock* last = nullptr;
                        for (const auto& h : e.hashes) {
                            const live::LocalBlock* m = matcher->find(h);
                            per.push_back(m ? match_json(*m) : json(nullptr));
                            if (m)
                                last = m;
                        }
                        if (last)
                            j["match"] = match_json(*last);
                        if (last && e.hashes.size() > 1)
                            j["matches"] = std::move(per);
                    }
                    std::printf("%s\n", dump(j).c_str());
                }
                if (as_json)
                    std::fflush(stdout);
                break;
            }
            case K::Malformed:
                std::fprintf(
                    stderr, "prefixlens watch: %s: a malformed message%s: %s\n", label.c_str(),
                    r.seq >= 0 ? (" (sequence " + std::to_string(r.seq) + ")").c_str() : "",
                    escape_for_message(r.message).c_str());
                break;
            case K::Gap:
                if (!r.filled)
                    std::fprintf(stderr,
                                 "prefixlens watch: %s: %lld messages from sequence %lld are lost "
                                 "(no replay had them); the picture may miss blocks\n",
                                 label.c_str(), static_cast<long long>(r.count),
                                 static_cast<long long>(r.seq));
                break;
            case K::Restart:
                model.clear_source(r.source);
                std::fprintf(stderr, "prefixlens watch: %s\n", r.message.c_str());
                break;
            case K::Notice:
                std::fprintf(stderr, "prefixlens watch: %s\n", r.message.c_str());
                break;
        }
    };

    auto client = live::KvEventClient::start(options, sink);
    if (!client)
        return fail_usage("watch: " + client.error().message);

    g_stop = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    struct sigaction old_int {
    }, old_term{};
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    Metrics metrics;
    auto poll_metrics = [&] {
        auto body = live::http_get(*metrics_url, 2000);
        if (!body) {
            if (body.error().message != metrics.last_error)
                std::fprintf(stderr, "prefixlens watch: %s\n", body.error().message.c_str());
            metrics.last_error = body.error().message;
            return;
        }
        auto samples = live::parse_prometheus_text(*body);
        if (!samples) {
            const std::string msg = *metrics_url + ": " + samples.error().message;
            if (msg != metrics.last_error)
                std::fprintf(stderr, "prefixlens watch: %s\n", msg.c_str());
            metrics.last_error = msg;
            return;
        }
        metrics.last_error.clear();
        metrics.last = live::cache_metrics_of(*samples);
        if (!metrics.first)
            metrics.first = metrics.last;
    };

    auto next_status = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    auto next_metrics = std::chrono::steady_clock::now();
    while (!g_stop && (duration_s <= 0 || since_start() < duration_s)) {
        const auto now = std::chrono::steady_clock::now();
        if (metrics_url && now >= next_metrics) {
            poll_metrics();
            next_metrics = std::chrono::steady_clock::now() + std::chrono::seconds(2);
        }
        if (!as_json && now >= next_status) {
            next_status += std::chrono::seconds(1);
            std::lock_guard lock(mutex);
            std::string line = "held " + std::to_string(model.held()) + " blocks  +" +
                               std::to_string(window_stored) + " stored  -" +
                               std::to_string(window_removed) + " removed";
            if (metrics.last && metrics.last->hit_rate)
                line +=
                    "  hit rate " +
                    std::to_string(static_cast<int>(*metrics.last->hit_rate * 1000 + 0.5) / 10) +
                    "." +
                    std::to_string(static_cast<int>(*metrics.last->hit_rate * 1000 + 0.5) % 10) +
                    "%";
            if (metrics.last && metrics.last->kv_usage)
                line += "  KV " +
                        std::to_string(static_cast<int>(*metrics.last->kv_usage * 100 + 0.5)) + "%";
            std::printf("%s\n", line.c_str());
            std::fflush(stdout);
            window_stored = window_removed = 0;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    (*client)->stop();
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    if (metrics_url)
        poll_metrics();

    const live::LiveCounters c = (*client)->counters();
    lint::DynamicValueDetector detector;
    const auto bps = model.branch_points(as_json ? 20 : 5, tokenizer ? &*tokenizer : nullptr,
                                         tokenizer ? &detector : nullptr);
    if (as_json) {
        json s;
        c.each([&](const char* name, int64_t value) { s[name] = value; });
        s["stored"] = model.stored_blocks();
        s["removed"] = model.removed_blocks();
        s["cleared"] = model.cleared();
        s["held"] = model.held();
        s["churned"] = model.churned_blocks();
        if (matcher)
            s["matched"] = matched;
        json list = json::array();
        for (const auto& bp : bps) {
            json b;
            b["endpoint"] = labels[static_cast<std::size_t>(bp.source)];
            b["parent"] = bp.parent.hex();
            b["children"] = bp.children;
            b["depth_blocks"] = bp.depth_blocks;
            b["descendants"] = bp.descendants;
            if (bp.text) {
                b["text"] = *bp.text;
                b["first_diff_token"] = bp.first_diff_token;
                b["diverging"] = bp.diverging;
                b["looks_dynamic"] =
                    bp.looks_dynamic.empty() ? json(nullptr) : json(bp.looks_dynamic);
            }
            if (matcher)
                if (const live::LocalBlock* m = matcher->find(bp.parent))
                    b["match"] = match_json(*m);
            list.push_back(std::move(b));
        }
        s["branch_points"] = std::move(list);
        if (metrics_url) {
            s["hit_rate"] = metrics.last && metrics.last->hit_rate ? json(*metrics.last->hit_rate)
                                                                   : json(nullptr);
            if (metrics.first && metrics.last)
                if (auto r = live::interval_hit_rate(*metrics.first, *metrics.last))
                    s["hit_rate_while_watching"] = *r;
            s["kv_usage"] = metrics.last && metrics.last->kv_usage ? json(*metrics.last->kv_usage)
                                                                   : json(nullptr);
        }
        std::printf("%s\n", dump(json{{"summary", s}}).c_str());
        return 0;
    }
    std::printf(
        "\n%lld events: %lld blocks stored, %lld removed (%lld within 10 s of their store), "
        "%zu held at the end\n",
        static_cast<long long>(c.events), static_cast<long long>(model.stored_blocks()),
        static_cast<long long>(model.removed_blocks()),
        static_cast<long long>(model.churned_blocks()), model.held());
    if (c.malformed || c.unknown || c.gaps || c.restarts)
        std::printf(
            "%lld malformed messages, %lld events of unknown types, %lld sequence gaps "
            "(%lld lost), %lld restarts\n",
            static_cast<long long>(c.malformed), static_cast<long long>(c.unknown),
            static_cast<long long>(c.gaps), static_cast<long long>(c.gaps_unfilled),
            static_cast<long long>(c.restarts));
    if (matcher)
        std::printf("%lld stored blocks are blocks of your prompts\n",
                    static_cast<long long>(matched));
    if (bps.empty()) {
        std::printf("no branch points: no held block has two held children\n");
    } else {
        std::printf("branch points (where prompts diverge), most children first:\n");
        for (const auto& bp : bps) {
            std::printf("  %d chains split after block %d (%s)", bp.children, bp.depth_blocks,
                        bp.parent.hex().c_str());
            if (bp.text) {
                std::printf(": %s", dump(json(*bp.text)).c_str());
                if (!bp.diverging.empty())
                    std::printf(" then %s", dump(json(bp.diverging.front())).c_str());
                if (!bp.looks_dynamic.empty())
                    std::printf("; the diverging text looks like a %s", bp.looks_dynamic.c_str());
            }
            if (matcher)
                if (const live::LocalBlock* m = matcher->find(bp.parent))
                    std::printf(" [%s]", match_phrase(*m).c_str());
            std::printf("\n");
        }
    }
    return 0;
}

}  // namespace pl::cli
