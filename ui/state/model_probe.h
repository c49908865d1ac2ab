// What the views ask the model on demand, beside a scenario's run: the attention of one token
// (the block chain's heat map) and the length sweep (the Model dock's chart). Both are computed
// on the engine's worker (engine_session.h) by the backend that plays the runs, and come back as
// immutable values.
#pragma once

#include <QMetaType>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runner/request_runner.h"
#include "runner/sweep_types.h"

namespace pl::ui {

// The token whose attention to show: the last of `tokens` (a request's prompt, then the output
// decoded so far), at position tokens.size() - 1.
struct AttentionQuery {
    uint64_t generation = 0;  // set by EngineSession: a newer query replaces an older one
    int request = -1;
    int prompt_tokens = 0;
    std::vector<int32_t> tokens;
};

// Which query heads a view averages: [begin, end), or all of them when begin is -1. With
// grouped-query attention a group is the heads that read one key/value head.
struct HeadPick {
    int begin = -1;
    int end = -1;
    static HeadPick one(int head) { return head < 0 ? HeadPick{} : HeadPick{head, head + 1}; }
    bool operator==(const HeadPick&) const = default;
};

// The answer to an AttentionQuery: the query itself, so that a view can tell whether it is still
// current, then the probabilities.
struct AttentionMap : AttentionQuery {
    AttentionMap() = default;
    explicit AttentionMap(AttentionQuery query) : AttentionQuery(std::move(query)) {}

    int n_layer = 0;
    int n_head = 0;       // query heads
    int n_kv_head = 0;    // key/value heads: each serves n_head / n_kv_head query heads (a group)
    std::string backend;  // the backend whose kernels computed the probabilities
    std::string error;    // set when none could be had; the rest is then empty
    std::vector<float> probs;  // [n_layer][n_head][keys], each row summing to 1

    int keys() const { return static_cast<int>(tokens.size()); }
    // Query heads per key/value head (1 without grouped-query attention).
    int group_size() const { return n_kv_head > 0 ? n_head / n_kv_head : 1; }
    // The weight the query gives position k in one layer and head; layer or head -1 averages
    // over all of them.
    float weight(int layer, int head, int k) const { return weight(layer, HeadPick::one(head), k); }
    // Averaged over the picked query heads.
    float weight(int layer, HeadPick heads, int k) const;
};
using AttentionMapPtr = std::shared_ptr<const AttentionMap>;

// A request to serve again with no KV cache (pl::serve_without_cache), for the Model dock's
// decode chart: its prompt and its max_tokens.
struct NoCacheQuery {
    uint64_t generation = 0;  // set by EngineSession: a newer query replaces an older one
    int request = -1;
    std::vector<int32_t> prompt;
    int max_tokens = 0;
    SamplingParams sampling;  // the run's: the replay chooses the tokens the run chose
};

// The answer to a NoCacheQuery: the query itself, so that a view can tell whether it is still
// current, then the replay.
struct NoCacheResult : NoCacheQuery {
    NoCacheResult() = default;
    explicit NoCacheResult(NoCacheQuery query) : NoCacheQuery(std::move(query)) {}

    std::string error;
    NoCacheReport report;
};
using NoCacheResultPtr = std::shared_ptr<const NoCacheResult>;

struct SweepResult {
    std::string backend;
    std::string device;
    bool modelled = false;  // prefill_ms from the cost model (--deterministic), not the clock
    std::string error;
    std::vector<SweepPoint> samples;  // the engine's points, prefill_ms modelled if so
};
using SweepResultPtr = std::shared_ptr<const SweepResult>;

}  // namespace pl::ui

Q_DECLARE_METATYPE(pl::ui::AttentionMapPtr)
Q_DECLARE_METATYPE(pl::ui::SweepResultPtr)
Q_DECLARE_METATYPE(pl::ui::NoCacheResultPtr)
