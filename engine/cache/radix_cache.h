// SGLang's prefix cache (RadixAttention) as pure bookkeeping: a radix tree over token ids whose
// edges hold runs of tokens, so any shared prefix is reused to the token, not to a block
// boundary as in PrefixCache (SPEC §4). Used by the policy simulator (runner/policy_sim.h) to put
// the two designs side by side on one trace; it never touches KV data.
//
// Semantics follow SGLang's RadixCache with page size 1:
//  - a lookup walks the tree and splits the node where the match ends, so every matched prefix
//    ends on a node boundary; every node it passes is touched (LRU);
//  - a running request locks the path it reads and writes (ref counts up to the root); a locked
//    node is never evicted;
//  - eviction takes the least recently used unlocked leaf first; a leaf's parent can become the
//    next leaf;
//  - a finished request inserts its whole sequence (prompt and output with KV) and unlocks.
// Choices where SGLang differs or is silent (also marked "Choice:" where they are made):
//  - eviction trims a leaf from its tail only as far as needed (SGLang frees the whole leaf node),
//    so the tokens held never exceed the capacity and what is held does not depend on where
//    earlier lookups happened to split nodes;
//  - recency is a counter bumped once per begin()/finish(), so no two leaves tie;
//  - a request reserves room for its output at begin(); one that cannot fit beside the locked
//    paths reads what matched and stores nothing (SGLang would queue it);
//  - a salt is a separate tree (SGLang's extra key); an empty salt is no salt;
//  - at least one prompt token is computed, as in PrefixCache.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace pl {

struct RadixAdmission {
    int64_t handle = 0;
    int prompt_tokens = 0;
    int matched_tokens = 0;   // the longest cached prefix of the prompt
    int cached_tokens = 0;    // reused: matched_tokens less the one-token rule
    int inserted_tokens = 0;  // prompt tokens this request added to the tree
    bool stored = false;      // false: no room beside the locked paths; nothing was stored
    int evicted_tokens = 0;   // tokens evicted to make room
};

// One node of the tree, for views and tests. Roots (one per salt) have parent -1, no tokens.
struct RadixNodeInfo {
    int id = 0;
    int parent = -1;
    std::string salt;
    std::vector<int32_t> tokens;  // the edge into this node
    int depth_tokens = 0;         // tokens on the path before this node's edge
    int lock_ref = 0;
    uint64_t last_access = 0;
};

class RadixCache {
  public:
    static Result<RadixCache> create(int capacity_tokens);

    RadixCache(RadixCache&&) noexcept;
    RadixCache& operator=(RadixCache&&) noexcept;
    ~RadixCache();

    // Matches the prompt, locks the matched path, makes room for the rest of the prompt plus
    // reserve_tokens (evicting LRU unlocked leaves), inserts the prompt and locks it.
    Result<RadixAdmission> begin(std::span<const int32_t> prompt,
                                 std::optional<std::string_view> salt, int reserve_tokens);

    // Ends a request: inserts `sequence` (its prompt followed by the output tokens whose KV was
    // computed; at most reserve_tokens more than the prompt), drops the reservation and unlocks.
    // Returns the number of tokens added.
    Result<int> finish(int64_t handle, std::span<const int32_t> sequence);

    // Length of the longest cached prefix, touching and splitting nothing.
    int probe(std::span<const int32_t> tokens, std::optional<std::string_view> salt) const;

    // Ids of the nodes whose edges cover tokens [0, length) of `tokens` (the path a view
    // highlights); stops where the tree does.
    std::vector<int> path(std::span<const int32_t> tokens, std::optional<std::string_view> salt,
                          int length) const;

    int capacity_tokens() const { return capacity_; }
    int size_tokens() const { return size_; }  // tokens held in the tree
    int reserved_tokens() const { return reserved_; }
    int num_running() const { return static_cast<int>(running_.size()); }
    long long evicted_total() const { return evicted_total_; }

    // Every node, parents before children, children in token order.
    std::vector<RadixNodeInfo> nodes() const;

  private:
    struct Node;
    struct Running {
        Node* root = nullptr;
        Node* locked = nullptr;
        std::vector<int32_t> prompt;
        int reserve = 0;
        bool stored = false;
    };

    explicit RadixCache(int capacity_tokens);

    Node* root(std::optional<std::string_view> salt, bool create);
    const Node* root(std::optional<std::string_view> salt) const;
    // Walks `tokens`, splitting the node where the match ends; returns the deepest node reached
    // and the number of tokens matched.
    std::pair<Node*, int> match(Node* root, std::span<const int32_t> tokens, uint64_t now);
    // Inserts `tokens`, returns the node at their end and how many tokens were new.
    std::pair<Node*, int> insert(Node* root, std::span<const int32_t> tokens, uint64_t now);
    Node* split(Node* node, int keep);
    void lock(Node* node, int delta);
    int evictable() const;
    int evict(int tokens);

    int capacity_;
    int size_ = 0;
    int reserved_ = 0;
    uint64_t clock_ = 0;
    int next_id_ = 0;
    int64_t next_handle_ = 1;
    long long evicted_total_ = 0;
    std::map<std::string, std::unique_ptr<Node>> roots_;
    std::map<int64_t, Running> running_;
};

}  // namespace pl
