// What a serving engine holds, as far as its KV-event stream tells: every held block, its parent
// (the blocks form a forest of prefixes), when it was stored, how many blocks were evicted soon
// after being stored (churn), and the branch points where many chains share a block and then
// split: the places where prompts diverge. Blocks of different sources (servers, DP ranks) are
// kept apart: each source has its own cache.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "live/kv_events.h"

namespace pl {
class BpeTokenizer;
namespace lint {
class DynamicValueDetector;
}
}  // namespace pl

namespace pl::live {

struct BranchPoint {
    int source = 0;
    RemoteHash parent;        // the last block the chains share
    int children = 0;         // its held children: the number of ways the chains go on
    int depth_blocks = 0;     // blocks from the root to it, itself included (as far as known)
    int64_t descendants = 0;  // held blocks below it
    // With a tokenizer and the blocks' tokens:
    std::optional<std::string> text;     // the shared block's text
    int first_diff_token = -1;           // in the children's blocks, where they first differ
    std::vector<std::string> diverging;  // a few children's text from that token on
    std::string looks_dynamic;           // "timestamp", "id", "counter" or empty
};

// One node of the forest as the app draws it.
struct ForestNode {
    int source = 0;
    RemoteHash hash;
    int depth_blocks = 0;
    int64_t descendants = 0;  // held blocks in its subtree, itself included
    int held_children = 0;
    double stored_at_s = 0;
    std::vector<int32_t> tokens;       // empty unless the model keeps tokens
    std::vector<ForestNode> children;  // hottest (most descendants) first, capped
    int hidden_children = 0;           // held children left out by the cap
};

class RemoteCacheModel {
  public:
    struct Options {
        double churn_window_s = 10.0;  // removed within this many seconds of its store: churn
        bool keep_tokens = false;      // keep each block's token ids (for text and matching)
    };
    explicit RemoteCacheModel(Options options);
    RemoteCacheModel();
    ~RemoteCacheModel();
    RemoteCacheModel(const RemoteCacheModel&) = delete;
    RemoteCacheModel& operator=(const RemoteCacheModel&) = delete;

    // now_s: the receiver's clock, in seconds from any fixed origin.
    void apply(int source, const KvEvent& event, double now_s);
    // Forgets every block of a source (AllBlocksCleared, or the server restarted).
    void clear_source(int source);

    std::size_t held() const { return held_; }
    std::size_t held(int source) const;
    std::size_t nodes() const { return nodes_.size(); }  // held blocks plus parents still needed
    int64_t stored_blocks() const { return stored_; }
    int64_t removed_blocks() const { return removed_; }
    int64_t churned_blocks() const { return churned_; }
    int64_t cleared() const { return cleared_; }
    // Blocks removed that the model did not hold (stored before it started listening).
    int64_t removed_unknown() const { return removed_unknown_; }

    // Held blocks with two or more held children, most children first (then deeper first).
    // With a tokenizer (and keep_tokens), each gets its text and its children's diverging text,
    // run through the detector when one is given.
    std::vector<BranchPoint> branch_points(
        std::size_t max, const BpeTokenizer* tokenizer = nullptr,
        const lint::DynamicValueDetector* detector = nullptr) const;

    // The forest's roots, hottest first: at most max_children per node, max_depth levels and
    // max_nodes nodes in all (the coldest are left out and counted in hidden_children).
    std::vector<ForestNode> forest(int max_children, int max_depth,
                                   std::size_t max_nodes = SIZE_MAX) const;

    // The tokens of a held block, if kept.
    std::optional<std::vector<int32_t>> tokens_of(int source, const RemoteHash& hash) const;
    bool is_held(int source, const RemoteHash& hash) const;

  private:
    struct Key {
        RemoteHash hash;
        uint16_t source = 0;
        bool operator==(const Key& o) const { return source == o.source && hash == o.hash; }
    };
    struct KeyHasher {
        std::size_t operator()(const Key& k) const noexcept {
            return RemoteHashHasher{}(k.hash) ^ (static_cast<std::size_t>(k.source) << 48);
        }
    };
    struct Node;
    using Map = std::unordered_map<Key, Node, KeyHasher>;
    struct Node {
        Map::value_type* parent = nullptr;  // unordered_map entries never move
        uint32_t children = 0;              // nodes in the map whose parent this is
        uint32_t held_children = 0;
        uint32_t depth = 1;
        float stored_at = 0;
        uint16_t n_tokens = 0;
        bool held = false;
        std::unique_ptr<int32_t[]> tokens;
    };

    Map::value_type* find_or_add(int source, const RemoteHash& hash);
    void store_block(int source, const RemoteHash& hash, Map::value_type* parent,
                     const int32_t* tokens, std::size_t n_tokens, double now_s);
    void remove_block(int source, const RemoteHash& hash, double now_s);
    void release_if_unused(Map::value_type* entry);

    Options options_;
    Map nodes_;
    std::size_t held_ = 0;
    int64_t stored_ = 0;
    int64_t removed_ = 0;
    int64_t churned_ = 0;
    int64_t cleared_ = 0;
    int64_t removed_unknown_ = 0;
};

// What the dynamic-value detector's kind means for a branch point: "timestamp", "id", "counter".
std::string dynamic_label(const std::string& detector_kind);

}  // namespace pl::live
