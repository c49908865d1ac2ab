// The Llama family on the CPU twin (SPEC §5.1) against golden logits from an independent NumPy
// implementation (tests/golden/llama_reference.py, which also writes the model folders:
// config.json, hand-written safetensors, sharded or not, F32 / F16 / BF16, and tokenizer.json).
// Then the refusals: a config or a weight file the twin cannot run faithfully is one line naming
// the file and the key, from the library and from the command line (exit 2).
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>

#include "cpu/cpu_backend.h"
#include "cpu/half_matmul.h"
#include "cpu/vec_math.h"
#include "gui_test_support.h"
#include "model/gpt_model.h"
#include "model/model_shape.h"
#include "panels/memory_scale_panel.h"
#include "shell/main_window.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"
#include "test_support.h"
#include "views/block_chain_view.h"
#include "vulkan/vulkan_backend.h"
#include "vulkan_presence.h"

using namespace pl;
namespace fs = std::filesystem;

namespace {

// float32 forward against float64 NumPy: differences come from rounding in the sums (a few
// 1e-6 relative per op over 2-3 layers); logits are O(1), so 2e-4 absolute plus 2e-4 relative
// leaves room for that and for nothing else (a wrong rotation, a swapped head or an eps off
// by a factor moves logits by 1e-2 or more).
constexpr double kAtol = 2e-4;
constexpr double kRtol = 2e-4;

const char* const kCases[] = {"llama_gqa",  "llama_mqa_tied",  "llama3_scaling",
                              "qwen2_bias", "qwen2_bias_bf16", "qwen3_qknorm",
                              "mistral",    "llama_biases"};
const int kLengths[] = {1, 15, 17, 50};  // block size 16: within one, across one, across three

// |a - b| <= atol + rtol |b| everywhere; else a message naming the first few mismatches.
std::string compare(std::span<const float> got, const std::vector<double>& want, double atol,
                    double rtol) {
    if (got.size() != want.size())
        return "size " + std::to_string(got.size()) + " vs " + std::to_string(want.size());
    std::string out;
    int bad = 0;
    double worst = 0.0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double d = std::fabs(static_cast<double>(got[i]) - want[i]);
        worst = std::max(worst, d);
        if (!(d <= atol + rtol * std::fabs(want[i])) && bad++ < 4) {
            out += " [" + std::to_string(i) + "] " + std::to_string(got[i]) + " vs " +
                   std::to_string(want[i]) + ";";
        }
    }
    return bad ? std::to_string(bad) + " mismatches, worst " + std::to_string(worst) + ":" + out
               : std::string();
}

}  // namespace

class TestModelFamilies : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    std::map<std::string, nlohmann::json> refs_;

    fs::path folder(const std::string& c) const { return fs::path(tmp_.path().toStdString()) / c; }

    // Runs the NumPy reference: writes the folder of `c` into `dir` and its golden logits.
    static void make_case(const fs::path& dir, const std::string& c) {
        const QString python = qEnvironmentVariable("PREFIXLENS_PYTHON");
        const QString script = qEnvironmentVariable("PREFIXLENS_REFERENCE");
        QVERIFY2(!python.isEmpty() && !script.isEmpty(),
                 "PREFIXLENS_PYTHON and PREFIXLENS_REFERENCE must be set (ctest sets them)");
        QProcess p;
        p.start(python, {script, QString::fromStdString(dir.string()), QString::fromStdString(c),
                         "1,15,17,50"});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(python + " " + script + ": " + p.readAllStandardError()));
    }

    // A fresh copy of a case's folder to break.
    fs::path copy_case(const std::string& c, const std::string& name) {
        const fs::path dst = fs::path(tmp_.path().toStdString()) / name;
        fs::remove_all(dst);
        fs::copy(folder(c), dst, fs::copy_options::recursive);
        return dst;
    }

    static void edit_json(const fs::path& file, const std::function<void(nlohmann::json&)>& fn) {
        auto j = nlohmann::json::parse(test::read_file(file));
        fn(j);
        test::write_file(file, j.dump(2));
    }

    static std::vector<int32_t> tokens_of(const nlohmann::json& ref, int n) {
        std::vector<int32_t> t;
        for (int i = 0; i < n; ++i)
            t.push_back(ref["tokens"][static_cast<std::size_t>(i)].get<int32_t>());
        return t;
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        for (const char* c : kCases) {
            make_case(folder(c), c);
            if (QTest::currentTestFailed())
                return;
            refs_[c] = nlohmann::json::parse(test::read_file(folder(c) / "reference.json"));
        }
    }

    // SwiGLU's silu(g) * u in each vector path against libm in double, on lengths that leave a
    // partial vector, from exp's underflow to its overflow.
    void siluMatchesLibm_data() {
        QTest::addColumn<QString>("isa");
        for (const char* isa : {"avx512", "avx2", "scalar"})
            QTest::addRow("%s", isa) << QString(isa);
    }
    void siluMatchesLibm() {
        QFETCH(QString, isa);
        const std::string saved = cpu::vec_isa();
        if (!cpu::force_vec_isa(isa.toUtf8().constData()))
            QSKIP("this CPU cannot run that path");
        auto restore = qScopeGuard([&] { cpu::force_vec_isa(saved.c_str()); });
        for (int n : {1, 7, 8, 15, 16, 17, 33, 250}) {
            std::vector<float> g(static_cast<std::size_t>(n)), u(g.size()), out(g.size());
            for (int i = 0; i < n; ++i) {
                g[i] =
                    -15.0f + 30.0f * static_cast<float>(i) / static_cast<float>(std::max(1, n - 1));
                u[i] = 1.5f - 0.01f * static_cast<float>(i);
            }
            if (n > 2) {
                g[0] = -200.0f;  // exp(200) overflows: silu is -0
                g[1] = 150.0f;   // silu is the value itself
            }
            cpu::silu_mul(out.data(), g.data(), u.data(), n);
            for (int i = 0; i < n; ++i) {
                const double want = g[i] / (1.0 + std::exp(-static_cast<double>(g[i]))) * u[i];
                QVERIFY2(std::abs(out[i] - want) <= 1e-6 + 2e-6 * std::abs(want),
                         qPrintable(QString("silu(%1) * %2 = %3, not %4 (n = %5)")
                                        .arg(g[i])
                                        .arg(u[i])
                                        .arg(out[i])
                                        .arg(want)
                                        .arg(n)));
            }
        }
    }

    void goldenLogits_data() {
        QTest::addColumn<QString>("name");
        for (const char* c : kCases)
            QTest::newRow(c) << QString(c);
    }

    // Each family's last-position logits at lengths that cross KV blocks, one forward each.
    void goldenLogits() {
        QFETCH(QString, name);
        const std::string c = name.toStdString();
        auto m = GptModel::load(folder(c));
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const GptConfig& cfg = m.value()->config();
        QVERIFY(!cfg.is_gpt2());
        const nlohmann::json& ref = refs_[c];
        for (int n : kLengths) {
            CpuBackend be(m.value(), KvPoolLayout{16, 4, 0, 0});
            // The pool holds the KV heads only: a grouped-query model's blocks are smaller.
            QCOMPARE(be.kv_layout().bytes_per_block(),
                     2ull * cfg.n_layer * cfg.kv_heads() * cfg.head_dim() * 16 * sizeof(float));
            const std::vector<int32_t> table = {2, 0, 3, 1};  // not the identity
            std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
            auto r = be.forward(table, 0, tokens_of(ref, n), logits);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            const auto want = ref["logits"][std::to_string(n)].get<std::vector<double>>();
            const std::string diff = compare(logits, want, kAtol, kRtol);
            QVERIFY2(diff.empty(), (c + " at " + std::to_string(n) + " tokens: " + diff).c_str());
        }
    }

    void piecesEqualOneShot_data() { goldenLogits_data(); }

    // An F16 or BF16 folder keeps its matrices and its token embedding (and an untied head) in
    // their 16-bit precision, read where they lie in the mapped files: only norms and biases take
    // f32 memory of the model's own. An F32 folder keeps everything in f32.
    void sixteenBitWeightsStayInTheirFiles() {
        for (const char* c : kCases) {
            auto m = GptModel::load(folder(c));
            QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
            const GptModel& model = *m.value();
            const GptConfig& cfg = model.config();
            const GptOffsets& off = model.offsets();
            const std::string dtype =
                nlohmann::json::parse(test::read_file(folder(c) / "config.json"))["torch_dtype"];
            if (dtype == "float32") {
                QCOMPARE(model.n_f32_params(), model.n_params());
                QVERIFY(!model.half(off.wte) && !model.half(off.layers[0].qkv_w));
                continue;
            }
            const auto type = dtype == "float16" ? cpu::HalfType::F16 : cpu::HalfType::BF16;
            const long C = cfg.n_embd, F = cfg.ff_dim(), V = cfg.vocab_size;
            long half_values = 0;
            auto check = [&](std::size_t offset, long rows, long cols, const char* what) {
                const cpu::HalfMatrix* h = model.half(offset);
                QVERIFY2(h, (c + std::string(": ") + what + " is not kept in 16 bits").c_str());
                QCOMPARE(h->type, type);
                QCOMPARE(static_cast<long>(h->rows()), rows);
                QCOMPARE(static_cast<long>(h->cols), cols);
                half_values += rows * cols;
            };
            check(off.wte, V, C, "the token embedding");
            if (!cfg.tied_head)
                check(off.head, V, C, "the output head");
            for (const LayerOffsets& lo : off.layers) {
                check(lo.qkv_w, cfg.qkv_dim(), C, "q|k|v");
                check(lo.proj_w, C, cfg.q_dim(), "o_proj");
                check(lo.fc_w, 2 * F, C, "gate|up");
                check(lo.fc2_w, C, F, "down_proj");
                QVERIFY(!model.half(lo.ln1_w) && !model.half(lo.ln2_w));
                QVERIFY(lo.qkv_b == kNoTensor || !model.half(lo.qkv_b));
            }
            QCOMPARE(model.n_params() - model.n_f32_params(),
                     static_cast<std::size_t>(half_values));
            QCOMPARE(model.mapped_half_bytes(), static_cast<std::size_t>(half_values) * 2);
            QCOMPARE(model.owned_half_bytes(), std::size_t{0});
            // What stays in f32 is small: norms and biases, under 2% of these tiny models.
            QVERIFY(model.n_f32_params() * 50 < model.n_params());
        }
    }

    // The format does not align tensors: a file whose data starts at an odd address has its
    // 16-bit tensors copied into memory of the model's own, and computes the same logits.
    void oddlyPlacedTensorsAreCopied() {
        const std::string c = "llama3_scaling";
        const fs::path dir = copy_case(c, "odd_offsets");
        const fs::path file = dir / "model.safetensors";
        std::string bytes = test::read_file(file);
        uint64_t len = 0;
        std::memcpy(&len, bytes.data(), 8);
        bytes.insert(8 + len, " ");  // JSON allows trailing blanks; the data moves by one byte
        ++len;
        std::memcpy(bytes.data(), &len, 8);
        test::write_file(file, bytes);
        auto odd = GptModel::load(dir);
        QVERIFY2(odd.ok(), odd.ok() ? "" : odd.error().message.c_str());
        auto even = GptModel::load(folder(c));
        QVERIFY(even.ok());
        const std::size_t half_bytes = 2 * (odd.value()->n_params() - odd.value()->n_f32_params());
        QCOMPARE(odd.value()->owned_half_bytes(), half_bytes);
        QCOMPARE(odd.value()->mapped_half_bytes(), std::size_t{0});
        const std::vector<int32_t> tokens = tokens_of(refs_[c], 17);
        const std::vector<int32_t> table = {0, 1, 2, 3};
        std::vector<float> a(static_cast<std::size_t>(even.value()->config().vocab_size));
        std::vector<float> b(a.size());
        CpuBackend be_odd(odd.value(), KvPoolLayout{16, 4, 0, 0});
        CpuBackend be_even(even.value(), KvPoolLayout{16, 4, 0, 0});
        QVERIFY(be_odd.forward(table, 0, tokens, a).ok());
        QVERIFY(be_even.forward(table, 0, tokens, b).ok());
        QVERIFY(a == b);
        const std::string diff =
            compare(a, refs_[c]["logits"]["17"].get<std::vector<double>>(), kAtol, kRtol);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // Prefill in pieces (each later piece reads the earlier ones' K and V from the pool: a
    // prefix-cache hit) gives the logits of one forward over the whole prompt: the per-block
    // path (up to 32 new tokens) and the gathered one (more) both, over grouped KV heads.
    void piecesEqualOneShot() {
        QFETCH(QString, name);
        const std::string c = name.toStdString();
        auto m = GptModel::load(folder(c));
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const int V = m.value()->config().vocab_size;
        const std::vector<int32_t> all = tokens_of(refs_[c], 50);
        const std::vector<int32_t> table = {3, 1, 0, 2};
        CpuBackend one(m.value(), KvPoolLayout{16, 4, 0, 0});
        std::vector<float> whole(static_cast<std::size_t>(V)), piece(whole.size());
        QVERIFY(one.forward(table, 0, all, whole).ok());
        CpuBackend parts(m.value(), KvPoolLayout{16, 4, 0, 0});
        int done = 0;
        for (int len : {1, 16, 33}) {  // ends at 1, 17, 50, each mid-block; 33 > 32: gathered
            QVERIFY(parts.forward(table, done, std::span(all).subspan(done, len), piece).ok());
            done += len;
        }
        QCOMPARE(done, 50);
        QVERIFY2(
            compare(piece, std::vector<double>(whole.begin(), whole.end()), 1e-5, 1e-5).empty(),
            compare(piece, std::vector<double>(whole.begin(), whole.end()), 1e-5, 1e-5).c_str());
        const auto want = refs_[c]["logits"]["50"].get<std::vector<double>>();
        const std::string diff = compare(piece, want, kAtol, kRtol);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The attention view's probabilities (forward_attention) for a grouped-query model: one row
    // per query head, not per KV head, each a distribution over every position it sees, and the
    // logits those of the plain forward.
    void attentionProbabilitiesPerQueryHead() {
        auto m = GptModel::load(folder("llama_gqa"));
        QVERIFY(m.ok());
        const GptConfig& cfg = m.value()->config();
        QVERIFY(cfg.kv_heads() < cfg.n_head);
        const std::vector<int32_t> tokens = tokens_of(refs_["llama_gqa"], 40);
        const std::vector<int32_t> table = {1, 2, 0, 3};
        CpuBackend be(m.value(), KvPoolLayout{16, 4, 0, 0});
        std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
        std::vector<float> probs;
        QVERIFY(be.forward_attention(table, 0, tokens, logits, probs).ok());
        QCOMPARE(probs.size(), std::size_t(cfg.n_layer) * cfg.n_head * tokens.size());
        for (int row = 0; row < cfg.n_layer * cfg.n_head; ++row) {
            double sum = 0.0;
            for (std::size_t k = 0; k < tokens.size(); ++k)
                sum += probs[row * tokens.size() + k];
            QVERIFY2(std::fabs(sum - 1.0) < 1e-5,
                     qPrintable(QString("row %1 sums to %2").arg(row).arg(sum)));
        }
        std::vector<float> plain(logits.size());
        QVERIFY(be.forward(table, 0, tokens, plain).ok());
        QVERIFY(plain == logits);
    }

    // The command line loads a folder (its tokenizer.json included) and runs it on the CPU.
    void commandLineEval() {
        const std::string c = "qwen3_qknorm";
        const nlohmann::json& ref = refs_[c];
        QString ids;
        for (int i = 0; i < 17; ++i)
            ids += (i ? "," : "") + QString::number(ref["tokens"][i].get<int>());
        const auto res = test::run_cli({"eval", "--model", QString::fromStdString(folder(c)),
                                        "--tokens", ids, "--backend", "cpu", "--json"});
        QVERIFY2(res.exit_code == 0, qPrintable(res.err));
        const auto j = nlohmann::json::parse(res.out.toStdString());
        const auto got = j["logits"].get<std::vector<float>>();
        const std::string diff =
            compare(got, ref["logits"]["17"].get<std::vector<double>>(), kAtol, kRtol);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The same golden logits from the Vulkan kernels (GPT-2's, taught RMSNorm, the rotary step,
    // grouped-query attention and SwiGLU), in one forward and in pieces that read the earlier
    // pieces' keys from the pool, passes of 20 tokens included. The validation layer is on
    // (ctest), and a message fails the test.
    void vulkanGoldenLogits_data() { goldenLogits_data(); }
    void vulkanGoldenLogits() {
        QFETCH(QString, name);
        const std::string c = name.toStdString();
        auto m = GptModel::load(folder(c));
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const GptConfig& cfg = m.value()->config();
        const nlohmann::json& ref = refs_[c];
        VulkanOptions opts;
        opts.max_tokens_per_pass = 20;  // 50 tokens: three passes sharing one rope table
        auto vk = VulkanBackend::create(m.value(), KvPoolLayout{16, 4, 0, 0}, opts);
        if (!vk) {
            const std::string skip = test::skip_reason_without_vulkan(vk.error().message);
            if (!skip.empty())
                QSKIP(skip.c_str());
            QFAIL(vk.error().message.c_str());
        }
        VulkanBackend& be = *vk.value();
        QCOMPARE(be.kv_layout().bytes_per_block(),
                 2ull * cfg.n_layer * cfg.kv_heads() * cfg.head_dim() * 16 * sizeof(float));
        const std::vector<int32_t> table = {2, 0, 3, 1};
        std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
        for (int n : kLengths) {
            auto r = be.forward(table, 0, tokens_of(ref, n), logits);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            const std::string diff = compare(
                logits, ref["logits"][std::to_string(n)].get<std::vector<double>>(), kAtol, kRtol);
            QVERIFY2(diff.empty(),
                     (c + " on Vulkan at " + std::to_string(n) + " tokens: " + diff).c_str());
        }
        const std::vector<int32_t> all = tokens_of(ref, 50);
        int done = 0;
        for (int len : {1, 16, 33}) {  // the decode kernels, the multi-row ones, the prefill ones
            auto r = be.forward(table, done, std::span(all).subspan(done, len), logits);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            done += len;
        }
        const std::string diff =
            compare(logits, ref["logits"]["50"].get<std::vector<double>>(), kAtol, kRtol);
        QVERIFY2(diff.empty(), (c + " on Vulkan in pieces: " + diff).c_str());
        QCOMPARE(be.validation_message_count(), 0);
    }

    // The app's Memory dock leads with the model it runs: its own KV bytes per token, counted
    // over its KV heads, and the sessions of a length that fit a card beside its weights.
    void memoryDockShowsTheRunningModel() {
        const fs::path dir = folder("llama_gqa");
        auto m = GptModel::load(dir);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const GptConfig& cfg = m.value()->config();
        ui::MemoryScalePanel panel;
        panel.setRunningModel(QString::fromStdString(dir.string()));
        panel.select(0, 1, 1000);
        const QString text = panel.summaryText();
        QVERIFY2(text.contains(QString("%1 layers × %2 key/value heads × %3 values")
                                   .arg(cfg.n_layer)
                                   .arg(cfg.kv_heads())
                                   .arg(cfg.head_dim())),
                 qPrintable(text));
        QVERIFY2(text.contains(QString("%1 query heads share %2 key/value heads")
                                   .arg(cfg.n_head)
                                   .arg(cfg.kv_heads())),
                 qPrintable(text));
        const auto shape = shape_of(cfg, "llama_gqa");
        QCOMPARE(shape.kv_bytes_per_token(), static_cast<int64_t>(cfg.kv_bytes_per_token()));
        QCOMPARE(panel.sessionsShown(), sessions_that_fit(shape, int64_t{1} << 30, 1000));
        QVERIFY(panel.sessionsShown() > 0);
    }

    // The attention heat map on a grouped-query model: the worker's map knows the key/value
    // heads, the head selector offers each group of query heads that reads one of them, a group
    // draws the average of its heads, and the line above the chain says how many share each.
    void attentionViewShowsQueryGroups() {
        const fs::path dir = folder("llama_gqa");
        auto m = GptModel::load(dir);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const GptConfig& cfg = m.value()->config();
        QVERIFY(cfg.kv_heads() > 1 && cfg.kv_heads() < cfg.n_head);
        const int group = cfg.n_head / cfg.kv_heads();

        ui::MainWindowOptions o;
        o.engine = test::cpu_engine();
        o.engine.model_dir = QString::fromStdString(dir.string());
        o.useSettings = false;
        o.loadInitialScenario = false;
        ui::MainWindow w(o);
        w.resize(1280, 800);
        w.show();
        QVERIFY(w.loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w.waitForRun(600000), qPrintable(w.lastError()));
        const ui::ScenarioRun& run = *w.context()->run();
        int cursor = -1;
        for (int i : run.request_events[0]) {
            if (std::holds_alternative<PrefillDoneEvent>(run.events[static_cast<std::size_t>(i)]))
                cursor = i + 1;
        }
        QVERIFY(cursor > 0);
        w.context()->setCursor(cursor);
        w.context()->selectRequest(0);
        w.syncViews();
        ui::BlockChainView* chain = w.blockChainView();
        chain->setAttentionShown(true);
        QTRY_VERIFY_WITH_TIMEOUT(!chain->attentionPending() && chain->attention(), 60000);
        const ui::AttentionMapPtr map = chain->attention();
        QVERIFY2(map->error.empty(), map->error.c_str());
        QCOMPARE(map->n_head, cfg.n_head);
        QCOMPARE(map->n_kv_head, cfg.kv_heads());
        QCOMPARE(map->group_size(), group);

        // "all heads", then per group the group and its heads.
        const QStringList choices = chain->headChoices();
        QCOMPARE(choices.size(), 1 + cfg.kv_heads() + cfg.n_head);
        QCOMPARE(choices[1], QString("group 1: heads 1–%1").arg(group));
        QCOMPARE(choices[2], QString("head 1"));
        QCOMPARE(choices[1 + group + 1],
                 QString("group 2: heads %1–%2").arg(group + 1).arg(2 * group));
        QVERIFY2(chain->attentionInfo().contains(
                     QString("%1 query heads share %2 key/value heads, %3 per group")
                         .arg(cfg.n_head)
                         .arg(cfg.kv_heads())
                         .arg(group)),
                 qPrintable(chain->attentionInfo()));

        // The last group of the last layer: each block's share is its heads' average.
        const int layer = map->n_layer - 1, g = cfg.kv_heads() - 1;
        chain->setAttentionLayerGroup(layer, g);
        const auto blocks = chain->attentionPerBlock(0);
        const RequestResult& res = run.results[0];
        QCOMPARE(blocks.size(), res.blocks.size());
        double sum = 0;
        for (std::size_t b = 0; b < blocks.size(); ++b) {
            double expect = 0;
            const int first = static_cast<int>(b) * run.scenario.block_size;
            for (int k = first; k < first + static_cast<int>(res.blocks[b].tokens.size()); ++k) {
                for (int h = g * group; h < (g + 1) * group; ++h)
                    expect += map->weight(layer, h, k) / group;
            }
            QVERIFY2(std::fabs(blocks[b] - expect) < 1e-6, qPrintable(QString::number(b)));
            sum += blocks[b];
        }
        QVERIFY(std::fabs(sum - 1.0) < 1e-4);
        // Not the average of all heads: the group is what is drawn.
        double allFirst = 0;
        for (int k = 0; k < static_cast<int>(res.blocks[0].tokens.size()); ++k)
            allFirst += map->weight(layer, -1, k);
        QVERIFY(std::fabs(allFirst - blocks[0]) > 1e-7);
    }

    // `run --verify` plays a built-in scenario in each family's own chat format (the folder's
    // chat_template): every request's cached logits equal a full recompute, and the second
    // request of shared-system-prompt reuses every block of the first that lies before its
    // question (only the last turn differs).
    void runVerifiesEveryFamily_data() { goldenLogits_data(); }
    void runVerifiesEveryFamily() {
        QFETCH(QString, name);
        const auto res = test::run_cli({"run", "shared-system-prompt", "--model",
                                        QString::fromStdString(folder(name.toStdString()).string()),
                                        "--backend", "cpu", "--verify", "--json"});
        QVERIFY2(res.exit_code == 0, qPrintable(res.err));
        std::vector<nlohmann::json> lines;
        for (const QString& l : res.out.split('\n', Qt::SkipEmptyParts))
            lines.push_back(nlohmann::json::parse(l.toStdString()));
        QCOMPARE(lines.size(), std::size_t{2});
        for (const auto& l : lines) {
            QVERIFY2(l["max_abs_diff_vs_full"].get<double>() <= l["verify_tolerance"].get<double>(),
                     qPrintable(QString::fromStdString(l.dump())));
        }
        const int prompt = lines[1]["prompt_tokens"].get<int>();
        const int cached = lines[1]["cached_tokens"].get<int>();
        QVERIFY2(prompt > 500 && cached >= prompt * 8 / 10 && cached % 16 == 0,
                 qPrintable(QString("request 1: %1 of %2 tokens cached").arg(cached).arg(prompt)));
        QCOMPARE(lines[0]["cached_tokens"].get<int>(), 0);
    }

    void refusals_data() {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("file");    // the file the message must name
        QTest::addColumn<QString>("expect");  // and what it must say
        QTest::addColumn<int>("edit");
        auto row = [](const char* tag, const char* base, const char* file, const char* expect,
                      int edit) { QTest::newRow(tag) << base << file << expect << edit; };
        row("other model_type", "llama_gqa", "config.json", "/model_type \"phi\"", 0);
        row("qwen2 sliding window", "qwen2_bias", "config.json", "/sliding_window", 1);
        row("mistral short window", "mistral", "config.json", "/sliding_window 16", 2);
        row("rope_scaling yarn", "llama3_scaling", "config.json", "/rope_scaling/rope_type", 3);
        row("missing key", "llama_gqa", "config.json", "missing /num_hidden_layers", 4);
        row("absurd size", "llama_gqa", "config.json", "/hidden_size is 1048576", 5);
        row("kv heads do not divide", "llama_gqa", "config.json", "/num_key_value_heads", 6);
        row("activation", "llama_gqa", "config.json", "/hidden_act", 7);
        row("llama3 key missing", "llama3_scaling", "config.json", "/rope_scaling/factor", 8);
        row("tensor wrong shape", "llama_gqa", "model.safetensors", "gate_proj.weight", 9);
        row("lm_head missing", "llama_mqa_tied", "model.safetensors", "'lm_head.weight'", 10);
        row("layer beyond config", "llama_gqa", "model.safetensors", "model.layers.1.", 11);
        row("shard missing", "qwen2_bias", "model.safetensors.index.json",
            "model-00002-of-00002.safetensors", 12);
        row("tensor missing from shard", "qwen2_bias", "model-00001-of-00002.safetensors",
            "model.layers.9.mlp.up_proj.weight", 13);
        row("shard outside folder", "qwen3_qknorm", "model.safetensors.index.json",
            "not a file name in the model folder", 14);
        row("no tokenizer.json", "llama_gqa", "tokenizer.json", "cannot open", 15);
    }

    void refusals() {
        QFETCH(QString, base);
        QFETCH(QString, file);
        QFETCH(QString, expect);
        QFETCH(int, edit);
        const fs::path d = copy_case(base.toStdString(), "broken");
        const fs::path cfg = d / "config.json";
        const fs::path index = d / "model.safetensors.index.json";
        switch (edit) {
            case 0:
                edit_json(cfg, [](auto& j) { j["model_type"] = "phi"; });
                break;
            case 1:
                edit_json(cfg, [](auto& j) { j["use_sliding_window"] = true; });
                break;
            case 2:
                edit_json(cfg, [](auto& j) { j["sliding_window"] = 16; });
                break;
            case 3:
                edit_json(cfg, [](auto& j) { j["rope_scaling"]["rope_type"] = "yarn"; });
                break;
            case 4:
                edit_json(cfg, [](auto& j) { j.erase("num_hidden_layers"); });
                break;
            case 5:
                edit_json(cfg, [](auto& j) { j["hidden_size"] = 1 << 20; });
                break;
            case 6:
                edit_json(cfg, [](auto& j) { j["num_key_value_heads"] = 3; });
                break;
            case 7:
                edit_json(cfg, [](auto& j) { j["hidden_act"] = "gelu"; });
                break;
            case 8:
                edit_json(cfg, [](auto& j) { j["rope_scaling"].erase("factor"); });
                break;
            case 9:
                edit_json(cfg, [](auto& j) { j["intermediate_size"] = 96; });
                break;
            case 10:
                edit_json(cfg, [](auto& j) { j["tie_word_embeddings"] = false; });
                break;
            case 11:
                edit_json(cfg, [](auto& j) { j["num_hidden_layers"] = 1; });
                break;
            case 12:
                fs::remove(d / "model-00002-of-00002.safetensors");
                break;
            case 13:
                edit_json(index, [](auto& j) {
                    j["weight_map"]["model.layers.9.mlp.up_proj.weight"] =
                        "model-00001-of-00002.safetensors";
                });
                break;
            case 14:
                edit_json(index, [](auto& j) {
                    j["weight_map"]["model.norm.weight"] = "../elsewhere.safetensors";
                });
                break;
            case 15:
                fs::remove(d / "tokenizer.json");
                break;
            default:
                QFAIL("no such edit");
        }
        auto r = GptModel::load(d);
        QVERIFY(!r.ok());
        const std::string& msg = r.error().message;
        QVERIFY2(msg.find(file.toStdString()) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find(expect.toStdString()) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find('\n') == std::string::npos, msg.c_str());

        const auto res = test::run_cli({"eval", "--model", QString::fromStdString(d.string()),
                                        "--tokens", "1,2,3", "--backend", "cpu"});
        QCOMPARE(res.exit_code, 2);
        const QString err = res.err.trimmed();
        QVERIFY2(!err.contains('\n') && err.contains(file), qPrintable(err));
        QVERIFY(res.out.isEmpty());
    }
};

QTEST_MAIN(TestModelFamilies)  // a QApplication: the Memory dock's check makes a widget
#include "test_model_families.moc"
