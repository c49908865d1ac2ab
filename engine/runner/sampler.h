// Picks the next token from logits: greedy, or seeded temperature / top-k sampling.
#pragma once

#include <cstdint>
#include <span>

namespace pl {

struct SamplingParams {
    float temperature = 0.0f;  // 0: greedy (argmax)
    int top_k = 0;             // 0: the whole vocabulary
    uint64_t seed = 0;
};

class Sampler {
  public:
    explicit Sampler(SamplingParams params);
    int32_t sample(std::span<const float> logits);

  private:
    // splitmix64: the same sequence on every platform, unlike std:: distributions.
    double next_uniform();
    SamplingParams params_;
    uint64_t state_;
};

int32_t argmax(std::span<const float> logits);

}  // namespace pl
