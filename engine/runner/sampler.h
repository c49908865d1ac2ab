// Picks the next token from logits: greedy, or seeded temperature / top-k sampling, after the
// penalties against repetition that serving engines offer.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace pl {

struct SamplingParams {
    float temperature = 0.0f;  // 0: greedy (argmax)
    int top_k = 0;             // 0: the whole vocabulary
    uint64_t seed = 0;
    // As vLLM and Hugging Face define it: the logit of every id already in the prompt or the
    // output is divided by this when positive and multiplied by it when negative (dividing a
    // negative logit would raise it). 1: off; above 1 discourages repeating.
    double repetition_penalty = 1.0;
    // As OpenAI and vLLM define them, over the output only (not the prompt):
    // logit -= frequency_penalty * count + presence_penalty * (count > 0). 0: off.
    double frequency_penalty = 0.0;
    double presence_penalty = 0.0;

    bool operator==(const SamplingParams&) const = default;
    bool penalized() const {
        return repetition_penalty != 1.0 || frequency_penalty != 0.0 || presence_penalty != 0.0;
    }
};

// The penalties, in vLLM's order (repetition, then frequency, then presence), applied in place
// to `logits`, which must be the caller's copy: the model's own logits stay as they were for
// --verify and the scores shown. `in_prompt[id]` is non-zero for ids the prompt holds and
// `counts[id]` is how often the output holds id; both are as long as the vocabulary.
void apply_penalties(std::span<float> logits, const SamplingParams& params,
                     std::span<const uint8_t> in_prompt, std::span<const int32_t> counts);

class Sampler {
  public:
    // `prompt`: the tokens the repetition penalty counts as seen before the first output token.
    explicit Sampler(SamplingParams params, std::span<const int32_t> prompt = {});
    // Chooses the next token and counts it as output for the penalties that follow. `logits`
    // are read, never written: the penalties act on a copy.
    int32_t sample(std::span<const float> logits);
    const SamplingParams& params() const { return params_; }

  private:
    int32_t choose(std::span<const float> logits);
    // splitmix64: the same sequence on every platform, unlike std:: distributions.
    double next_uniform();
    SamplingParams params_;
    uint64_t state_;
    std::vector<uint8_t> in_prompt_;  // by id, up to the prompt's largest id
    std::vector<int32_t> counts_;     // output tokens by id, as long as the vocabulary
    std::vector<float> penalized_;    // the copy the penalties act on
};

int32_t argmax(std::span<const float> logits);

}  // namespace pl
