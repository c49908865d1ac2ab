// Runs kept on disk (ui/session/run_store.h): a second launch shows the run the first one played,
// with the same numbers and at once; a run of another engine, or a damaged file, is never shown.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "gui_test_support.h"
#include "runner/scenario.h"
#include "session/run_store.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 600000;

EngineOptions stored_engine(const QTemporaryDir& dir, bool verify = true) {
    EngineOptions e = test::cpu_engine();
    e.run_store_dir = dir.path().toStdString();
    e.verify = verify;
    return e;
}

// Plays `sc` on a new host (a new launch, as far as the store can tell) and returns its run.
ScenarioRunPtr play_once(const EngineOptions& options, const Scenario& sc, double* ms = nullptr) {
    EngineHost host(options);
    ScenarioRunPtr got;
    QObject::connect(&host, &EngineHost::runReady, &host,
                     [&](const ScenarioRunPtr& run) { got = run; });
    QElapsedTimer t;
    t.start();
    host.play(sc);
    if (!QTest::qWaitFor([&] { return got != nullptr; }, kRunTimeoutMs))
        return nullptr;
    if (ms)
        *ms = static_cast<double>(t.elapsed());  // launch (model load included) to the run
    return got;
}

std::vector<std::filesystem::path> stored_files(const QTemporaryDir& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
        files.push_back(e.path());
    return files;
}

}  // namespace

class TestRunStore : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { registerUiMetaTypes(); }

    // What the views read, after a round trip through the bytes, is what the play produced:
    // every request's numbers, answer and blocks, every event, every pool snapshot.
    void roundTripKeepsEveryNumber() {
        QTemporaryDir dir;
        auto sc = load_scenario("multi-turn-chat");
        QVERIFY(sc);
        const ScenarioRunPtr played = play_once(stored_engine(dir), sc.value());
        QVERIFY(played && !played->from_store);
        const std::string key = EngineHost::runKey(sc.value());
        const auto bytes = encodeRun(*played, "engine", key);
        auto back = decodeRun(bytes, sc.value(), "engine", key);
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        const ScenarioRun& b = *back.value();
        QCOMPARE(b.results.size(), played->results.size());
        for (std::size_t i = 0; i < b.results.size(); ++i) {
            const RequestResult& x = played->results[i];
            const RequestResult& y = b.results[i];
            QCOMPARE(y.ttft_ms, x.ttft_ms);
            QCOMPARE(y.cached_tokens, x.cached_tokens);
            QCOMPARE(y.output_text, x.output_text);
            QCOMPARE(y.max_abs_diff_vs_full, x.max_abs_diff_vs_full);
            QCOMPARE(y.usage.cache_creation_input_tokens, x.usage.cache_creation_input_tokens);
            QCOMPARE(y.blocks.size(), x.blocks.size());
            QVERIFY(y.prompt.segments == x.prompt.segments);
            QCOMPARE(y.prompt.tokens, x.prompt.tokens);
        }
        QCOMPARE(b.eventCount(), played->eventCount());
        QCOMPARE(b.snapshots.size(), played->snapshots.size());
        QCOMPARE(b.request_events, played->request_events);
        // Encoding what was decoded gives the same bytes: nothing was dropped or changed.
        QVERIFY(encodeRun(b, "engine", key) == bytes);
        // Every finished-request event points at its request's result.
        for (const RunnerEvent& ev : b.events) {
            if (const auto* fin = std::get_if<RequestFinishedEvent>(&ev))
                QVERIFY(fin->result && fin->result->request == fin->request);
        }
    }

    // A second launch shows the stored run without playing it: the same TTFTs the class was told
    // to remember, at once. Another engine (here: without --verify) plays for itself.
    void aSecondLaunchShowsTheStoredRun() {
        QTemporaryDir dir;
        auto sc = load_scenario("timestamp-at-head");
        QVERIFY(sc);
        double firstMs = 0, secondMs = 0;
        const ScenarioRunPtr first = play_once(stored_engine(dir), sc.value(), &firstMs);
        QVERIFY(first && !first->from_store);
        QTRY_COMPARE(stored_files(dir).size(), std::size_t{1});  // written after runReady
        const ScenarioRunPtr second = play_once(stored_engine(dir), sc.value(), &secondMs);
        QVERIFY(second && second->from_store);
        QCOMPARE(second->results.size(), first->results.size());
        for (std::size_t i = 0; i < first->results.size(); ++i) {
            QCOMPARE(second->results[i].ttft_ms, first->results[i].ttft_ms);
            QCOMPARE(second->results[i].output_text, first->results[i].output_text);
        }
        qInfo("first launch %.0f ms, second %.0f ms (play to run)", firstMs, secondMs);

        const ScenarioRunPtr other = play_once(stored_engine(dir, /*verify=*/false), sc.value());
        QVERIFY(other && !other->from_store);
        QVERIFY(!other->results.front().max_abs_diff_vs_full);
        QTRY_COMPARE(stored_files(dir).size(), std::size_t{2});

        // An edited scenario is another run.
        Scenario edited = sc.value();
        edited.requests.back().max_tokens += 1;
        const ScenarioRunPtr e = play_once(stored_engine(dir), edited);
        QVERIFY(e && !e->from_store);
    }

    // A damaged or foreign file is a miss: the run is played again and the file replaced.
    void aDamagedFileIsPlayedAgain() {
        QTemporaryDir dir;
        auto sc = load_scenario("timestamp-at-head");
        QVERIFY(sc);
        QVERIFY(play_once(stored_engine(dir), sc.value()));
        QTRY_COMPARE(stored_files(dir).size(), std::size_t{1});
        const auto path = stored_files(dir).front();
        std::vector<char> bytes;
        {
            std::ifstream in(path, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
        }
        const ScenarioRunPtr again = play_once(stored_engine(dir), sc.value());
        QVERIFY(again && !again->from_store);
        QTRY_VERIFY(std::filesystem::file_size(path) == bytes.size());
        const ScenarioRunPtr stored = play_once(stored_engine(dir), sc.value());
        QVERIFY(stored && stored->from_store);
    }

    // A stored run edited by hand (or damaged into valid CBOR): a float where a count belongs,
    // an event's block outside the pool, a flag that is a number. Each is refused, by name.
    void decodeRejectsWrongTypesAndIndices() {
        QTemporaryDir dir;
        auto sc = load_scenario("timestamp-at-head");
        QVERIFY(sc);
        const ScenarioRunPtr played = play_once(stored_engine(dir), sc.value());
        QVERIFY(played);
        const std::string key = EngineHost::runKey(sc.value());
        const auto bytes = encodeRun(*played, "engine", key);
        const std::string magic = "PrefixLens run 2\n";
        const auto tree = nlohmann::json::from_cbor(bytes.begin() + magic.size(), bytes.end());
        auto reencode = [&](const nlohmann::json& j) {
            std::vector<uint8_t> out(magic.begin(), magic.end());
            nlohmann::json::to_cbor(j, out);
            return out;
        };
        QVERIFY(decodeRun(reencode(tree), sc.value(), "engine", key));  // unchanged: accepted
        // The first event that has `field` (a block id "b", a flag "partial").
        auto firstWith = [](nlohmann::json& j, const char* field) -> nlohmann::json& {
            for (auto& e : j["events"]) {
                if (e.contains(field))
                    return e;
            }
            return j["events"][0];
        };
        struct Edit {
            const char* what;
            std::function<void(nlohmann::json&)> apply;
            const char* says;
        };
        const Edit edits[] = {
            {"a float block id", [&](nlohmann::json& j) { firstWith(j, "b")["b"] = 1e300; },
             "integer"},
            {"a block past the pool", [&](nlohmann::json& j) { firstWith(j, "b")["b"] = 1 << 30; },
             "outside the pool"},
            {"a number for a flag",
             [&](nlohmann::json& j) { firstWith(j, "partial")["partial"] = 2; }, "true or false"},
            {"a request count too large",
             [](nlohmann::json& j) { j["results"][0]["request"] = 1LL << 40; }, "out of range"},
        };
        for (const Edit& e : edits) {
            nlohmann::json j = tree;
            e.apply(j);
            auto r = decodeRun(reencode(j), sc.value(), "engine", key);
            QVERIFY2(!r, e.what);
            QVERIFY2(QString::fromStdString(r.error().message).contains(QLatin1String(e.says)),
                     qPrintable(QString::fromLatin1(e.what) + QStringLiteral(": ") +
                                QString::fromStdString(r.error().message)));
        }
    }

    // Bytes that are not a run of this engine and scenario never decode into one.
    void decodeRejectsWhatIsNotTheRun() {
        auto sc = load_scenario("timestamp-at-head");
        QVERIFY(sc);
        const std::string key = EngineHost::runKey(sc.value());
        const std::vector<uint8_t> junk = {'P', 'r', 'e', 'f', 'i', 'x'};
        QVERIFY(!decodeRun(junk, sc.value(), "engine", key));
        QVERIFY(!decodeRun({}, sc.value(), "engine", key));
        ScenarioRun empty;
        empty.scenario = sc.value();
        // A run with no results does not fit a scenario of four requests.
        const auto bytes = encodeRun(empty, "engine", key);
        auto r = decodeRun(bytes, sc.value(), "engine", key);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains("results"),
                 r.error().message.c_str());
        QVERIFY(!decodeRun(bytes, sc.value(), "another engine", key));
    }
};

QTEST_MAIN(TestRunStore)
#include "test_run_store.moc"
