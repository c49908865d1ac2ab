// The penalties against repetition, worked by hand: vLLM's and Hugging Face's repetition penalty
// (prompt and output, divide a positive logit, multiply a negative one), OpenAI's frequency and
// presence penalties (output only, subtracted), their order, and that they act on a copy.
#include <QTest>
#include <vector>

#include "runner/sampler.h"

using namespace pl;

namespace {

SamplingParams penalties(double repetition, double frequency, double presence) {
    SamplingParams p;
    p.repetition_penalty = repetition;
    p.frequency_penalty = frequency;
    p.presence_penalty = presence;
    return p;
}

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
};

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
