// Bad model folders and prompts: each must give a one-line error naming the file and the
// problem, exit status 2 from the command line, and never a crash.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>

#include "model/gpt_model.h"
#include "model/safetensors_reader.h"
#include "test_support.h"

using namespace pl;
namespace fs = std::filesystem;

namespace {

struct Corruption {
    const char* name;
    const char* file;    // the file the error must name
    const char* expect;  // a phrase the error must contain
    std::function<void(const fs::path& dir)> apply;
};

// Rewrites the safetensors header through `edit`, keeping the data section as it was.
void edit_header(const fs::path& dir, const std::function<void(nlohmann::json&)>& edit) {
    const auto path = dir / "model.safetensors";
    const std::string bytes = test::read_file(path);
    uint64_t n = 0;
    std::memcpy(&n, bytes.data(), 8);
    auto j = nlohmann::json::parse(bytes.substr(8, n));
    edit(j);
    std::string h = j.dump();
    uint64_t len = h.size();
    std::string out(reinterpret_cast<const char*>(&len), 8);
    out += h + bytes.substr(8 + n);
    test::write_file(path, out);
}

void edit_config(const fs::path& dir, const std::function<void(nlohmann::json&)>& edit) {
    auto j = nlohmann::json::parse(test::read_file(dir / "config.json"));
    edit(j);
    test::write_file(dir / "config.json", j.dump());
}

std::vector<Corruption> corruptions() {
    return {
        {"truncated safetensors", "model.safetensors", "truncated",
         [](const fs::path& d) {
             const auto s = test::read_file(d / "model.safetensors");
             test::write_file(d / "model.safetensors", s.substr(0, s.size() / 2));
         }},
        {"shorter than 8 bytes", "model.safetensors", "truncated",
         [](const fs::path& d) { test::write_file(d / "model.safetensors", "abc"); }},
        {"header length beyond the file", "model.safetensors", "larger than the file",
         [](const fs::path& d) {
             auto s = test::read_file(d / "model.safetensors");
             const uint64_t huge = 1ull << 40;
             std::memcpy(s.data(), &huge, 8);
             test::write_file(d / "model.safetensors", s);
         }},
        {"header not JSON", "model.safetensors", "not valid JSON",
         [](const fs::path& d) {
             auto s = test::read_file(d / "model.safetensors");
             s[8] = '#';
             test::write_file(d / "model.safetensors", s);
         }},
        {"unknown dtype", "model.safetensors", "unknown dtype",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) { j["transformer.ln_f.bias"]["dtype"] = "F33"; });
         }},
        {"unsupported dtype for a weight", "model.safetensors", "must be F32",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) { j["transformer.ln_f.bias"]["dtype"] = "I32"; });
         }},
        {"shape does not fit the byte range", "model.safetensors", "does not fit its shape",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) {
                 j["transformer.ln_f.bias"]["shape"] = nlohmann::json::array({33});
             });
         }},
        {"byte range past the end", "model.safetensors", "runs past the end",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) {
                 j["transformer.ln_f.bias"]["data_offsets"] =
                     nlohmann::json::array({1u << 30, (1u << 30) + 128});
             });
         }},
        {"missing tensor", "model.safetensors", "missing tensor 'h.1.mlp.c_fc.bias'",
         [](const fs::path& d) {
             // Renamed, not erased: its bytes still belong to a tensor.
             edit_header(d, [](nlohmann::json& j) {
                 j["transformer.h.1.mlp.c_fc.bias_old"] = j["transformer.h.1.mlp.c_fc.bias"];
                 j.erase("transformer.h.1.mlp.c_fc.bias");
             });
         }},
        {"a hole in the data", "model.safetensors", "belong to no tensor",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) { j.erase("transformer.h.1.mlp.c_fc.bias"); });
         }},
        {"overlapping byte ranges", "model.safetensors", "overlaps tensor",
         [](const fs::path& d) {
             // One more tensor over bytes that others own: a small file claiming a larger model.
             edit_header(d, [](nlohmann::json& j) {
                 const auto w = j["transformer.ln_f.weight"]["data_offsets"];
                 const auto b = j["transformer.ln_f.bias"]["data_offsets"];
                 const uint64_t begin = std::min(w[0].get<uint64_t>(), b[0].get<uint64_t>());
                 const uint64_t end = std::max(w[1].get<uint64_t>(), b[1].get<uint64_t>());
                 j["transformer.extra"] = {
                     {"dtype", "U8"}, {"shape", {end - begin}}, {"data_offsets", {begin, end}}};
             });
         }},
        {"a number no double holds in the header", "model.safetensors", "out of range",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) {
                 j["__metadata__"] = nlohmann::json::object({{"x", "PLACEHOLDER"}});
             });
             auto s = test::read_file(d / "model.safetensors");
             const std::string from = "\"PLACEHOLDER\"", to = "1e999        ";
             s.replace(s.find(from), from.size(), to);
             test::write_file(d / "model.safetensors", s);
         }},
        {"a tensor name with a newline", "model.safetensors", "\"h.0.x\\ny\"",
         [](const fs::path& d) {
             edit_header(d, [](nlohmann::json& j) {
                 j["h.0.x\ny"] = j["transformer.ln_f.bias"];
                 j["h.0.x\ny"]["dtype"] = "Q7";
                 j.erase("transformer.ln_f.bias");
             });
         }},
        {"config number no double holds", "config.json", "out of range",
         [](const fs::path& d) {
             test::write_file(d / "config.json",
                              "{\"n_layer\": 2, \"n_head\": 2, \"n_embd\": 1e999}");
         }},
        {"config absurd width", "config.json", "at most 16384",
         [](const fs::path& d) {
             edit_config(d, [](nlohmann::json& j) { j["n_embd"] = 1 << 20; });
         }},
        {"config absurd context", "config.json", "at most 131072",
         [](const fs::path& d) {
             edit_config(d, [](nlohmann::json& j) { j["n_positions"] = 1 << 30; });
         }},
        {"config nested too deep", "config.json", "nested deeper than 128",
         [](const fs::path& d) {
             test::write_file(d / "config.json",
                              "{\"a\": " + std::string(5000, '[') + std::string(5000, ']') + "}");
         }},
        {"config contradicts tensors (n_embd)", "model.safetensors", "config.json implies",
         [](const fs::path& d) { edit_config(d, [](nlohmann::json& j) { j["n_embd"] = 64; }); }},
        {"config contradicts tensors (n_layer)", "model.safetensors", "n_layer = 1",
         [](const fs::path& d) { edit_config(d, [](nlohmann::json& j) { j["n_layer"] = 1; }); }},
        {"config not JSON", "config.json", "invalid JSON",
         [](const fs::path& d) {
             test::write_file(d / "config.json", "{\"n_layer\": 2,\n oops}");
         }},
        {"config missing a key", "config.json", "missing /n_head",
         [](const fs::path& d) { edit_config(d, [](nlohmann::json& j) { j.erase("n_head"); }); }},
        {"config negative size", "config.json", "positive integer",
         [](const fs::path& d) {
             edit_config(d, [](nlohmann::json& j) { j["n_positions"] = -5; });
         }},
        {"vocab not JSON", "vocab.json", "",
         [](const fs::path& d) { test::write_file(d / "vocab.json", "{\"a\": 1,"); }},
        {"merges malformed line", "merges.txt", "",
         [](const fs::path& d) { test::write_file(d / "merges.txt", "#version: 0.2\nĠ t x\n"); }},
        {"merges unknown token", "merges.txt", "",
         [](const fs::path& d) {
             test::write_file(d / "merges.txt", "#version: 0.2\nzzzq qqq\n");
         }},
        {"missing vocab", "vocab.json", "",
         [](const fs::path& d) { fs::remove(d / "vocab.json"); }},
    };
}

fs::path copy_model(const QTemporaryDir& tmp) {
    const fs::path dir = fs::path(tmp.path().toStdString()) / "model";
    fs::create_directories(dir);
    for (const auto& e : fs::directory_iterator(test::data_dir() / "tiny-gpt2")) {
        fs::copy_file(e.path(), dir / e.path().filename());
    }
    return dir;
}

}  // namespace

class TestModelLoading : public QObject {
    Q_OBJECT

  private slots:
    void loadsWithAndWithoutTransformerPrefixAndIgnoresBuffers() {
        QTemporaryDir tmp;
        const fs::path dir = copy_model(tmp);
        auto a = GptModel::load(dir);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        // Strip the prefix from every name: the same model must load.
        edit_header(dir, [](nlohmann::json& j) {
            nlohmann::json out;
            for (auto it = j.begin(); it != j.end(); ++it) {
                std::string k = it.key();
                if (k.rfind("transformer.", 0) == 0)
                    k = k.substr(12);
                out[k] = it.value();
            }
            j = out;
        });
        auto b = GptModel::load(dir);
        QVERIFY2(b.ok(), b.ok() ? "" : b.error().message.c_str());
        QCOMPARE(a.value()->n_params(), b.value()->n_params());
        QVERIFY(std::equal(a.value()->params(), a.value()->params() + a.value()->n_params(),
                           b.value()->params()));
    }

    void halfPrecisionConversions() {
        QCOMPARE(f16_to_f32(0x3c00), 1.0f);
        QCOMPARE(f16_to_f32(0xc000), -2.0f);
        QCOMPARE(f16_to_f32(0x0001), 5.9604645e-08f);  // smallest subnormal
        QCOMPARE(bf16_to_f32(0x3f80), 1.0f);
        QCOMPARE(bf16_to_f32(0x4049), 3.140625f);
    }

    void badModelFolders_data() {
        QTest::addColumn<int>("index");
        const auto all = corruptions();
        for (int i = 0; i < static_cast<int>(all.size()); ++i)
            QTest::addRow("%s", all[i].name) << i;
    }

    void badModelFolders() {
        QFETCH(int, index);
        const Corruption c = corruptions()[static_cast<std::size_t>(index)];
        QTemporaryDir tmp;
        const fs::path dir = copy_model(tmp);
        c.apply(dir);

        // The library returns an error value naming the file...
        auto r = GptModel::load(dir);
        QVERIFY(!r.ok());
        const std::string& msg = r.error().message;
        QVERIFY2(msg.find(c.file) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find(c.expect) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find('\n') == std::string::npos, msg.c_str());

        // ...and the command line prints it on one line and exits with status 2.
        QProcess p;
        p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                {"eval", "--model", QString::fromStdString(dir.string()), "--tokens", "1,2,3",
                 "--backend", "cpu"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        QVERIFY2(!err.contains('\n'), qPrintable(err));
        QVERIFY2(err.contains(QString::fromUtf8(c.file)), qPrintable(err));
        QVERIFY(p.readAllStandardOutput().isEmpty());
    }

    // A header that is consistent with its config but describes weights larger than the
    // machine (a sparse file: it takes no disk) is refused before anything is allocated.
    void weightsLargerThanMemoryAreRefused() {
        QTemporaryDir tmp;
        const fs::path dir = copy_model(tmp);
        const int64_t L = 64, C = 16384, P = 1024, V = 1 << 20;
        edit_config(dir, [&](nlohmann::json& j) {
            j["n_layer"] = L;
            j["n_embd"] = C;
            j["n_head"] = 16;
            j["n_positions"] = P;
            j["vocab_size"] = V;
        });
        nlohmann::ordered_json h = nlohmann::ordered_json::object();
        uint64_t at = 0;
        auto add = [&](const std::string& name, std::vector<int64_t> shape) {
            uint64_t bytes = 4;
            for (int64_t d : shape)
                bytes *= static_cast<uint64_t>(d);
            h[name] = {{"dtype", "F32"}, {"shape", shape}, {"data_offsets", {at, at + bytes}}};
            at += bytes;
        };
        add("wte.weight", {V, C});
        add("wpe.weight", {P, C});
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "h." + std::to_string(l) + ".";
            for (const char* n : {"ln_1.weight", "ln_1.bias", "attn.c_proj.bias", "ln_2.weight",
                                  "ln_2.bias", "mlp.c_proj.bias"})
                add(p + n, {C});
            add(p + "attn.c_attn.weight", {C, 3 * C});
            add(p + "attn.c_attn.bias", {3 * C});
            add(p + "attn.c_proj.weight", {C, C});
            add(p + "mlp.c_fc.weight", {C, 4 * C});
            add(p + "mlp.c_fc.bias", {4 * C});
            add(p + "mlp.c_proj.weight", {4 * C, C});
        }
        add("ln_f.weight", {C});
        add("ln_f.bias", {C});
        const std::string header = h.dump();
        const uint64_t len = header.size();
        const fs::path st = dir / "model.safetensors";
        test::write_file(st, std::string(reinterpret_cast<const char*>(&len), 8) + header);
        fs::resize_file(st, 8 + len + at);  // sparse: about 780 GB of zeros that take no disk

        auto r = GptModel::load(dir);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("more than this machine can give it") != std::string::npos,
                 r.error().message.c_str());
        QProcess p;
        p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                {"eval", "--model", QString::fromStdString(dir.string()), "--tokens", "1,2,3",
                 "--backend", "cpu"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        QVERIFY2(!err.contains('\n') && err.contains("the weights"), qPrintable(err));
    }

    void promptLongerThanContextExitsTwo() {
        QString ids = "1";
        for (int i = 0; i < 320; ++i)
            ids += ",2";  // 321 tokens, context is 320
        QProcess p;
        p.start(
            qEnvironmentVariable("PREFIXLENS_BIN"),
            {"eval", "--model", QString::fromStdString((test::data_dir() / "tiny-gpt2").string()),
             "--tokens", ids, "--backend", "cpu"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("--tokens") && err.contains("longer than the model's context"),
                 qPrintable(err));
    }

    void evalJsonHasContractFields() {
        QProcess p;
        p.start(
            qEnvironmentVariable("PREFIXLENS_BIN"),
            {"eval", "--model", QString::fromStdString((test::data_dir() / "tiny-gpt2").string()),
             "--tokens", "5,6,7", "--backend", "cpu", "--json"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        for (const char* k :
             {"model", "backend", "device", "n_tokens", "tokens", "logits", "top"}) {
            QVERIFY2(j.contains(k), k);
        }
        QCOMPARE(j["n_tokens"].get<int>(), 3);
        QCOMPARE(j["logits"].size(), size_t(300));
        QCOMPARE(j["backend"].get<std::string>(), std::string("cpu"));
        // The top list is sorted and agrees with the logits.
        const auto logits = j["logits"].get<std::vector<float>>();
        const int best = j["top"][0]["token"].get<int>();
        QCOMPARE(*std::max_element(logits.begin(), logits.end()), logits[best]);
    }
};

QTEST_APPLESS_MAIN(TestModelLoading)
#include "test_model_loading.moc"
