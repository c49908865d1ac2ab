// The live view of a serving engine: the KV-event decoder on hand-built msgpack, the remote
// cache model on traces with known answers, the block hashes against python3-cbor2's vectors,
// the metrics reader, and, over loopback, the client against tools/kv_event_publisher.py in
// every format (replay, gaps, restarts, malformed frames) and `prefixlens watch` end to end.
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#ifndef MSGPACK_NO_BOOST
#define MSGPACK_NO_BOOST
#endif
#include <msgpack.hpp>

#include "core/assets.h"
#include "lint/dynamic_values.h"
#include "live/kv_event_client.h"
#include "live/kv_event_decoder.h"
#include "live/prompt_match.h"
#include "live/remote_block_hash.h"
#include "live/remote_cache_model.h"
#include "live/server_metrics.h"
#include "prompt/renderer.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"

using namespace pl;
using namespace pl::live;

namespace {

using Packer = msgpack::packer<msgpack::sbuffer>;

std::span<const uint8_t> bytes_of(const msgpack::sbuffer& b) {
    return {reinterpret_cast<const uint8_t*>(b.data()), b.size()};
}

KvBatch decode_ok(const msgpack::sbuffer& b) {
    auto r = decode_kv_payload(bytes_of(b));
    if (!r) {
        qWarning("%s", r.error().message.c_str());
        return KvBatch{.seq = -99};
    }
    return *r;
}

void pack_str(Packer& p, std::string_view s) {
    p.pack_str(static_cast<uint32_t>(s.size()));
    p.pack_str_body(s.data(), static_cast<uint32_t>(s.size()));
}

std::filesystem::path repo_root() {
    return std::filesystem::absolute(test::data_dir()).parent_path().parent_path();
}

QString python() {
    // Debian's interpreter, where python3-zmq, -msgpack and -cbor2 are installed.
    const QString env = qEnvironmentVariable("PREFIXLENS_PYTHON");
    if (!env.isEmpty())
        return env;
    return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// tools/kv_event_publisher.py on 127.0.0.1, free ports; killed when the test ends.
struct Publisher {
    QProcess proc;
    QJsonObject info;

    bool start(const QStringList& extra) {
        QStringList args{
            QString::fromStdString((repo_root() / "tools/kv_event_publisher.py").string())};
        // It publishes once our subscription is in, however slowly the client started (a
        // sanitizer build on a busy machine), so nothing is missed for want of time.
        args << extra << "--wait-subscriber"
             << "30";
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        proc.start(python(), args);
        if (!proc.waitForStarted(10000))
            return false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!proc.canReadLine() && std::chrono::steady_clock::now() < deadline)
            proc.waitForReadyRead(200);
        if (!proc.canReadLine()) {
            qWarning("publisher: %s", proc.readAllStandardError().constData());
            return false;
        }
        info = QJsonDocument::fromJson(proc.readLine()).object();
        return !info.value("endpoint").toString().isEmpty();
    }
    std::string endpoint() const { return info.value("endpoint").toString().toStdString(); }
    std::string replay() const { return info.value("replay").toString().toStdString(); }
    // Ends a publisher started with --until-stdin-closes at once, the others after --linger.
    bool finish(int timeout_ms = 60000) {
        proc.closeWriteChannel();
        if (!proc.waitForFinished(timeout_ms))
            return false;
        while (proc.canReadLine()) {
            const QJsonObject o = QJsonDocument::fromJson(proc.readLine()).object();
            if (o.contains("published"))
                published = o.value("published").toInteger(-1);
        }
        return proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0;
    }
    // How many sequence numbers it used (its last line, read by finish()); -1 if unknown.
    int64_t published = -1;
    ~Publisher() {
        if (proc.state() != QProcess::NotRunning) {
            proc.kill();
            proc.waitForFinished(5000);
        }
    }
};

// Everything a client hands its sink, kept for the test to look at.
struct Collected {
    std::mutex m;
    std::vector<LiveRecord> records;
    KvEventClient::Sink sink() {
        return [this](LiveRecord&& r) {
            std::lock_guard lock(m);
            records.push_back(std::move(r));
        };
    }
    template <class Pred>
    bool wait_for(Pred pred, int timeout_ms = 30000) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (std::chrono::steady_clock::now() < deadline) {
            {
                std::lock_guard lock(m);
                if (pred(records))
                    return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return false;
    }
};

// A normalised event as `watch --json` would print it, hashes by position in the stream.
struct Flat {
    std::string type;
    std::vector<std::string> hashes;
    std::string parent;
    std::vector<int32_t> tokens;
};

// Stored events flattened to one block each (SGLang sends a page per event, vLLM a request).
std::vector<Flat> per_block(const std::vector<LiveRecord>& recs) {
    std::vector<Flat> out;
    for (const auto& r : recs) {
        if (r.kind != LiveRecord::Kind::Batch)
            continue;
        for (const auto& e : r.batch.events) {
            if (e.type != KvEventType::Stored) {
                Flat f{kv_event_type_name(e.type), {}, "", {}};
                for (const auto& h : e.hashes)
                    f.hashes.push_back(h.hex());
                out.push_back(f);
                continue;
            }
            const std::size_t bs = static_cast<std::size_t>(e.block_size);
            for (std::size_t i = 0; i < e.hashes.size(); ++i) {
                Flat f{"stored", {e.hashes[i].hex()}, "", {}};
                if (i > 0)
                    f.parent = e.hashes[i - 1].hex();
                else if (e.parent)
                    f.parent = e.parent->hex();
                f.tokens.assign(e.token_ids.begin() + static_cast<long>(i * bs),
                                e.token_ids.begin() + static_cast<long>((i + 1) * bs));
                out.push_back(f);
            }
        }
    }
    return out;
}

// Whether `blocks` blocks (as per_block counts them) have arrived.
bool has_blocks(const std::vector<LiveRecord>& recs, std::size_t blocks) {
    return per_block(recs).size() >= blocks;
}

std::vector<LiveRecord> run_publisher(const QStringList& args, std::size_t until_blocks,
                                      bool with_replay = true, int* malformed = nullptr,
                                      LiveCounters* counters = nullptr) {
    Publisher pub;
    if (!pub.start(args))
        return {};
    Collected got;
    LiveClientOptions o;
    o.endpoints.push_back({"test", pub.endpoint(), with_replay ? pub.replay() : ""});
    o.topic = "kv-events";
    auto client = KvEventClient::start(o, got.sink());
    if (!client) {
        qWarning("%s", client.error().message.c_str());
        return {};
    }
    got.wait_for([&](const auto& r) { return has_blocks(r, until_blocks); });
    pub.finish();
    // The last message may still be on its way when the publisher exits.
    if (pub.published > 0)
        got.wait_for([&](const auto& recs) {
            return std::any_of(recs.begin(), recs.end(), [&](const LiveRecord& r) {
                return r.kind == LiveRecord::Kind::Batch && r.seq == pub.published - 1;
            });
        });
    (*client)->stop();
    if (counters)
        *counters = (*client)->counters();
    if (malformed)
        *malformed = static_cast<int>((*client)->counters().malformed);
    return std::move(got.records);
}

// What `prefixlens watch` printed, and whether everything the test waited for arrived.
struct WatchOutput {
    int exit_code = -1;
    QByteArray out, err;
    bool arrived = false;
};

// Runs `prefixlens watch ARGS` (no --duration: it watches until stopped) until `arrived` holds
// for its output so far, then stops it as Ctrl-C would: it polls the metrics once more and
// prints its summary. Waiting on what arrived, with a generous bound, and not a fixed duration,
// so a loaded machine takes as long as it needs.
WatchOutput watch_until(const QStringList& args,
                        const std::function<bool(const QByteArray&)>& arrived,
                        int timeout_ms = 120000) {
    WatchOutput r;
    QProcess p;
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"), args);
    if (!p.waitForStarted(10000))
        return r;
    QElapsedTimer clock;
    clock.start();
    while (!(r.arrived = arrived(r.out)) && clock.elapsed() < timeout_ms &&
           p.state() == QProcess::Running) {
        p.waitForReadyRead(200);
        r.out += p.readAllStandardOutput();
    }
    p.terminate();
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.out += p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

// Blocks in `type` events among the whole lines of `watch --json` output.
int json_blocks(const QByteArray& out, const char* type) {
    int n = 0;
    const int end = out.lastIndexOf('\n');
    for (const QByteArray& l : out.left(end + 1).split('\n')) {
        if (l.trimmed().isEmpty())
            continue;
        const auto j = nlohmann::json::parse(l.toStdString(), nullptr, false);
        if (j.is_object() && j.value("type", "") == type)
            n += static_cast<int>(j["hashes"].size());
    }
    return n;
}

}  // namespace

class TestLive : public QObject {
    Q_OBJECT

  private slots:
    // --- the decoder -------------------------------------------------------------------

    void decodes_tagged_arrays_with_integer_hashes() {
        msgpack::sbuffer b;
        Packer p(b);
        p.pack_array(3);
        p.pack(1733140000.5);
        p.pack_array(3);
        // ["BlockStored", hashes, parent, tokens, block_size, lora_id, medium, lora_name]
        p.pack_array(8);
        pack_str(p, "BlockStored");
        p.pack_array(2);
        p.pack(uint64_t{0xfedcba9876543210ULL});  // above 2^63: must stay exact
        p.pack(uint64_t{7});
        p.pack_nil();
        p.pack_array(4);
        for (int t : {1, 2, 3, 4})
            p.pack(t);
        p.pack(2);
        p.pack_nil();
        pack_str(p, "GPU");
        p.pack_nil();
        p.pack_array(3);
        pack_str(p, "BlockRemoved");
        p.pack_array(1);
        p.pack(uint64_t{7});
        pack_str(p, "GPU");
        p.pack_array(1);
        pack_str(p, "AllBlocksCleared");
        p.pack(3);  // data_parallel_rank
        const KvBatch batch = decode_ok(b);
        QCOMPARE(batch.events.size(), std::size_t{3});
        QCOMPARE(batch.rank.value_or(-1), int64_t{3});
        QCOMPARE(batch.ts, 1733140000.5);
        const KvEvent& s = batch.events[0];
        QVERIFY(s.type == KvEventType::Stored);
        QCOMPARE(s.hashes.size(), std::size_t{2});
        QCOMPARE(s.hashes[0].hex(), std::string("fedcba9876543210"));
        QCOMPARE(s.hashes[1].hex(), std::string("0000000000000007"));
        QVERIFY(!s.parent);
        QCOMPARE(s.token_ids, (std::vector<int32_t>{1, 2, 3, 4}));
        QCOMPARE(s.block_size, 2);
        QCOMPARE(s.medium, std::string("GPU"));
        QVERIFY(batch.events[1].type == KvEventType::Removed);
        QCOMPARE(batch.events[1].hashes[0].hex(), std::string("0000000000000007"));
        QVERIFY(batch.events[2].type == KvEventType::Cleared);
    }

    void decodes_maps_with_omitted_defaults_and_binary_hashes() {
        msgpack::sbuffer b;
        Packer p(b);
        p.pack_map(3);
        pack_str(p, "ts");
        p.pack(12.0);
        pack_str(p, "events");
        p.pack_array(2);
        // A map event: "type" first, lora/medium/extra keys left out, a field from the future.
        p.pack_map(6);
        pack_str(p, "type");
        pack_str(p, "BlockStored");
        pack_str(p, "block_hashes");
        p.pack_array(1);
        std::string digest(32, '\0');
        for (int i = 0; i < 32; ++i)
            digest[static_cast<std::size_t>(i)] = static_cast<char>(i * 7);
        p.pack_bin(32);
        p.pack_bin_body(digest.data(), 32);
        pack_str(p, "parent_block_hash");
        p.pack_bin(32);
        p.pack_bin_body(std::string(32, '\x11').data(), 32);
        pack_str(p, "token_ids");
        p.pack_array(2);
        p.pack(10);
        p.pack(11);
        pack_str(p, "block_size");
        p.pack(2);
        pack_str(p, "kv_cache_spec_sliding_window");  // unknown to this build: skipped
        p.pack_map(1);
        pack_str(p, "x");
        p.pack_array(0);
        // An event type from a future release: counted, not fatal.
        p.pack_map(1);
        pack_str(p, "type");
        pack_str(p, "BlockPinned");
        pack_str(p, "data_parallel_rank");
        p.pack_nil();
        const KvBatch batch = decode_ok(b);
        QCOMPARE(batch.events.size(), std::size_t{1});
        QCOMPARE(batch.unknown, 1);
        QVERIFY(!batch.rank);
        const KvEvent& s = batch.events[0];
        QCOMPARE(s.hashes[0].size, uint8_t{32});
        QCOMPARE(s.hashes[0].hex().substr(0, 8), std::string("00070e15"));
        QCOMPARE(s.parent->hex(), std::string(64, '1'));
        QCOMPARE(s.block_size, 2);
        QVERIFY(s.medium.empty());
    }

    void decodes_sglang_signed_hashes() {
        msgpack::sbuffer b;
        Packer p(b);
        p.pack_array(3);
        p.pack(1.0);
        p.pack_array(1);
        p.pack_array(7);
        pack_str(p, "BlockStored");
        p.pack_array(1);
        p.pack(int64_t{-2});  // two's complement: fffffffffffffffe
        p.pack(int64_t{-9223372036854775807LL - 1});
        p.pack_array(2);
        p.pack(5);
        p.pack(6);
        p.pack(2);
        p.pack_nil();
        pack_str(p, "GPU");
        p.pack(0);
        const KvBatch batch = decode_ok(b);
        QCOMPARE(batch.events.size(), std::size_t{1});
        QCOMPARE(batch.events[0].hashes[0].hex(), std::string("fffffffffffffffe"));
        QCOMPARE(batch.events[0].parent->hex(), std::string("8000000000000000"));
        QCOMPARE(batch.rank.value_or(-1), int64_t{0});
    }

    void malformed_payloads_are_errors_not_crashes() {
        auto bad = [](const msgpack::sbuffer& b) { return !decode_kv_payload(bytes_of(b)).ok(); };
        const std::vector<std::vector<uint8_t>> raw = {
            {},
            {0x93, 0xcb},                                      // truncated float
            {0xdd, 0xff, 0xff, 0xff, 0xff},                    // an array claiming 4 billion items
            {0x92, 0xcb, 0, 0, 0, 0, 0, 0, 0, 0, 0x90, 0x00},  // a trailing byte
            {0xc1},                                            // never-used type byte
        };
        for (const auto& r : raw)
            QVERIFY(!decode_kv_payload(r).ok());
        {
            msgpack::sbuffer b;  // block_hashes not an array
            Packer p(b);
            p.pack_array(2);
            p.pack(1.0);
            p.pack_array(1);
            p.pack_array(2);
            pack_str(p, "BlockStored");
            pack_str(p, "x");
            QVERIFY(bad(b));
        }
        {
            msgpack::sbuffer b;  // a 40-byte hash
            Packer p(b);
            p.pack_array(2);
            p.pack(1.0);
            p.pack_array(1);
            p.pack_array(2);
            pack_str(p, "BlockRemoved");
            p.pack_array(1);
            p.pack_bin(40);
            p.pack_bin_body(std::string(40, 'a').data(), 40);
            const auto r = decode_kv_payload(bytes_of(b));
            QVERIFY(!r.ok());
            QVERIFY(r.error().message.find("40 bytes") != std::string::npos);
        }
        {
            msgpack::sbuffer b;  // a map event without "type"
            Packer p(b);
            p.pack_array(2);
            p.pack(1.0);
            p.pack_array(1);
            p.pack_map(0);
            QVERIFY(bad(b));
        }
        const std::vector<uint8_t> seven(7, 0);
        QVERIFY(!decode_seq_frame(seven).ok());
        const std::vector<uint8_t> minus_one(8, 0xff);
        QCOMPARE(*decode_seq_frame(minus_one), int64_t{-1});
    }

    // --- the model ---------------------------------------------------------------------

    void model_forest_and_branch_points() {
        RemoteCacheModel model({.churn_window_s = 5, .keep_tokens = true});
        auto h = [](uint64_t v) { return RemoteHash::from_u64(v); };
        auto stored = [&](std::vector<uint64_t> hs, std::optional<uint64_t> parent) {
            KvEvent e;
            e.type = KvEventType::Stored;
            for (auto v : hs)
                e.hashes.push_back(h(v));
            if (parent)
                e.parent = h(*parent);
            e.block_size = 1;
            for (auto v : hs)
                e.token_ids.push_back(static_cast<int32_t>(v % 1000));
            return e;
        };
        // A chain 1-2-3; 3 has children 10, 20, 30 (each with one more block); 2 has child 40.
        model.apply(0, stored({1, 2, 3}, std::nullopt), 0);
        model.apply(0, stored({10, 11}, 3), 1);
        model.apply(0, stored({20, 21}, 3), 1);
        model.apply(0, stored({30, 31}, 3), 1);
        model.apply(0, stored({40}, 2), 1);
        QCOMPARE(model.held(), std::size_t{10});
        auto bps = model.branch_points(10);
        QCOMPARE(bps.size(), std::size_t{2});
        QCOMPARE(bps[0].parent.hex(), h(3).hex());
        QCOMPARE(bps[0].children, 3);
        QCOMPARE(bps[0].depth_blocks, 3);
        QCOMPARE(bps[0].descendants, int64_t{6});
        QCOMPARE(bps[1].parent.hex(), h(2).hex());
        QCOMPARE(bps[1].children, 2);

        // vLLM may evict a parent before its children: 3 goes, its subtree stays linked.
        KvEvent rm;
        rm.type = KvEventType::Removed;
        rm.hashes = {h(3), h(31)};
        model.apply(0, rm, 3);  // both within the churn window
        QCOMPARE(model.held(), std::size_t{8});
        QCOMPARE(model.churned_blocks(), int64_t{2});
        bps = model.branch_points(10);
        QCOMPARE(bps.size(), std::size_t{0});  // 3 is not held; 2 has one held child (40)
        const auto forest = model.forest(10, 10);
        QCOMPARE(forest.size(), std::size_t{1});
        QCOMPARE(forest[0].descendants, int64_t{8});
        // Removing an unknown block changes nothing but a counter.
        rm.hashes = {h(999)};
        model.apply(0, rm, 20);
        QCOMPARE(model.removed_unknown(), int64_t{1});
        // Another source has its own cache; clearing one leaves the other.
        model.apply(1, stored({1, 2}, std::nullopt), 21);
        QCOMPARE(model.held(1), std::size_t{2});
        KvEvent clear;
        clear.type = KvEventType::Cleared;
        model.apply(0, clear, 22);
        QCOMPARE(model.held(), std::size_t{2});
        QCOMPARE(model.nodes(), std::size_t{2});
    }

    void model_survives_a_cycle_in_a_broken_stream() {
        RemoteCacheModel model;
        KvEvent a;
        a.type = KvEventType::Stored;
        a.hashes = {RemoteHash::from_u64(1)};
        a.parent = RemoteHash::from_u64(2);
        KvEvent b = a;
        b.hashes = {RemoteHash::from_u64(2)};
        b.parent = RemoteHash::from_u64(1);
        model.apply(0, a, 0);
        model.apply(0, b, 0);
        QCOMPARE(model.held(), std::size_t{2});
        (void)model.forest(5, 5);
        (void)model.branch_points(5);
    }

    // --- hashes ------------------------------------------------------------------------

    void block_hashes_match_python_cbor2_vectors() {
        const auto j =
            nlohmann::json::parse(test::read_file(test::data_dir() / "live/hash_vectors.json"));
        int checked = 0;
        for (const auto& c : j.at("cases")) {
            const std::vector<int32_t> tokens = c.at("tokens").get<std::vector<int32_t>>();
            const int bs = c.at("block_size").get<int>();
            const std::string seed = c.at("seed").get<std::string>();
            const auto v = remote_block_hashes(HashScheme::VllmSha256Cbor, tokens, bs, seed);
            const auto s = remote_block_hashes(HashScheme::SglangPage, tokens, bs);
            const auto ev = c.at("vllm_sha256_cbor").get<std::vector<std::string>>();
            const auto es = c.at("sglang").get<std::vector<std::string>>();
            QCOMPARE(v.size(), ev.size());
            QCOMPARE(s.size(), es.size());
            for (std::size_t i = 0; i < v.size(); ++i) {
                QCOMPARE(to_hex(v[i]), ev[i]);
                QCOMPARE(to_hex(s[i]), es[i]);
                ++checked;
            }
            // The forms events carry: vLLM's last 8 bytes, SGLang's first 8.
            if (!v.empty()) {
                QCOMPARE(published_form(HashScheme::VllmSha256Cbor, v[0]).hex(), ev[0].substr(48));
                QCOMPARE(published_form(HashScheme::SglangPage, s[0]).hex(), es[0].substr(0, 16));
                QVERIFY(matches(HashScheme::VllmSha256Cbor, v[0],
                                *RemoteHash::from_bytes(v[0].data(), 32)));
            }
        }
        QVERIFY(checked >= 10);
    }

    // --- metrics -----------------------------------------------------------------------

    void reads_prometheus_pages() {
        const std::string vllm =
            "# HELP vllm:prefix_cache_queries_total Prefix cache queries, in tokens.\n"
            "# TYPE vllm:prefix_cache_queries_total counter\n"
            "vllm:prefix_cache_queries_total{engine=\"0\",model_name=\"m\"} 1000.0\n"
            "vllm:prefix_cache_queries_total{engine=\"1\",model_name=\"m\"} 1000.0\n"
            "vllm:prefix_cache_hits_total{engine=\"0\",model_name=\"a \\\"quoted} name\"} 500\n"
            "vllm:kv_cache_usage_perc{engine=\"0\"} 0.25\r\n"
            "vllm:num_requests_running 3 1733140000000\n";
        auto s = parse_prometheus_text(vllm);
        QVERIFY(s.ok());
        const CacheMetrics m = cache_metrics_of(*s);
        QCOMPARE(m.engine, std::string("vllm"));
        QCOMPARE(*m.hit_rate, 0.25);
        QCOMPARE(*m.kv_usage, 0.25);
        CacheMetrics later = m;
        later.queries_tokens = *m.queries_tokens + 100;
        later.hit_tokens = *m.hit_tokens + 90;
        QCOMPARE(*interval_hit_rate(m, later), 0.9);

        auto g = parse_prometheus_text(
            "sglang:cache_hit_rate{model_name=\"x\"} 0.5\n"
            "sglang:token_usage{model_name=\"x\"} 0.125\n");
        QVERIFY(g.ok());
        QCOMPARE(cache_metrics_of(*g).engine, std::string("sglang"));
        QCOMPARE(*cache_metrics_of(*g).hit_rate, 0.5);

        // Numbers that cannot be a cache's give no rate, not one outside 0..1.
        for (const char* page : {"vllm:prefix_cache_queries 10\nvllm:prefix_cache_hits 11\n",
                                 "vllm:prefix_cache_queries 10\nvllm:prefix_cache_hits -1\n",
                                 "sglang:cache_hit_rate 1.5\n", "sglang:cache_hit_rate -0.5\n"}) {
            auto p = parse_prometheus_text(page);
            QVERIFY(p.ok());
            const CacheMetrics bad = cache_metrics_of(*p);
            QVERIFY2(!bad.engine.empty() && !bad.hit_rate, page);
        }
        CacheMetrics ahead = m;
        ahead.queries_tokens = *m.queries_tokens + 10;
        ahead.hit_tokens = *m.hit_tokens + 11;
        QVERIFY(!interval_hit_rate(m, ahead));

        QVERIFY(!parse_prometheus_text("{oops} 1\n").ok());
        QVERIFY(!parse_prometheus_text("x{a=\"1\" 2\n").ok());
        QVERIFY(!parse_http_url("https://x/metrics").ok());
        QVERIFY(!parse_http_url("http://h:0/metrics").ok());
        QCOMPARE(parse_http_url("http://127.0.0.1:8000")->path, std::string("/metrics"));
    }

    // --- endpoints ---------------------------------------------------------------------

    void endpoints_are_checked() {
        QVERIFY(validate_endpoint("tcp://127.0.0.1:5557").ok());
        QVERIFY(validate_endpoint("ipc:///tmp/x").ok());
        QVERIFY(!validate_endpoint("tcp://*:5557").ok());
        QVERIFY(!validate_endpoint("tcp://host").ok());
        QVERIFY(!validate_endpoint("tcp://host:99999").ok());
        QVERIFY(!validate_endpoint("http://host:5557").ok());
        QCOMPARE(*offset_endpoint_port("tcp://10.0.0.2:5557", 3),
                 std::string("tcp://10.0.0.2:5560"));
        QVERIFY(!offset_endpoint_port("tcp://h:65535", 1).ok());
        const LiveEndpoint named = endpoint_from_arg("rank0=tcp://h:5557");
        QCOMPARE(named.label, std::string("rank0"));
        QCOMPARE(named.endpoint, std::string("tcp://h:5557"));
        // An '=' after the scheme belongs to the endpoint (an ipc path may hold one).
        const LiveEndpoint bare = endpoint_from_arg("ipc:///tmp/a=b");
        QCOMPARE(bare.label, std::string("ipc:///tmp/a=b"));
        QCOMPARE(bare.endpoint, bare.label);
    }

    // --- loopback, against the test publisher ------------------------------------------

    void every_format_gives_the_same_events() {
        std::map<std::string, std::vector<Flat>> by_format;
        for (const char* fmt : {"vllm-array", "vllm-map-int", "vllm-map-bin", "sglang"}) {
            const auto recs = run_publisher(
                {"--format", fmt, "--linger", "20", "--until-stdin-closes", "--start-delay", "0.3"},
                26 + 1);
            by_format[fmt] = per_block(recs);
            QVERIFY2(by_format[fmt].size() == 26 + 1, fmt);  // 26 blocks stored, then a removal
        }
        const auto& a = by_format["vllm-array"];
        const auto& m = by_format["vllm-map-int"];
        const auto& bin = by_format["vllm-map-bin"];
        const auto& sg = by_format["sglang"];
        for (std::size_t i = 0; i < a.size(); ++i) {
            // Same types, same tokens everywhere; same integer hashes from both vLLM layouts;
            // the binary digest ends with the integer.
            QCOMPARE(m[i].type, a[i].type);
            QCOMPARE(sg[i].type, a[i].type);
            QCOMPARE(m[i].hashes, a[i].hashes);
            QCOMPARE(m[i].parent, a[i].parent);
            QCOMPARE(m[i].tokens, a[i].tokens);
            QCOMPARE(bin[i].tokens, a[i].tokens);
            QCOMPARE(sg[i].tokens, a[i].tokens);
            for (std::size_t k = 0; k < a[i].hashes.size(); ++k)
                QCOMPARE(bin[i].hashes[k].substr(48), a[i].hashes[k]);
        }
        // Each server's hashes are the ones its hash function gives for the chain's tokens
        // (rebuilt from the stream): the remote blocks can be matched to a local prompt.
        std::map<std::string, std::vector<int32_t>> prefix;  // hash -> tokens up to it
        int matched = 0;
        const std::pair<const std::vector<Flat>*, HashScheme> streams[] = {
            {&a, HashScheme::VllmSha256Cbor}, {&sg, HashScheme::SglangPage}};
        for (const auto& [stream, scheme] : streams) {
            prefix.clear();
            for (const Flat& f : *stream) {
                if (f.type != "stored")
                    continue;
                std::vector<int32_t> toks =
                    f.parent.empty() ? std::vector<int32_t>{} : prefix[f.parent];
                toks.insert(toks.end(), f.tokens.begin(), f.tokens.end());
                prefix[f.hashes[0]] = toks;
                const auto digests = remote_block_hashes(scheme, toks, 16, "0");
                QCOMPARE(published_form(scheme, digests.back()).hex(), f.hashes[0]);
                ++matched;
            }
        }
        QCOMPARE(matched, 52);
    }

    void branch_points_on_the_known_trace() {
        const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        auto tok = BpeTokenizer::load(root / "vocab.json", root / "merges.txt");
        QVERIFY(tok.ok());
        const auto recs = run_publisher(
            {"--vocab", QString::fromStdString((root / "vocab.json").string()), "--format",
             "sglang", "--linger", "20", "--until-stdin-closes", "--start-delay", "0.3"},
            26 + 1);
        RemoteCacheModel model({.keep_tokens = true});
        for (const auto& r : recs)
            if (r.kind == LiveRecord::Kind::Batch)
                for (const auto& e : r.batch.events)
                    model.apply(r.source, e, 0);
        QCOMPARE(model.stored_blocks(), int64_t{26});
        QCOMPARE(model.removed_blocks(), int64_t{2});
        QCOMPARE(model.held(), std::size_t{24});
        lint::DynamicValueDetector detector;
        const auto bps = model.branch_points(10, &*tok, &detector);
        QCOMPARE(bps.size(), std::size_t{2});
        // Block 4 (" Time: 2026-12-0"): five clock times follow it.
        QCOMPARE(bps[0].children, 5);
        QCOMPARE(bps[0].depth_blocks, 5);
        QCOMPARE(*bps[0].text, std::string(" Time: 2026-12-0"));
        QCOMPARE(bps[0].first_diff_token, 6);  // "2 11:4" is shared, the minute differs
        QCOMPARE(bps[0].looks_dynamic, std::string("timestamp"));
        // Below it: requests 0-3 keep blocks 5-7 (12), request 4 keeps block 5 (1), requests
        // 5-7 add blocks 6 and 7 under request 0's block 5 (6).
        QCOMPARE(bps[0].descendants, int64_t{19});
        // Request 0's block 5: four questions follow the same clock time.
        QCOMPARE(bps[1].children, 4);
        QCOMPARE(bps[1].depth_blocks, 6);
        QCOMPARE(*bps[1].text, std::string("2 11:41:07 UTC.\n"));
        QCOMPARE(bps[1].looks_dynamic, std::string());
    }

    void a_gap_is_filled_from_replay() {
        LiveCounters c;
        const auto recs = run_publisher(
            {"--gap-at", "3", "--linger", "20", "--until-stdin-closes", "--start-delay", "0.3"}, 27,
            true, nullptr, &c);
        const auto flat = per_block(recs);
        QCOMPARE(flat.size(), std::size_t{27});
        QCOMPARE(c.gaps, int64_t{1});
        QCOMPARE(c.gaps_unfilled, int64_t{0});
        bool reported = false;
        int64_t last = -1;
        for (const auto& r : recs) {
            if (r.kind == LiveRecord::Kind::Gap) {
                QVERIFY(r.filled);
                QCOMPARE(r.seq, int64_t{3});
                reported = true;
            }
            if (r.kind == LiveRecord::Kind::Batch) {
                QCOMPARE(r.seq, last + 1);  // in order, none twice
                last = r.seq;
            }
        }
        QVERIFY(reported);
        // Without a replay socket the same gap is reported as lost.
        const auto lost = run_publisher({"--gap-at", "3", "--replay", "none", "--linger", "20",
                                         "--until-stdin-closes", "--start-delay", "0.5"},
                                        24, false, nullptr, &c);
        QCOMPARE(c.gaps_unfilled, int64_t{1});
    }

    void a_late_subscription_is_caught_up_from_replay() {
        // Sequence 0 goes out where the subscription cannot see it, after the replay asked for
        // on connect found nothing: as when a client connects just as its server starts. The
        // first message heard is 1, so the client asks the replay again and loses nothing.
        LiveCounters c;
        const auto recs = run_publisher(
            {"--gap-at", "0", "--linger", "20", "--until-stdin-closes", "--start-delay", "0.3"}, 27,
            true, nullptr, &c);
        QCOMPARE(per_block(recs).size(), std::size_t{27});
        QCOMPARE(c.gaps, int64_t{0});
        QVERIFY(c.replayed >= 1);
        int64_t last = -1;
        for (const auto& r : recs)
            if (r.kind == LiveRecord::Kind::Batch) {
                QCOMPARE(r.seq, last + 1);
                last = r.seq;
            }
    }

    // Two data-parallel ranks (or replicas), each its own labelled source: every block is kept
    // under the rank that holds it, and one rank's removal or clear leaves the other's alone.
    void two_ranks_are_kept_apart() {
        Publisher a, b;
        QVERIFY(a.start({"--format", "vllm-map-int", "--linger", "20", "--until-stdin-closes"}));
        QVERIFY(b.start({"--format", "sglang", "--linger", "20", "--until-stdin-closes"}));
        Collected got;
        LiveClientOptions o;
        o.endpoints.push_back({"rank0", a.endpoint(), a.replay()});
        o.endpoints.push_back({"rank1", b.endpoint(), b.replay()});
        o.topic = "kv-events";
        auto client = KvEventClient::start(o, got.sink());
        QVERIFY2(client, client ? "" : client.error().message.c_str());
        auto of_source = [](const std::vector<LiveRecord>& recs, int source) {
            std::vector<LiveRecord> mine;
            for (const auto& r : recs) {
                if (r.source == source)
                    mine.push_back(r);
            }
            return mine;
        };
        QVERIFY(got.wait_for([&](const auto& recs) {
            return has_blocks(of_source(recs, 0), 27) && has_blocks(of_source(recs, 1), 27);
        }));
        QVERIFY(a.finish());
        QVERIFY(b.finish());
        (*client)->stop();
        QCOMPARE((*client)->counters().gaps_unfilled, int64_t{0});
        const auto r0 = per_block(of_source(got.records, 0));
        const auto r1 = per_block(of_source(got.records, 1));
        QCOMPARE(r0.size(), std::size_t{27});
        QCOMPARE(r1.size(), std::size_t{27});
        for (std::size_t i = 0; i < r0.size(); ++i)
            QCOMPARE(r1[i].tokens, r0[i].tokens);  // the same trace, each in its engine's hashes
        RemoteCacheModel model({.churn_window_s = 5, .keep_tokens = false});
        for (const auto& r : got.records) {
            if (r.kind != LiveRecord::Kind::Batch)
                continue;
            for (const auto& e : r.batch.events)
                model.apply(r.source, e, 0);
        }
        // 26 blocks stored, then one removal event (of two blocks) on each rank.
        QCOMPARE(r0.back().type, std::string("removed"));
        QCOMPARE(r0.back().hashes.size(), std::size_t{2});
        QCOMPARE(model.held(0), std::size_t{24});
        QCOMPARE(model.held(1), std::size_t{24});
        model.clear_source(1);
        QCOMPARE(model.held(0), std::size_t{24});
        QCOMPARE(model.held(1), std::size_t{0});
    }

    void a_publisher_restart_is_survived() {
        LiveCounters c;
        // 3 requests (14 blocks), restart, 5 more requests on a new server (seq from 0).
        const auto recs = run_publisher({"--restart-after", "3", "--linger", "20",
                                         "--until-stdin-closes", "--start-delay", "0.3"},
                                        6, true, nullptr, &c);
        QCOMPARE(c.restarts, int64_t{1});
        RemoteCacheModel model;
        bool restarted = false;
        for (const auto& r : recs) {
            if (r.kind == LiveRecord::Kind::Restart) {
                model.clear_source(r.source);
                restarted = true;
            }
            if (r.kind == LiveRecord::Kind::Batch)
                for (const auto& e : r.batch.events)
                    model.apply(r.source, e, 0);
        }
        QVERIFY(restarted);
        // The new server stored requests 3-7 from scratch: request 3's 8 blocks, 3 for request
        // 4, 3 for request 5 (request 0's clock time is new there), 2 each for 6 and 7; then
        // request 4's last two were evicted.
        QCOMPARE(model.held(), std::size_t{8 + 3 + 3 + 2 + 2 - 2});
    }

    void ten_thousand_malformed_frames_are_counted() {
        int malformed = 0;
        LiveCounters c;
        const auto recs = run_publisher({"--malformed", "10000", "--linger", "20",
                                         "--until-stdin-closes", "--start-delay", "0.3"},
                                        27, true, &malformed, &c);
        QCOMPARE(malformed, 10000);
        QCOMPARE(per_block(recs).size(), std::size_t{27});  // the good ones still all arrive
        QCOMPARE(c.gaps, int64_t{0});
    }

    void a_silent_server_is_reported() {
        Collected got;
        LiveClientOptions o;
        // Port 9 (discard) on loopback: nothing publishes there.
        o.endpoints.push_back({"nobody", "tcp://127.0.0.1:9", "tcp://127.0.0.1:9"});
        o.silence_timeout_ms = 300;
        o.replay_timeout_ms = 300;
        auto client = KvEventClient::start(o, got.sink());
        QVERIFY(client.ok());
        int notices = 0;
        QVERIFY(got.wait_for(
            [&](const auto& recs) {
                notices = 0;
                for (const auto& r : recs)
                    notices += r.kind == LiveRecord::Kind::Notice;
                return notices >= 2;  // the replay did not answer; nothing was heard
            },
            10000));
        (*client)->stop();
    }

    // --- prefixlens watch --------------------------------------------------------------

    void watch_rejects_bad_endpoints() {
        for (const QStringList& args :
             {QStringList{"watch", "tcp://*:5557"}, QStringList{"watch"},
              QStringList{"watch", "tcp://127.0.0.1:5557", "--duration", "x"},
              QStringList{"watch", "tcp://127.0.0.1:5557", "--metrics", "https://h/metrics"}}) {
            QProcess p;
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"), args);
            QVERIFY(p.waitForFinished(20000));
            QCOMPARE(p.exitCode(), 2);
            const QByteArray err = p.readAllStandardError();
            QCOMPARE(err.count('\n'), 1);
            QVERIFY(p.readAllStandardOutput().isEmpty());
        }
    }

    void watch_json_prints_events_and_a_summary() {
        Publisher pub;
        const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        // It lingers (metrics included) until the test is done with it.
        QVERIFY(pub.start({"--vocab", QString::fromStdString((root / "vocab.json").string()),
                           "--metrics-port", "0", "--start-delay", "1.0", "--linger", "120",
                           "--until-stdin-closes"}));
        const WatchOutput w = watch_until(
            {"watch", QString::fromStdString(pub.endpoint()), "--replay",
             QString::fromStdString(pub.replay()), "--topic", "kv-events", "--tokenizer",
             QString::fromStdString(root.string()), "--metrics",
             pub.info.value("metrics").toString(), "--json"},
            [](const QByteArray& out) {
                return json_blocks(out, "stored") >= 26 && json_blocks(out, "removed") >= 2;
            });
        QVERIFY2(w.arrived, w.out.constData());
        QCOMPARE(w.exit_code, 0);
        QVERIFY(pub.finish());
        const QList<QByteArray> lines = w.out.trimmed().split('\n');
        QVERIFY(lines.size() >= 2);
        int stored = 0;
        for (int i = 0; i + 1 < lines.size(); ++i) {
            const auto j = nlohmann::json::parse(lines[i].toStdString());
            for (const char* k :
                 {"endpoint", "seq", "rank", "ts", "type", "hashes", "parent", "n_tokens"})
                QVERIFY2(j.contains(k), k);
            if (j["type"] == "stored") {
                stored += static_cast<int>(j["hashes"].size());
                QCOMPARE(j["hashes"][0].get<std::string>().size(), std::size_t{16});
                QVERIFY(j.contains("text"));
            }
        }
        QCOMPARE(stored, 26);
        const auto s = nlohmann::json::parse(lines.back().toStdString()).at("summary");
        QCOMPARE(s.at("stored").get<int>(), 26);
        QCOMPARE(s.at("removed").get<int>(), 2);
        QCOMPARE(s.at("held").get<int>(), 24);
        QCOMPARE(s.at("malformed").get<int>(), 0);
        QCOMPARE(s.at("gaps").get<int>(), 0);
        const auto& bps = s.at("branch_points");
        QCOMPARE(bps.size(), std::size_t{2});
        QCOMPARE(bps[0].at("children").get<int>(), 5);
        QCOMPARE(bps[0].at("depth_blocks").get<int>(), 5);
        QCOMPARE(bps[0].at("looks_dynamic").get<std::string>(), std::string("timestamp"));
        QCOMPARE(bps[0].at("parent").get<std::string>().size(), std::size_t{16});
        // The publisher's counters: eight requests of eight blocks asked for 64 blocks, of
        // which 26 were new (stored above) and 38 hits: 38/64.
        QVERIFY2(s.at("hit_rate").is_number(), s.dump().c_str());
        QCOMPARE(s.at("hit_rate").get<double>(), 38.0 / 64.0);
    }
};

namespace {

// --- watch --match -------------------------------------------------------------------------

// Three requests sharing a tool and a system prompt, diverging at the user's question: the
// scenario watch --match reads, and the token ids the publisher stores for them.
struct MatchFixture {
    QTemporaryDir dir;
    std::string scenario, tokens_file;
    std::vector<RenderedPrompt> prompts;

    bool write(const std::string& system, const std::string& name,
               const std::string& tool = "Finds a customer's account by e-mail address.",
               const std::string& tool_name = "lookup_account") {
        nlohmann::ordered_json sc;
        sc["name"] = "match-test";
        sc["block_size"] = 16;
        auto& reqs = sc["requests"] = nlohmann::ordered_json::array();
        for (const char* q : {"How do I reset my password?", "Where are my invoices kept?",
                              "Can you tell me why my card was declined?"}) {
            nlohmann::ordered_json body;
            body["tools"] = {{{"name", tool_name},
                              {"description", tool},
                              {"input_schema", {{"type", "object"}}}}};
            body["system"] = system;
            body["messages"] = {{{"role", "user"}, {"content", q}}};
            reqs.push_back(body);  // a scenario request is the body, plus at_s etc.
        }
        scenario = (std::filesystem::path(dir.path().toStdString()) / name).string();
        std::ofstream(scenario) << sc.dump(2);
        const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        auto tok = BpeTokenizer::load(root / "vocab.json", root / "merges.txt");
        if (!tok)
            return false;
        nlohmann::json ids = nlohmann::json::array();
        prompts.clear();
        for (const auto& r : sc["requests"]) {
            auto p = render_prompt(r, *tok, "fixture");
            if (!p)
                return false;
            ids.push_back(p->tokens);
            prompts.push_back(std::move(*p));
        }
        tokens_file = scenario + ".tokens.json";
        std::ofstream(tokens_file) << ids.dump();
        return true;
    }

    // What the publisher stores, block by block, in order: request 1's blocks, then each later
    // request's blocks after the prefix it shares with the ones before; each with the part of
    // its last token.
    std::vector<nlohmann::json> expected_blocks() const {
        std::vector<nlohmann::json> out;
        std::vector<std::vector<int32_t>> seen;
        for (std::size_t r = 0; r < prompts.size(); ++r) {
            const auto& t = prompts[r].tokens;
            for (std::size_t b = 0; b < t.size() / 16; ++b) {
                std::vector<int32_t> prefix(t.begin(), t.begin() + (b + 1) * 16);
                if (std::find(seen.begin(), seen.end(), prefix) != seen.end())
                    continue;
                seen.push_back(prefix);
                const auto kind =
                    prompts[r].segments[prompts[r].token_segment[(b + 1) * 16 - 1]].kind;
                const char* part = kind == PartKind::Tool     ? "tools"
                                   : kind == PartKind::System ? "system"
                                                              : "messages";
                out.push_back({{"request", r + 1}, {"block", b + 1}, {"part", part}});
            }
        }
        return out;
    }
};

struct WatchRun {
    int exit_code = -1;
    std::vector<nlohmann::json> events;
    nlohmann::json summary;
    QByteArray err;
};

// The publisher stores fx's tokens in `format` with PYTHONHASHSEED pub_seed; watch --match
// reads `match_file` (with --hash-seed when watch_seed is not empty).
WatchRun watch_match(const MatchFixture& fx, const QString& format, const QString& pub_seed,
                     const std::string& match_file, const QString& watch_seed) {
    WatchRun out;
    Publisher pub;
    if (!pub.start({"--trace", "tokens", "--tokens-file", QString::fromStdString(fx.tokens_file),
                    "--format", format, "--seed", pub_seed, "--start-delay", "1.0", "--linger",
                    "120", "--until-stdin-closes"}))
        return out;
    const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
    QStringList args{"watch",       QString::fromStdString(pub.endpoint()),
                     "--replay",    QString::fromStdString(pub.replay()),
                     "--tokenizer", QString::fromStdString(root.string()),
                     "--match",     QString::fromStdString(match_file),
                     "--json"};
    if (!watch_seed.isEmpty())
        args << "--hash-seed" << watch_seed;
    // Every block the publisher stores for fx's prompts, however slowly they come.
    const int blocks = static_cast<int>(fx.expected_blocks().size());
    const WatchOutput w =
        watch_until(args, [&](const QByteArray& o) { return json_blocks(o, "stored") >= blocks; });
    pub.finish();
    if (!w.arrived)
        return out;
    out.exit_code = w.exit_code;
    out.err = w.err;
    const QList<QByteArray> lines = w.out.trimmed().split('\n');
    for (const auto& l : lines) {
        if (l.isEmpty())
            continue;
        auto j = nlohmann::json::parse(l.toStdString());
        if (j.contains("summary"))
            out.summary = j["summary"];
        else
            out.events.push_back(std::move(j));
    }
    return out;
}

// The match of every stored block, in stream order (null where none).
std::vector<nlohmann::json> stored_matches(const WatchRun& run) {
    std::vector<nlohmann::json> out;
    for (const auto& e : run.events) {
        if (e.at("type") != "stored")
            continue;
        if (e.contains("matches")) {
            for (const auto& m : e["matches"])
                out.push_back(m);
        } else {
            for (std::size_t i = 0; i < e["hashes"].size(); ++i)
                out.push_back(e.contains("match") ? e["match"] : nlohmann::json(nullptr));
        }
    }
    return out;
}

}  // namespace

class TestLiveMatch : public QObject {
    Q_OBJECT

  private slots:
    void watch_match_names_each_remote_block() {
        MatchFixture fx;
        QVERIFY(
            fx.write("You are the support assistant of the Lighthouse help desk. Answer in "
                     "two sentences, politely, and never guess an account number.",
                     "scenario.json"));
        const auto want = fx.expected_blocks();
        QVERIFY(want.size() >= 8);
        bool saw_tools = false, saw_system = false, saw_messages = false;
        for (const auto& w : want) {
            saw_tools |= w["part"] == "tools";
            saw_system |= w["part"] == "system";
            saw_messages |= w["part"] == "messages";
        }
        QVERIFY(saw_tools && saw_system && saw_messages);
        // The last block all three requests share: the branch point's parent.
        int shared = 0;
        const auto& t = fx.prompts;
        while ((shared + 1) * 16 <=
                   static_cast<int>(
                       std::min({t[0].tokens.size(), t[1].tokens.size(), t[2].tokens.size()})) &&
               std::equal(t[0].tokens.begin(), t[0].tokens.begin() + (shared + 1) * 16,
                          t[1].tokens.begin()) &&
               std::equal(t[0].tokens.begin(), t[0].tokens.begin() + (shared + 1) * 16,
                          t[2].tokens.begin()))
            ++shared;
        QVERIFY(shared >= 2);

        for (const QString fmt : {"sglang", "vllm-map-int", "vllm-map-bin", "vllm-array"}) {
            const WatchRun run = watch_match(fx, fmt, "42", fx.scenario, "42");
            QCOMPARE(run.exit_code, 0);
            const auto got = stored_matches(run);
            QCOMPARE(got.size(), want.size());
            const std::string scheme = fmt == "sglang" ? "sglang" : "vllm-sha256-cbor";
            for (std::size_t i = 0; i < want.size(); ++i) {
                QVERIFY2(!got[i].is_null(),
                         (fmt.toStdString() + " block " + std::to_string(i)).c_str());
                QCOMPARE(got[i].at("request").get<int>(), want[i].at("request").get<int>());
                QCOMPARE(got[i].at("block").get<int>(), want[i].at("block").get<int>());
                QCOMPARE(got[i].at("part").get<std::string>(),
                         want[i].at("part").get<std::string>());
                QCOMPARE(got[i].at("scheme").get<std::string>(), scheme);
            }
            QCOMPARE(run.summary.at("matched").get<std::size_t>(), want.size());
            const auto& bps = run.summary.at("branch_points");
            QCOMPARE(bps.size(), std::size_t{1});
            QCOMPARE(bps[0].at("children").get<int>(), 3);
            QCOMPARE(bps[0].at("match").at("request").get<int>(), 1);
            QCOMPARE(bps[0].at("match").at("block").get<int>(), shared);
        }
    }

    void watch_match_text_names_the_blocks() {
        MatchFixture fx;
        QVERIFY(
            fx.write("You are the support assistant of the Lighthouse help desk. Answer in "
                     "two sentences, politely, and never guess an account number.",
                     "scenario.json"));
        Publisher pub;
        QVERIFY(pub.start({"--trace", "tokens", "--tokens-file",
                           QString::fromStdString(fx.tokens_file), "--format", "sglang",
                           "--start-delay", "1.0", "--linger", "120", "--until-stdin-closes"}));
        const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        const auto want = fx.expected_blocks();
        // Text mode names each matched block on a line of its own (flushed with the status
        // line every second).
        auto named = [](const QByteArray& o) {
            int n = 0;
            for (const QByteArray& l : o.split('\n'))
                n += l.startsWith("block ") && l.contains(" = your request ");
            return n;
        };
        const WatchOutput run = watch_until(
            {"watch", QString::fromStdString(pub.endpoint()), "--replay",
             QString::fromStdString(pub.replay()), "--tokenizer",
             QString::fromStdString(root.string()), "--match", QString::fromStdString(fx.scenario)},
            [&](const QByteArray& o) { return named(o) >= static_cast<int>(want.size()); });
        QVERIFY2(run.arrived, run.out.constData());
        QCOMPARE(run.exit_code, 0);
        QVERIFY(pub.finish());
        const QByteArray out = run.out;
        int lines = 0;
        for (const QByteArray& l : out.split('\n'))
            lines += l.startsWith("block ") && l.contains(" = your request ");
        QCOMPARE(lines, static_cast<int>(want.size()));  // each stored block named once
        QVERIFY2(out.contains(" = your request 1's tools, block 1\n"), out.constData());
        for (const auto& w : want)
            if (w.at("part") == "system") {
                const std::string line =
                    " = your request " + std::to_string(w.at("request").get<int>()) +
                    "'s system prompt, block " + std::to_string(w.at("block").get<int>()) + "\n";
                QVERIFY2(out.contains(line.c_str()), line.c_str());
            }
        QVERIFY(out.contains(QByteArray::number(static_cast<int>(want.size())) +
                             " stored blocks are blocks of your prompts"));
    }

    void watch_match_needs_the_same_seed_and_tokens() {
        MatchFixture fx, other;
        const std::string system =
            "You are the support assistant of the Lighthouse help desk. Answer briefly.";
        QVERIFY(fx.write(system, "scenario.json"));
        QVERIFY(
            other.write("You are the billing assistant of the Harbour help desk. Answer "
                        "briefly.",
                        "other.json", "Looks up an invoice by its number.", "find_invoice"));
        // Another PYTHONHASHSEED, or none: vLLM's first block hashes differently, and so every
        // block after it.
        for (const QString& watch_seed : {QString("7"), QString()}) {
            const WatchRun run = watch_match(fx, "vllm-map-int", "42", fx.scenario, watch_seed);
            QCOMPARE(run.exit_code, 0);
            QVERIFY(!run.events.empty());
            QCOMPARE(run.summary.at("matched").get<int>(), 0);
            for (const auto& e : run.events)
                QVERIFY(!e.contains("match"));
        }
        // Other tokens (another tool and system prompt): no block in common.
        const WatchRun run = watch_match(fx, "sglang", "0", other.scenario, "");
        QCOMPARE(run.exit_code, 0);
        QCOMPARE(stored_matches(run).size(), fx.expected_blocks().size());
        for (const auto& m : stored_matches(run))
            QVERIFY(m.is_null());
        QCOMPARE(run.summary.at("matched").get<int>(), 0);
    }

    void watch_match_refuses_bad_arguments() {
        MatchFixture fx;
        QVERIFY(fx.write("short", "scenario.json"));
        const auto root = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        const QString tok = QString::fromStdString(root.string());
        const QString sc = QString::fromStdString(fx.scenario);
        const QString missing = QString::fromStdString(fx.scenario + ".nope");
        // A tokenizer.json whose Split has no pattern: PrefixLens cannot encode as that server
        // does, so the tokenizer is refused, naming the field.
        QTemporaryDir hf;
        {
            nlohmann::ordered_json vocab;
            std::ifstream in(root / "vocab.json");
            in >> vocab;
            nlohmann::ordered_json doc;
            doc["pre_tokenizer"] = {
                {"type", "Sequence"},
                {"pretokenizers",
                 {{{"type", "Split"}}, {{"type", "ByteLevel"}, {"use_regex", false}}}}};
            doc["decoder"] = {{"type", "ByteLevel"}};
            doc["model"] = {{"type", "BPE"}, {"vocab", vocab}, {"merges", nlohmann::json::array()}};
            std::ofstream(hf.filePath("tokenizer.json").toStdString()) << doc.dump();
        }
        struct Case {
            QStringList args;
            QByteArray says;
        };
        for (const Case& c : std::vector<Case>{
                 {{"--match", sc}, "--tokenizer"},
                 {{"--match", missing, "--tokenizer", tok}, missing.toUtf8()},
                 {{"--match", sc, "--tokenizer", tok, "--block-size", "0"}, "--block-size"},
                 {{"--hash-seed", "1"}, "--match"},
                 {{"--match", QString::fromStdString(fx.tokens_file), "--tokenizer", tok},
                  QByteArray::fromStdString(fx.tokens_file)},
                 {{"--match", sc, "--tokenizer", hf.path()},
                  "/pre_tokenizer/pretokenizers/0/pattern: expected"}}) {
            QProcess p;
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                    QStringList{"watch", "tcp://127.0.0.1:5557"} + c.args);
            QVERIFY(p.waitForFinished(20000));
            QCOMPARE(p.exitCode(), 2);
            const QByteArray err = p.readAllStandardError();
            QCOMPARE(err.count('\n'), 1);
            QVERIFY2(err.contains(c.says), err.constData());
            QVERIFY(p.readAllStandardOutput().isEmpty());
        }
    }
};

int main(int argc, char** argv) {
    TestLive live;
    TestLiveMatch match;
    return QTest::qExec(&live, argc, argv) | QTest::qExec(&match, argc, argv);
}
#include "test_live.moc"
