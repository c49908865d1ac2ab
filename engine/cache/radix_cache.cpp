#include "cache/radix_cache.h"

#include <algorithm>
#include <limits>

namespace pl {

struct RadixCache::Node {
    int id = 0;
    Node* parent = nullptr;  // null for a root
    std::string salt;
    std::vector<int32_t> tokens;
    std::map<int32_t, std::unique_ptr<Node>> children;  // by the first token of their edge
    int lock_ref = 0;
    uint64_t last_access = 0;
};

namespace {

int common_prefix(std::span<const int32_t> a, std::span<const int32_t> b) {
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return static_cast<int>(i);
}

std::string salt_key(std::optional<std::string_view> salt) {
    return salt ? std::string(*salt) : std::string();
}

}  // namespace

Result<RadixCache> RadixCache::create(int capacity_tokens) {
    if (capacity_tokens < 1)
        return make_error("radix cache: capacity must be at least one token");
    return RadixCache(capacity_tokens);
}

RadixCache::RadixCache(int capacity_tokens) : capacity_(capacity_tokens) {}
RadixCache::RadixCache(RadixCache&&) noexcept = default;
RadixCache& RadixCache::operator=(RadixCache&&) noexcept = default;
RadixCache::~RadixCache() = default;

RadixCache::Node* RadixCache::root(std::optional<std::string_view> salt, bool create) {
    const std::string key = salt_key(salt);
    auto it = roots_.find(key);
    if (it != roots_.end())
        return it->second.get();
    if (!create)
        return nullptr;
    auto node = std::make_unique<Node>();
    node->id = next_id_++;
    node->salt = key;
    Node* raw = node.get();
    roots_.emplace(key, std::move(node));
    return raw;
}

const RadixCache::Node* RadixCache::root(std::optional<std::string_view> salt) const {
    auto it = roots_.find(salt_key(salt));
    return it == roots_.end() ? nullptr : it->second.get();
}

RadixCache::Node* RadixCache::split(Node* node, int keep) {
    Node* parent = node->parent;
    const int32_t key = node->tokens.front();
    auto upper = std::make_unique<Node>();
    upper->id = next_id_++;
    upper->parent = parent;
    upper->salt = node->salt;
    upper->tokens.assign(node->tokens.begin(), node->tokens.begin() + keep);
    // Every lock through the lower half passes through the upper half too.
    upper->lock_ref = node->lock_ref;
    upper->last_access = node->last_access;
    node->tokens.erase(node->tokens.begin(), node->tokens.begin() + keep);
    std::unique_ptr<Node> lower = std::move(parent->children[key]);
    lower->parent = upper.get();
    upper->children.emplace(node->tokens.front(), std::move(lower));
    Node* raw = upper.get();
    parent->children[key] = std::move(upper);
    return raw;
}

std::pair<RadixCache::Node*, int> RadixCache::match(Node* root, std::span<const int32_t> tokens,
                                                    uint64_t now) {
    Node* node = root;
    node->last_access = now;
    std::size_t i = 0;
    while (i < tokens.size()) {
        auto it = node->children.find(tokens[i]);
        if (it == node->children.end())
            break;
        Node* child = it->second.get();
        const int k = common_prefix(child->tokens, tokens.subspan(i));
        if (k < static_cast<int>(child->tokens.size()))
            child = split(child, k);  // the match ends inside this edge: cut it there
        child->last_access = now;
        node = child;
        i += static_cast<std::size_t>(k);
    }
    return {node, static_cast<int>(i)};
}

std::pair<RadixCache::Node*, int> RadixCache::insert(Node* root, std::span<const int32_t> tokens,
                                                     uint64_t now) {
    auto [node, matched] = match(root, tokens, now);
    const int rest = static_cast<int>(tokens.size()) - matched;
    if (rest == 0)
        return {node, 0};
    auto leaf = std::make_unique<Node>();
    leaf->id = next_id_++;
    leaf->parent = node;
    leaf->salt = node->salt;
    leaf->tokens.assign(tokens.begin() + matched, tokens.end());
    leaf->last_access = now;
    Node* raw = leaf.get();
    node->children.emplace(leaf->tokens.front(), std::move(leaf));
    size_ += rest;
    return {raw, rest};
}

void RadixCache::lock(Node* node, int delta) {
    for (Node* n = node; n != nullptr && n->parent != nullptr; n = n->parent)
        n->lock_ref += delta;
}

int RadixCache::evictable() const {
    int total = 0;
    std::vector<const Node*> stack;
    for (const auto& [key, r] : roots_)
        stack.push_back(r.get());
    while (!stack.empty()) {
        const Node* n = stack.back();
        stack.pop_back();
        if (n->parent != nullptr && n->lock_ref == 0)
            total += static_cast<int>(n->tokens.size());
        for (const auto& [k, c] : n->children)
            stack.push_back(c.get());
    }
    return total;
}

int RadixCache::evict(int tokens) {
    int done = 0;
    while (done < tokens) {
        Node* victim = nullptr;
        std::vector<Node*> stack;
        for (const auto& [key, r] : roots_)
            stack.push_back(r.get());
        while (!stack.empty()) {
            Node* n = stack.back();
            stack.pop_back();
            if (n->parent != nullptr && n->children.empty() && n->lock_ref == 0 &&
                (victim == nullptr || n->last_access < victim->last_access)) {
                victim = n;
            }
            for (const auto& [k, c] : n->children)
                stack.push_back(c.get());
        }
        if (victim == nullptr)
            break;
        // Choice: trim the leaf from its tail, only as far as needed (see the header).
        const int take = std::min(tokens - done, static_cast<int>(victim->tokens.size()));
        const int32_t key = victim->tokens.front();
        victim->tokens.resize(victim->tokens.size() - static_cast<std::size_t>(take));
        size_ -= take;
        done += take;
        if (victim->tokens.empty())
            victim->parent->children.erase(key);
    }
    evicted_total_ += done;
    return done;
}

Result<RadixAdmission> RadixCache::begin(std::span<const int32_t> prompt,
                                         std::optional<std::string_view> salt, int reserve_tokens) {
    if (prompt.empty())
        return make_error("radix cache: a request needs at least one prompt token");
    if (reserve_tokens < 0)
        return make_error("radix cache: negative output reservation");
    const uint64_t now = ++clock_;
    Node* r = root(salt, true);
    auto [matched_node, matched] = match(r, prompt, now);
    lock(matched_node, +1);

    RadixAdmission a;
    a.handle = next_handle_++;
    a.prompt_tokens = static_cast<int>(prompt.size());
    a.matched_tokens = matched;
    a.cached_tokens = std::min(matched, a.prompt_tokens - 1);

    Running run;
    run.root = r;
    run.prompt.assign(prompt.begin(), prompt.end());
    const long long need = static_cast<long long>(a.prompt_tokens - matched) + reserve_tokens;
    const long long locked = size_ - evictable();
    if (locked + reserved_ + need <= capacity_) {
        const long long over = size_ + reserved_ + need - capacity_;
        if (over > 0)
            a.evicted_tokens = evict(static_cast<int>(over));
        auto [end_node, added] = insert(r, prompt, now);
        lock(end_node, +1);
        lock(matched_node, -1);
        run.locked = end_node;
        run.reserve = reserve_tokens;
        run.stored = true;
        reserved_ += reserve_tokens;
        a.inserted_tokens = added;
        a.stored = true;
    } else {
        // Choice: no room beside what running requests hold; read the match, store nothing.
        run.locked = matched_node;
    }
    running_.emplace(a.handle, std::move(run));
    return a;
}

Result<int> RadixCache::finish(int64_t handle, std::span<const int32_t> sequence) {
    auto it = running_.find(handle);
    if (it == running_.end())
        return make_error("radix cache: no running request " + std::to_string(handle));
    Running& run = it->second;
    const std::size_t p = run.prompt.size();
    if (sequence.size() < p || !std::equal(run.prompt.begin(), run.prompt.end(), sequence.begin()))
        return make_error("radix cache: a finished sequence must start with its prompt");
    if (sequence.size() - p > static_cast<std::size_t>(run.reserve) && run.stored) {
        return make_error("radix cache: " + std::to_string(sequence.size() - p) +
                          " output tokens but only " + std::to_string(run.reserve) + " reserved");
    }
    const uint64_t now = ++clock_;
    int added = 0;
    reserved_ -= run.reserve;
    if (run.stored)
        added = insert(run.root, sequence, now).second;
    lock(run.locked, -1);
    running_.erase(it);
    return added;
}

int RadixCache::probe(std::span<const int32_t> tokens, std::optional<std::string_view> salt) const {
    const Node* node = root(salt);
    std::size_t i = 0;
    while (node != nullptr && i < tokens.size()) {
        auto it = node->children.find(tokens[i]);
        if (it == node->children.end())
            break;
        const int k = common_prefix(it->second->tokens, tokens.subspan(i));
        i += static_cast<std::size_t>(k);
        if (k < static_cast<int>(it->second->tokens.size()))
            break;
        node = it->second.get();
    }
    return static_cast<int>(i);
}

std::vector<int> RadixCache::path(std::span<const int32_t> tokens,
                                  std::optional<std::string_view> salt, int length) const {
    std::vector<int> ids;
    const Node* node = root(salt);
    std::size_t i = 0;
    const std::size_t end = std::min(tokens.size(), static_cast<std::size_t>(std::max(0, length)));
    while (node != nullptr && i < end) {
        auto it = node->children.find(tokens[i]);
        if (it == node->children.end())
            break;
        const int k = common_prefix(it->second->tokens, tokens.subspan(i, end - i));
        ids.push_back(it->second->id);
        i += static_cast<std::size_t>(k);
        if (k < static_cast<int>(it->second->tokens.size()))
            break;
        node = it->second.get();
    }
    return ids;
}

std::vector<RadixNodeInfo> RadixCache::nodes() const {
    std::vector<RadixNodeInfo> out;
    struct Item {
        const Node* node;
        int depth;
    };
    for (const auto& [key, r] : roots_) {
        std::vector<Item> stack{{r.get(), 0}};
        while (!stack.empty()) {
            const Item item = stack.back();
            stack.pop_back();
            const Node* n = item.node;
            RadixNodeInfo info;
            info.id = n->id;
            info.parent = n->parent ? n->parent->id : -1;
            info.salt = n->salt;
            info.tokens = n->tokens;
            info.depth_tokens = item.depth;
            info.lock_ref = n->lock_ref;
            info.last_access = n->last_access;
            out.push_back(std::move(info));
            const int below = item.depth + static_cast<int>(n->tokens.size());
            for (auto c = n->children.rbegin(); c != n->children.rend(); ++c)
                stack.push_back({c->second.get(), below});
        }
    }
    return out;
}

}  // namespace pl
