// The interface the prefix cache and the UI run a model through, whichever backend executes it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/error.h"
#include "model/gpt_config.h"

namespace pl {

class GptModel;

// Geometry of the paged KV pool a backend owns. Block ids are 0..capacity_blocks-1; which ids a
// sequence uses (its block table) is decided by the caller (the prefix cache), not the backend.
struct KvPoolLayout {
    int block_size = 16;
    int capacity_blocks = 0;
    int n_layer = 0;
    int kv_dim = 0;  // floats of one token's K (or V) in one layer: n_kv_head x head_dim
    std::size_t bytes_per_block() const {
        return 2ull * n_layer * static_cast<std::size_t>(kv_dim) * block_size * sizeof(float);
    }
};

struct KernelTime {
    std::string name;  // e.g. "attention", "matmul", "layernorm"
    double ms = 0.0;
    int dispatches = 0;
};

// What one forward call measured. gpu_ms < 0 when the backend has no GPU timer.
struct ForwardStats {
    double wall_ms = 0.0;
    double gpu_ms = -1.0;
    std::vector<KernelTime> kernels;  // per-kernel totals, filled when timing is enabled

    // The wall time since `start`, and no GPU or kernel times (a backend that timed the call
    // fills those in after).
    void set_wall_only(std::chrono::steady_clock::time_point start) {
        wall_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        gpu_ms = -1.0;
        kernels.clear();
    }
};

class InferenceBackend {
  public:
    virtual ~InferenceBackend() = default;

    virtual std::string name() const = 0;         // "cpu" or "vulkan"
    virtual std::string device_name() const = 0;  // human-readable device
    virtual const KvPoolLayout& kv_layout() const = 0;
    virtual const GptModel& model() const = 0;

    // Runs the transformer over `tokens`, which take positions [n_past, n_past + tokens.size())
    // of a sequence whose KV lives in the pool blocks listed by `block_table`, in order
    // (position p lives in block_table[p / block_size], slot p % block_size). K and V of positions
    // below n_past are read in place: this is what a prefix-cache hit relies on. K and V of the
    // new tokens are written into their slots. `logits` receives vocab_size floats for the last
    // new token. The table must cover n_past + tokens.size() positions.
    virtual Result<void> forward(std::span<const int32_t> block_table, int n_past,
                                 std::span<const int32_t> tokens, std::span<float> logits,
                                 ForwardStats* stats = nullptr) = 0;

    // forward(), and the attention probabilities of the last of `tokens` as the backend's own
    // kernels computed them: for each layer and head, its softmax over the n_past + T positions
    // it sees, in `probs` as [n_layer][n_head][n_past + T] floats (each row sums to 1). A
    // backend that cannot report them returns an error saying so.
    virtual Result<void> forward_attention(std::span<const int32_t> block_table, int n_past,
                                           std::span<const int32_t> tokens, std::span<float> logits,
                                           std::vector<float>& probs);

    // Turns per-kernel GPU timing on or off (off by default; it costs a little).
    virtual void set_profiling(bool) {}

    // Validation-layer messages seen so far (Vulkan with validation on); each one is a bug.
    virtual int validation_message_count() const { return 0; }
    virtual std::vector<std::string> validation_messages() const { return {}; }
};

// Checks the arguments every backend's forward() must reject, with a message naming the limit.
Result<void> check_forward_args(const GptConfig& config, const KvPoolLayout& layout,
                                std::span<const int32_t> block_table, int n_past,
                                std::span<const int32_t> tokens, std::span<const float> logits);

}  // namespace pl
