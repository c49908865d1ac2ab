#include "runner/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace pl {

int32_t argmax(std::span<const float> logits) {
    return static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

void apply_penalties(std::span<float> logits, const SamplingParams& params,
                     std::span<const uint8_t> in_prompt, std::span<const int32_t> counts) {
    // In float, as the logits are (vLLM does the same in float32).
    const auto rp = static_cast<float>(params.repetition_penalty);
    const auto fp = static_cast<float>(params.frequency_penalty);
    const auto pp = static_cast<float>(params.presence_penalty);
    for (std::size_t id = 0; id < logits.size(); ++id) {
        const int32_t n = id < counts.size() ? counts[id] : 0;
        const bool seen = n > 0 || (id < in_prompt.size() && in_prompt[id] != 0);
        float& l = logits[id];
        if (seen && rp != 1.0f)
            l = l > 0.0f ? l / rp : l * rp;
        if (n > 0)
            l -= fp * static_cast<float>(n) + pp;
    }
}

Sampler::Sampler(SamplingParams params, std::span<const int32_t> prompt)
    : params_(params), state_(params.seed) {
    if (!params_.penalized())
        return;
    for (int32_t id : prompt) {
        if (id < 0)
            continue;
        const auto i = static_cast<std::size_t>(id);
        if (i >= in_prompt_.size())
            in_prompt_.resize(i + 1, 0);
        in_prompt_[i] = 1;
    }
}

double Sampler::next_uniform() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

int32_t Sampler::sample(std::span<const float> logits) {
    if (!params_.penalized())
        return choose(logits);
    if (counts_.size() < logits.size())
        counts_.resize(logits.size(), 0);
    penalized_.assign(logits.begin(), logits.end());
    apply_penalties(penalized_, params_, in_prompt_, counts_);
    const int32_t next = choose(penalized_);
    if (next >= 0 && static_cast<std::size_t>(next) < counts_.size())
        ++counts_[static_cast<std::size_t>(next)];
    return next;
}

int32_t Sampler::choose(std::span<const float> logits) {
    if (params_.temperature <= 0.0f || logits.size() <= 1)
        return argmax(logits);
    std::vector<int32_t> idx(logits.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::size_t k = idx.size();
    if (params_.top_k > 0 && static_cast<std::size_t>(params_.top_k) < k) {
        k = static_cast<std::size_t>(params_.top_k);
        // Ties broken by id so the candidate set never depends on the sort's whims.
        std::partial_sort(idx.begin(), idx.begin() + static_cast<long>(k), idx.end(),
                          [&](int32_t a, int32_t b) {
                              return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
                          });
        idx.resize(k);
    }
    float max_l = -INFINITY;
    for (int32_t i : idx)
        max_l = std::max(max_l, logits[i]);
    std::vector<double> p(k);
    double sum = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
        p[i] = std::exp((logits[idx[i]] - max_l) / params_.temperature);
        sum += p[i];
    }
    double r = next_uniform() * sum;
    for (std::size_t i = 0; i < k; ++i) {
        r -= p[i];
        if (r <= 0.0)
            return idx[i];
    }
    return idx[k - 1];
}

}  // namespace pl
