#include "state/timeline_state.h"

#include <QCoreApplication>
#include <algorithm>
#include <set>
#include <unordered_set>

namespace pl::ui {

namespace {

template <class... Ts>
struct Overload : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overload(Ts...) -> Overload<Ts...>;

}  // namespace

int requestAtCursor(const ScenarioRun& run, int cursor) {
    if (cursor <= 0 || run.events.empty())
        return 0;
    return run.requestOf(std::min(cursor, run.eventCount()) - 1);
}

std::string tokenText(const RenderedPrompt& prompt, int t) {
    if (t < 0 || t >= static_cast<int>(prompt.tokens.size()))
        return {};
    const auto ti = static_cast<std::size_t>(t);
    const PromptSegment& seg = prompt.segments[static_cast<std::size_t>(prompt.token_segment[ti])];
    const int begin = prompt.token_offset[ti];
    int end = static_cast<int>(seg.text.size());
    if (t + 1 < seg.token_end)
        end = prompt.token_offset[ti + 1];
    return seg.text.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin));
}

RequestProgress foldRequest(const ScenarioRun& run, int request, int cursor) {
    RequestProgress p;
    p.request = request;
    const RequestResult* res = run.result(request);
    if (res) {
        p.cells.resize(res->blocks.size());
        int first = 0;
        for (std::size_t i = 0; i < res->blocks.size(); ++i) {
            p.cells[i].index = static_cast<int>(i);
            p.cells[i].first_token = first;
            p.cells[i].num_tokens = static_cast<int>(res->blocks[i].tokens.size());
            first += p.cells[i].num_tokens;
        }
    }
    if (request < 0 || request >= static_cast<int>(run.request_events.size()))
        return p;
    auto cell = [&](int index) -> CellView* {
        if (index < 0)
            return nullptr;
        if (index >= static_cast<int>(p.cells.size()))
            p.cells.resize(static_cast<std::size_t>(index) + 1);
        p.cells[static_cast<std::size_t>(index)].index = index;
        return &p.cells[static_cast<std::size_t>(index)];
    };
    for (int idx : run.request_events[static_cast<std::size_t>(request)]) {
        if (idx >= cursor)
            break;
        p.started = true;
        std::visit(Overload{
                       [&](const BlockHashedEvent& e) {
                           CellView* c = cell(e.index);
                           c->hash = e.hash;
                           c->parent = e.parent;
                           c->first_token = e.first_token;
                           c->num_tokens = e.num_tokens;
                           if (c->state == CellState::Pending)
                               c->state = CellState::Hashed;
                           ++p.hashed;
                       },
                       [&](const BlockHitEvent& e) {
                           CellView* c = cell(e.index);
                           c->state = CellState::Hit;
                           c->block_id = e.block_id;
                           ++p.hits;
                       },
                       [&](const BlockComputedEvent& e) {
                           CellView* c = cell(e.index);
                           c->state = e.partial ? CellState::Partial : CellState::Computed;
                           c->block_id = e.block_id;
                           ++(e.partial ? p.partial : p.computed);
                       },
                       [&](const BlockStoredEvent&) {},
                       [&](const BlockEvictedEvent&) { ++p.evictions; },
                       [&](const PrefillDoneEvent& e) {
                           p.prefill_done = true;
                           p.ttft_ms = e.ttft_ms;
                           p.cached_tokens = e.cached_tokens;
                           p.computed_tokens = e.computed_tokens;
                       },
                       [&](const TokenDecodedEvent& e) {
                           p.output_tokens.push_back(e.text);
                           // The line break before a closing tag is framing too: the Output dock
                           // shows the answer and nothing of the turn's end.
                           for (auto t = p.output_tokens.rbegin();
                                e.ends_turn && t != p.output_tokens.rend(); ++t) {
                               while (!t->empty() && (t->back() == '\n' || t->back() == ' '))
                                   t->pop_back();
                               if (!t->empty())
                                   break;
                           }
                       },
                       [&](const MemorySampleEvent&) {},
                       [&](const RequestFinishedEvent&) { p.finished = true; },
                   },
                   run.events[static_cast<std::size_t>(idx)]);
    }
    // Where the prefix broke: the first full block computed here that an earlier request had
    // already computed at the same index (so the blocks before it were shared, this one differs).
    if (p.computed > 0) {
        for (const CellView& c : p.cells) {
            if (c.state != CellState::Computed)
                continue;
            bool earlier = false;
            for (int r = 0; r < request && !earlier; ++r) {
                const RequestResult* other = run.result(r);
                earlier = other && static_cast<int>(other->blocks.size()) > c.index &&
                          other->blocks[static_cast<std::size_t>(c.index)].hash.has_value();
            }
            if (earlier)
                p.first_divergence = c.index;
            break;
        }
    }
    return p;
}

PoolState foldPool(const ScenarioRun& run, int cursor) {
    PoolState s;
    cursor = std::clamp(cursor, 0, run.eventCount());
    const PoolSnapshot* snap = nullptr;
    for (const PoolSnapshot& ps : run.snapshots) {
        if (ps.after_event < cursor)
            snap = &ps;
        else
            break;
    }
    if (!snap)
        return s;
    s.cells.resize(snap->blocks.size());
    for (std::size_t i = 0; i < snap->blocks.size(); ++i) {
        const BlockInfo& b = snap->blocks[i];
        s.cells[i].status = b.status;
        s.cells[i].ref_count = b.ref_count;
        s.cells[i].hash = b.hash;
        s.cells[i].last_used = b.last_used;
    }
    std::vector<int> queue = snap->free_queue;
    auto inRange = [&](int id) { return id >= 0 && id < static_cast<int>(s.cells.size()); };
    auto take = [&](int id) {
        queue.erase(std::remove(queue.begin(), queue.end(), id), queue.end());
    };
    // Owners: who touched each block last, from the start (the snapshot has no sessions).
    const int currentRequest = requestAtCursor(run, cursor);
    for (int i = 0; i < cursor; ++i) {
        const RunnerEvent& ev = run.events[static_cast<std::size_t>(i)];
        const int r = eventRequest(ev);
        int id = -1;
        if (const auto* h = std::get_if<BlockHitEvent>(&ev))
            id = h->block_id;
        else if (const auto* c = std::get_if<BlockComputedEvent>(&ev))
            id = c->block_id;
        else if (const auto* e = std::get_if<BlockEvictedEvent>(&ev)) {
            id = e->reason == EvictionReason::Capacity ? e->block_id : -1;
            if (r == currentRequest && inRange(e->block_id))
                s.recent_evictions.push_back(e->block_id);
        }
        if (inRange(id)) {
            auto& c = s.cells[static_cast<std::size_t>(id)];
            c.owner_request = r;
            if (r >= 0 && r < run.requestCount())
                c.session =
                    run.sessionIndex(run.scenario.requests[static_cast<std::size_t>(r)].session);
        }
    }
    // Events after the snapshot move blocks between the queue and their sequences.
    for (int i = snap->after_event + 1; i < cursor; ++i) {
        std::visit(Overload{
                       [&](const BlockHitEvent& e) {
                           if (!inRange(e.block_id))
                               return;
                           auto& c = s.cells[static_cast<std::size_t>(e.block_id)];
                           c.status = BlockStatus::InUse;
                           ++c.ref_count;
                           take(e.block_id);
                       },
                       [&](const BlockComputedEvent& e) {
                           if (!inRange(e.block_id))
                               return;
                           auto& c = s.cells[static_cast<std::size_t>(e.block_id)];
                           c.status = BlockStatus::InUse;
                           c.ref_count = std::max(c.ref_count, 1);
                           take(e.block_id);
                       },
                       [&](const BlockStoredEvent& e) {
                           if (e.registered && inRange(e.block_id))
                               s.cells[static_cast<std::size_t>(e.block_id)].hash = e.hash;
                       },
                       [&](const BlockEvictedEvent& e) {
                           if (!inRange(e.block_id))
                               return;
                           auto& c = s.cells[static_cast<std::size_t>(e.block_id)];
                           c.hash.reset();
                           if (e.reason == EvictionReason::Capacity) {
                               c.status = BlockStatus::InUse;
                               c.ref_count = std::max(c.ref_count, 1);
                               take(e.block_id);
                           } else if (c.status == BlockStatus::CachedFree) {
                               c.status = BlockStatus::FreeEmpty;
                           }
                       },
                       [&](const auto&) {},
                   },
                   run.events[static_cast<std::size_t>(i)]);
    }
    int rank = 0;
    for (int id : queue) {
        if (!inRange(id))
            continue;
        auto& c = s.cells[static_cast<std::size_t>(id)];
        if (c.status != BlockStatus::InUse && c.hash)
            c.status = BlockStatus::CachedFree;
        if (c.status == BlockStatus::CachedFree)
            c.lru_rank = rank++;
    }
    if (!queue.empty() && inRange(queue.front()))
        s.next_victim = queue.front();
    for (int id : s.recent_evictions)
        s.cells[static_cast<std::size_t>(id)].evicted_recently = true;
    for (const auto& c : s.cells) {
        if (c.status == BlockStatus::InUse)
            ++s.in_use;
        else if (c.status == BlockStatus::CachedFree)
            ++s.cached_free;
        else
            ++s.free_empty;
    }
    return s;
}

std::vector<ReuseOf> reuseOfAll(const ScenarioRun& run) {
    std::vector<ReuseOf> out(static_cast<std::size_t>(run.requestCount()));
    std::unordered_set<BlockHash, BlockHashHasher> stored;  // by the requests before
    for (int r = 0; r < run.requestCount(); ++r) {
        const RequestResult* res = run.result(r);
        if (!res)
            continue;
        ReuseOf& o = out[static_cast<std::size_t>(r)];
        for (const PromptBlockReport& b : res->blocks)
            o.hit_blocks += b.state == PromptBlockState::Hit ? 1 : 0;
        // The chain makes "seen before" a leading property: a block's hash names all before it.
        for (const PromptBlockReport& b : res->blocks) {
            if (!b.hash || !stored.contains(*b.hash))
                break;
            ++o.reusable_blocks;
        }
        o.reusable_blocks = std::max(o.reusable_blocks, o.hit_blocks);
        o.state = o.hit_blocks == 0                   ? Reuse::None
                  : o.hit_blocks >= o.reusable_blocks ? Reuse::All
                                                      : Reuse::Part;
        for (const PromptBlockReport& b : res->blocks) {
            if (b.hash)
                stored.insert(*b.hash);
        }
    }
    return out;
}

// Words a presenter can read aloud: "all" is all the cache held of the prompt (a request that
// computes most of a new prompt still reused all it could), not the whole prompt.
QString reuseLabel(Reuse state) {
    switch (state) {
        case Reuse::All:
            return QCoreApplication::translate("pl::ui", "reused all it could");
        case Reuse::Part:
            return QCoreApplication::translate("pl::ui", "reused part");
        case Reuse::None:
            break;
    }
    return QCoreApplication::translate("pl::ui", "reused none");
}

QColor reuseColor(const Palette& pal, Reuse state) {
    return state == Reuse::All ? pal.hit : state == Reuse::Part ? pal.someReuse : pal.computed;
}

}  // namespace pl::ui
