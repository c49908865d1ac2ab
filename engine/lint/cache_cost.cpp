#include "lint/cache_cost.h"

#include "lint/provider_cache.h"

#include <algorithm>
#include <functional>

namespace pl::lint {

uint64_t model_cache_variant(const std::string& model) {
    return static_cast<uint64_t>(std::hash<std::string>{}(model)) | 1U;
}

void prefix_hashes(const std::vector<int32_t>& tokens, uint64_t variant, int vary_from,
                   std::vector<uint64_t>& out) {
    out.resize(tokens.size() + 1);
    uint64_t h = 1469598103934665603ULL;
    out[0] = h;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (variant != 0 && static_cast<int>(i) == vary_from)
            h ^= (variant + 0x9E3779B97F4A7C15ULL) * 0xBF58476D1CE4E5B9ULL;
        h ^= static_cast<uint32_t>(tokens[i]);
        h *= 1099511628211ULL;
        h ^= h >> 29;
        out[i + 1] = h;
    }
}

int openai_cacheable(int n, int min_cached, int increment) {
    if (n < min_cached)
        return 0;
    return min_cached + ((n - min_cached) / increment) * increment;
}

double InputPrices::cost_usd(long long input_tokens, long long cache_creation_input_tokens,
                             long long cache_read_input_tokens, bool one_hour_write) const {
    if (uses_cache_markers(provider)) {  // Anthropic, Bedrock: multipliers of the input price
        const double write_mult = one_hour_write ? write_1h : write_5m;
        return (static_cast<double>(input_tokens) +
                static_cast<double>(cache_creation_input_tokens) * write_mult +
                static_cast<double>(cache_read_input_tokens) * read) *
               input / 1e6;
    }
    return (static_cast<double>(input_tokens + cache_creation_input_tokens) * input +
            static_cast<double>(cache_read_input_tokens) * cached_input) /
           1e6;
}

double InputPrices::cost_usd_by_ttl(long long input_tokens, long long cache_creation_input_tokens,
                                    long long cache_creation_1h_input_tokens,
                                    long long cache_read_input_tokens) const {
    if (!uses_cache_markers(provider))
        return cost_usd(input_tokens, cache_creation_input_tokens, cache_read_input_tokens);
    const long long one_hour =
        std::min(cache_creation_1h_input_tokens, cache_creation_input_tokens);
    return (static_cast<double>(input_tokens) +
            static_cast<double>(cache_creation_input_tokens - one_hour) * write_5m +
            static_cast<double>(one_hour) * write_1h +
            static_cast<double>(cache_read_input_tokens) * read) *
           input / 1e6;
}

double input_cost_usd(Provider provider, const LintTables& tables, const std::string& model,
                      long long input_tokens, long long cache_creation_input_tokens,
                      long long cache_read_input_tokens, bool one_hour_write) {
    return tables.input_prices(provider, model)
        .cost_usd(input_tokens, cache_creation_input_tokens, cache_read_input_tokens,
                  one_hour_write);
}

CacheCostModel::CacheCostModel(Provider provider, const LintTables& tables, int min_tokens,
                               double openai_ttl_s)
    : provider_(provider), tables_(tables), min_tokens_(min_tokens), openai_ttl_s_(openai_ttl_s) {
    if (provider == Provider::Gemini || provider == Provider::Bedrock ||
        provider == Provider::DeepSeek)
        other_ = std::make_unique<ProviderCacheModel>(provider, tables);
}

CacheCostModel::~CacheCostModel() = default;

RequestUsage CacheCostModel::add(const RenderedRequest& p, const std::string& model, double at_s,
                                 uint64_t variant, int vary_from) {
    if (other_) {
        const RequestUsage u = other_->add(p, model, at_s, {}, variant, vary_from).usage;
        count(u, p.size() * tables_.price(provider_, model).input / 1e6);
        return u;
    }
    std::vector<uint64_t> h;
    prefix_hashes(p.rendered.tokens, variant, vary_from, h);
    RequestUsage u;
    u.prompt_tokens = p.size();
    const PriceRow price = tables_.price(provider_, model);
    const ProviderPrices& pp = tables_.prices(provider_);
    auto alive = [&](uint64_t key) {
        auto it = entries_.find(key);
        return it != entries_.end() && it->second.expires >= at_s ? &it->second : nullptr;
    };
    if (++added_ % 4096 == 0) {
        std::erase_if(entries_, [&](const auto& kv) { return kv.second.expires < at_s; });
    }
    if (uses_cache_markers(provider_)) {
        int read = 0, last = 0;
        for (const Breakpoint& bp : p.breakpoints) {
            if (bp.token < min_tokens_)
                continue;  // silently not cached
            last = bp.token;
            // The API checks this breakpoint's prefix, then the ends of earlier blocks: 20
            // positions in all, the breakpoint's own block included.
            std::vector<int> candidates{bp.token};
            for (int j = bp.block - 1; j >= 0 && j > bp.block - kLookbackBlocks; --j)
                candidates.push_back(p.blocks[static_cast<std::size_t>(j)].token_end);
            for (int q : candidates) {
                if (q <= 0 || q > bp.token)
                    continue;
                if (Entry* e = alive(h[static_cast<std::size_t>(q)])) {
                    e->expires = at_s + e->ttl;
                    read = std::max(read, q);
                    break;
                }
            }
        }
        read = std::min(read, last);
        u.cache_read_input_tokens = read;
        u.cache_creation_input_tokens = last - read;
        u.input_tokens = p.size() - last;
        // Each write is billed at the TTL of the breakpoint that ends it.
        int written_to = read;
        for (const Breakpoint& bp : p.breakpoints) {
            if (bp.token < min_tokens_ || bp.token <= written_to)
                continue;
            if (bp.ttl_s > 300)
                u.cache_creation_1h_input_tokens += bp.token - written_to;
            written_to = bp.token;
        }
        for (const Breakpoint& bp : p.breakpoints) {
            if (bp.token >= min_tokens_)
                entries_[h[static_cast<std::size_t>(bp.token)]] = {at_s + bp.ttl_s, bp.ttl_s};
        }
        u.usd = tables_.input_prices(provider_, model)
                    .cost_usd_by_ttl(u.input_tokens, u.cache_creation_input_tokens,
                                     u.cache_creation_1h_input_tokens, u.cache_read_input_tokens);
    } else {
        // OpenAI (Gemini and DeepSeek are other_'s): the prefixes from the minimum in steps.
        int cached = 0;
        const int top = openai_cacheable(p.size(), pp.min_cached, pp.increment);
        for (int q = top; q >= pp.min_cached; q -= pp.increment) {
            if (Entry* e = alive(h[static_cast<std::size_t>(q)])) {
                e->expires = at_s + e->ttl;
                cached = q;
                break;
            }
        }
        for (int q = pp.min_cached; q <= top; q += pp.increment)
            entries_[h[static_cast<std::size_t>(q)]] = {at_s + openai_ttl_s_, openai_ttl_s_};
        u.cache_read_input_tokens = cached;
        u.input_tokens = p.size() - cached;
        u.usd = input_cost_usd(provider_, tables_, model, u.input_tokens, 0, cached);
    }
    count(u, p.size() * price.input / 1e6);
    return u;
}

void CacheCostModel::count(const RequestUsage& u, double no_cache_usd) {
    totals_.prompt_tokens += u.prompt_tokens;
    totals_.input_tokens += u.input_tokens;
    totals_.cache_creation_input_tokens += u.cache_creation_input_tokens;
    totals_.cache_creation_1h_input_tokens += u.cache_creation_1h_input_tokens;
    totals_.cache_read_input_tokens += u.cache_read_input_tokens;
    totals_.usd += u.usd;
    no_cache_usd_ += no_cache_usd;
}

}  // namespace pl::lint
