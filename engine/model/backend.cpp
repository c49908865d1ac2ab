#include "model/backend.h"

#include <string>

namespace pl {

Result<void> check_forward_args(const GptConfig& config, const KvPoolLayout& layout,
                                std::span<const int32_t> block_table, int n_past,
                                std::span<const int32_t> tokens, std::span<const float> logits) {
    if (tokens.empty())
        return make_error("forward: no tokens to run");
    if (n_past < 0)
        return make_error("forward: negative n_past");
    const long total = static_cast<long>(n_past) + static_cast<long>(tokens.size());
    if (total > config.n_positions) {
        return make_error("prompt of " + std::to_string(total) +
                          " tokens is longer than the model's context of " +
                          std::to_string(config.n_positions) + " positions (n_positions)");
    }
    const long needed = (total + layout.block_size - 1) / layout.block_size;
    if (static_cast<long>(block_table.size()) < needed) {
        return make_error("forward: block table has " + std::to_string(block_table.size()) +
                          " blocks but " + std::to_string(total) + " positions need " +
                          std::to_string(needed));
    }
    for (std::size_t i = 0; i < static_cast<std::size_t>(needed); ++i) {
        if (block_table[i] < 0 || block_table[i] >= layout.capacity_blocks) {
            return make_error("forward: block table entry " + std::to_string(i) + " = " +
                              std::to_string(block_table[i]) + " is outside the pool of " +
                              std::to_string(layout.capacity_blocks) + " blocks");
        }
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i] < 0 || tokens[i] >= config.vocab_size) {
            return make_error("token " + std::to_string(tokens[i]) + " at position " +
                              std::to_string(n_past + static_cast<long>(i)) +
                              " is outside the vocabulary of " + std::to_string(config.vocab_size));
        }
    }
    if (static_cast<long>(logits.size()) < config.vocab_size) {
        return make_error("forward: logits buffer smaller than the vocabulary");
    }
    return {};
}

Result<void> InferenceBackend::forward_attention(std::span<const int32_t>, int,
                                                 std::span<const int32_t>, std::span<float>,
                                                 std::vector<float>&) {
    return make_error("the " + name() + " backend cannot report attention probabilities");
}

}  // namespace pl
