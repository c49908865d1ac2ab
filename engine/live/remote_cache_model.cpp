#include "live/remote_cache_model.h"

#include <algorithm>

#include "lint/dynamic_values.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::live {

RemoteCacheModel::RemoteCacheModel(Options options) : options_(options) {}
RemoteCacheModel::RemoteCacheModel() : RemoteCacheModel(Options{}) {}
RemoteCacheModel::~RemoteCacheModel() = default;

RemoteCacheModel::Map::value_type* RemoteCacheModel::find_or_add(int source,
                                                                 const RemoteHash& hash) {
    auto [it, inserted] = nodes_.try_emplace(Key{hash, static_cast<uint16_t>(source)});
    (void)inserted;
    return &*it;
}

void RemoteCacheModel::store_block(int source, const RemoteHash& hash, Map::value_type* parent,
                                   const int32_t* tokens, std::size_t n_tokens, double now_s) {
    ++stored_;
    Map::value_type* entry = find_or_add(source, hash);
    Node& node = entry->second;
    // A parent learned late (the block was first seen as someone's parent) is linked now; a
    // block never becomes its own ancestor's parent, whatever a broken stream says.
    if (!node.parent && parent && parent != entry) {
        bool cycle = false;
        for (auto* p = parent; p; p = p->second.parent)
            if (p == entry) {
                cycle = true;
                break;
            }
        if (!cycle) {
            node.parent = parent;
            ++parent->second.children;
            if (node.held)
                ++parent->second.held_children;
            node.depth = parent->second.depth + 1;
        }
    }
    node.stored_at = static_cast<float>(now_s);
    if (options_.keep_tokens && n_tokens > 0 && !node.tokens) {
        const std::size_t n = std::min<std::size_t>(n_tokens, UINT16_MAX);
        node.tokens = std::make_unique<int32_t[]>(n);
        std::copy(tokens, tokens + n, node.tokens.get());
        node.n_tokens = static_cast<uint16_t>(n);
    }
    if (!node.held) {
        node.held = true;
        ++held_;
        if (node.parent)
            ++node.parent->second.held_children;
    }
}

void RemoteCacheModel::release_if_unused(Map::value_type* entry) {
    // A block no longer held stays while a child names it as parent (vLLM may evict a parent
    // before its children); the last child's removal releases it, and so on up the chain.
    while (entry && !entry->second.held && entry->second.children == 0) {
        Map::value_type* parent = entry->second.parent;
        nodes_.erase(entry->first);
        if (parent)
            --parent->second.children;
        entry = parent;
    }
}

void RemoteCacheModel::remove_block(int source, const RemoteHash& hash, double now_s) {
    ++removed_;
    auto it = nodes_.find(Key{hash, static_cast<uint16_t>(source)});
    if (it == nodes_.end() || !it->second.held) {
        ++removed_unknown_;
        return;
    }
    Node& node = it->second;
    if (now_s - node.stored_at <= options_.churn_window_s)
        ++churned_;
    node.held = false;
    --held_;
    if (node.parent)
        --node.parent->second.held_children;
    release_if_unused(&*it);
}

void RemoteCacheModel::apply(int source, const KvEvent& event, double now_s) {
    switch (event.type) {
        case KvEventType::Stored: {
            Map::value_type* parent = event.parent ? find_or_add(source, *event.parent) : nullptr;
            const std::size_t n_blocks = event.hashes.size();
            std::size_t bs = event.block_size > 0 ? static_cast<std::size_t>(event.block_size) : 0;
            if (bs == 0 && n_blocks > 0 && event.token_ids.size() % n_blocks == 0)
                bs = event.token_ids.size() / n_blocks;
            for (std::size_t i = 0; i < n_blocks; ++i) {
                const int32_t* tokens = nullptr;
                std::size_t n_tokens = 0;
                if (bs > 0 && (i + 1) * bs <= event.token_ids.size()) {
                    tokens = event.token_ids.data() + i * bs;
                    n_tokens = bs;
                }
                store_block(source, event.hashes[i], parent, tokens, n_tokens, now_s);
                parent = &*nodes_.find(Key{event.hashes[i], static_cast<uint16_t>(source)});
            }
            // A placeholder parent that no block ended up linking to (a cycle) is dropped.
            if (event.parent)
                release_if_unused(&*nodes_.find(Key{*event.parent, static_cast<uint16_t>(source)}));
            break;
        }
        case KvEventType::Removed:
            for (const RemoteHash& h : event.hashes)
                remove_block(source, h, now_s);
            break;
        case KvEventType::Cleared:
            ++cleared_;
            clear_source(source);
            break;
    }
}

void RemoteCacheModel::clear_source(int source) {
    for (auto it = nodes_.begin(); it != nodes_.end();) {
        if (it->first.source == source) {
            if (it->second.held)
                --held_;
            it = nodes_.erase(it);
        } else {
            ++it;
        }
    }
}

std::size_t RemoteCacheModel::held(int source) const {
    std::size_t n = 0;
    for (const auto& [key, node] : nodes_)
        n += key.source == source && node.held;
    return n;
}

bool RemoteCacheModel::is_held(int source, const RemoteHash& hash) const {
    auto it = nodes_.find(Key{hash, static_cast<uint16_t>(source)});
    return it != nodes_.end() && it->second.held;
}

std::optional<std::vector<int32_t>> RemoteCacheModel::tokens_of(int source,
                                                                const RemoteHash& hash) const {
    auto it = nodes_.find(Key{hash, static_cast<uint16_t>(source)});
    if (it == nodes_.end() || !it->second.tokens)
        return std::nullopt;
    return std::vector<int32_t>(it->second.tokens.get(),
                                it->second.tokens.get() + it->second.n_tokens);
}

std::string dynamic_label(const std::string& kind) {
    if (kind == "date" || kind == "time" || kind == "weekday" || kind == "epoch")
        return "timestamp";
    if (kind == "uuid" || kind == "hex-id" || kind == "random-id" || kind == "labeled-id")
        return "id";
    if (kind == "counter")
        return "counter";
    return kind;
}

std::vector<BranchPoint> RemoteCacheModel::branch_points(
    std::size_t max, const BpeTokenizer* tokenizer,
    const lint::DynamicValueDetector* detector) const {
    std::vector<const Map::value_type*> found;
    for (const auto& entry : nodes_)
        if (entry.second.held && entry.second.held_children >= 2)
            found.push_back(&entry);
    std::sort(found.begin(), found.end(), [](const auto* a, const auto* b) {
        if (a->second.held_children != b->second.held_children)
            return a->second.held_children > b->second.held_children;
        if (a->second.depth != b->second.depth)
            return a->second.depth > b->second.depth;
        return a->first.hash.hex() < b->first.hash.hex();  // a stable order for equal ones
    });
    if (found.size() > max)
        found.resize(max);
    if (found.empty())
        return {};

    // One pass gathers the held children of the chosen branch points and counts descendants.
    std::unordered_map<const Map::value_type*, std::size_t> index;
    for (std::size_t i = 0; i < found.size(); ++i)
        index.emplace(found[i], i);
    std::vector<std::vector<const Node*>> kids(found.size());
    std::vector<int64_t> descendants(found.size(), 0);
    for (const auto& entry : nodes_) {
        if (!entry.second.held)
            continue;
        bool direct = true;
        for (const Map::value_type* p = entry.second.parent; p; p = p->second.parent) {
            auto it = index.find(p);
            if (it != index.end()) {
                ++descendants[it->second];
                if (direct)
                    kids[it->second].push_back(&entry.second);
            }
            direct = false;
        }
    }

    std::vector<BranchPoint> out;
    out.reserve(found.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
        const auto& [key, node] = *found[i];
        BranchPoint bp;
        bp.source = key.source;
        bp.parent = key.hash;
        bp.children = static_cast<int>(node.held_children);
        bp.depth_blocks = static_cast<int>(node.depth);
        bp.descendants = descendants[i];
        if (tokenizer && node.tokens) {
            const std::string parent_text =
                tokenizer->decode(std::span<const int32_t>(node.tokens.get(), node.n_tokens));
            bp.text = parent_text;
            // Children newest first: the divergence a user is looking at now.
            auto& ch = kids[i];
            std::sort(ch.begin(), ch.end(),
                      [](const Node* a, const Node* b) { return a->stored_at > b->stored_at; });
            std::size_t lcp = SIZE_MAX;
            const Node* first = nullptr;
            for (const Node* c : ch) {
                if (!c->tokens)
                    continue;
                if (!first) {
                    first = c;
                    lcp = c->n_tokens;
                    continue;
                }
                std::size_t k = 0;
                const std::size_t lim = std::min<std::size_t>(lcp, c->n_tokens);
                while (k < lim && c->tokens[k] == first->tokens[k])
                    ++k;
                lcp = k;
            }
            if (first && lcp != SIZE_MAX) {
                bp.first_diff_token = static_cast<int>(lcp);
                std::size_t shown = 0;
                for (const Node* c : ch) {
                    if (!c->tokens || shown >= 8)
                        continue;
                    const std::size_t from = std::min<std::size_t>(lcp, c->n_tokens);
                    const std::string whole =
                        tokenizer->decode(std::span<const int32_t>(c->tokens.get(), c->n_tokens));
                    const std::string head =
                        tokenizer->decode(std::span<const int32_t>(c->tokens.get(), from));
                    bp.diverging.push_back(tokenizer->decode(
                        std::span<const int32_t>(c->tokens.get() + from, c->n_tokens - from)));
                    ++shown;
                    if (detector && bp.looks_dynamic.empty()) {
                        // The value usually straddles the split: scan the shared block and the
                        // child's whole block, and take a value that reaches past the split.
                        const std::string text = parent_text + whole;
                        const std::size_t split = parent_text.size() + head.size();
                        for (const auto& span : detector->find(text))
                            if (span.end > split) {
                                bp.looks_dynamic = dynamic_label(span.kind);
                                break;
                            }
                    }
                }
                if (shown < 3)  // too few children with tokens to say what varies
                    bp.looks_dynamic.clear();
            }
        }
        out.push_back(std::move(bp));
    }
    return out;
}

std::vector<ForestNode> RemoteCacheModel::forest(int max_children, int max_depth,
                                                 std::size_t max_nodes) const {
    std::size_t budget = max_nodes;
    // Children lists and subtree sizes, built once per call: the model itself keeps only parent
    // links, which is what keeps a held block small.
    std::unordered_map<const Map::value_type*, std::vector<const Map::value_type*>> children;
    std::unordered_map<const Map::value_type*, int64_t> subtree;
    std::vector<const Map::value_type*> roots;
    for (const auto& entry : nodes_) {
        if (entry.second.parent)
            children[entry.second.parent].push_back(&entry);
        else
            roots.push_back(&entry);
    }
    // Subtree sizes bottom-up: deepest first.
    std::vector<const Map::value_type*> order;
    order.reserve(nodes_.size());
    for (const auto& entry : nodes_)
        order.push_back(&entry);
    std::sort(order.begin(), order.end(),
              [](const auto* a, const auto* b) { return a->second.depth > b->second.depth; });
    for (const auto* e : order) {
        int64_t& s = subtree[e];
        s += e->second.held ? 1 : 0;
        if (e->second.parent)
            subtree[e->second.parent] += s;
    }
    auto hotter = [&](const auto* a, const auto* b) {
        const int64_t sa = subtree[a], sb = subtree[b];
        if (sa != sb)
            return sa > sb;
        return a->second.stored_at > b->second.stored_at;
    };
    auto build = [&](auto&& self, const Map::value_type* e, int depth) -> ForestNode {
        ForestNode f;
        f.source = e->first.source;
        f.hash = e->first.hash;
        f.depth_blocks = static_cast<int>(e->second.depth);
        f.descendants = subtree[e];
        f.held_children = static_cast<int>(e->second.held_children);
        f.stored_at_s = e->second.stored_at;
        if (e->second.tokens)
            f.tokens.assign(e->second.tokens.get(), e->second.tokens.get() + e->second.n_tokens);
        auto it = children.find(e);
        if (it == children.end())
            return f;
        auto kids = it->second;
        kids.erase(std::remove_if(kids.begin(), kids.end(),
                                  [&](const auto* k) { return subtree[k] == 0; }),
                   kids.end());
        std::sort(kids.begin(), kids.end(), hotter);
        const std::size_t keep =
            depth + 1 >= max_depth ? 0 : std::min<std::size_t>(kids.size(), max_children);
        std::size_t built = 0;
        for (; built < keep && budget > 0; ++built) {
            --budget;
            f.children.push_back(self(self, kids[built], depth + 1));
        }
        f.hidden_children = static_cast<int>(kids.size() - built);
        return f;
    };
    roots.erase(
        std::remove_if(roots.begin(), roots.end(), [&](const auto* r) { return subtree[r] == 0; }),
        roots.end());
    std::sort(roots.begin(), roots.end(), hotter);
    std::vector<ForestNode> out;
    for (std::size_t i = 0; i < roots.size() && static_cast<int>(i) < max_children && budget > 0;
         ++i) {
        --budget;
        out.push_back(build(build, roots[i], 0));
    }
    return out;
}

}  // namespace pl::live
