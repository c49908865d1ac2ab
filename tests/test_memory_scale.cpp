// Memory to scale (model/model_shape.h): weights against KV per session against the card, for
// the shipped Hugging Face shapes. Figures checked against hand-computed values.
#include <QTest>

#include <filesystem>

#include "core/assets.h"
#include "model/gpt_model.h"
#include "model/model_shape.h"
#include "test_support.h"

using pl::ModelShape;

namespace {

ModelShape shipped(const char* file) {
    auto s = pl::load_model_shape(pl::assets_dir() / "model_shapes" / file);
    if (!s)
        qFatal("%s", s.error().message.c_str());
    return s.value();
}

}  // namespace

class TestMemoryScale : public QObject {
    Q_OBJECT

  private slots:
    // GPT-2 small by hand: wte 50257x768 + wpe 1024x768 + 12 x (12x768² + 13x768) + ln_f 2x768
    // = 124,439,808 weights, 4 bytes each; K and V of 12 layers x 768 floats = 73,728 bytes per
    // token. A 24 GiB card holds the weights and floor((24 GiB - weights) / (1,024 x 73,728)) =
    // 334 sessions of 1,024 tokens.
    void gpt2SmallByHand() {
        const ModelShape s = shipped("gpt2-small.json");
        QCOMPARE(s.parameters(), int64_t{124439808});
        QCOMPARE(s.weight_bytes(), int64_t{497759232});
        QCOMPARE(s.kv_bytes_per_token(), int64_t{73728});
        QCOMPARE(pl::sessions_that_fit(s, int64_t{24} << 30, 1024), int64_t{334});
        // The card smaller than the weights: no session at all.
        QCOMPARE(pl::sessions_that_fit(s, int64_t{400} << 20, 1), int64_t{0});
    }

    // Grouped-query attention: 32 query heads share 8 K/V heads, so a token costs a quarter of
    // what 32 K/V heads would. 8,030,261,248 weights in bfloat16 take 16.06 GB; an 80 GB card
    // then holds 19 sessions of 24,576 tokens (about twenty: the articles' "card full").
    void llama8bGroupedQuery() {
        const ModelShape s = shipped("llama-3-8b-like.json");
        QCOMPARE(s.parameters(), int64_t{8030261248});
        QCOMPARE(s.kv_bytes_per_token(), int64_t{2 * 32 * 8 * 128 * 2});
        QCOMPARE(pl::sessions_that_fit(s, int64_t{80000000000}, 24576), int64_t{19});
        const ModelShape big = shipped("llama-3-70b-like.json");
        QCOMPARE(big.parameters(), int64_t{70553706496});
        QCOMPARE(big.kv_bytes_per_token(), int64_t{327680});
    }

    // The built-in model: the same arithmetic as the engine's own KV layout.
    void builtinModelMatchesTheEngine() {
        auto cfg = pl::GptModel::load(pl::builtin_model_dir());
        QVERIFY(cfg.ok());
        const auto& c = cfg.value()->config();
        const ModelShape s = pl::shape_of(c, "built-in");
        QCOMPARE(static_cast<std::size_t>(s.kv_bytes_per_token()), c.kv_bytes_per_token());
        QCOMPARE(s.weight_bytes(), static_cast<int64_t>(cfg.value()->n_params() * 4));
    }

    void badConfigsNameTheFileAndKey() {
        auto bad = pl::parse_model_shape(R"({"num_hidden_layers": 2, "num_attention_heads": 6,
            "num_key_value_heads": 4, "hidden_size": 96, "intermediate_size": 10,
            "vocab_size": 9})",
                                         "m.json");
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.rfind("m.json: /num_key_value_heads", 0) == 0);
        auto missing = pl::parse_model_shape(R"({"n_layer": 2})", "m.json");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().message, std::string("m.json: missing /n_head"));
        auto dtype = pl::parse_model_shape(
            R"({"n_layer": 1, "n_head": 1, "n_embd": 8, "n_positions": 4, "vocab_size": 4,
                "torch_dtype": "int4"})",
            "m.json");
        QVERIFY(!dtype.ok());
        QVERIFY(!pl::parse_model_shape("{", "m.json").ok());
        QVERIFY(pl::builtin_model_shapes().size() >= 3);
    }

    // The fuzz target's regressions: each refused with one line naming the file, except the
    // largest shape accepted, whose arithmetic must not overflow.
    void fuzzRegressions() {
        const auto dir =
            pl::test::data_dir().parent_path() / "fuzz" / "regressions" / "fuzz_model_shape";
        int seen = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            ++seen;
            const std::string file = e.path().string();
            auto s = pl::load_model_shape(e.path());
            if (e.path().filename() == "largest-accepted.json") {
                QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
                // Worked out by hand from the file (Llama, untied head, float32): embeddings and
                // head 2 x 4194304 x 65536, the final norm 65536, and 1024 layers of two norms
                // (2 x 65536), q and o (2 x 65536 x 131072; 1024 heads of 128), k and v (the same,
                // 1024 KV heads) and the gated MLP (3 x 65536 x 524288): 141,287,378,452,480.
                QCOMPARE(s->parameters(), int64_t{141287378452480});
                QCOMPARE(s->weight_bytes(), s->parameters() * 4);
                // K and V of 1024 layers x 1024 heads x 128, float32: 2^30 bytes a token.
                QCOMPARE(s->kv_bytes_per_token(), int64_t{1} << 30);
                // A card of 2^62 bytes less the weights, over sessions of 2^28 tokens (the cap:
                // 2^40 asked) at 2^58 bytes each: 15, and 4,294,440,959 one-token sessions.
                // Wrapped arithmetic anywhere gives another number.
                QCOMPARE(pl::sessions_that_fit(s.value(), int64_t{1} << 62, int64_t{1} << 40),
                         int64_t{15});
                QCOMPARE(pl::sessions_that_fit(s.value(), int64_t{1} << 62, 1),
                         int64_t{4294440959});
                // The weights alone outgrow a 2^49-byte card: nothing fits.
                QCOMPARE(pl::sessions_that_fit(s.value(), int64_t{1} << 49, 1), int64_t{0});
                continue;
            }
            QVERIFY2(!s.ok(), file.c_str());
            QVERIFY2(s.error().message.rfind(file, 0) == 0, s.error().message.c_str());
            QVERIFY(s.error().message.find('\n') == std::string::npos);
        }
        QVERIFY(seen >= 4);
    }
};

QTEST_GUILESS_MAIN(TestMemoryScale)
#include "test_memory_scale.moc"
