// The linter's driver: renders each request, runs the rule families on it (rule_context.h lists
// them), estimates the cost as is and with --fix, and remembers what the next request needs.
#include "lint/linter.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "core/json_util.h"
#include "count/token_counting.h"
#include "lint/cache_cost.h"
#include "lint/finding_tokens.h"
#include "lint/json_locator.h"
#include "lint/lint_report.h"
#include "lint/request_fixer.h"
#include "lint/rule_context.h"
#include "prompt/body_shape.h"
#include "prompt/renderer.h"

namespace pl::lint {

namespace {

// Without conversation grouping (a scenario, a single request) each request is compared with
// the one before it, whatever its session.
const char* const kLogKey = "";

// A message's content as its conversation key: the same text whether it is sent as a string or
// as blocks, with or without a cache_control mark (a breakpoint moves to the newest turn).
std::string content_key(const ojson& content) {
    if (content.is_string())
        return content.get<std::string>();
    if (!content.is_array())
        return content.dump();
    std::string key;
    for (const auto& b : content) {
        if (b.is_object() && b.contains("text") && b["text"].is_string()) {
            key += b["text"].get<std::string>();
        } else if (b.is_object() && b.contains("cache_control")) {
            ojson plain = b;
            plain.erase("cache_control");
            key += plain.dump();
        } else {
            key += b.dump();
        }
        key += '\x1e';
    }
    if (!key.empty())
        key.pop_back();
    return key;
}

std::string first_user_message(const ojson& body) {
    const char* key = body.contains("input") ? "input" : "messages";
    if (!body.contains(key))
        return {};
    const ojson& msgs = body[key];
    if (msgs.is_string())
        return msgs.get<std::string>();
    if (!msgs.is_array() || msgs.empty())
        return {};
    for (const auto& m : msgs) {
        if (m.is_object() && m.contains("role") && m["role"] == "user")
            return m.contains("content") ? content_key(m["content"]) : std::string();
    }
    return msgs[0].dump();
}

// The conversation a log record belongs to, most specific first: the record's session id, the
// body's prompt_cache_key, its metadata.user_id, else its first user message. `fallback` is the
// first-message key, which a request whose cache key is new is compared under.
std::string conversation_key(const RequestInput& in, std::string& fallback) {
    const ojson& b = in.body;
    fallback = "first\x1f" + std::to_string(std::hash<std::string>{}(first_user_message(b)));
    if (!in.session.empty())
        return "session\x1f" + in.session;
    if (b.contains("prompt_cache_key") && b["prompt_cache_key"].is_string())
        return "key\x1f" + b["prompt_cache_key"].get<std::string>();
    if (b.contains("metadata") && b["metadata"].is_object() && b["metadata"].contains("user_id") &&
        b["metadata"]["user_id"].is_string())
        return "user\x1f" + b["metadata"]["user_id"].get<std::string>();
    return fallback;
}

bool keys_sorted(const ojson& j, int depth = 0) {
    if (depth > kMaxLeafDepth)
        return true;
    if (j.is_object()) {
        const std::string* last = nullptr;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (last && !(*last < it.key()))
                return false;
            last = &it.key();
            if (!keys_sorted(it.value(), depth + 1))
                return false;
        }
    } else if (j.is_array()) {
        for (const auto& v : j) {
            if (!keys_sorted(v, depth + 1))
                return false;
        }
    }
    return true;
}

// What fix_request would leave as it is: tools sorted by name, keys in canonical order, at most
// one breakpoint, on the last tool.
bool tools_in_canonical_form(const ojson& tools) {
    if (!tools.is_array())
        return true;
    std::string prev;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const std::string name = tool_name(tools[i]);
        if (i > 0 && name < prev)
            return false;
        prev = name;
        if (!keys_sorted(tools[i]))
            return false;
        if (i + 1 < tools.size() && tools[i].is_object() && tools[i].contains("cache_control"))
            return false;
    }
    return true;
}

// The renderer's "<pointer>: expected ..." placed in the file: "<file>:<line>:<col>: ...".
Error render_error(const RequestInput& in, const std::string& msg) {
    const std::size_t colon = msg.find(": ");
    const std::string ptr = in.body_pointer + msg.substr(0, colon);
    const TextPosition pos = locate(in.text, ptr, std::string_view::npos, 0, in.first_line);
    return make_error(in.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                      ": " + (ptr.empty() ? "/" : ptr) + ": " +
                      (colon == std::string::npos ? msg : msg.substr(colon + 2)));
}

}  // namespace

struct Linter::Impl {
    const BpeTokenizer& tok;
    const LintTables& tables;
    LintOptions opts;
    SegmentTokenCache cache;
    SegmentTokenCache fix_cache;
    // With counters: the caches of each counting tokenizer (and its framing), by tokenizer.
    count::TokenCounters* counters = nullptr;
    struct CounterCaches {
        SegmentTokenCache cache, fix_cache;
    };
    std::map<std::string, std::unique_ptr<CounterCaches>> counter_caches;
    const count::Counter* counter = nullptr;                // of the request being added
    std::map<std::string, count::Calibration> calibration;  // per provider, from the usage
    SegmentTokenCache* cur_fix_cache = nullptr;
    DynamicValueMemory dynamic_memory;
    ExplicitCaches explicit_caches;  // Gemini caches created in the log, by name
    std::optional<Provider> provider;
    // The last request of each conversation (one entry without grouping). A request whose
    // prompt_cache_key is new is also filed under its first-message key, so a changed key is
    // compared with the request it replaces.
    std::unordered_map<std::string, std::shared_ptr<SessionState>> sessions;
    // Bounded memory on a log of a million conversations: past max_remembered_conversations
    // or max_remembered_tokens of remembered prompts (LintOptions), the conversation seen least
    // recently is forgotten (its request after that is compared with nothing). Each remember()
    // files (key, fallback key, request index) here; an entry whose session has moved on is stale.
    struct Filed {
        std::string key, fallback;
        int index;
    };
    std::deque<Filed> filed;
    long long remembered_tokens = 0;
    long long forgotten = 0;
    // Conversations seen, by a 64-bit hash of their key (a million keys in a few MB).
    std::unordered_set<std::size_t> conversations;
    std::set<std::string> models_seen;
    FindingSink sink;
    std::unique_ptr<CacheCostModel> sim, sim_fixed;
    std::vector<RequestBilling> billing;
    std::string first_model;
    LintSummary summary;
    std::function<void(const RequestTrace&)> observer;
    const ojson* input_body = nullptr;  // the request being added (valid until the next add)
    std::optional<ojson> fixed_body;    // its rewrite, when it needs one
    // A single request is costed as `repeat` sends; these keep what that needs.
    std::optional<RenderedRequest> first_prompt, first_fixed;
    int first_dynamic_token = std::numeric_limits<int>::max();
    int first_min_tokens = 1024;

    Impl(const BpeTokenizer& t, const LintTables& tb, LintOptions o)
        : tok(t), tables(tb), opts(o), cache(t), fix_cache(t), sink(o.merge_repeats) {}

    Result<void> add(const RequestInput& in);
    void check_model(const RuleContext& ctx);
    DynamicValues run_rules(const RuleContext& ctx);
    void observe(RequestTrace& trace, const RuleContext& ctx, const DynamicValues& dynamic,
                 const std::string& key);
    void estimate_cost(const RuleContext& ctx, const DynamicValues& dynamic);
    void remember(const RuleContext& ctx, RenderedRequest cur, DynamicValues dynamic,
                  const std::string& key, const std::string& fallback_key);
    void forget_oldest(const SessionState* keep);
    LintReport finish();
};

Result<void> Linter::Impl::add(const RequestInput& in) {
    // A provider named for the input (--provider) reads the body in its own shape: an Anthropic
    // body read as OpenAI's would count a fraction of its tokens, silently.
    if (opts.provider) {
        if (auto shape = evident_shape(in.body); shape && !provider_reads(*opts.provider, *shape)) {
            std::vector<std::string> names;
            for (Provider p : kAllProviders) {
                if (provider_reads(p, *shape))
                    names.push_back(provider_id(p));
            }
            std::string readers;
            for (std::size_t i = 0; i < names.size(); ++i)
                readers += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
            const TextPosition pos =
                locate(in.text, in.body_pointer, std::string_view::npos, 0, in.first_line);
            return make_error(in.file + ":" + std::to_string(pos.line) + ":" +
                              std::to_string(pos.column) + ": this is " + shape_phrase(*shape) +
                              ", a shape --provider " + provider_id(*opts.provider) +
                              " does not read: give --provider " + readers +
                              ", or leave --provider out");
        }
    }
    if (!provider)
        provider = opts.provider ? *opts.provider
                   : in.provider ? *in.provider
                                 : detect_provider(in.body);
    std::string fallback_key;
    const std::string key =
        opts.group_conversations ? conversation_key(in, fallback_key) : std::string(kLogKey);
    SegmentTokenCache* seg_cache = &cache;
    cur_fix_cache = &fix_cache;
    counter = nullptr;
    if (counters) {
        counter = &counters->for_request(*provider, model_of(in.body));
        auto& slot = counter_caches[counter->tokenizer + "\x1f" + counter->framing.name];
        if (!slot)
            slot = std::make_unique<CounterCaches>(
                CounterCaches{SegmentTokenCache(*counter->tok, counter->framing),
                              SegmentTokenCache(*counter->tok, counter->framing)});
        seg_cache = &slot->cache;
        cur_fix_cache = &slot->fix_cache;
    }
    seg_cache->begin_request(key);
    auto rendered = render_request(in.body, *provider, *seg_cache, "", opts.max_prompt_tokens,
                                   "the limit for one request");
    seg_cache->next_request();
    if (!rendered)
        return render_error(in, rendered.error().message);
    RenderedRequest cur = std::move(rendered.value());
    const Provider prov = *provider;
    // A proxy count is scaled to the provider's: by this record's usage, the log's so far, or
    // the counter's prior.
    count::Scale scale;
    if (counter) {
        scale = count::scale_for(*counter, calibration[provider_id(prov)],
                                 in.usage ? reported_prompt_total(*in.usage) : -1, cur.size());
        CountingInfo& info = summary.counting[provider_id(prov)];
        info.add_request(count::method_name(scale.method), counter->tokenizer, scale.error);
        info.note = counter->note;
    }
    const std::string model = cur.model;
    if (first_model.empty())
        first_model = model;
    // Thresholds are the provider's tokens; a proxy count meets them at threshold / ratio.
    const int provider_min_tokens = opts.min_tokens.value_or(tables.min_tokens(prov, model));
    const int min_tokens = scale.ratio != 1.0
                               ? static_cast<int>(std::ceil(provider_min_tokens / scale.ratio))
                               : provider_min_tokens;
    const int request_index = summary.requests;
    summary.prompt_tokens += count::scaled(cur.size(), scale).value;
    SessionState* prev = nullptr;
    if (auto it = sessions.find(key); it != sessions.end()) {
        prev = it->second.get();
    } else if (key.rfind("key\x1f", 0) == 0) {
        if (auto f = sessions.find(fallback_key); f != sessions.end())
            prev = f->second.get();
    }
    // One turn on another model: the provider keeps a cache per model, so the request that
    // switches back continues from the conversation's last request on its own model.
    if (prev && prev->model != cur.model && prev->before_switch &&
        prev->before_switch->model == cur.model)
        prev = prev->before_switch.get();
    if (opts.group_conversations)
        conversations.insert(std::hash<std::string>{}(key));
    const ojson tools = tools_of(in.body);
    RuleContext ctx{.in = in,
                    .cur = cur,
                    .opts = opts,
                    .tables = tables,
                    .prov = prov,
                    .model = model,
                    .min_tokens = min_tokens,
                    .provider_min_tokens = provider_min_tokens,
                    .max_breakpoints = tables.rules.anthropic.max_breakpoints,
                    .pp = tables.prices(prov),
                    .request_index = request_index,
                    .tools = tools,
                    .prev = prev,
                    .sink = sink};
    ctx.counter = counter;
    ctx.scale = scale;
    RequestTrace trace;
    if (observer)
        ctx.trace = &trace;
    check_model(ctx);
    DynamicValues dynamic = run_rules(ctx);
    estimate_cost(ctx, dynamic);
    if (observer)
        observe(trace, ctx, dynamic, key);
    remember(ctx, std::move(cur), std::move(dynamic), key, fallback_key);
    return {};
}

// unknown-model: a model no row of the tables names is priced and thresholded by another row,
// and the report says which.
void Linter::Impl::check_model(const RuleContext& ctx) {
    if (ctx.model.empty() || !models_seen.insert(ctx.model).second)
        return;
    const ModelMatch price = tables.price_match(ctx.prov, ctx.model);
    const ModelMatch min = opts.min_tokens ? ModelMatch{true, "--min-tokens"}
                                           : tables.min_tokens_match(ctx.prov, ctx.model);
    if (price.known && min.known)
        return;
    std::string msg =
        "model '" + escape_for_message(ctx.model, 80) + "' is not in the lint tables: ";
    if (!price.known)
        msg += "prices from the " + price.row + " row";
    if (!price.known && !min.known)
        msg += ", ";
    if (!min.known)
        msg += "minimum cacheable length " + with_commas(ctx.min_tokens) + " from the " + min.row +
               " row";
    msg += " (a guess: check the provider's pages)";
    const char* model_key = ctx.in.body.contains("modelId") ? "/modelId" : "/model";  // Converse
    Finding f = ctx.make(rule::kUnknownModel, ctx.in.body_pointer + model_key,
                         std::string_view::npos, 0, msg);
    if (!price.known && !min.known)
        f.message_parts = {{"unknown-model.both", {ctx.model, price.row, ctx.min_tokens, min.row}}};
    else if (!price.known)
        f.message_parts = {{"unknown-model.prices", {ctx.model, price.row}}};
    else
        f.message_parts = {{"unknown-model.min-tokens", {ctx.model, ctx.min_tokens, min.row}}};
    f.fix = "pass --pricing FILE with this model's row, and --min-tokens N";
    f.fix_key = "unknown-model";
    f.details = {{"model", ctx.model},
                 {"price_row", price.row},
                 {"price_row_exact", price.known},
                 {"min_tokens", ctx.min_tokens},
                 {"min_tokens_row", min.row}};
    sink.emit(std::move(f));
}

// The rule families, in the order their findings are emitted.
DynamicValues Linter::Impl::run_rules(const RuleContext& ctx) {
    DynamicValues dynamic = check_dynamic_values(ctx, dynamic_memory);
    check_breakpoints(ctx);
    check_provider_rules(ctx, explicit_caches);
    check_implicit_minimum(ctx);
    if (!ctx.in.created_cache.empty()) {
        ExplicitCache& c = explicit_caches[ctx.in.created_cache];
        c.line = ctx.in.first_line;
        c.tokens = ctx.cur.size();
        if (ctx.in.body.contains("contents") && ctx.in.body["contents"].is_array())
            c.contents = ctx.in.body["contents"];
        if (ctx.in.at_s)
            c.expires_s = *ctx.in.at_s + gemini_cache_ttl_s(ctx.in.body, tables);
    }
    check_tool_order(ctx);
    if (ctx.prev) {
        check_serialization_vs_previous(ctx);
        const PreviousCache pc = previous_cache(ctx);
        const int lost = check_prefix_changed(ctx, pc, dynamic.found);
        check_lookback_from_previous(ctx, pc);
        const bool expired = check_ttl_gap(ctx, pc);
        if (ctx.trace)
            ctx.trace->expired = expired;
        check_reported_usage(ctx, pc, lost, expired);
    }
    return dynamic;
}

// Completes the sequence rules' trace and hands it to the observer. A dynamic value of this
// request (reported, or held until the next request confirms it) explains a divergence that
// starts before its end in the same string ("Current time: <now>. " put before the system
// prompt differs from the previous request at its first byte, not at the date).
void Linter::Impl::observe(RequestTrace& trace, const RuleContext& ctx,
                           const DynamicValues& dynamic, const std::string& key) {
    trace.index = ctx.request_index;
    trace.input = &ctx.in;
    trace.prompt = &ctx.cur;
    trace.previous = ctx.prev ? &ctx.prev->prompt : nullptr;
    trace.conversation = key;
    trace.provider = ctx.prov;
    trace.model = ctx.model;
    trace.min_tokens = ctx.min_tokens;
    trace.counter = counter;
    trace.scale = ctx.scale.ratio;
    trace.scale_error = ctx.scale.error;
    trace.counting = count::method_name(ctx.scale.method);
    if (ctx.prov == Provider::Gemini && !ctx.cur.cached_content.empty()) {
        const auto it = explicit_caches.find(ctx.cur.cached_content);
        if (it != explicit_caches.end() && !explicit_cache_expired(it->second, ctx.in.at_s))
            trace.explicit_cache_tokens = it->second.tokens;
    }
    // A divergence at a dynamic value, of this request or dropped from the previous one, is
    // that value's doing.
    if (trace.cause == rule::kPrefixChanged && !trace.divergence_pointer.empty()) {
        if (const auto* value = dynamic_value_at(dynamic.found, ctx.prev, trace.divergence_pointer,
                                                 trace.divergence_byte))
            trace.cause = value->second;
    }
    observer(trace);
}

// Simulates the provider's cache on the request as it is and as --fix would rewrite it.
void Linter::Impl::estimate_cost(const RuleContext& ctx, const DynamicValues& dynamic) {
    const RequestInput& in = ctx.in;
    const Provider prov = ctx.prov;
    if (!sim) {
        const double ttl = uses_cache_markers(prov)
                               ? tables.rules.anthropic.ttl_default_s
                               : automatic_lifetime_s(tables, prov, ctx.model, in.body);
        sim = std::make_unique<CacheCostModel>(prov, tables, ctx.min_tokens, ttl);
        sim_fixed = std::make_unique<CacheCostModel>(prov, tables, ctx.min_tokens, ttl);
        first_min_tokens = ctx.min_tokens;
    }
    const double at = in.at_s.value_or(0.0);
    // Most requests of a clean log need no rewrite: then the input stands for its fixed form.
    input_body = &in.body;
    fixed_body.reset();
    std::optional<RenderedRequest> fixed;
    if (!dynamic.moves.empty() || !tools_in_canonical_form(ctx.tools) ||
        static_cast<int>(ctx.cur.breakpoints.size()) > ctx.max_breakpoints) {
        fixed_body = fix_request(in.body, prov, dynamic.moves, ctx.max_breakpoints);
        auto r = render_request(*fixed_body, prov, *cur_fix_cache, "");
        cur_fix_cache->next_request();
        if (r)
            fixed = std::move(r.value());
    }
    if (opts.estimate_cost) {
        // The providers keep a cache per model: a request that switches the model reads nothing
        // (prefix-changed says its cache is voided) and writes at that model's price; switching
        // back reads what the first model still holds within its lifetime.
        const uint64_t own_cache = model_cache_variant(ctx.model);
        sim->set_min_tokens(ctx.min_tokens);
        sim_fixed->set_min_tokens(ctx.min_tokens);
        RequestBilling b;
        b.usage = sim->add(ctx.cur, ctx.model, at, own_cache, 0);
        b.breakpoints = static_cast<int>(ctx.cur.breakpoints.size());
        b.min_tokens = ctx.min_tokens;
        b.model = tables.price(prov, ctx.model).name;
        if (in.usage)
            b.reported_cache_read_input_tokens = in.usage->cache_read_input_tokens;
        billing.push_back(std::move(b));
        sim_fixed->add(fixed ? *fixed : ctx.cur, ctx.model, at, own_cache, 0);
    }
    if (ctx.request_index == 0) {
        first_prompt = ctx.cur;
        first_fixed = fixed ? std::move(*fixed) : ctx.cur;
        first_dynamic_token = dynamic.first_dynamic_token;
    } else {
        first_prompt.reset();
        first_fixed.reset();
    }
}

// Keeps this request for the next one. `cur` is moved from the prompt ctx.cur names, which must
// not be read here.
void Linter::Impl::remember(const RuleContext& ctx, RenderedRequest cur, DynamicValues dynamic,
                            const std::string& key, const std::string& fallback_key) {
    // This request's findings are all made: where they sit in its tokens.
    place_in_prompt(sink.findings(), ctx.request_index, cur.rendered, ctx.in.body_pointer);
    for (PendingDynamic& pd : dynamic.pending)
        place_in_prompt(pd.finding, cur.rendered, ctx.in.body_pointer);
    std::shared_ptr<SessionState> slot = sessions[key];
    if (!slot) {
        slot = std::make_shared<SessionState>();
        sessions[key] = slot;
    }
    if (key.rfind("key\x1f", 0) == 0)
        sessions[fallback_key] = slot;
    SessionState& st = *slot;
    // A switch of model keeps the last request on the model before, for one request.
    std::shared_ptr<SessionState> before_switch;
    if (st.before_switch)
        remembered_tokens -= static_cast<long long>(st.before_switch->prompt.size());
    if (!st.model.empty() && st.model != cur.model) {
        before_switch = std::make_shared<SessionState>();
        before_switch->prompt = std::move(st.prompt);
        before_switch->params = std::move(st.params);
        before_switch->tools = std::move(st.tools);
        before_switch->schemas = std::move(st.schemas);
        before_switch->leaves = std::move(st.leaves);
        before_switch->at_s = st.at_s;
        before_switch->index = st.index;
        before_switch->line = st.line;
        before_switch->model = st.model;
        st.prompt = RenderedRequest{};
        remembered_tokens += static_cast<long long>(before_switch->prompt.size());
    }
    st.before_switch = std::move(before_switch);
    remembered_tokens +=
        static_cast<long long>(cur.size()) - static_cast<long long>(st.prompt.size());
    st.params = params_of(ctx.in.body, cur);
    st.prompt = std::move(cur);
    st.line = ctx.in.first_line;
    st.tools = ctx.tools;
    st.schemas = schemas_of(ctx.in.body);
    st.leaves = std::move(dynamic.leaf_texts);
    st.at_s = ctx.in.at_s;
    st.index = ctx.request_index;
    st.pending = std::move(dynamic.pending);
    st.dynamic_found = std::move(dynamic.found);
    st.model = st.prompt.model;
    filed.push_back(
        {key, key.rfind("key\x1f", 0) == 0 ? fallback_key : std::string(), ctx.request_index});
    forget_oldest(slot.get());
    dynamic_memory.next_request();
    ++summary.requests;
}

void Linter::Impl::forget_oldest(const SessionState* keep) {
    while (!filed.empty() && (sessions.size() > opts.max_remembered_conversations ||
                              remembered_tokens > opts.max_remembered_tokens)) {
        Filed f = std::move(filed.front());
        filed.pop_front();
        const auto it = sessions.find(f.key);
        if (it == sessions.end() || it->second->index != f.index || it->second.get() == keep)
            continue;  // gone, or remembered again since
        SessionState& st = *it->second;
        for (PendingDynamic& pd : st.pending) {
            if (pd.confident)
                sink.confirm_dynamic(std::move(pd));
        }
        remembered_tokens -= static_cast<long long>(st.prompt.size());
        if (st.before_switch)
            remembered_tokens -= static_cast<long long>(st.before_switch->prompt.size());
        if (!f.fallback.empty()) {
            if (auto alias = sessions.find(f.fallback);
                alias != sessions.end() && alias->second == it->second)
                sessions.erase(alias);
        }
        sessions.erase(it);
        ++forgotten;
    }
    // Most entries go stale as conversations move on: keep the queue near the sessions' size.
    if (filed.size() > 2 * sessions.size() + 1024) {
        std::erase_if(filed, [this](const Filed& f) {
            const auto it = sessions.find(f.key);
            return it == sessions.end() || it->second->index != f.index;
        });
    }
}

LintReport Linter::Impl::finish() {
    for (auto& [name, st] : sessions) {
        for (PendingDynamic& pd : st->pending) {
            if (pd.confident)
                sink.confirm_dynamic(std::move(pd));
        }
        st->pending.clear();
    }
    summary.conversations = static_cast<int>(conversations.size());
    LintReport r;
    r.billing = std::move(billing);
    for (std::size_t i = 0; i < sink.findings().size(); ++i) {
        Finding& f = sink.findings()[i];
        if (sink.dropped(i))
            continue;  // another finding names its cause
        if (summary.requests > 1 && f.details.value("single_request", false))
            continue;  // in a log, order and lookback are judged between requests
        const int n = f.details.value("requests", 1);
        const bool keyed = !f.message_parts.empty();  // the suffixes are phrases too
        if (n > 1) {
            f.message += " (in " + std::to_string(n) + " requests)";
            if (keyed)
                f.message_parts.push_back({"repeats", {std::to_string(n)}});
        }
        if (f.details.contains("tokens_lost") && f.rule == rule::kUnstableSerialization) {
            f.message += "; ~" + with_commas(f.details.value("tokens_lost", 0LL)) +
                         " cached tokens (estimated) are written again here";
            if (keyed)
                f.message_parts.push_back(
                    {"tokens-lost-here", {f.details.value("tokens_lost", 0LL)}});
        }
        if (f.details.contains("affected_requests") && !f.details["affected_requests"].empty()) {
            const ojson& lines = f.details["affected_lines"];
            std::string list;
            for (std::size_t k = 0; k < lines.size() && k < 8; ++k)
                list += (k ? ", " : "") + std::to_string(lines[k].get<int>());
            if (lines.size() > 8)
                list += ", ...";
            const long long later = f.details.value("tokens_lost_later", 0LL);
            f.message += "; it voids the cache of " + std::to_string(lines.size()) +
                         " later request" + (lines.size() == 1 ? "" : "s") + " (line" +
                         (lines.size() == 1 ? " " : "s ") + list + "), ~" + with_commas(later) +
                         " tokens (estimated) in all";
            if (keyed && lines.size() == 1)
                f.message_parts.push_back({"voids-later.one", {list, later}});
            else if (keyed)
                f.message_parts.push_back(
                    {"voids-later.many", {std::to_string(lines.size()), list, later}});
        }
        r.findings.push_back(std::move(f));
    }
    std::stable_sort(r.findings.begin(), r.findings.end(), [](const Finding& a, const Finding& b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    for (const Finding& f : r.findings) {
        if (f.severity == Severity::Error)
            ++summary.errors;
        else if (f.severity == Severity::Warning)
            ++summary.warnings;
        else
            ++summary.notes;
    }
    summary.provider = provider.value_or(Provider::Anthropic);
    if (sim && opts.estimate_cost) {
        CostSummary& c = summary.cost;
        c.available = true;
        const Provider prov = summary.provider;
        c.model = tables.price(prov, first_model).name;
        c.price_source = tables.prices(prov).source;
        c.price_date = tables.as_of;
        if (summary.requests == 1 && first_prompt && opts.repeat > 1) {
            // One request sent `repeat` times: its dynamic values differ each time.
            CacheCostModel as_is(prov, tables, first_min_tokens, 300);
            CacheCostModel fixed(prov, tables, first_min_tokens, 300);
            for (int k = 0; k < opts.repeat; ++k) {
                as_is.add(*first_prompt, first_model, 0.0, static_cast<uint64_t>(k) + 1,
                          first_dynamic_token);
                fixed.add(*first_fixed, first_model, 0.0);
            }
            c.requests = opts.repeat;
            c.as_is = as_is.totals();
            c.with_fixes = fixed.totals();
            c.no_cache_usd = as_is.no_cache_usd();
        } else {
            c.requests = summary.requests;
            c.as_is = sim->totals();
            c.with_fixes = sim_fixed->totals();
            c.no_cache_usd = sim->no_cache_usd();
        }
    }
    r.summary = summary;
    return r;
}

Linter::Linter(const BpeTokenizer& tokenizer, const LintTables& tables, LintOptions options)
    : impl_(std::make_unique<Impl>(tokenizer, tables, options)) {}
Linter::~Linter() = default;

Result<void> Linter::add(const RequestInput& input) {
    try {
        return impl_->add(input);
    } catch (const std::exception& e) {
        impl_->input_body = &input.body;
        impl_->fixed_body.reset();
        return make_error(input.file + ":" + std::to_string(input.first_line) + ": " + e.what());
    }
}

long long reported_prompt_total(const ReportedUsage& u) {
    if (u.input_tokens < 0)
        return -1;
    if (u.input_includes_cached)
        return u.input_tokens;
    return u.input_tokens + std::max(0LL, u.cache_read_input_tokens) +
           std::max(0LL, u.cache_creation_input_tokens);
}

void Linter::set_counters(count::TokenCounters* counters) {
    impl_->counters = counters;
}

void Linter::set_group_conversations(bool on) {
    impl_->opts.group_conversations = on;
}

void Linter::set_observer(std::function<void(const RequestTrace&)> observer) {
    impl_->observer = std::move(observer);
}

void Linter::set_input_format(const std::string& name) {
    impl_->summary.input_format = name;
}

void Linter::set_automatic_caching(bool on, double ttl_s) {
    impl_->opts.automatic_caching = on;
    impl_->opts.automatic_ttl_s = ttl_s;
}

void Linter::add_input_error(Finding finding) {
    ++impl_->summary.input_errors;
    impl_->sink.emit(std::move(finding));
}

const ojson& Linter::last_fixed() const {
    static const ojson empty = ojson::object();
    if (impl_->fixed_body)
        return *impl_->fixed_body;
    return impl_->input_body ? *impl_->input_body : empty;
}

LinterMemory Linter::memory() const {
    return {impl_->sessions.size(), impl_->remembered_tokens, impl_->forgotten};
}

LintReport Linter::finish() {
    return impl_->finish();
}

Result<LintReport> lint_request(const RequestInput& input, const BpeTokenizer& tokenizer,
                                const LintTables& tables, const LintOptions& options) {
    Linter l(tokenizer, tables, options);
    PL_TRY(l.add(input));
    return l.finish();
}

LintReport lint_log(const std::vector<RequestInput>& inputs, const BpeTokenizer& tokenizer,
                    const LintTables& tables, const LintOptions& options) {
    Linter l(tokenizer, tables, options);
    for (const RequestInput& in : inputs) {
        if (auto r = l.add(in); !r) {
            Finding f;
            f.rule = rule::kInvalidInput;
            f.severity = Severity::Error;
            f.message = r.error().message;
            f.file = in.file;
            f.line = in.first_line;
            f.column = 1;
            f.pointer = in.body_pointer;
            l.add_input_error(std::move(f));
        }
    }
    return l.finish();
}

}  // namespace pl::lint
