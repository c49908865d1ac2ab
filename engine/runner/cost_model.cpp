#include "runner/cost_model.h"

#include <algorithm>
#include <cstddef>

namespace pl {

double CostModel::ttft_ms(const GptConfig& config, int cached_tokens, int computed_tokens) const {
    return overhead_ms + forward_ms(config, cached_tokens, computed_tokens);
}

double CostModel::forward_ms(const GptConfig& config, int cached_tokens,
                             int computed_tokens) const {
    const double flops =
        config.forward_flops(static_cast<std::size_t>(std::max(0, cached_tokens)),
                             static_cast<std::size_t>(std::max(0, computed_tokens)));
    return flops / (gflops * 1e6);
}

}  // namespace pl
