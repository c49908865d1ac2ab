#include "runner/generator.h"

#include <algorithm>
#include <chrono>

#include "model/gpt_model.h"

namespace pl {

Result<GenerationResult> generate(InferenceBackend& backend, std::span<const int32_t> prompt,
                                  int max_new_tokens, SamplingParams sampling,
                                  const std::function<bool(int32_t)>& on_token) {
    const GptConfig& cfg = backend.model().config();
    const KvPoolLayout& layout = backend.kv_layout();
    const long max_len =
        std::min<long>(cfg.n_positions, static_cast<long>(prompt.size()) + max_new_tokens);
    const long blocks = (max_len + layout.block_size - 1) / layout.block_size;
    if (blocks > layout.capacity_blocks) {
        return make_error("the KV pool holds " + std::to_string(layout.capacity_blocks) +
                          " blocks but this generation needs " + std::to_string(blocks));
    }
    std::vector<int32_t> table(static_cast<std::size_t>(std::max<long>(blocks, 1)));
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i] = static_cast<int32_t>(i);

    GenerationResult out;
    Sampler sampler(sampling, prompt);
    std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
    const auto t0 = std::chrono::steady_clock::now();
    PL_TRY(backend.forward(table, 0, prompt, logits));
    int32_t next = sampler.sample(logits);
    const auto t1 = std::chrono::steady_clock::now();
    out.ttft_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    long pos = static_cast<long>(prompt.size());
    while (true) {
        out.output.push_back(next);
        if (on_token && !on_token(next))
            break;
        if (static_cast<int>(out.output.size()) >= max_new_tokens || pos >= max_len)
            break;
        const int32_t one[1] = {next};
        PL_TRY(backend.forward(table, static_cast<int>(pos), one, logits));
        ++pos;
        next = sampler.sample(logits);
    }
    out.decode_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
    return out;
}

}  // namespace pl
