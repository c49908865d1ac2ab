#include "cache/prefix_cache.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace pl {

namespace {

int blocks_for(int64_t tokens, int block_size) {
    return static_cast<int>((tokens + block_size - 1) / block_size);
}

}  // namespace

Result<PrefixCache> PrefixCache::create(int capacity_blocks, int block_size,
                                        std::optional<double> ttl_s) {
    if (capacity_blocks <= 0) {
        return make_error("prefix cache: capacity_blocks must be positive, got " +
                          std::to_string(capacity_blocks));
    }
    if (block_size <= 0) {
        return make_error("prefix cache: block_size must be positive, got " +
                          std::to_string(block_size));
    }
    if (ttl_s && !(std::isfinite(*ttl_s) && *ttl_s > 0.0)) {
        return make_error("prefix cache: ttl_s must be a positive number of seconds, got " +
                          std::to_string(*ttl_s));
    }
    return PrefixCache(capacity_blocks, block_size, ttl_s);
}

PrefixCache::PrefixCache(int capacity_blocks, int block_size, std::optional<double> ttl_s)
    : block_size_(block_size), ttl_s_(ttl_s), blocks_(static_cast<std::size_t>(capacity_blocks)) {
    for (int id = 0; id < capacity_blocks; ++id) {
        queue_push_back(id);
    }
}

void PrefixCache::queue_push_back(int id) {
    Block& b = blocks_[static_cast<std::size_t>(id)];
    b.prev = tail_;
    b.next = -1;
    b.queued = true;
    if (tail_ >= 0) {
        blocks_[static_cast<std::size_t>(tail_)].next = id;
    } else {
        head_ = id;
    }
    tail_ = id;
    ++num_free_;
}

void PrefixCache::queue_remove(int id) {
    Block& b = blocks_[static_cast<std::size_t>(id)];
    if (b.prev >= 0) {
        blocks_[static_cast<std::size_t>(b.prev)].next = b.next;
    } else {
        head_ = b.next;
    }
    if (b.next >= 0) {
        blocks_[static_cast<std::size_t>(b.next)].prev = b.prev;
    } else {
        tail_ = b.prev;
    }
    b.prev = b.next = -1;
    b.queued = false;
    --num_free_;
}

int PrefixCache::queue_pop_front() {
    const int id = head_;
    queue_remove(id);
    return id;
}

int PrefixCache::take_block(double now, std::vector<Eviction>& evicted) {
    const int id = queue_pop_front();
    Block& b = blocks_[static_cast<std::size_t>(id)];
    if (b.hash) {
        by_hash_.erase(*b.hash);
        evicted.push_back(Eviction{*b.hash, id, EvictionReason::Capacity});
        ++counters_.evicted_capacity;
        b.hash.reset();
    }
    b.ref_count = 1;
    b.last_used = now;
    return id;
}

std::vector<Eviction> PrefixCache::expire(double now) {
    std::vector<Eviction> out;
    if (!ttl_s_) {
        return out;
    }
    // Only free blocks can expire (a running request pins its blocks), and they are all queued.
    // Choice: an expired block keeps its place in the queue, as any hashless free block would.
    // Choice: a block lives for [last_used, last_used + ttl_s); at exactly ttl_s it is gone.
    for (int id = head_; id >= 0; id = blocks_[static_cast<std::size_t>(id)].next) {
        Block& b = blocks_[static_cast<std::size_t>(id)];
        if (b.hash && now - b.last_used >= *ttl_s_) {
            by_hash_.erase(*b.hash);
            out.push_back(Eviction{*b.hash, id, EvictionReason::Ttl});
            ++counters_.evicted_ttl;
            b.hash.reset();
        }
    }
    return out;
}

std::vector<Eviction> PrefixCache::consult(double now) {
    std::vector<Eviction> out = std::move(pending_);
    pending_.clear();
    std::vector<Eviction> expired = expire(now);
    out.insert(out.end(), expired.begin(), expired.end());
    return out;
}

Result<Admission> PrefixCache::begin(std::span<const int32_t> prompt,
                                     std::optional<std::string_view> salt, double now,
                                     int reserve_tokens) {
    if (prompt.empty()) {
        return make_error("prefix cache: empty prompt (at least one token is needed)");
    }
    if (reserve_tokens < 0) {
        return make_error("prefix cache: reserve_tokens must not be negative, got " +
                          std::to_string(reserve_tokens));
    }
    const int n_prompt = static_cast<int>(prompt.size());
    const int needed = blocks_for(static_cast<int64_t>(n_prompt) + reserve_tokens, block_size_);
    if (needed > capacity_blocks()) {
        return make_error("prefix cache: request needs " + std::to_string(needed) + " KV blocks (" +
                          std::to_string(n_prompt) + " prompt + " + std::to_string(reserve_tokens) +
                          " reserved tokens at block size " + std::to_string(block_size_) +
                          ") but the pool holds only " + std::to_string(capacity_blocks()) +
                          "; raise capacity_blocks or shorten the request");
    }

    std::vector<Eviction> evicted = consult(now);

    const ChainHasher hasher(block_size_, salt);
    std::vector<BlockHash> hashes = hasher.hash_blocks(prompt);

    // The last prompt token is always computed: its logits are the point of the request.
    const int max_hit_blocks = (n_prompt - 1) / block_size_;
    std::vector<int> hit_ids;
    int free_hits = 0;
    for (int b = 0; b < max_hit_blocks; ++b) {
        const auto it = by_hash_.find(hashes[static_cast<std::size_t>(b)]);
        if (it == by_hash_.end()) {
            break;
        }
        hit_ids.push_back(it->second);
        free_hits += blocks_[static_cast<std::size_t>(it->second)].ref_count == 0 ? 1 : 0;
    }
    const int n_hits = static_cast<int>(hit_ids.size());
    const int n_new = needed - n_hits;
    // Hit blocks leave the free queue before anything is popped, so they are not counted as
    // available for new data.
    const int available = num_free_ - free_hits;
    if (n_new > available) {
        pending_ = std::move(evicted);
        return make_error("prefix cache: KV pool busy: request needs " + std::to_string(n_new) +
                          " free blocks but only " + std::to_string(available) + " of " +
                          std::to_string(capacity_blocks()) +
                          " are not in use by running requests; release one and retry");
    }

    Sequence seq;
    seq.root = hasher.root();
    seq.tokens.assign(prompt.begin(), prompt.end());
    seq.table.reserve(static_cast<std::size_t>(needed));
    for (const int id : hit_ids) {
        Block& blk = blocks_[static_cast<std::size_t>(id)];
        if (blk.ref_count == 0) {
            queue_remove(id);
        }
        ++blk.ref_count;
        blk.last_used = now;
        seq.table.push_back(id);
    }
    for (int i = 0; i < n_new; ++i) {
        seq.table.push_back(take_block(now, evicted));
    }
    seq.num_hit_blocks = n_hits;
    seq.num_computed = n_hits * block_size_;
    seq.num_committed_blocks = n_hits;

    Admission adm;
    adm.sequence = next_sequence_++;
    adm.block_table = seq.table;
    adm.prompt_tokens = n_prompt;
    adm.cached_tokens = n_hits * block_size_;
    adm.num_hit_blocks = n_hits;
    adm.evicted = std::move(evicted);
    const int n_prompt_blocks = blocks_for(n_prompt, block_size_);
    adm.blocks.reserve(static_cast<std::size_t>(n_prompt_blocks));
    for (int b = 0; b < n_prompt_blocks; ++b) {
        PromptBlock pb;
        pb.index = b;
        pb.block_id = seq.table[static_cast<std::size_t>(b)];
        pb.first_token = b * block_size_;
        pb.num_tokens = std::min(block_size_, n_prompt - pb.first_token);
        pb.parent = b == 0 ? seq.root : hashes[static_cast<std::size_t>(b - 1)];
        if (pb.num_tokens < block_size_) {
            pb.state = PromptBlockState::Partial;
        } else {
            pb.hash = hashes[static_cast<std::size_t>(b)];
            pb.state = b < n_hits ? PromptBlockState::Hit : PromptBlockState::Computed;
        }
        adm.blocks.push_back(pb);
    }

    seq.hashes = std::move(hashes);
    sequences_.emplace(adm.sequence, std::move(seq));

    ++counters_.requests;
    counters_.queries += n_prompt;
    counters_.hits += adm.cached_tokens;
    return adm;
}

Result<AppendReport> PrefixCache::append_token(SequenceId sequence, int32_t token, double now) {
    const auto it = sequences_.find(sequence);
    if (it == sequences_.end()) {
        return make_error("prefix cache: append_token: unknown sequence " +
                          std::to_string(sequence));
    }
    Sequence& seq = it->second;
    AppendReport report;
    report.evicted = consult(now);
    const std::size_t n = seq.tokens.size() + 1;
    if (n > seq.table.size() * static_cast<std::size_t>(block_size_)) {
        if (seq.table.size() >= blocks_.size()) {
            pending_ = std::move(report.evicted);
            return make_error("prefix cache: sequence " + std::to_string(sequence) +
                              " outgrew the pool: " + std::to_string(n) +
                              " tokens need more than " + std::to_string(capacity_blocks()) +
                              " blocks");
        }
        if (num_free_ == 0) {
            pending_ = std::move(report.evicted);
            return make_error("prefix cache: KV pool busy: no free block for token " +
                              std::to_string(n - 1) + " of sequence " + std::to_string(sequence) +
                              "; reserve output tokens in begin() or release a request");
        }
        const int id = take_block(now, report.evicted);
        seq.table.push_back(id);
        report.new_block_id = id;
    }
    seq.tokens.push_back(token);
    if (seq.tokens.size() % static_cast<std::size_t>(block_size_) == 0) {
        const std::span<const int32_t> last(seq.tokens.data() + seq.tokens.size() - block_size_,
                                            static_cast<std::size_t>(block_size_));
        seq.hashes.push_back(
            ChainHasher::hash_next(seq.hashes.empty() ? seq.root : seq.hashes.back(), last));
    }
    return report;
}

Result<CommitReport> PrefixCache::commit(SequenceId sequence, int computed_tokens, double now) {
    const auto it = sequences_.find(sequence);
    if (it == sequences_.end()) {
        return make_error("prefix cache: commit: unknown sequence " + std::to_string(sequence));
    }
    Sequence& seq = it->second;
    if (computed_tokens < seq.num_computed ||
        computed_tokens > static_cast<int>(seq.tokens.size())) {
        return make_error(
            "prefix cache: commit: computed_tokens " + std::to_string(computed_tokens) +
            " outside [" + std::to_string(seq.num_computed) + ", " +
            std::to_string(seq.tokens.size()) + "] for sequence " + std::to_string(sequence));
    }
    seq.num_computed = computed_tokens;
    CommitReport report;
    const int full = computed_tokens / block_size_;
    for (int b = seq.num_committed_blocks; b < full; ++b) {
        StoredBlock sb;
        sb.index = b;
        sb.block_id = seq.table[static_cast<std::size_t>(b)];
        sb.hash = seq.hashes[static_cast<std::size_t>(b)];
        sb.parent = b == 0 ? seq.root : seq.hashes[static_cast<std::size_t>(b - 1)];
        const auto [pos, inserted] = by_hash_.try_emplace(sb.hash, sb.block_id);
        (void)pos;
        sb.registered = inserted;
        if (inserted) {
            Block& blk = blocks_[static_cast<std::size_t>(sb.block_id)];
            blk.hash = sb.hash;
            blk.last_used = now;
            ++counters_.stored_blocks;
        }
        report.stored.push_back(sb);
    }
    seq.num_committed_blocks = std::max(seq.num_committed_blocks, full);
    return report;
}

Result<void> PrefixCache::release(SequenceId sequence, double now) {
    const auto it = sequences_.find(sequence);
    if (it == sequences_.end()) {
        return make_error("prefix cache: release: unknown sequence " + std::to_string(sequence));
    }
    const std::vector<int32_t>& table = it->second.table;
    // Tail first: the deepest block of a chain is the least likely to be shared, so it should be
    // the first to go. Choice: releasing counts as use for the TTL clock, since the request held
    // the block until now.
    for (auto rit = table.rbegin(); rit != table.rend(); ++rit) {
        Block& blk = blocks_[static_cast<std::size_t>(*rit)];
        --blk.ref_count;
        blk.last_used = now;
        if (blk.ref_count == 0) {
            queue_push_back(*rit);
        }
    }
    sequences_.erase(it);
    return {};
}

int PrefixCache::probe(std::span<const int32_t> prompt,
                       std::optional<std::string_view> salt) const {
    const std::vector<BlockHash> hashes = hash_blocks(prompt, block_size_, salt);
    int n = 0;
    while (n < static_cast<int>(hashes.size()) &&
           by_hash_.count(hashes[static_cast<std::size_t>(n)]) != 0) {
        ++n;
    }
    return n;
}

BlockInfo PrefixCache::block(int block_id) const {
    BlockInfo info;
    if (block_id < 0 || block_id >= capacity_blocks()) {
        info.id = -1;
        return info;
    }
    const Block& b = blocks_[static_cast<std::size_t>(block_id)];
    info.id = block_id;
    info.ref_count = b.ref_count;
    info.hash = b.hash;
    info.last_used = b.last_used;
    info.status = b.ref_count > 0 ? BlockStatus::InUse
                  : b.hash        ? BlockStatus::CachedFree
                                  : BlockStatus::FreeEmpty;
    return info;
}

std::vector<int> PrefixCache::free_queue() const {
    std::vector<int> out;
    out.reserve(static_cast<std::size_t>(num_free_));
    for (int id = head_; id >= 0; id = blocks_[static_cast<std::size_t>(id)].next) {
        out.push_back(id);
    }
    return out;
}

std::optional<int> PrefixCache::next_victim() const {
    return head_ >= 0 ? std::optional<int>(head_) : std::nullopt;
}

std::optional<int> PrefixCache::lookup(const BlockHash& hash) const {
    const auto it = by_hash_.find(hash);
    return it == by_hash_.end() ? std::nullopt : std::optional<int>(it->second);
}

int PrefixCache::num_cached_free() const {
    int n = 0;
    for (const Block& b : blocks_) {
        n += (b.ref_count == 0 && b.hash) ? 1 : 0;
    }
    return n;
}

std::span<const int32_t> PrefixCache::block_table(SequenceId sequence) const {
    const auto it = sequences_.find(sequence);
    return it == sequences_.end() ? std::span<const int32_t>() : std::span(it->second.table);
}

int PrefixCache::num_tokens(SequenceId sequence) const {
    const auto it = sequences_.find(sequence);
    return it == sequences_.end() ? 0 : static_cast<int>(it->second.tokens.size());
}

int PrefixCache::num_computed(SequenceId sequence) const {
    const auto it = sequences_.find(sequence);
    return it == sequences_.end() ? 0 : it->second.num_computed;
}

}  // namespace pl
