// The penalties against repetition, worked by hand: vLLM's and Hugging Face's repetition penalty
// (prompt and output, divide a positive logit, multiply a negative one), OpenAI's frequency and
// presence penalties (output only, subtracted), their order, that they act on a copy, and where
// their values come from (model folder, scenario, command line).
#include <QTemporaryDir>
#include <QTest>
#include <vector>

#include "core/assets.h"
#include "runner/sampler.h"
#include "runner/sampling_config.h"
#include "runner/scenario.h"
#include "test_support.h"

using namespace pl;

namespace {

SamplingParams penalties(double repetition, double frequency, double presence) {
    SamplingParams p;
    p.repetition_penalty = repetition;
    p.frequency_penalty = frequency;
    p.presence_penalty = presence;
    return p;
}

std::string error_of(const Result<Scenario>& r) {
    return r.ok() ? std::string("(accepted)") : r.error().message;
}

const char* kOneRequest = R"("requests": [{"messages": [{"role": "user", "content": "hi"}]}])";

}  // namespace

class TestSampler : public QObject {
    Q_OBJECT

  private slots:
    // Ids 0 and 1 are in the prompt, id 2 twice in the output, id 3 nowhere. A penalty of 2:
    // 3 / 2 = 1.5, -1 * 2 = -2 (dividing would have raised it to -0.5), 0 stays 0, and the unseen
    // id keeps its 4.
    void repetitionPenaltyByHand() {
        std::vector<float> logits = {3.0f, -1.0f, 0.0f, 4.0f};
        const std::vector<uint8_t> in_prompt = {1, 1};
        const std::vector<int32_t> counts = {0, 0, 2, 0};
        apply_penalties(logits, penalties(2.0, 0, 0), in_prompt, counts);
        QCOMPARE(logits, (std::vector<float>{1.5f, -2.0f, 0.0f, 4.0f}));
        // An id seen in the output only is penalized too (Hugging Face's input_ids hold both).
        std::vector<float> out_only = {5.0f, 5.0f, 5.0f};
        apply_penalties(out_only, penalties(2.0, 0, 0), {}, std::vector<int32_t>{0, 1, 0});
        QCOMPARE(out_only, (std::vector<float>{5.0f, 2.5f, 5.0f}));
    }

    // The choice a wrong sign would flip: both candidates negative, the better one (-1.0) in the
    // prompt. Multiplied by 1.5 it falls to -1.5, below -1.2: id 1 wins. Divided, it would rise
    // to -0.67 and win again.
    void repetitionPenaltyLowersNegativeLogits() {
        const std::vector<float> logits = {-1.0f, -1.2f};
        const std::vector<int32_t> prompt = {0};
        Sampler off(SamplingParams{}, prompt);
        QCOMPARE(off.sample(logits), 0);
        Sampler on(penalties(1.5, 0, 0), prompt);
        QCOMPARE(on.sample(logits), 1);
        // Positive: 3.0 in the prompt becomes 2.0 and loses to 2.5.
        Sampler pos(penalties(1.5, 0, 0), prompt);
        QCOMPARE(pos.sample(std::vector<float>{3.0f, 2.5f}), 1);
    }

    // Output counts 0, 1 and 3 with frequency 0.5 and presence 0.25: 1 - 0, 1 - 0.5 - 0.25,
    // 1 - 1.5 - 0.25. The prompt does not count for them.
    void frequencyAndPresenceByHand() {
        std::vector<float> logits = {1.0f, 1.0f, 1.0f, 1.0f};
        const std::vector<uint8_t> in_prompt = {0, 0, 0, 1};
        apply_penalties(logits, penalties(1.0, 0.5, 0.25), in_prompt,
                        std::vector<int32_t>{0, 1, 3, 0});
        QCOMPARE(logits, (std::vector<float>{1.0f, 0.25f, -0.75f, 1.0f}));
        // Negative values reward repeating, as OpenAI's range allows.
        std::vector<float> reward = {1.0f, 1.0f};
        apply_penalties(reward, penalties(1.0, -0.5, -1.0), {}, std::vector<int32_t>{0, 2});
        QCOMPARE(reward, (std::vector<float>{1.0f, 3.0f}));
    }

    // vLLM's order: the repetition penalty first, then the subtractions. 2 seen twice in the
    // output with repetition 2, frequency 0.5, presence 1: 2 / 2 - 0.5 * 2 - 1 = -1. The other
    // order would give (2 - 1 - 1) * 2 = 0.
    void repetitionFirstThenFrequencyAndPresence() {
        std::vector<float> logits = {2.0f};
        apply_penalties(logits, penalties(2.0, 0.5, 1.0), {}, std::vector<int32_t>{2});
        QCOMPARE(logits, (std::vector<float>{-1.0f}));
    }

    // The sampler counts what it chose: with fixed logits {5, 4.8, 4, 1}, frequency 0.5 and
    // presence 1, greedy picks 0 (the prompt's 0 costs nothing), then 1 (0 is at 3.5), then 2
    // (1 is at 3.3), then 0 (2 is at 2.5), then 1 (0 is at 3.0 now, 1 at 3.3).
    void samplerCountsItsOutput() {
        const std::vector<float> logits = {5.0f, 4.8f, 4.0f, 1.0f};
        const std::vector<int32_t> prompt = {0, 0, 3};
        Sampler s(penalties(1.0, 0.5, 1.0), prompt);
        std::vector<int32_t> picked;
        for (int i = 0; i < 5; ++i)
            picked.push_back(s.sample(logits));
        QCOMPARE(picked, (std::vector<int32_t>{0, 1, 2, 0, 1}));
        // Off, it repeats the best forever.
        Sampler greedy(SamplingParams{}, prompt);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(greedy.sample(logits), 0);
    }

    // The model's logits are read, never written: --verify and the scores the app shows compare
    // and show them as the model computed them.
    void penaltiesActOnACopy() {
        std::vector<float> logits = {3.0f, -1.0f, 2.9f, 0.5f};
        const std::vector<float> before = logits;
        const std::vector<int32_t> prompt = {0, 1};
        Sampler s(penalties(1.3, 2.0, 2.0), prompt);
        QCOMPARE(s.sample(logits), 2);  // 3 / 1.3 = 2.31 < 2.9
        QCOMPARE(s.sample(logits), 0);  // 2.9 - 2 - 2 = -1.1 < 2.31
        QCOMPARE(logits, before);
        QVERIFY(penalties(1.3, 2.0, 2.0).penalized());
        QVERIFY(!SamplingParams{}.penalized());
    }

    // Each layer replaces the fields it sets: the model's default, the scenario's, the command
    // line's.
    void layersOverrideFieldByField() {
        SamplingOverrides model;
        model.frequency_penalty = 1.8;
        model.presence_penalty = 1.0;
        SamplingOverrides scenario;
        scenario.repetition_penalty = 1.2;
        scenario.presence_penalty = 0.0;
        SamplingOverrides flags;
        flags.frequency_penalty = 0.5;
        const SamplingParams p = effective_sampling(model, scenario, flags);
        QCOMPARE(p.repetition_penalty, 1.2);
        QCOMPARE(p.frequency_penalty, 0.5);
        QCOMPARE(p.presence_penalty, 0.0);
        QCOMPARE(p.temperature, 0.0f);
        const SamplingParams none = effective_sampling({}, {}, {});
        QVERIFY(none == SamplingParams{});
        QCOMPARE(sampling_summary(p), std::string("greedy, repetition penalty 1.2, "
                                                  "frequency penalty 0.5"));
        QCOMPARE(sampling_summary(none), std::string("greedy"));
    }

    void scenarioSamplingObject() {
        auto s = parse_scenario(std::string("{\"sampling\": {\"repetition_penalty\": 1.25, "
                                            "\"presence_penalty\": -0.5}, ") +
                                    kOneRequest + "}",
                                "s.json");
        QVERIFY2(s.ok(), error_of(s).c_str());
        QCOMPARE(*s->sampling.repetition_penalty, 1.25);
        QCOMPARE(*s->sampling.presence_penalty, -0.5);
        QVERIFY(!s->sampling.frequency_penalty);
        auto none = parse_scenario(std::string("{") + kOneRequest + "}", "s.json");
        QVERIFY(none.ok() && none->sampling.empty());
    }

    void badScenarioSampling_data() {
        QTest::addColumn<QString>("sampling");
        QTest::addColumn<QString>("expect");
        QTest::addRow("zero") << "{\"repetition_penalty\": 0}"
                              << "s.json: /sampling/repetition_penalty: must be a number above 0 "
                                 "and at most 10 (1 is off), not 0";
        QTest::addRow("too strong") << "{\"repetition_penalty\": 11}"
                                    << "s.json: /sampling/repetition_penalty: must be a number";
        QTest::addRow("frequency") << "{\"frequency_penalty\": 2.5}"
                                   << "s.json: /sampling/frequency_penalty: must be a number from "
                                      "-2 to 2 (0 is off), not 2.5";
        QTest::addRow("presence") << "{\"presence_penalty\": -3}"
                                  << "s.json: /sampling/presence_penalty: must be a number from";
        QTest::addRow("string") << "{\"frequency_penalty\": \"1\"}"
                                << "s.json: /sampling/frequency_penalty: expected a number";
        QTest::addRow("unknown") << "{\"temperature\": 0.7}"
                                 << "s.json: /sampling: unknown field \"temperature\"";
        QTest::addRow("not an object") << "1.2"
                                       << "s.json: /sampling: expected an object";
    }

    void badScenarioSampling() {
        QFETCH(QString, sampling);
        QFETCH(QString, expect);
        auto s = parse_scenario(
            "{\"sampling\": " + sampling.toStdString() + ", " + kOneRequest + "}", "s.json");
        QVERIFY(!s.ok());
        const std::string& m = s.error().message;
        QVERIFY2(m.starts_with(expect.toStdString()), m.c_str());
        QVERIFY(m.find('\n') == std::string::npos);
    }

    // generation_config.json: the built-in model's default, none for a folder without the file,
    // other keys of Hugging Face's file left alone, and a bad value named with the file.
    void modelDefaults() {
        auto builtin = load_generation_config(builtin_model_dir());
        QVERIFY2(builtin.ok(), builtin.ok() ? "" : builtin.error().message.c_str());
        QVERIFY(!builtin->empty());
        QVERIFY(builtin->over(SamplingParams{}).penalized());
        QTemporaryDir dir;
        const std::filesystem::path d = dir.path().toStdString();
        auto none = load_generation_config(d);
        QVERIFY(none.ok() && none->empty());
        test::write_file(d / "generation_config.json",
                         R"({"bos_token_id": 50256, "temperature": 0.7, "repetition_penalty": 1.3,
                             "transformers_version": "4.44.0"})");
        auto hf = load_generation_config(d);
        QVERIFY2(hf.ok(), hf.ok() ? "" : hf.error().message.c_str());
        QCOMPARE(*hf->repetition_penalty, 1.3);
        QVERIFY(!hf->frequency_penalty && !hf->presence_penalty);
        test::write_file(d / "generation_config.json", R"({"frequency_penalty": 9})");
        auto bad = load_generation_config(d);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.starts_with((d / "generation_config.json").string() +
                                                 ": /frequency_penalty: must be"),
                 bad.error().message.c_str());
        test::write_file(d / "generation_config.json", "{\"repetition_penalty\": ");
        QVERIFY(!load_generation_config(d).ok());
    }
};

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
