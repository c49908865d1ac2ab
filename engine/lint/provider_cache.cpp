#include "lint/provider_cache.h"

#include <algorithm>
#include <vector>

#include "lint/cache_cost.h"

namespace pl::lint {

int user_input_end(const RenderedRequest& p) {
    return p.blocks.empty() ? p.size() : std::min(p.size(), p.blocks.back().token_end);
}

ProviderCacheModel::Entry* ProviderCacheModel::alive(uint64_t key, double at_s) {
    auto it = entries_.find(key);
    return it != entries_.end() && it->second.expires >= at_s ? &it->second : nullptr;
}

ProviderCacheModel::Outcome ProviderCacheModel::add(const RenderedRequest& p,
                                                    const std::string& model, double at_s,
                                                    std::span<const int32_t> output,
                                                    uint64_t variant, int vary_from) {
    if (++added_ % 4096 == 0) {
        std::erase_if(entries_, [&](const auto& kv) { return kv.second.expires < at_s; });
        std::erase_if(seen_, [&](const auto& kv) { return kv.second < at_s; });
    }
    std::vector<uint64_t> h;
    prefix_hashes(p.rendered.tokens, variant, vary_from, h);
    const CacheRules rules = tables_.cache_rules(provider_, model);
    const InputPrices prices = tables_.input_prices(provider_, model);
    Outcome out;
    out.min_tokens = rules.min_tokens;
    out.price_model = prices.name;
    out.usage.prompt_tokens = p.size();
    out.uncached_usd = prices.cost_usd(p.size(), 0, 0);
    switch (provider_) {
        case Provider::Bedrock:
            bedrock(p, rules, h, at_s, out);
            break;
        case Provider::DeepSeek:
            deepseek(p, rules, h, output, variant, at_s, out);
            break;
        default:
            gemini(p, rules, h, at_s, out);
            break;
    }
    RequestUsage& u = out.usage;
    if (out.rejected) {
        u = RequestUsage{.prompt_tokens = p.size()};
        out.uncached_usd = 0.0;  // refused: nothing computed, nothing billed
        return out;
    }
    u.input_tokens = p.size() - u.cache_read_input_tokens - u.cache_creation_input_tokens;
    u.usd = prices.cost_usd_by_ttl(u.input_tokens, u.cache_creation_input_tokens,
                                   u.cache_creation_1h_input_tokens, u.cache_read_input_tokens);
    return out;
}

// Implicit caching: the longest prefix of an earlier prompt still held, from the model's
// minimum on, in steps of the table's increment (1: to the token; Google documents no step).
// Every prompt at or above the minimum is stored; nothing is billed for storing it.
void ProviderCacheModel::gemini(const RenderedRequest& p, const CacheRules& rules,
                                const std::vector<uint64_t>& h, double at_s, Outcome& out) {
    if (!rules.implicit) {
        out.note = PolicyNote::NoImplicitCache;
        return;
    }
    const int n = p.size();
    const int step = std::max(1, rules.step_tokens);
    const int min = std::max(1, rules.min_tokens);
    if (n < min) {
        out.note = PolicyNote::BelowMinimum;
        return;
    }
    const int top = min + (n - min) / step * step;
    int read = 0;
    for (int q = top; q >= min; q -= step) {
        if (Entry* e = alive(h[static_cast<std::size_t>(q)], at_s)) {
            e->expires = at_s + e->ttl;
            read = q;
            break;
        }
    }
    for (int q = min; q <= top; q += step)
        entries_[h[static_cast<std::size_t>(q)]] = {at_s + rules.ttl_default_s,
                                                    rules.ttl_default_s};
    out.usage.cache_read_input_tokens = read;
    out.stored_tokens = top - read;
}

// cachePoint blocks (the scenario's cache_control markers read as such): at most max_markers
// of them, else the API refuses the request; each needs the minimum after the one before it;
// past max_cached_tokens (Nova) or in the tools where tools cannot be cached (Nova) a point
// caches nothing. A point reads the longest entry at it or at the ends of the blocks before it
// within the lookback (Claude: 20 blocks; Nova: the point itself), and writes up to the last
// point, billed at the write multiplier of its TTL.
void ProviderCacheModel::bedrock(const RenderedRequest& p, const CacheRules& rules,
                                 const std::vector<uint64_t>& h, double at_s, Outcome& out) {
    const std::vector<Breakpoint>& bps = p.breakpoints;
    if (rules.max_markers > 0 && static_cast<int>(bps.size()) > rules.max_markers) {
        out.rejected = true;
        out.note = PolicyNote::TooManyBreakpoints;
        return;
    }
    if (bps.empty()) {
        out.note = PolicyNote::NoBreakpoint;
        return;
    }
    struct Point {
        int token, block;
        double ttl;
    };
    std::vector<Point> points;
    int last = 0;
    for (const Breakpoint& bp : bps) {
        const bool in_tools = bp.block >= 0 && bp.block < static_cast<int>(p.blocks.size()) &&
                              p.blocks[static_cast<std::size_t>(bp.block)].kind == PartKind::Tool;
        if (!rules.tools_cacheable && in_tools)
            continue;
        if (bp.token - (rules.min_per_checkpoint ? last : 0) < rules.min_tokens || bp.token <= last)
            continue;
        if (rules.max_cached_tokens > 0 && bp.token > rules.max_cached_tokens)
            continue;
        const double ttl = bp.ttl_s > rules.ttl_default_s && rules.ttl_extended_s > 0
                               ? rules.ttl_extended_s
                               : rules.ttl_default_s;
        points.push_back({bp.token, bp.block, ttl});
        last = bp.token;
    }
    if (points.empty()) {
        out.note = PolicyNote::BelowMinimum;
        return;
    }
    int read = 0;
    for (const Point& pt : points) {
        std::vector<int> candidates{pt.token};
        for (int j = pt.block - 1; j >= 0 && j > pt.block - rules.lookback_blocks; --j)
            candidates.push_back(p.blocks[static_cast<std::size_t>(j)].token_end);
        for (int q : candidates) {
            if (q <= 0 || q > pt.token)
                continue;
            if (Entry* e = alive(h[static_cast<std::size_t>(q)], at_s)) {
                e->expires = at_s + e->ttl;
                read = std::max(read, q);
                break;
            }
        }
    }
    RequestUsage& u = out.usage;
    u.cache_read_input_tokens = read;
    u.cache_creation_input_tokens = last - read;
    int written_to = read;
    for (const Point& pt : points) {
        if (pt.token <= written_to)
            continue;
        if (pt.ttl > rules.ttl_default_s)
            u.cache_creation_1h_input_tokens += pt.token - written_to;
        written_to = pt.token;
    }
    for (const Point& pt : points)
        entries_[h[static_cast<std::size_t>(pt.token)]] = {at_s + pt.ttl, pt.ttl};
    out.stored_tokens = last - read;
}

// Disk caching: a hit is a whole stored unit from the start. Units end where a request's user
// input ends and where its output ends, and a prefix found in common with an earlier request
// (in whole storage units) is stored as a unit of its own, for the requests after this one.
void ProviderCacheModel::deepseek(const RenderedRequest& p, const CacheRules& rules,
                                  const std::vector<uint64_t>& h, std::span<const int32_t> output,
                                  uint64_t variant, double at_s, Outcome& out) {
    const int n = p.size();
    const int min = std::max(1, rules.min_tokens);
    const int unit = std::max(1, rules.unit_tokens);
    const double ttl = rules.ttl_default_s;
    int read = 0;
    for (int q = n; q >= min; --q) {
        if (Entry* e = alive(h[static_cast<std::size_t>(q)], at_s)) {
            e->expires = at_s + e->ttl;
            read = q;
            break;
        }
    }
    int common = 0;
    for (int q = n / unit * unit; q >= unit && q > read; q -= unit) {
        auto it = seen_.find(h[static_cast<std::size_t>(q)]);
        if (it != seen_.end() && it->second >= at_s) {
            common = q;
            break;
        }
    }
    int stored_to = read;
    auto store = [&](uint64_t key, int length) {
        if (length < min)
            return;
        entries_[key] = {at_s + ttl, ttl};
        if (length <= n)
            stored_to = std::max(stored_to, length);
    };
    if (common > read)
        store(h[static_cast<std::size_t>(common)], common);
    const int input_end = user_input_end(p);
    store(h[static_cast<std::size_t>(input_end)], input_end);
    if (!output.empty()) {
        std::vector<int32_t> whole = p.rendered.tokens;
        whole.insert(whole.end(), output.begin(), output.end());
        std::vector<uint64_t> hw;
        prefix_hashes(whole, variant, 0, hw);
        store(hw.back(), static_cast<int>(whole.size()));
    }
    for (int q = unit; q <= n; q += unit)
        seen_[h[static_cast<std::size_t>(q)]] = at_s + ttl;
    out.usage.cache_read_input_tokens = read;
    out.stored_tokens = stored_to - read;
    if (read == 0 && n < min)
        out.note = PolicyNote::BelowMinimum;
}

}  // namespace pl::lint
