// The request runner over the CPU backend: what `prefixlens run` reports must follow from the
// cache semantics, and bad scenarios must fail cleanly.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "core/assets.h"
#include "cpu/cpu_backend.h"
#include "model/gpt_model.h"
#include "prompt/framing.h"
#include "prompt/renderer.h"
#include "runner/length_sweep.h"
#include "runner/request_runner.h"
#include "runner/sampling_config.h"
#include "runner/scenario.h"
#include "test_support.h"

using namespace pl;

namespace {

// Forwards to another backend and notes what each forward() was asked to run (n_past, tokens):
// proof that a measurement ran the model over the whole prompt, not over a part of it.
class CountingBackend : public InferenceBackend {
  public:
    explicit CountingBackend(InferenceBackend& inner) : inner_(inner) {}
    std::string name() const override { return inner_.name(); }
    std::string device_name() const override { return inner_.device_name(); }
    const KvPoolLayout& kv_layout() const override { return inner_.kv_layout(); }
    const GptModel& model() const override { return inner_.model(); }
    Result<void> forward(std::span<const int32_t> block_table, int n_past,
                         std::span<const int32_t> tokens, std::span<float> logits,
                         ForwardStats* stats) override {
        calls.emplace_back(n_past, static_cast<int>(tokens.size()));
        return inner_.forward(block_table, n_past, tokens, logits, stats);
    }
    std::vector<std::pair<int, int>> calls;

  private:
    InferenceBackend& inner_;
};

using test::CliResult;
using test::run_cli;

std::vector<nlohmann::json> json_lines(const QString& out) {
    std::vector<nlohmann::json> v;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
        v.push_back(nlohmann::json::parse(line.toStdString()));
    }
    return v;
}

QString write_temp(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const QString path = dir.filePath(name);
    test::write_file(path.toStdString(), text);
    return path;
}

}  // namespace

class TestRequestRunner : public QObject {
    Q_OBJECT

    std::shared_ptr<const GptModel> model_;

  private slots:
    void initTestCase() {
        auto m = GptModel::load(builtin_model_dir());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        model_ = m.value();
    }

    // The linter and the runner render through one function: the lint panel points at the tokens
    // the model computed. The linter keeps a token cache across a log's requests; the runner
    // tokenizes each request afresh. Every segment field, every token's segment and byte offset
    // and every breakpoint must agree, on bodies with tools, system blocks, tool calls, tool
    // results, images and cache_control on each kind of block.
    void runnerAndLinterRenderTheSameSegments() {
        ojson sc = ojson::object();
        sc["name"] = "render-compare";
        sc["block_size"] = 16;
        sc["requests"] = ojson::array();
        SegmentTokenCache cache(model_->tokenizer());
        std::vector<RenderedRequest> linted;
        for (const char* name : {"anthropic-agent.json", "anthropic-chatbot.json",
                                 "anthropic-rag.json", "anthropic-fewshot-ja.json",
                                 "anthropic-lookback.json", "clean.json", "anthropic-agent.json"}) {
            ojson req = ojson::parse(test::read_file((test::data_dir() / "lint" / name).string()));
            auto r = render_request(req, detect_provider(req), cache, name);
            QVERIFY2(r.ok(), name);
            cache.next_request();
            linted.push_back(std::move(r.value()));
            req["max_tokens"] = 1;
            req["session"] = name;
            req["at_s"] = static_cast<double>(sc["requests"].size());
            sc["requests"].push_back(req);
        }
        QVERIFY(cache.hits() > 0);  // the last body came from the cache
        QTemporaryDir dir;
        const QString path = write_temp(dir, "compare.json", sc.dump());
        auto loaded = load_scenario(path.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        KvPoolLayout layout{16, RequestRunner::pool_blocks_needed(*loaded, model_->config(), true),
                            0, 0};
        CpuBackend be(model_, layout);
        auto runner = RequestRunner::create(be, *loaded, {false, false, {}});
        QVERIFY(runner.ok());
        auto results = runner.value()->play(*loaded, [](const RunnerEvent&) {});
        QVERIFY2(results.ok(), results.ok() ? "" : results.error().message.c_str());
        QCOMPARE(results->size(), linted.size());
        int breakpoints = 0;
        for (std::size_t i = 0; i < linted.size(); ++i) {
            const RenderedPrompt& ran = (*results)[i].prompt;
            const RenderedPrompt& lint = linted[i].rendered;
            QCOMPARE(lint.segments.size(), ran.segments.size());
            for (std::size_t k = 0; k < ran.segments.size(); ++k) {
                const PromptSegment& a = ran.segments[k];
                const PromptSegment& b = lint.segments[k];
                const QByteArray where =
                    QByteArray::number(static_cast<int>(i)) + ":" + a.pointer.c_str();
                QVERIFY2(a.kind == b.kind && a.index == b.index, where);
                QCOMPARE(b.role, a.role);
                QCOMPARE(b.pointer, a.pointer);
                QCOMPARE(b.text, a.text);
                QCOMPARE(b.cache_breakpoint, a.cache_breakpoint);
                QCOMPARE(b.token_begin, a.token_begin);
                QCOMPARE(b.token_end, a.token_end);
            }
            QVERIFY(lint.tokens == ran.tokens);
            QVERIFY(lint.token_segment == ran.token_segment);
            QVERIFY(lint.token_offset == ran.token_offset);
            QVERIFY(lint.breakpoints == ran.breakpoints);
            QCOMPARE(static_cast<int>(linted[i].breakpoints.size()),
                     static_cast<int>(ran.breakpoints.size()));
            breakpoints += static_cast<int>(ran.breakpoints.size());
            for (const PromptSegment& seg : ran.segments) {
                const bool cut = std::find(ran.breakpoints.begin(), ran.breakpoints.end(),
                                           seg.token_end) != ran.breakpoints.end();
                // Every marked segment ends where a breakpoint cuts.
                QVERIFY(!seg.cache_breakpoint || cut);
            }
        }
        QVERIFY(breakpoints >= 4);  // the bodies exercise cache_control
    }

    // An answer ends where the model closes its turn: output_text never holds a framing tag, and
    // a token that ends the turn is the request's last decoded token.
    // A prompt 30 times the model's context plays without the model: the same chain of hashes
    // and the same lookups as a played run (the second turn reuses the first's long system
    // prompt, block for block), no answer, a modelled TTFT, and the backend's small pool is
    // never touched although the cache holds thousands of blocks.
    void cacheOnlyRunsPromptsPastTheContext() {
        std::string system;
        for (int i = 0; i < 9000; ++i)
            system += "Rule " + std::to_string(i) + " of the house style. ";
        ojson sc = ojson::object();
        sc["name"] = "long";
        sc["block_size"] = 16;
        sc["requests"] = ojson::array();
        for (int turn = 0; turn < 2; ++turn) {
            ojson req;
            req["session"] = "s";
            req["at_s"] = turn;
            req["max_tokens"] = 8;
            req["system"] = system;
            req["messages"] =
                ojson::array({{{"role", "user"}, {"content", "turn " + std::to_string(turn)}}});
            sc["requests"].push_back(req);
        }
        QTemporaryDir dir;
        const QString file = write_temp(dir, "long.json", sc.dump());
        auto loaded = load_scenario(file.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        const int context = model_->config().n_positions;
        auto fit = context_fit(*loaded, *model_);
        QVERIFY2(fit.ok(), fit.ok() ? "" : fit.error().message.c_str());
        QVERIFY(fit->beyond_context);
        QVERIFY(fit->longest_prompt > 30 * context);
        QCOMPARE(fit->prompt_blocks, 2 * ((fit->longest_prompt + 15) / 16));
        Scenario played = *loaded;
        played.capacity_blocks = fit->prompt_blocks;
        KvPoolLayout layout{16, 64, 0, 0};  // far too small for the cache: it must stay unused
        CpuBackend be(model_, layout);
        // Played with the model, the pool would have to hold the cache.
        auto refused = RequestRunner::create(be, played, {});
        QVERIFY(!refused.ok());
        RunnerOptions ro;
        ro.cache_only = true;
        auto runner = RequestRunner::create(be, played, ro);
        QVERIFY2(runner.ok(), runner.ok() ? "" : runner.error().message.c_str());
        int hashed = 0, hits = 0, decoded = 0;
        auto results = runner.value()->play(played, [&](const RunnerEvent& ev) {
            hashed += std::holds_alternative<BlockHashedEvent>(ev);
            hits += std::holds_alternative<BlockHitEvent>(ev);
            decoded += std::holds_alternative<TokenDecodedEvent>(ev);
        });
        QVERIFY2(results.ok(), results.ok() ? "" : results.error().message.c_str());
        QCOMPARE(results->size(), std::size_t(2));
        const RequestResult& a = (*results)[0];
        const RequestResult& b = (*results)[1];
        QVERIFY(a.cache_only && b.cache_only);
        QCOMPARE(decoded, 0);
        QVERIFY(a.output.empty() && b.output.empty());
        QCOMPARE(a.cached_tokens, 0);
        for (const RequestResult* r : {&a, &b}) {
            QCOMPARE(r->cached_tokens + r->computed_tokens, r->prompt_tokens);
            QCOMPARE(r->usage.cache_read_input_tokens + r->usage.cache_creation_input_tokens +
                         r->usage.input_tokens,
                     r->prompt_tokens);
            QVERIFY(r->ttft_ms > 0);
        }
        // The shared system prompt is read back; only the blocks from the turn number on differ.
        const int shared = b.prompt_tokens - 16 * 2;
        QVERIFY2(b.cached_tokens >= shared, qPrintable(QString::number(b.cached_tokens)));
        QCOMPARE(hits * 16, b.cached_tokens);
        QCOMPARE(hashed, a.prompt_tokens / 16 + b.prompt_tokens / 16);
        // The modelled TTFT falls with the reuse, as a played run's would.
        QVERIFY(b.ttft_ms < a.ttft_ms / 4);

        // `run` says how to play it, and plays it so with --cache-only.
        const auto refusedCli = run_cli({"run", file, "--backend", "cpu"});
        QCOMPARE(refusedCli.exit_code, 2);
        QVERIFY2(refusedCli.err.contains(QStringLiteral("/requests/0")) &&
                     refusedCli.err.contains(QStringLiteral("--cache-only")),
                 qPrintable(refusedCli.err));
        const auto cli = run_cli({"run", file, "--backend", "cpu", "--cache-only", "--json"});
        QCOMPARE(cli.exit_code, 0);
        const auto lines = json_lines(cli.out);
        QCOMPARE(lines.size(), std::size_t(2));
        QVERIFY(lines[1]["cache_only"].get<bool>());
        QCOMPARE(lines[1]["cached_tokens"].get<int>(), b.cached_tokens);
        QCOMPARE(lines[1]["output_tokens"].get<int>(), 0);
        QCOMPARE(run_cli({"run", file, "--cache-only", "--verify"}).exit_code, 2);
    }

    void answersEndAtTheTurn() {
        QCOMPARE(framing::answer_end("Yes, within 30 days.\n</assistant>\n"), std::size_t{21});
        QCOMPARE(framing::answer_end("Yes.</"), std::size_t{4});
        QCOMPARE(framing::answer_end("Done<|endoftext|>"), std::size_t{4});
        QCOMPARE(framing::answer_end("Thanks!\n<user>\nHi"), std::size_t{8});
        QCOMPARE(framing::answer_end("It ends in <"), std::size_t{11});  // the next token decides
        QCOMPARE(framing::answer_end("Use 5 < 7 and x<y"), std::string_view::npos);
        QCOMPARE(framing::answer_end("A plain answer."), std::string_view::npos);

        auto sc = load_scenario((test::data_dir() / "scenarios" / "mini.json").string());
        QVERIFY(sc.ok());
        KvPoolLayout layout{sc->block_size,
                            RequestRunner::pool_blocks_needed(*sc, model_->config(), true), 0, 0};
        CpuBackend be(model_, layout);
        auto runner = RequestRunner::create(be, *sc, {false, false, {}});
        QVERIFY(runner.ok());
        std::map<int, std::vector<TokenDecodedEvent>> decoded;
        auto results = runner.value()->play(*sc, [&](const RunnerEvent& ev) {
            if (auto* e = std::get_if<TokenDecodedEvent>(&ev))
                decoded[e->request].push_back(*e);
        });
        QVERIFY(results.ok());
        for (const RequestResult& r : *results) {
            QCOMPARE(framing::answer_end(r.output_text), std::string_view::npos);
            const auto& tokens = decoded[r.request];
            QCOMPARE(static_cast<int>(tokens.size()), r.output_tokens);
            std::string shown;
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                QVERIFY(!tokens[i].ends_turn || i + 1 == tokens.size());
                shown += tokens[i].text;
            }
            // What the Output dock shows is the answer, up to trailing white space.
            QVERIFY(shown.rfind(r.output_text, 0) == 0);
            QCOMPARE(framing::answer_end(shown), std::string_view::npos);
        }
    }

    void eventsAgreeWithResults() {
        auto sc = load_scenario((test::data_dir() / "scenarios" / "mini.json").string());
        QVERIFY2(sc.ok(), sc.ok() ? "" : sc.error().message.c_str());
        KvPoolLayout layout{sc->block_size,
                            RequestRunner::pool_blocks_needed(*sc, model_->config(), true), 0, 0};
        CpuBackend be(model_, layout);
        auto runner = RequestRunner::create(be, *sc, {true, true, {}});
        QVERIFY(runner.ok());
        std::map<int, int> hits, computed, partial, hashed, tokens;
        std::vector<std::shared_ptr<const RequestResult>> finished;
        auto results = runner.value()->play(*sc, [&](const RunnerEvent& ev) {
            if (auto* e = std::get_if<BlockHitEvent>(&ev))
                ++hits[e->request];
            if (auto* e = std::get_if<BlockComputedEvent>(&ev))
                ++(e->partial ? partial : computed)[e->request];
            if (auto* e = std::get_if<BlockHashedEvent>(&ev))
                ++hashed[e->request];
            if (auto* e = std::get_if<TokenDecodedEvent>(&ev))
                ++tokens[e->request];
            if (auto* e = std::get_if<RequestFinishedEvent>(&ev))
                finished.push_back(e->result);
        });
        QVERIFY2(results.ok(), results.ok() ? "" : results.error().message.c_str());
        QCOMPARE(results->size(), size_t(4));
        QCOMPARE(finished.size(), size_t(4));
        for (const RequestResult& r : *results) {
            QCOMPARE(r.cached_tokens + r.computed_tokens, r.prompt_tokens);
            QCOMPARE(hits[r.request] * r.block_size, r.cached_tokens);
            QCOMPARE(hashed[r.request], r.prompt_tokens / r.block_size);
            QCOMPARE(hits[r.request] + computed[r.request] + partial[r.request],
                     static_cast<int>(r.blocks.size()));
            QCOMPARE(partial[r.request], r.prompt_tokens % r.block_size ? 1 : 0);
            QCOMPARE(tokens[r.request], r.output_tokens);
            QVERIFY(r.max_abs_diff_vs_full.has_value());
            QVERIFY2(*r.max_abs_diff_vs_full <= 1e-4,
                     std::to_string(*r.max_abs_diff_vs_full).c_str());
            // Usage as the API reports it, from the events: the blocks that hit are read, the
            // full blocks computed are written for later requests, the partial tail is input.
            QCOMPARE(r.usage.cache_read_input_tokens, hits[r.request] * r.block_size);
            QCOMPARE(r.usage.cache_creation_input_tokens, computed[r.request] * r.block_size);
            QCOMPARE(r.usage.input_tokens, r.prompt_tokens % r.block_size);
            QCOMPARE(r.usage.output_tokens, tokens[r.request]);
        }
        // Request 1 shares the policy with request 0: every full block before the first token
        // that differs (the question) hits.
        const auto& t0 = (*results)[0].prompt.tokens;
        const auto& t1 = (*results)[1].prompt.tokens;
        std::size_t d = 0;
        while (d < t0.size() && d < t1.size() && t0[d] == t1[d])
            ++d;
        QVERIFY(d >= 64);
        QCOMPARE((*results)[1].cached_tokens, static_cast<int>(d / 16 * 16));
        // Requests 2 and 3 differ in the first block (the timestamp): nothing can be reused.
        QCOMPARE((*results)[3].cached_tokens, 0);
    }

    void runJsonFollowsTheContract() {
        const auto r = run_cli(
            {"run", QString::fromStdString((test::data_dir() / "scenarios" / "mini.json").string()),
             "--json", "--backend", "cpu"});
        QCOMPARE(r.exit_code, 0);
        const auto lines = json_lines(r.out);
        QCOMPARE(lines.size(), size_t(4));
        for (const auto& j : lines) {
            for (const char* k : {"request", "session", "prompt_tokens", "cached_tokens",
                                  "computed_tokens", "output_tokens", "block_size", "blocks",
                                  "evicted", "ttft_ms", "kv_bytes_in_use", "output_text"}) {
                QVERIFY2(j.contains(k), k);
            }
            QCOMPARE(j["cached_tokens"].get<int>() + j["computed_tokens"].get<int>(),
                     j["prompt_tokens"].get<int>());
            int covered = 0;
            for (const auto& b : j["blocks"]) {
                covered += static_cast<int>(b["tokens"].size());
                if (b["state"] == "partial") {
                    QVERIFY(b["hash"].is_null());
                } else {
                    QCOMPARE(b["hash"].get<std::string>().size(), size_t(64));
                }
            }
            QCOMPARE(covered, j["prompt_tokens"].get<int>());
        }
    }

    void badScenarios_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expect");
        const QString one_message = "\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]";
        auto long_request = [](int capacity, const QString& word, int times) {
            return "{\"capacity_blocks\": " + QString::number(capacity) +
                   ", \"requests\": [{\"messages\": [{\"role\": \"user\", \"content\": \"" +
                   word.repeated(times) + "\"}]}]}";
        };
        QTest::addRow("malformed JSON") << "{\"requests\": [\n  {\"at_s\": 0,,}\n]}"
                                        << ":2:";
        QTest::addRow("wrong type")
            << "{\"requests\": [{\"messages\": [{\"role\": \"user\", \"content\": 5}]}]}"
            << "/requests/0/messages/0/content";
        QTest::addRow("bad role")
            << "{\"requests\": [{\"messages\": [{\"role\": \"robot\", \"content\": \"hi\"}]}]}"
            << "/requests/0/messages/0/role";
        QTest::addRow("negative block size")
            << "{\"block_size\": -4, \"requests\": [{" + one_message + "}]}"
            << "/block_size";
        QTest::addRow("absurd block size")
            << "{\"block_size\": 100000000, \"requests\": [{" + one_message + "}]}"
            << "/block_size";
        QTest::addRow("pool too small") << long_request(2, "word ", 200) << "capacity_blocks";
        QTest::addRow("longer than the context")
            << long_request(4096, "zq9 ", 3000) << "longer than the model's context";
        QTest::addRow("no requests") << "{\"requests\": []}"
                                     << "/requests";
        QTest::addRow("time goes backwards") << "{\"requests\": [{\"at_s\": 5, " + one_message +
                                                    "}, {\"at_s\": 1, " + one_message + "}]}"
                                             << "/requests/1/at_s";
        QTest::addRow("repetition penalty of 0")
            << "{\"sampling\": {\"repetition_penalty\": 0}, \"requests\": [{" + one_message + "}]}"
            << "/sampling/repetition_penalty: must be a number above 0";
        QTest::addRow("frequency penalty out of range")
            << "{\"sampling\": {\"frequency_penalty\": 3}, \"requests\": [{" + one_message + "}]}"
            << "/sampling/frequency_penalty: must be a number from -2 to 2";
        QTest::addRow("unknown sampling field")
            << "{\"sampling\": {\"top_p\": 0.9}, \"requests\": [{" + one_message + "}]}"
            << "/sampling: unknown field";
    }

    void badScenarios() {
        QFETCH(QString, text);
        QFETCH(QString, expect);
        QTemporaryDir dir;
        const QString path = write_temp(dir, "bad.json", text.toStdString());
        const auto r = run_cli({"run", path, "--backend", "cpu"});
        QCOMPARE(r.exit_code, 2);
        const QString err = r.err.trimmed();
        QVERIFY2(!err.contains('\n'), qPrintable(err));
        QVERIFY2(err.contains("bad.json"), qPrintable(err));
        QVERIFY2(err.contains(expect), qPrintable(err));
    }

    // The articles' GPT-2 experiment on every request: the first token's candidates through the
    // cache equal those of a full recompute, ids, order and logits within the verify tolerance,
    // and the probabilities are a softmax (the top one is the greedy choice).
    void scoresCachedMatchFull() {
        auto sc = load_scenario((test::data_dir() / "scenarios" / "mini.json").string());
        QVERIFY(sc.ok());
        KvPoolLayout layout{sc->block_size,
                            RequestRunner::pool_blocks_needed(*sc, model_->config(), true), 0, 0};
        CpuBackend be(model_, layout);
        RunnerOptions ro;
        ro.verify = true;
        ro.keep_logits = true;
        auto runner = RequestRunner::create(be, *sc, ro);
        QVERIFY(runner.ok());
        auto results = runner.value()->play(*sc, {});
        QVERIFY(results.ok());
        bool some_reuse = false;
        for (const RequestResult& r : *results) {
            some_reuse |= r.cached_tokens > 0;
            QCOMPARE(static_cast<int>(r.top_cached.size()), kTopScores);
            QCOMPARE(r.top_full.size(), r.top_cached.size());
            QCOMPARE(r.top_cached[0].token, r.output.front());  // greedy sampling
            const float best = *std::max_element(r.first_logits.begin(), r.first_logits.end());
            QCOMPARE(r.top_cached[0].logit, best);
            for (std::size_t i = 0; i < r.top_cached.size(); ++i) {
                QCOMPARE(r.top_cached[i].token, r.top_full[i].token);
                QVERIFY(std::fabs(r.top_cached[i].logit - r.top_full[i].logit) <=
                        *r.max_abs_diff_vs_full + 1e-7);
                QCOMPARE(r.top_cached[i].text,
                         model_->tokenizer().token_bytes(r.top_cached[i].token));
                if (i > 0) {
                    QVERIFY(r.top_cached[i].logit <= r.top_cached[i - 1].logit);
                    QVERIFY(r.top_cached[i].prob <= r.top_cached[i - 1].prob);
                }
            }
            double sum = 0;
            for (float l : r.first_logits)
                sum += std::exp(static_cast<double>(l) - best);
            QVERIFY(std::fabs(r.top_cached[0].prob - 1.0 / sum) < 1e-5);
        }
        QVERIFY(some_reuse);  // at least one request's scores came through cached blocks
    }

    // No KV cache: the prefill computes the whole prompt and every decode step recomputes K and
    // V of the whole sequence, through the backend. The tokens are the same as the cached run's
    // and the K/V rows are P + (P+1) + ... + (P+d), i.e. T(P+d) - T(P-1) with T(n) = n(n+1)/2;
    // the cached run computes only its computed tokens plus one row per decode step.
    void noCacheRecomputesEverything() {
        auto sc = load_scenario((test::data_dir() / "scenarios" / "mini.json").string());
        QVERIFY(sc.ok());
        for (auto& req : sc->requests)
            req.max_tokens = 12;
        KvPoolLayout layout{sc->block_size,
                            RequestRunner::pool_blocks_needed(*sc, model_->config(), true), 0, 0};
        CpuBackend be(model_, layout);
        RunnerOptions ro;
        ro.no_cache = true;
        ro.timing = TimingSource::CostModel;  // the steps' times follow the FLOPs exactly
        auto runner = RequestRunner::create(be, *sc, ro);
        QVERIFY(runner.ok());
        auto results = runner.value()->play(*sc, {});
        QVERIFY2(results.ok(), results.ok() ? "" : results.error().message.c_str());
        auto tri = [](long long n) { return n * (n + 1) / 2; };
        for (const RequestResult& r : *results) {
            QVERIFY(r.no_cache.has_value());
            const NoCacheReport& nc = *r.no_cache;
            QVERIFY(nc.output == r.output);
            const long long P = r.prompt_tokens;
            const long long d = r.output_tokens - 1;  // the last token needs no forward
            QVERIFY(d >= 1);
            QCOMPARE(nc.timing.kv_rows, tri(P + d) - tri(P - 1));
            QCOMPARE(r.timing.kv_rows, static_cast<long long>(r.computed_tokens) + d);
            QCOMPARE(static_cast<long long>(nc.timing.step_ms.size()), d);
            QCOMPARE(static_cast<long long>(r.timing.step_ms.size()), d);
            // Every no-cache step redoes the whole sequence, so it costs more than the last
            // one, and more than the cached step at the same position by far.
            for (std::size_t i = 0; i < nc.timing.step_ms.size(); ++i) {
                QVERIFY(nc.timing.step_ms[i] > 10 * r.timing.step_ms[i]);
                if (i > 0)
                    QVERIFY(nc.timing.step_ms[i] > nc.timing.step_ms[i - 1]);
            }
            QVERIFY(nc.timing.decode_ms > r.timing.decode_ms);
            QCOMPARE(r.timing.prefill_ms, r.ttft_ms);
        }
    }

    // `run --no-cache --verify --json`: the documented extension fields on every line, the
    // no-cache replay writing the cached run's tokens with more K/V rows, the same best first
    // candidate both ways; the text output carries the articles' line.
    void noCacheCliReportsBothWays() {
        const auto r = run_cli(
            {"run", QString::fromStdString((test::data_dir() / "scenarios" / "mini.json").string()),
             "--json", "--backend", "cpu", "--no-cache", "--verify"});
        QCOMPARE(r.exit_code, 0);
        const auto lines = json_lines(r.out);
        QCOMPARE(lines.size(), size_t(4));
        for (const auto& j : lines) {
            for (const char* k : {"prefill_ms", "decode_ms", "decode_step_ms", "kv_rows_computed",
                                  "top_cached", "top_full", "no_cache"}) {
                QVERIFY2(j.contains(k), k);
            }
            QVERIFY(j["no_cache"]["same_output"].get<bool>());
            QVERIFY(j["no_cache"]["kv_rows_computed"].get<long long>() >
                    j["kv_rows_computed"].get<long long>());
            QCOMPARE(j["top_cached"].size(), size_t(kTopScores));
            QVERIFY(j["top_cached"][0]["token"] == j["top_full"][0]["token"]);
        }
        const auto text = run_cli(
            {"run", QString::fromStdString((test::data_dir() / "scenarios" / "mini.json").string()),
             "--backend", "cpu", "--verify"});
        QCOMPARE(text.exit_code, 0);
        QVERIFY2(text.out.contains(
                     QRegularExpression("computed \\d+ of \\d+ tokens, same next-token scores")),
                 qPrintable(text.out));
    }

    // The length sweep: attention FLOPs grow with the square of the length (doubling the length
    // nearly quadruples them), KV bytes in a straight line (doubling doubles them).
    void lengthSweepShapes() {
        const GptConfig& cfg = model_->config();
        const auto lengths = sweep_lengths(cfg);
        QVERIFY(lengths.size() >= 5);
        QCOMPARE(lengths.back(), cfg.n_positions);
        QVERIFY(std::is_sorted(lengths.begin(), lengths.end()));
        KvPoolLayout layout{16, sweep_pool_blocks(cfg, 16), 0, 0};
        CpuBackend be(model_, layout);
        CountingBackend counted(be);
        int calls = 0;
        auto rep = run_length_sweep(counted, {64, 128, 256}, 1, [&](int done, int total) {
            ++calls;
            return done <= total;
        });
        QVERIFY2(rep.ok(), rep.ok() ? "" : rep.error().message.c_str());
        QCOMPARE(calls, 4);
        QCOMPARE(rep->points.size(), size_t(3));
        // Each length is one prefill of the whole prompt from position 0.
        QCOMPARE(counted.calls, (std::vector<std::pair<int, int>>{{0, 64}, {0, 128}, {0, 256}}));
        for (std::size_t i = 1; i < rep->points.size(); ++i) {
            const SweepPoint& a = rep->points[i - 1];
            const SweepPoint& b = rep->points[i];
            QCOMPARE(b.kv_bytes, 2 * a.kv_bytes);
            const double ratio = b.attention_flops / a.attention_flops;
            QVERIFY2(ratio > 3.9 && ratio < 4.0, qPrintable(QString::number(ratio)));
        }
        // Attention FLOPs counted pair by pair: query token q sees keys 0..q; per pair and layer
        // QK^T and PV are n_embd multiply-adds each, 2 FLOPs per multiply-add.
        for (const SweepPoint& p : rep->points) {
            long long pairs = 0;
            for (int q = 0; q < p.tokens; ++q)
                for (int k = 0; k <= q; ++k)
                    ++pairs;
            QCOMPARE(p.attention_flops,
                     2.0 * 2.0 * static_cast<double>(pairs) * cfg.n_embd * cfg.n_layer);
        }
        // Prefill time rises with the length: 16 times the tokens (over 16 times the work) take
        // longer. Best of three each, so one preempted run on a busy machine does not decide.
        auto timed = run_length_sweep(be, {64, 1024}, 3);
        QVERIFY2(timed.ok(), timed.ok() ? "" : timed.error().message.c_str());
        QVERIFY2(timed->points[0].prefill_ms > 0 &&
                     timed->points[1].prefill_ms > timed->points[0].prefill_ms,
                 qPrintable(QStringLiteral("64 tokens: %1 ms, 1024 tokens: %2 ms")
                                .arg(timed->points[0].prefill_ms)
                                .arg(timed->points[1].prefill_ms)));
        // By hand for 64 tokens: 4 FLOPs x C x L x 64·65/2 pairs; K and V f32 in every layer.
        QCOMPARE(rep->points[0].attention_flops, 4.0 * cfg.n_embd * cfg.n_layer * 64 * 65 / 2);
        QCOMPARE(rep->points[0].kv_bytes,
                 static_cast<std::size_t>(2 * cfg.n_layer * cfg.n_embd * 4 * 64));
        auto stopped = run_length_sweep(be, {64, 128}, 1, [](int done, int) { return done < 1; });
        QVERIFY(!stopped.ok());
        const auto cli = run_cli({"bench", "--sweep", "--quick", "--json", "--backend", "cpu"});
        QCOMPARE(cli.exit_code, 0);
        const auto j = nlohmann::json::parse(cli.out.toStdString());
        QCOMPARE(j["sweep"].size(), size_t(3));
        QCOMPARE(j["sweep"][0]["tokens"].get<int>(), 64);
    }

    void badFlags() {
        QCOMPARE(run_cli({"run", "mini", "--block-size", "0"}).exit_code, 2);
        QCOMPARE(run_cli({"run", "mini", "--block-size", "-3"}).exit_code, 2);
        QCOMPARE(run_cli({"run", "no-such-scenario"}).exit_code, 2);
        QCOMPARE(run_cli({"run", "mini", "--frobnicate"}).exit_code, 2);
    }

    // Penalty flags: a bad value is one line naming the flag, the range and what was typed, with
    // exit status 2, before any model is loaded.
    void badPenaltyFlags_data() {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("expect");
        QTest::addRow("repetition 0")
            << QStringList{"--repetition-penalty", "0"}
            << "run: --repetition-penalty must be a number above 0 and at most 10 (1 is off), "
               "not '0'";
        QTest::addRow("repetition negative") << QStringList{"--repetition-penalty", "-1.2"}
                                             << "--repetition-penalty must be a number above 0";
        QTest::addRow("repetition too strong")
            << QStringList{"--repetition-penalty=12"} << "at most 10 (1 is off), not '12'";
        QTest::addRow("frequency too high")
            << QStringList{"--frequency-penalty", "2.01"}
            << "run: --frequency-penalty must be a number from -2 to 2 (0 is off), not '2.01'";
        QTest::addRow("presence too low") << QStringList{"--presence-penalty", "-2.5"}
                                          << "--presence-penalty must be a number from -2 to 2";
        QTest::addRow("not a number") << QStringList{"--frequency-penalty", "1.5x"} << "not '1.5x'";
        QTest::addRow("nan") << QStringList{"--presence-penalty", "nan"} << "not 'nan'";
        QTest::addRow("empty") << QStringList{"--repetition-penalty="} << "not ''";
        QTest::addRow("no value") << QStringList{"--frequency-penalty"}
                                  << "--frequency-penalty needs a value";
    }

    void badPenaltyFlags() {
        QFETCH(QStringList, flags);
        QFETCH(QString, expect);
        const auto r = run_cli(
            QStringList{
                "run",
                QString::fromStdString((test::data_dir() / "scenarios" / "mini.json").string()),
                "--backend", "cpu"} +
            flags);
        QCOMPARE(r.exit_code, 2);
        const QString err = r.err.trimmed();
        QVERIFY2(!err.contains('\n') && err.startsWith("prefixlens: "), qPrintable(err));
        QVERIFY2(err.contains(expect), qPrintable(err));
        QVERIFY(r.out.isEmpty());
    }

    // Where the penalties come from, in `run --json`'s "sampling": the built-in model's default
    // (assets/model/generation_config.json), replaced field by field by the scenario's
    // "sampling" object, and that by the flags.
    void penaltiesLayerModelScenarioFlags() {
        auto model = load_generation_config(builtin_model_dir());
        QVERIFY(model.ok());
        const SamplingParams builtin = model->over(SamplingParams{});
        QTemporaryDir dir;
        std::string text = test::read_file(test::data_dir() / "scenarios" / "mini.json");
        auto j = nlohmann::ordered_json::parse(text);
        j["sampling"] = {{"repetition_penalty", 1.2}};
        const QString with_sampling = write_temp(dir, "sampled.json", j.dump());
        const QString mini =
            QString::fromStdString((test::data_dir() / "scenarios" / "mini.json").string());
        auto sampling_of = [](const CliResult& r) {
            const auto lines = json_lines(r.out);
            return lines.empty() ? nlohmann::json() : lines.front()["sampling"];
        };
        const auto plain = run_cli({"run", mini, "--json", "--backend", "cpu"});
        QCOMPARE(plain.exit_code, 0);
        const auto s0 = sampling_of(plain);
        QCOMPARE(s0["method"].get<std::string>(), std::string("greedy"));
        QCOMPARE(s0["repetition_penalty"].get<double>(), builtin.repetition_penalty);
        QCOMPARE(s0["frequency_penalty"].get<double>(), builtin.frequency_penalty);
        QCOMPARE(s0["presence_penalty"].get<double>(), builtin.presence_penalty);
        const auto scenario = run_cli({"run", with_sampling, "--json", "--backend", "cpu"});
        QCOMPARE(scenario.exit_code, 0);
        const auto s1 = sampling_of(scenario);
        QCOMPARE(s1["repetition_penalty"].get<double>(), 1.2);
        QCOMPARE(s1["frequency_penalty"].get<double>(), builtin.frequency_penalty);
        const auto flags =
            run_cli({"run", with_sampling, "--json", "--backend", "cpu", "--repetition-penalty",
                     "1.05", "--frequency-penalty", "0", "--presence-penalty=0.25"});
        QCOMPARE(flags.exit_code, 0);
        const auto s2 = sampling_of(flags);
        QCOMPARE(s2["repetition_penalty"].get<double>(), 1.05);
        QCOMPARE(s2["frequency_penalty"].get<double>(), 0.0);
        QCOMPARE(s2["presence_penalty"].get<double>(), 0.25);
        // Every line carries it, and the text output says it above the table.
        for (const auto& line : json_lines(flags.out))
            QVERIFY(line["sampling"] == s2);
        const auto text_out =
            run_cli({"run", mini, "--backend", "cpu", "--repetition-penalty", "1.3",
                     "--frequency-penalty", "0", "--presence-penalty", "0"});
        QCOMPARE(text_out.exit_code, 0);
        QVERIFY2(text_out.out.contains("decoding: greedy, repetition penalty 1.3\n"),
                 qPrintable(text_out.out));
    }

    // The penalties shape the choice only. With verify on, a run with strong penalties and one
    // without compute the same first-token logits (kept raw), the same difference to a full
    // recompute and the same candidates, while the tokens chosen differ; the cache sees the same
    // prompt blocks and hits.
    void penaltiesLeaveVerifyAlone() {
        auto sc = load_scenario((test::data_dir() / "scenarios" / "mini.json").string());
        QVERIFY(sc.ok());
        KvPoolLayout layout{sc->block_size,
                            RequestRunner::pool_blocks_needed(*sc, model_->config(), true), 0, 0};
        auto play = [&](const SamplingParams& sampling) -> Result<std::vector<RequestResult>> {
            CpuBackend be(model_, layout);
            RunnerOptions ro;
            ro.verify = true;
            ro.keep_logits = true;
            ro.sampling = sampling;
            auto runner = RequestRunner::create(be, *sc, ro);
            if (!runner)
                return runner.error();
            return runner.value()->play(*sc, {});
        };
        SamplingParams strong;
        strong.repetition_penalty = 3.0;
        strong.frequency_penalty = 2.0;
        strong.presence_penalty = 2.0;
        const auto raw_run = play(SamplingParams{});
        const auto shaped_run = play(strong);
        QVERIFY(raw_run.ok() && shaped_run.ok());
        const std::vector<RequestResult>& raw = raw_run.value();
        const std::vector<RequestResult>& shaped = shaped_run.value();
        QCOMPARE(shaped.size(), raw.size());
        bool some_other_choice = false;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const RequestResult& a = raw[i];
            const RequestResult& b = shaped[i];
            QCOMPARE(b.cached_tokens, a.cached_tokens);
            QCOMPARE(b.blocks.size(), a.blocks.size());
            for (std::size_t k = 0; k < a.blocks.size(); ++k)
                QVERIFY(b.blocks[k].hash == a.blocks[k].hash &&
                        b.blocks[k].state == a.blocks[k].state);
            QVERIFY(b.first_logits == a.first_logits);
            QCOMPARE(*b.max_abs_diff_vs_full, *a.max_abs_diff_vs_full);
            QVERIFY(!b.verify_failed());
            QCOMPARE(b.top_cached.size(), a.top_cached.size());
            for (std::size_t k = 0; k < a.top_cached.size(); ++k) {
                QCOMPARE(b.top_cached[k].token, a.top_cached[k].token);
                QCOMPARE(b.top_cached[k].logit, a.top_cached[k].logit);
                QCOMPARE(b.top_full[k].token, a.top_full[k].token);
            }
            // The raw best is what greedy chose without penalties; with them, another may win.
            QCOMPARE(a.output.front(), a.top_cached[0].token);
            some_other_choice |= b.output != a.output;
        }
        QVERIFY(some_other_choice);
    }
};

QTEST_APPLESS_MAIN(TestRequestRunner)
#include "test_request_runner.moc"
