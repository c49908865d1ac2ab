// Pure functions from (run, cursor) to what the views draw. The cursor counts applied events:
// 0 shows nothing yet, run.eventCount() shows everything. Tests call these directly.
#pragma once

#include <QColor>
#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "common/palette.h"
#include "state/scenario_run.h"

namespace pl::ui {

struct CellView {
    int index = 0;
    CellState state = CellState::Pending;
    std::optional<BlockHash> hash;  // known once hashed; never for the partial block
    BlockHash parent{};
    int first_token = 0;
    int num_tokens = 0;
    int block_id = -1;  // physical pool block, once hit or computed
};

struct RequestProgress {
    int request = -1;
    bool started = false;
    bool prefill_done = false;
    bool finished = false;
    std::vector<CellView> cells;
    int hits = 0;
    int computed = 0;
    int partial = 0;
    int hashed = 0;
    double ttft_ms = 0;
    int cached_tokens = 0;
    int computed_tokens = 0;
    std::vector<std::string> output_tokens;  // raw bytes of each decoded token so far
    int evictions = 0;
    // The first full block recomputed although an earlier request computed a block at the same
    // index: where the prefix broke. -1 when none.
    int first_divergence = -1;
};

RequestProgress foldRequest(const ScenarioRun& run, int request, int cursor);

struct PoolCellView {
    BlockStatus status = BlockStatus::FreeEmpty;
    int ref_count = 0;
    std::optional<BlockHash> hash;
    double last_used = 0;
    int session = -1;  // index into run.sessions of the last request that used it
    int owner_request = -1;
    int lru_rank = -1;              // position in the free queue among cached blocks (0 = next out)
    bool evicted_recently = false;  // evicted by the request at the cursor
};

struct PoolState {
    std::vector<PoolCellView> cells;
    std::optional<int> next_victim;
    int in_use = 0;
    int cached_free = 0;
    int free_empty = 0;
    std::vector<int> recent_evictions;  // block ids, in order
};

PoolState foldPool(const ScenarioRun& run, int cursor);

// The request the cursor is in: that of the last applied event (0 before any).
int requestAtCursor(const ScenarioRun& run, int cursor);

// Text of token `t` of a rendered prompt (raw bytes), from the segment it came from.
std::string tokenText(const RenderedPrompt& prompt, int t);

// How much of what it could reuse a request reused: every block an earlier request of the run had
// stored with the same chained hash (All; also a first request, which has nothing to reuse, is
// None), some of them (Part: the rest was evicted, expired or never matched), or none.
enum class Reuse { All, Part, None };
struct ReuseOf {
    Reuse state = Reuse::None;
    int hit_blocks = 0;
    int reusable_blocks = 0;  // leading blocks whose hash an earlier request of the run had
};
std::vector<ReuseOf> reuseOfAll(const ScenarioRun& run);  // every request's, in one pass
// The legend's words and colours for the three states, the same in every chart and header.
QString reuseLabel(Reuse state);
QColor reuseColor(const Palette& pal, Reuse state);

}  // namespace pl::ui
