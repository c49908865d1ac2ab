#include "runner/request_runner.h"

#include "prompt/chat_format.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "model/gpt_model.h"
#include "prompt/chat_format.h"
#include "prompt/framing.h"
#include "prompt/renderer.h"

namespace pl {

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kContextLimitName = "the model's context";
constexpr const char* kCacheOnlyLimitName = "the limit of a run without the model";

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

const char* block_state_name(PromptBlockState state) {
    switch (state) {
        case PromptBlockState::Hit:
            return "hit";
        case PromptBlockState::Computed:
            return "computed";
        case PromptBlockState::Partial:
            return "partial";
    }
    return "?";
}

int blocks_for_tokens(int tokens, int block_size) {
    return (tokens + block_size - 1) / block_size;
}

std::vector<TokenScore> top_scores(std::span<const float> logits, int k) {
    std::vector<int32_t> ids(logits.size());
    std::iota(ids.begin(), ids.end(), 0);
    const std::size_t n = std::min(ids.size(), static_cast<std::size_t>(std::max(0, k)));
    std::partial_sort(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(n), ids.end(),
                      [&](int32_t a, int32_t b) {
                          return logits[a] != logits[b] ? logits[a] > logits[b] : a < b;
                      });
    // Softmax in double over the whole vocabulary, shifted by the largest logit.
    const double top = n ? logits[ids[0]] : 0.0;
    double sum = 0.0;
    for (float l : logits)
        sum += std::exp(static_cast<double>(l) - top);
    std::vector<TokenScore> out;
    for (std::size_t i = 0; i < n; ++i) {
        TokenScore t;
        t.token = ids[i];
        t.logit = logits[ids[i]];
        t.prob = static_cast<float>(std::exp(static_cast<double>(t.logit) - top) / sum);
        out.push_back(std::move(t));
    }
    return out;
}

struct RequestRunner::Running {
    ScenarioRequest req;
    int index = 0;
    SequenceId seq = 0;
    RequestResult result;
    std::vector<float> logits;
    int32_t next = 0;
    int max_new = 0;
    std::optional<Sampler> sampler;  // one stream per request, from prefill through decode
};

Result<RenderedPrompt> render_for_model(const ojson& body, const GptModel& model,
                                        const std::string& where, std::size_t max_tokens,
                                        const std::string& limit_name) {
    if (model.config().is_gpt2())
        return render_prompt(body, model.tokenizer(), where, max_tokens, limit_name);
    if (!model.chat_format())
        return make_error(model.chat_format_error());
    auto rendered = render_chat(body, *model.chat_format(), model.tokenizer(), where);
    if (rendered && max_tokens > 0 && rendered->tokens.size() > max_tokens) {
        return make_error(where + ": the prompt is " + std::to_string(rendered->tokens.size()) +
                          " tokens, longer than " + limit_name + " of " +
                          std::to_string(max_tokens));
    }
    return rendered;
}

Result<ContextFit> context_fit(const Scenario& scenario, const GptModel& model) {
    const int n_positions = model.config().n_positions;
    ContextFit fit;
    for (const ScenarioRequest& req : scenario.requests) {
        auto rendered =
            render_for_model(req.body, model, req.where,
                             static_cast<std::size_t>(kMaxCacheOnlyTokens), kCacheOnlyLimitName);
        if (!rendered)
            return rendered.error();
        const int n = static_cast<int>(rendered->tokens.size());
        if (n > fit.longest_prompt) {
            fit.longest_prompt = n;
            fit.longest_where = req.where;
        }
        fit.prompt_blocks += blocks_for_tokens(n, scenario.block_size);
        fit.beyond_context |= n > n_positions;
    }
    return fit;
}

RequestRunner::RequestRunner(InferenceBackend& backend, PrefixCache cache, RunnerOptions options,
                             int block_size)
    : backend_(backend), cache_(std::move(cache)), options_(options), block_size_(block_size) {}

int RequestRunner::pool_blocks_needed(const Scenario& scenario, const GptConfig& config,
                                      bool scratch) {
    return scenario.capacity_blocks +
           (scratch ? blocks_for_tokens(config.n_positions, scenario.block_size) : 0);
}

Result<std::unique_ptr<RequestRunner>> RequestRunner::create(InferenceBackend& backend,
                                                             const Scenario& scenario,
                                                             RunnerOptions options) {
    const KvPoolLayout& layout = backend.kv_layout();
    if (layout.block_size != scenario.block_size) {
        return make_error(scenario.file + ": block_size " + std::to_string(scenario.block_size) +
                          " differs from the backend's pool (" + std::to_string(layout.block_size) +
                          ")");
    }
    if (options.cache_only) {
        options.verify = false;
        options.no_cache = false;
    }
    const int needed =
        pool_blocks_needed(scenario, backend.model().config(), options.verify || options.no_cache);
    if (!options.cache_only && layout.capacity_blocks < needed) {
        return make_error(scenario.file + ": the backend's pool has " +
                          std::to_string(layout.capacity_blocks) + " blocks, " +
                          std::to_string(needed) + " needed");
    }
    auto cache = PrefixCache::create(scenario.capacity_blocks, scenario.block_size, scenario.ttl_s);
    if (!cache)
        return cache.error();
    return std::unique_ptr<RequestRunner>(
        new RequestRunner(backend, std::move(cache.value()), options, scenario.block_size));
}

void RequestRunner::sample_memory(int request, double at_s, const EventSink& sink) {
    if (!sink)
        return;
    MemorySampleEvent m;
    m.request = request;
    m.at_s = at_s;
    m.blocks_in_use = cache_.num_in_use();
    m.blocks_cached_free = cache_.num_cached_free();
    m.blocks_free = cache_.num_free_empty();
    m.bytes_per_block = backend_.kv_layout().bytes_per_block();
    for (const auto& [seq, session] : session_of_) {
        m.bytes_per_session[session] +=
            cache_.block_table(seq).size() * backend_.kv_layout().bytes_per_block();
    }
    sink(m);
}

Result<void> RequestRunner::admit(const ScenarioRequest& req, int index, Running& run,
                                  const EventSink& sink) {
    const auto t0 = Clock::now();
    const GptModel& model = backend_.model();
    const GptConfig& cfg = model.config();
    const bool cache_only = options_.cache_only;
    auto rendered = render_for_model(
        req.body, model, req.where,
        static_cast<std::size_t>(cache_only ? kMaxCacheOnlyTokens : cfg.n_positions),
        cache_only ? kCacheOnlyLimitName : kContextLimitName);
    if (!rendered)
        return rendered.error();
    RequestResult& res = run.result;
    res.request = index;
    res.session = req.session;
    res.at_s = req.at_s;
    res.block_size = block_size_;
    res.prompt = std::move(rendered.value());
    const std::vector<int32_t>& tokens = res.prompt.tokens;
    res.prompt_tokens = static_cast<int>(tokens.size());  // render_prompt checked the context
    res.cache_only = cache_only;
    // Output stops at the end of the context; the last sampled token needs no KV. Cache-only, the
    // one "token" is never sampled and reserves nothing.
    run.max_new =
        cache_only ? 1 : std::min(req.max_tokens, cfg.n_positions - res.prompt_tokens + 1);
    const int total_blocks = blocks_for_tokens(res.prompt_tokens + run.max_new - 1, block_size_);
    if (total_blocks > cache_.capacity_blocks()) {
        return make_error(req.where + ": needs " + std::to_string(total_blocks) +
                          " blocks but the pool only ever holds " +
                          std::to_string(cache_.capacity_blocks()) + " (capacity_blocks)");
    }

    std::optional<std::string_view> salt;
    if (req.salt)
        salt = *req.salt;
    auto adm = cache_.begin(tokens, salt, req.at_s, run.max_new - 1);
    if (!adm)
        return adm.error();
    Admission& a = adm.value();
    run.seq = a.sequence;
    run.index = index;
    run.req = req;
    session_of_[a.sequence] = req.session;

    res.cached_tokens = a.cached_tokens;
    res.computed_tokens = a.computed_tokens();
    res.evicted = a.evicted;
    for (const PromptBlock& b : a.blocks) {
        PromptBlockReport r;
        r.index = b.index;
        r.hash = b.hash;
        r.state = b.state;
        r.block_id = b.block_id;
        r.tokens.assign(tokens.begin() + b.first_token,
                        tokens.begin() + b.first_token + b.num_tokens);
        res.blocks.push_back(std::move(r));
    }
    if (sink) {
        for (const Eviction& e : a.evicted)
            sink(BlockEvictedEvent{index, e.hash, e.block_id, e.reason});
        for (const PromptBlock& b : a.blocks) {
            if (b.hash) {
                sink(BlockHashedEvent{index, b.index, *b.hash, b.parent, b.first_token,
                                      b.num_tokens});
            }
        }
        for (const PromptBlock& b : a.blocks) {
            if (b.state == PromptBlockState::Hit)
                sink(BlockHitEvent{index, b.index, b.block_id});
        }
    }

    // Prefill only what the cache did not have; the hit blocks are read in place.
    auto named = [&](std::vector<TokenScore> top) {
        for (TokenScore& t : top)
            t.text = model.tokenizer().token_bytes(t.token);
        return top;
    };
    ForwardStats stats;
    if (!cache_only) {
        run.logits.assign(static_cast<std::size_t>(cfg.vocab_size), 0.0f);
        auto fw =
            backend_.forward(a.block_table, a.cached_tokens,
                             std::span(tokens).subspan(static_cast<std::size_t>(a.cached_tokens)),
                             run.logits, &stats);
        if (!fw) {
            (void)cache_.release(run.seq, req.at_s);
            session_of_.erase(run.seq);
            return fw.error();
        }
        run.sampler.emplace(options_.sampling, tokens);
        run.next = run.sampler->sample(run.logits);
        res.top_cached = named(top_scores(run.logits, kTopScores));
    }
    if (options_.timing == TimingSource::CostModel || cache_only) {
        res.ttft_ms = options_.cost_model.ttft_ms(cfg, res.cached_tokens, res.computed_tokens);
        res.prefill_gpu_ms = -1;
    } else {
        res.ttft_ms = ms_since(t0);
        res.prefill_gpu_ms = stats.gpu_ms;
    }
    res.timing.prefill_ms = res.ttft_ms;
    res.timing.kv_rows = res.computed_tokens;
    if (sink) {
        for (const PromptBlock& b : a.blocks) {
            if (b.state != PromptBlockState::Hit) {
                sink(BlockComputedEvent{index, b.index, b.block_id,
                                        b.state == PromptBlockState::Partial});
            }
        }
        sink(PrefillDoneEvent{index, res.ttft_ms, res.prefill_gpu_ms, res.cached_tokens,
                              res.computed_tokens});
    }
    auto committed = cache_.commit(run.seq, res.prompt_tokens, req.at_s);
    if (!committed)
        return committed.error();
    for (const StoredBlock& s : committed->stored) {
        if (sink)
            sink(BlockStoredEvent{index, s.index, s.block_id, s.hash, s.registered});
    }
    res.kv_bytes_in_use =
        static_cast<std::size_t>(cache_.num_in_use()) * backend_.kv_layout().bytes_per_block();
    if (options_.keep_logits)
        res.first_logits = run.logits;

    if (options_.verify) {
        // The same prompt with no cache at all, in scratch blocks past the cache's capacity.
        std::vector<int32_t> scratch(
            static_cast<std::size_t>(blocks_for_tokens(res.prompt_tokens, block_size_)));
        std::iota(scratch.begin(), scratch.end(), cache_.capacity_blocks());
        std::vector<float> full(run.logits.size());
        PL_TRY(backend_.forward(scratch, 0, tokens, full));
        double worst = 0.0, scale = 0.0;
        for (std::size_t i = 0; i < full.size(); ++i) {
            worst = std::max(worst, std::fabs(static_cast<double>(full[i]) - run.logits[i]));
            scale = std::max(scale, std::fabs(static_cast<double>(full[i])));
        }
        res.max_abs_diff_vs_full = worst;
        res.verify_tolerance = std::max(kVerifyAbsTolerance, kVerifyRelTolerance * scale);
        res.top_full = named(top_scores(full, kTopScores));
    }
    sample_memory(index, req.at_s, sink);
    return {};
}

Result<void> RequestRunner::decode_and_finish(Running& run, const EventSink& sink) {
    RequestResult& res = run.result;
    const GptModel& model = backend_.model();
    int pos = res.prompt_tokens;
    int32_t tok = run.next;
    std::string text;  // the output so far, decoded
    for (int i = 0; !options_.cache_only; ++i) {
        res.output.push_back(tok);
        std::string bytes = model.tokenizer().token_bytes(tok);
        const std::size_t before = text.size();
        text += bytes;
        // The answer ends where the model closes its turn (prompt/framing.h): the Output dock,
        // `run` and output_text show the answer only, never the closing tag or the next turn.
        const std::size_t end = framing::answer_end(text);
        const bool ends_turn = end != std::string::npos;
        if (ends_turn) {
            bytes.resize(end > before ? end - before : 0);
            text.resize(end);
        }
        if (sink)
            sink(TokenDecodedEvent{run.index, i, tok, std::move(bytes), ends_turn});
        if (ends_turn || static_cast<int>(res.output.size()) >= run.max_new)
            break;
        auto app = cache_.append_token(run.seq, tok, run.req.at_s);
        if (!app)
            return app.error();
        for (const Eviction& e : app->evicted) {
            res.evicted.push_back(e);
            if (sink)
                sink(BlockEvictedEvent{run.index, e.hash, e.block_id, e.reason});
        }
        const int32_t one[1] = {tok};
        const auto step0 = Clock::now();
        PL_TRY(backend_.forward(cache_.block_table(run.seq), pos, one, run.logits));
        const int past = pos;
        ++pos;
        auto committed = cache_.commit(run.seq, pos, run.req.at_s);
        if (!committed)
            return committed.error();
        tok = run.sampler->sample(run.logits);
        res.timing.step_ms.push_back(options_.timing == TimingSource::CostModel
                                         ? options_.cost_model.forward_ms(model.config(), past, 1)
                                         : ms_since(step0));
        res.timing.decode_ms += res.timing.step_ms.back();
        res.timing.kv_rows += 1;
        for (const StoredBlock& s : committed->stored) {
            if (sink)
                sink(BlockStoredEvent{run.index, s.index, s.block_id, s.hash, s.registered});
        }
    }
    res.output_tokens = static_cast<int>(res.output.size());
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    res.output_text = std::move(text);
    // API-style usage: reused tokens are cache reads; computed full blocks are cache writes;
    // the partial tail is plain input.
    res.usage.cache_read_input_tokens = res.cached_tokens;
    int written = 0;
    for (const auto& b : res.blocks) {
        if (b.state == PromptBlockState::Computed)
            written += static_cast<int>(b.tokens.size());
    }
    res.usage.cache_creation_input_tokens = written;
    res.usage.input_tokens = res.computed_tokens - written;
    res.usage.output_tokens = res.output_tokens;
    PL_TRY(cache_.release(run.seq, run.req.at_s));
    session_of_.erase(run.seq);
    if (options_.no_cache) {
        auto nc = serve_without_cache(run);
        if (!nc)
            return nc.error();
        res.no_cache = std::move(nc.value());
    }
    sample_memory(run.index, run.req.at_s, sink);
    if (sink) {
        sink(RequestFinishedEvent{run.index, std::make_shared<const RequestResult>(res)});
    }
    return {};
}

Result<NoCacheReport> serve_without_cache(InferenceBackend& backend,
                                          std::span<const int32_t> prompt, int max_tokens,
                                          std::span<const int32_t> scratch,
                                          const SamplingParams& sampling, TimingSource timing,
                                          const CostModel& cost_model,
                                          const std::function<bool()>& keep_going) {
    const GptModel& model = backend.model();
    const GptConfig& cfg = model.config();
    const bool modelled = timing == TimingSource::CostModel;
    const int P = static_cast<int>(prompt.size());
    // As admit(): output stops at the end of the context; the last sampled token needs no KV.
    const int max_new = std::min(max_tokens, cfg.n_positions - P + 1);
    if (P < 1 || max_new < 1)
        return make_error("no-cache replay: nothing to generate");
    std::vector<int32_t> seq(prompt.begin(), prompt.end());
    std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
    NoCacheReport out;
    Sampler sampler(sampling, prompt);
    const auto t0 = Clock::now();
    PL_TRY(backend.forward(scratch, 0, seq, logits));
    int32_t tok = sampler.sample(logits);
    out.timing.prefill_ms = modelled ? cost_model.ttft_ms(cfg, 0, P) : ms_since(t0);
    out.timing.kv_rows = P;
    std::string text;
    while (true) {
        out.output.push_back(tok);
        // The same stopping rule as decode_and_finish: the turn closes, or max_new is reached.
        text += model.tokenizer().token_bytes(tok);
        if (framing::answer_end(text) != std::string::npos ||
            static_cast<int>(out.output.size()) >= max_new)
            break;
        if (keep_going && !keep_going())
            return make_error("no-cache replay: stopped");
        // Every step recomputes K and V of the whole sequence, from position 0.
        seq.push_back(tok);
        const auto step0 = Clock::now();
        PL_TRY(backend.forward(scratch, 0, seq, logits));
        tok = sampler.sample(logits);
        const int n = static_cast<int>(seq.size());
        out.timing.step_ms.push_back(modelled ? cost_model.forward_ms(cfg, 0, n) : ms_since(step0));
        out.timing.decode_ms += out.timing.step_ms.back();
        out.timing.kv_rows += n;
    }
    return out;
}

Result<NoCacheReport> RequestRunner::serve_without_cache(const Running& run) {
    // The sequence lives in scratch blocks past the cache's capacity, which no cached block uses.
    std::vector<int32_t> table(static_cast<std::size_t>(
        blocks_for_tokens(backend_.model().config().n_positions, block_size_)));
    std::iota(table.begin(), table.end(), cache_.capacity_blocks());
    return pl::serve_without_cache(backend_, run.result.prompt.tokens, run.req.max_tokens, table,
                                   options_.sampling, options_.timing, options_.cost_model);
}

Result<std::vector<RequestResult>> RequestRunner::play(const Scenario& scenario,
                                                       const EventSink& sink, std::size_t first,
                                                       std::size_t last) {
    last = std::min(last, scenario.requests.size());
    std::vector<RequestResult> results;
    std::size_t i = first;
    while (i < last) {
        // A group: consecutive requests at the same time from distinct sessions run together.
        std::size_t j = i + 1;
        while (j < last && scenario.requests[j].at_s == scenario.requests[i].at_s) {
            bool same_session = false;
            for (std::size_t k = i; k < j; ++k) {
                same_session |= scenario.requests[k].session == scenario.requests[j].session;
            }
            if (same_session)
                break;
            ++j;
        }
        std::vector<Running> running;
        running.reserve(j - i);
        auto flush = [&]() -> Result<void> {
            for (Running& r : running) {
                PL_TRY(decode_and_finish(r, sink));
                results.push_back(std::move(r.result));
            }
            running.clear();
            return {};
        };
        for (std::size_t k = i; k < j; ++k) {
            Running run;
            auto adm = admit(scenario.requests[k], static_cast<int>(k), run, sink);
            if (!adm && !running.empty() && cache_.num_running() > 0) {
                // The pool is busy with the others of this group: let them finish, as a server
                // would queue this request, then try again.
                PL_TRY(flush());
                run = Running{};
                adm = admit(scenario.requests[k], static_cast<int>(k), run, sink);
            }
            if (!adm)
                return adm.error();
            running.push_back(std::move(run));
        }
        PL_TRY(flush());
        i = j;
    }
    std::sort(results.begin(), results.end(),
              [](const RequestResult& a, const RequestResult& b) { return a.request < b.request; });
    return results;
}

}  // namespace pl
