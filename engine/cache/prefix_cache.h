// The prefix cache of SPEC §4 as pure bookkeeping: which pool block holds which hashed block,
// who is using it, and which one goes next. It never touches KV data; a request runner pairs it
// with InferenceBackend::forward(), which reads and writes KV at the block ids chosen here.
//
// Semantics follow vLLM's automatic prefix caching (KVCacheManager + BlockPool):
//  - one free queue in LRU order; allocations pop from the front; a finished sequence appends its
//    blocks tail first, so a prefix outlives the suffixes hanging from it;
//  - a released block keeps its hash and can be hit until the pool hands it out again;
//  - a hit maps the cached block into the new table (ref-counted, no copy);
//  - at least one prompt token is always computed, since its logits are what the request wants.
// Choices where vLLM is silent or differs (also marked "Choice:" where they are made):
//  - a block whose hash another pool block already caches is not registered twice (StoredBlock);
//  - TTL: a cached block lives for [last_used, last_used + ttl_s); storing, hitting and releasing
//    it all count as use; expiry is lazy (begin/append_token/expire) and runs front of the free
//    queue first; an expired block keeps its queue place, now hashless;
//  - an empty salt is no salt, as vLLM's cache_salt "";
//  - counters count admitted requests only: a refused begin() is retried, not a query.
// Typical runner loop: begin -> forward(table, cached_tokens, prompt[cached..]) -> commit(P);
// then per output token: append_token -> forward(block_table(), n - 1, {token}) -> commit(n);
// release when done.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cache/chain_hasher.h"
#include "core/error.h"

namespace pl {

using SequenceId = int64_t;

enum class EvictionReason { Capacity, Ttl };

// A cached block whose hash left the lookup table.
struct Eviction {
    BlockHash hash;
    int block_id = -1;
    EvictionReason reason = EvictionReason::Capacity;
};

// SPEC §2's per-block "state" of a prompt.
enum class PromptBlockState { Hit, Computed, Partial };

struct PromptBlock {
    int index = 0;     // block index in the prompt
    int block_id = 0;  // physical pool block
    PromptBlockState state = PromptBlockState::Computed;
    std::optional<BlockHash> hash;  // null for the partial block
    BlockHash parent{};             // hash of block index-1; the chain root for block 0
    int first_token = 0;
    int num_tokens = 0;
};

struct Admission {
    SequenceId sequence = 0;
    // Covers the prompt plus the reserved tokens; pass it to forward() with n_past = cached_tokens.
    std::vector<int32_t> block_table;
    int prompt_tokens = 0;
    int cached_tokens = 0;
    int num_hit_blocks = 0;
    std::vector<PromptBlock> blocks;  // the whole prompt, in order
    // In the order they happened: TTL expiries found when the cache was consulted (including any
    // left over from a begin() that failed), then blocks taken from the pool for this prompt.
    std::vector<Eviction> evicted;

    int computed_tokens() const { return prompt_tokens - cached_tokens; }
};

struct StoredBlock {
    int index = 0;  // block index in the sequence (prompt and output together)
    int block_id = 0;
    BlockHash hash{};
    BlockHash parent{};
    // Choice: when another pool block already caches the same hash (two sequences computed the
    // same block at once, or the one-token rule recomputed a cached block), the existing block
    // stays the only entry for that hash and this one is not registered: it is never hit and
    // leaves no eviction behind when it is reused. vLLM instead keeps both entries.
    bool registered = true;
};

struct CommitReport {
    std::vector<StoredBlock> stored;
};

struct AppendReport {
    std::optional<int> new_block_id;  // set when the token needed a block beyond the table
    std::vector<Eviction> evicted;
};

enum class BlockStatus { InUse, CachedFree, FreeEmpty };

struct BlockInfo {
    int id = 0;
    BlockStatus status = BlockStatus::FreeEmpty;
    int ref_count = 0;
    std::optional<BlockHash> hash;  // set while the block is the lookup entry for this hash
    double last_used = 0.0;         // scenario seconds: stored, hit or released
};

// Token-weighted counters, as vLLM's prefix_cache_queries / prefix_cache_hits.
struct CacheCounters {
    int64_t requests = 0;
    int64_t queries = 0;  // prompt tokens looked up
    int64_t hits = 0;     // prompt tokens reused
    int64_t stored_blocks = 0;
    int64_t evicted_capacity = 0;
    int64_t evicted_ttl = 0;

    double hit_rate() const {
        return queries > 0 ? static_cast<double>(hits) / static_cast<double>(queries) : 0.0;
    }
};

class PrefixCache {
  public:
    // ttl_s: a cached block not hit (or released) for ttl_s seconds of scenario time expires;
    // null means blocks live until the pool needs them.
    static Result<PrefixCache> create(int capacity_blocks, int block_size,
                                      std::optional<double> ttl_s = std::nullopt);

    // Starts a sequence: hashes the prompt's full blocks, maps the longest run of leading cached
    // ones, and allocates blocks for the rest of the prompt plus `reserve_tokens` more (e.g. the
    // output, so that decoding cannot run out of blocks halfway). Fails, leaving every running
    // sequence untouched, when the request can never fit the pool or when too many blocks are in
    // use right now (retry after a release).
    Result<Admission> begin(std::span<const int32_t> prompt, std::optional<std::string_view> salt,
                            double now, int reserve_tokens = 0);

    // Appends one token (decode) and allocates a block when the table does not cover it yet.
    // The token's KV is not computed until commit(); block_table() may have grown.
    Result<AppendReport> append_token(SequenceId sequence, int32_t token, double now);

    // Declares that KV is now computed for the sequence's first `computed_tokens` tokens; every
    // block that became full is hashed into the lookup table.
    Result<CommitReport> commit(SequenceId sequence, int computed_tokens, double now);

    // Ends a sequence: its blocks go to the free queue tail first, keeping their hashes.
    Result<void> release(SequenceId sequence, double now);

    // Drops cached free blocks whose TTL ran out by `now`, front of the free queue first.
    // begin() and append_token() call it; views may call it to show expiry at a time.
    std::vector<Eviction> expire(double now);

    // How many leading full blocks of `prompt` are cached now, ignoring TTL and the one-token rule.
    int probe(std::span<const int32_t> prompt, std::optional<std::string_view> salt) const;

    int capacity_blocks() const { return static_cast<int>(blocks_.size()); }
    int block_size() const { return block_size_; }
    std::optional<double> ttl_s() const { return ttl_s_; }

    BlockInfo block(int block_id) const;
    std::vector<int> free_queue() const;                     // front (next block handed out) first
    std::optional<int> next_victim() const;                  // the block the next allocation takes
    std::optional<int> lookup(const BlockHash& hash) const;  // block caching this hash
    int num_in_use() const { return capacity_blocks() - num_free_; }
    int num_free() const { return num_free_; }
    int num_cached_free() const;
    int num_free_empty() const { return num_free_ - num_cached_free(); }
    int num_cached() const { return static_cast<int>(by_hash_.size()); }  // in use or free
    const CacheCounters& counters() const { return counters_; }

    int num_running() const { return static_cast<int>(sequences_.size()); }
    bool is_running(SequenceId sequence) const { return sequences_.count(sequence) != 0; }
    std::span<const int32_t> block_table(SequenceId sequence) const;  // empty if unknown
    int num_tokens(SequenceId sequence) const;                        // 0 if unknown
    int num_computed(SequenceId sequence) const;                      // 0 if unknown

  private:
    struct Block {
        int ref_count = 0;
        std::optional<BlockHash> hash;
        double last_used = 0.0;
        // Intrusive doubly linked free queue, as vLLM's FreeKVCacheBlockQueue: a hit must pull a
        // block out of the middle in O(1).
        int prev = -1;
        int next = -1;
        bool queued = false;
    };

    struct Sequence {
        BlockHash root{};
        std::vector<int32_t> tokens;
        std::vector<int32_t> table;
        std::vector<BlockHash> hashes;  // of every full block of `tokens`
        int num_hit_blocks = 0;
        int num_computed = 0;
        int num_committed_blocks = 0;  // blocks below this are hits or already stored
    };

    PrefixCache(int capacity_blocks, int block_size, std::optional<double> ttl_s);

    void queue_push_back(int id);
    void queue_remove(int id);
    int queue_pop_front();
    // Pops the front block for new data, evicting the hash it held.
    int take_block(double now, std::vector<Eviction>& evicted);
    std::vector<Eviction> consult(double now);

    int block_size_;
    std::optional<double> ttl_s_;
    std::vector<Block> blocks_;
    int head_ = -1;
    int tail_ = -1;
    int num_free_ = 0;
    std::unordered_map<BlockHash, int, BlockHashHasher> by_hash_;
    std::unordered_map<SequenceId, Sequence> sequences_;
    SequenceId next_sequence_ = 1;
    // Expiries found by a call that then failed; handed to the next successful report so that no
    // eviction goes unreported.
    std::vector<Eviction> pending_;
    CacheCounters counters_;
};

}  // namespace pl
