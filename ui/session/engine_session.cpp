#include "session/engine_session.h"

#include <QCryptographicHash>
#include <QMetaObject>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <numeric>
#include <set>

#include "core/assets.h"
#include "lint/lint_tables.h"
#include "logs/lint_input.h"
#include "model/gpt_model.h"
#include "runner/length_sweep.h"
#include "runner/long_prompt.h"
#include "runner/policy_sim.h"
#include "session/run_store.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::ui {

namespace {

// Thrown from the event sink to leave RequestRunner::play when a newer request superseded this
// one; the runner and its cache are discarded afterwards, so no state outlives the unwinding.
struct PlayCancelled {};

PoolSnapshot snapshotOf(const PrefixCache& cache, int afterEvent) {
    PoolSnapshot s;
    s.after_event = afterEvent;
    s.blocks.reserve(static_cast<std::size_t>(cache.capacity_blocks()));
    for (int id = 0; id < cache.capacity_blocks(); ++id)
        s.blocks.push_back(cache.block(id));
    s.free_queue = cache.free_queue();
    s.next_victim = cache.next_victim();
    return s;
}

std::atomic<int> g_requestsPlayed{0};

}  // namespace

void registerUiMetaTypes() {
    qRegisterMetaType<ScenarioRunPtr>("pl::ui::ScenarioRunPtr");
    qRegisterMetaType<ScenarioLintPtr>("pl::ui::ScenarioLintPtr");
    qRegisterMetaType<EngineInfo>("pl::ui::EngineInfo");
    qRegisterMetaType<Scenario>("pl::Scenario");
    qRegisterMetaType<AttentionMapPtr>("pl::ui::AttentionMapPtr");
    qRegisterMetaType<SweepResultPtr>("pl::ui::SweepResultPtr");
    qRegisterMetaType<NoCacheResultPtr>("pl::ui::NoCacheResultPtr");
}

EngineSession::EngineSession(EngineOptions options)
    : options_(std::move(options)),
      modelDir_(model_dir_or_builtin(options_.model_dir.toStdString())) {}

EngineSession::~EngineSession() = default;

void EngineSession::queueDrain() {
    if (!drainQueued_) {
        drainQueued_ = true;
        QMetaObject::invokeMethod(this, &EngineSession::drain, Qt::QueuedConnection);
    }
}

template <class Query>
uint64_t EngineSession::replacePending(std::optional<Query>& slot,
                                       std::atomic<uint64_t>& generation, Query query,
                                       std::atomic<bool>* queued) {
    std::lock_guard lock(mutex_);
    query.generation = ++generation;
    const uint64_t gen = query.generation;
    slot = std::move(query);
    if (queued)
        *queued = true;
    queueDrain();
    return gen;
}

template <class Query>
std::optional<Query> EngineSession::takePending(std::optional<Query>& slot,
                                                std::atomic<bool>* queued) {
    std::lock_guard lock(mutex_);
    std::optional<Query> q = std::move(slot);
    slot.reset();
    if (queued)
        *queued = false;
    return q;
}

bool EngineSession::modelAndBackend() {
    if (!loaded_)
        load();
    return model_ && backend_;
}

uint64_t EngineSession::requestPlay(Scenario scenario) {
    return replacePending(pending_, generation_, Pending{std::move(scenario)}, &playQueued_);
}

uint64_t EngineSession::cancelPlay() {
    std::lock_guard lock(mutex_);
    pending_.reset();
    playQueued_ = pendingVariant_.has_value();
    return ++generation_;
}

void EngineSession::requestPrepare(std::vector<Scenario> scenarios) {
    std::lock_guard lock(mutex_);
    for (Scenario& sc : scenarios)
        prepareQueue_.push_back(Pending{std::move(sc), 0, false, true});
    queueDrain();
}

uint64_t EngineSession::requestVariant(Scenario scenario) {
    return replacePending(pendingVariant_, variantGeneration_,
                          Pending{std::move(scenario), 0, /*variant=*/true}, &playQueued_);
}

void EngineSession::cancelVariant() {
    std::lock_guard lock(mutex_);
    ++variantGeneration_;
    pendingVariant_.reset();
}

uint64_t EngineSession::requestLint(Scenario scenario) {
    return replacePending(pendingLint_, lintGeneration_, Pending{std::move(scenario)},
                          &lintQueued_);
}

void EngineSession::requestProbeScenario(int target_tokens) {
    QMetaObject::invokeMethod(
        this, [this, target_tokens] { buildProbeScenario(target_tokens); }, Qt::QueuedConnection);
}

int EngineSession::requestsPlayed() {
    return g_requestsPlayed.load();
}

void EngineSession::stop() {
    stopping_ = true;
}

uint64_t EngineSession::requestAttention(AttentionQuery query) {
    return replacePending(pendingAttention_, attentionGeneration_, std::move(query),
                          &attentionQueued_);
}

uint64_t EngineSession::requestNoCache(NoCacheQuery query) {
    return replacePending(pendingNoCache_, noCacheGeneration_, std::move(query), nullptr);
}

std::vector<int32_t> EngineSession::scratchTable(std::string& error, std::string_view purpose) {
    if (!modelAndBackend()) {
        error = loadError_.toStdString();
        return {};
    }
    const KvPoolLayout& layout = backend_->kv_layout();
    const int blocks = blocks_for_tokens(model_->config().n_positions, layout.block_size);
    const int first = layout.capacity_blocks - blocks;
    if (first < 0) {
        error = "no room in the KV pool " + std::string(purpose);
        return {};
    }
    std::vector<int32_t> table(static_cast<std::size_t>(blocks));
    std::iota(table.begin(), table.end(), first);
    return table;
}

void EngineSession::noCacheIfPending() {
    std::optional<NoCacheQuery> q = takePending(pendingNoCache_, nullptr);
    if (!q || stopping_)
        return;
    auto out = std::make_shared<NoCacheResult>(*q);
    const std::vector<int32_t> table =
        scratchTable(out->error, "to serve a request without the cache");
    if (!table.empty()) {
        RunnerOptions ro;
        bool yielded = false;
        auto r = serve_without_cache(*backend_, q->prompt, q->max_tokens, table, q->sampling,
                                     options_.timing, ro.cost_model, [&] {
                                         yielded = playQueued_ || attentionQueued_;
                                         return !stopping_ && !yielded;
                                     });
        if (yielded && !stopping_) {
            // A play or an attention the window waits for came first: again after it, unless a
            // newer query replaced this one meanwhile.
            std::lock_guard lock(mutex_);
            if (!pendingNoCache_)
                pendingNoCache_ = std::move(*q);
            queueDrain();
            return;
        }
        if (r)
            out->report = std::move(r.value());
        else
            out->error = r.error().message;
    }
    if (!stopping_ && noCacheGeneration_ == out->generation)
        emit noCacheReady(out);
}

void EngineSession::requestSweep() {
    QMetaObject::invokeMethod(
        this, [this] { runSweep(); }, Qt::QueuedConnection);
}

void EngineSession::attentionIfPending() {
    std::optional<AttentionQuery> q = takePending(pendingAttention_, &attentionQueued_);
    if (!q || stopping_)
        return;
    auto out = std::make_shared<AttentionMap>(std::move(*q));
    // The query's sequence in the scratch blocks (verify and no-cache use them only inside one
    // request's step).
    const std::vector<int32_t> table = scratchTable(out->error, "for the attention of a token");
    if (!table.empty() && out->tokens.empty()) {
        out->error = "no token to show the attention of";
    } else if (!table.empty()) {
        const GptConfig& cfg = model_->config();
        std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
        auto r = backend_->forward_attention(table, 0, out->tokens, logits, out->probs);
        if (!r) {
            out->error = r.error().message;
            out->probs.clear();
        } else {
            out->n_layer = cfg.n_layer;
            out->n_head = cfg.n_head;
            out->n_kv_head = cfg.kv_heads();
            out->backend = backend_->name();
        }
    }
    if (!stopping_ && attentionGeneration_ == out->generation)
        emit attentionReady(std::const_pointer_cast<const AttentionMap>(
            std::shared_ptr<AttentionMap>(std::move(out))));
}

void EngineSession::runSweep() {
    if (stopping_)
        return;
    auto out = std::make_shared<SweepResult>();
    if (!loaded_)
        load();
    if (!model_) {
        out->error = loadError_.toStdString();
        emit sweepReady(out);
        return;
    }
    // The sweep uses the pool's first context's worth of blocks: a play keeps nothing there
    // between plays (each starts from an empty cache), and none runs while this does.
    Scenario probe;
    probe.block_size = backend_ ? backend_->kv_layout().block_size : probe.block_size;
    QString error;
    if (!ensureBackend(probe, error)) {
        out->error = error.toStdString();
        emit sweepReady(out);
        return;
    }
    const GptConfig& cfg = model_->config();
    bool yielded = false;
    auto rep = run_length_sweep(*backend_, sweep_lengths(cfg), 1, [&](int done, int total) {
        emit sweepProgress(done, total);
        yielded = playQueued_;
        return !stopping_ && !yielded;
    });
    if (yielded && !stopping_) {
        // A play the window waits for came first: measure again from the start after it.
        QMetaObject::invokeMethod(
            this, [this] { runSweep(); }, Qt::QueuedConnection);
        return;
    }
    if (!rep) {
        out->error = rep.error().message;
    } else {
        out->backend = rep->backend;
        out->device = rep->device;
        out->modelled = options_.timing == TimingSource::CostModel;
        out->samples = std::move(rep->points);
        if (out->modelled) {
            // A deterministic shot takes its times from the nominal device, as its TTFTs.
            const RunnerOptions ro;
            for (SweepPoint& p : out->samples)
                p.prefill_ms = ro.cost_model.ttft_ms(cfg, 0, p.tokens);
        }
    }
    if (!stopping_)
        emit sweepReady(out);
}

void EngineSession::load() {
    if (loaded_)
        return;
    loaded_ = true;
    // The engine's threads keep the default priority. They once ran at nice +8 to leave the UI
    // thread its time slices, but the scheduler already favours a thread that mostly sleeps (the
    // UI's longest stall during a 1,906-token prefill: 19 ms either way), while under load nice
    // +8 left the engine a seventh of each core: with two busy processes on two cores the
    // default scenario took 6.4 s instead of 1.7 s.
    emit progress(tr("Loading model…"));
    auto model = GptModel::load(modelDir_);
    if (!model) {
        loadError_ = QString::fromStdString(model.error().message);
        emit loadFailed(loadError_);
        return;
    }
    auto sampling = load_generation_config(modelDir_);
    if (!sampling) {
        loadError_ = QString::fromStdString(sampling.error().message);
        emit loadFailed(loadError_);
        return;
    }
    modelSampling_ = sampling.value();
    model_ = model.value();
    info_.model = model_->name();
    lintIfPending();  // its tokenizer is here: the findings need not wait for the backend
    // A first backend sized for the default scenario pool, so that the status bar says what runs
    // before any play.
    Scenario probe;
    probe.capacity_blocks = Scenario{}.capacity_blocks;  // most scenarios then reuse it
    QString error;
    if (!ensureBackend(probe, error)) {
        loadError_ = error;
        emit loadFailed(error);
        return;
    }
    if (!options_.run_store_dir.empty()) {
        store_ = std::make_unique<RunStore>(
            options_.run_store_dir,
            engineIdentity(modelDir_, info_, options_.verify, options_.timing, options_.sampling));
    }
    emit engineReady(info_);
}

bool EngineSession::ensureBackend(const Scenario& scenario, QString& error) {
    const int needed = RequestRunner::pool_blocks_needed(scenario, model_->config(),
                                                         options_.verify || options_.no_cache);
    if (backend_ && backend_->kv_layout().block_size == scenario.block_size &&
        backend_->kv_layout().capacity_blocks >= needed)
        return true;
    backend_.reset();  // free the old pool before allocating the new one
    emit progress(options_.backend == BackendKind::Vulkan ? tr("Compiling shaders…")
                                                          : tr("Preparing the KV pool…"));
    KvPoolLayout layout;
    layout.block_size = scenario.block_size;
    layout.capacity_blocks = needed;
    layout.n_layer = model_->config().n_layer;
    layout.kv_dim = model_->config().kv_dim();
    BackendRequest req;
    req.kind = options_.backend;
    req.explicit_kind = options_.explicit_backend;
    req.device_index = options_.device_index;
    auto be = create_backend(model_, layout, req);
    if (!be) {
        error = QString::fromStdString(be.error().message);
        return false;
    }
    backend_ = std::move(be->backend);
    info_.backend = backend_->name();
    info_.device = backend_->device_name();
    if (!be->fallback_reason.empty())
        info_.fallback_reason = be->fallback_reason;
    if (!be->software_device.empty())
        info_.software_device = be->software_device;
    return true;
}

void EngineSession::drain() {
    lintIfPending();  // milliseconds, before any play
    attentionIfPending();
    std::optional<Pending> job;
    {
        std::lock_guard lock(mutex_);
        // The main play first: every view shows it. A variant waits for it.
        std::optional<Pending>& slot = pending_ ? pending_ : pendingVariant_;
        job = std::move(slot);
        slot.reset();
        // Preparing runs for later only when nobody waits for anything (a no-cache replay the
        // Model dock shows goes first, below).
        if (!job && !prepareQueue_.empty() && !pendingNoCache_) {
            job = std::move(prepareQueue_.front());
            prepareQueue_.pop_front();
        }
        playQueued_ = pending_ || pendingVariant_;
        drainQueued_ = pending_ || pendingVariant_ || pendingLint_ || !prepareQueue_.empty() ||
                       pendingAttention_ || pendingNoCache_;
        if (drainQueued_)
            QMetaObject::invokeMethod(this, &EngineSession::drain, Qt::QueuedConnection);
    }
    if (!job) {
        noCacheIfPending();  // nothing else waits: seconds of recomputing are fine now
        return;
    }
    if (stopping_)
        return;
    if (!loaded_)
        load();
    if (!model_) {
        fail(*job, loadError_);
        return;
    }
    play(*job);
}

void EngineSession::lintIfPending() {
    const std::optional<Pending> job = takePending(pendingLint_, &lintQueued_);
    if (!job || stopping_)
        return;
    ScenarioLintPtr result = runLint(job->scenario, job->generation);
    if (!stopping_ && lintGeneration_ == job->generation)
        emit lintReady(result);
}

const lint::LintTables* EngineSession::lintTables() {
    if (!lintTables_ && lintTablesError_.isEmpty()) {
        auto tables = lint::LintTables::load(assets_dir() / "lint");
        if (tables)
            lintTables_ = std::make_shared<const lint::LintTables>(std::move(tables.value()));
        else
            lintTablesError_ = QString::fromStdString(tables.error().message);
    }
    return lintTables_.get();
}

ScenarioLintPtr EngineSession::runLint(const Scenario& scenario, uint64_t generation) {
    auto out = std::make_shared<ScenarioLint>();
    out->generation = generation;
    QString error;
    const BpeTokenizer* tok = tokenizer(error);
    const lint::LintTables* tables = lintTables();
    if (!tok)
        out->error = error.toStdString();
    else if (!tables)
        out->error = lintTablesError_.toStdString();
    else
        static_cast<lint::ScenarioLint&>(*out) =
            lint::lint_scenario_for_views(scenario, *tok, *tables);
    return out;
}

const BpeTokenizer* EngineSession::tokenizer(QString& error) {
    if (model_)
        return &model_->tokenizer();
    if (!tokenizerOnly_ && tokenizerError_.isEmpty()) {
        // No model (yet, or it failed to load: a folder without weights): its tokenizer alone
        // still counts the tokens.
        auto tok = BpeTokenizer::load(modelDir_ / "vocab.json", modelDir_ / "merges.txt");
        if (tok)
            tokenizerOnly_ = std::make_unique<BpeTokenizer>(std::move(tok.value()));
        else
            tokenizerError_ = QString::fromStdString(tok.error().message);
    }
    error = tokenizerError_;
    return tokenizerOnly_.get();
}

void EngineSession::buildProbeScenario(int target_tokens) {
    if (stopping_)
        return;
    QString error;
    const BpeTokenizer* tok = tokenizer(error);
    if (!tok) {
        emit probeScenarioReady(Scenario{}, error);
        return;
    }
    auto sc = long_prompt_scenario(*tok, target_tokens);
    if (!sc)
        emit probeScenarioReady(Scenario{}, QString::fromStdString(sc.error().message));
    else
        emit probeScenarioReady(sc.value(), QString());
}

void EngineSession::fail(const Pending& job, const QString& message) {
    if (job.prepare)
        return;  // the play that asks for it later says why
    if (job.variant)
        emit variantFailed(message, job.generation);
    else
        emit runFailed(message, job.generation);
}

bool EngineSession::superseded(const Pending& job) const {
    if (job.prepare)
        return stopping_ || playQueued_;
    return stopping_ ||
           (job.variant ? variantGeneration_.load() : generation_.load()) != job.generation;
}

void EngineSession::play(const Pending& job) {
    auto say = [&](const QString& text) {
        if (job.prepare)
            return;  // nothing on screen is waiting for it
        if (job.variant)
            emit variantProgress(text);
        else
            emit progress(text);
    };
    const std::string key = store_ ? EngineHost::runKey(job.scenario) : std::string();
    if (store_) {
        if (std::shared_ptr<ScenarioRun> stored = store_->load(job.scenario, key)) {
            // Played in an earlier launch by this very engine: the same run, the same numbers.
            stored->generation = job.generation;
            stored->engine = info_;
            stored->sampling =
                effective_sampling(modelSampling_, job.scenario.sampling, options_.sampling);
            stored->from_store = true;
            emitFinished(job, std::move(stored));
            return;
        }
    }
    // A prompt longer than the model's context (a request of a long agent log) is played
    // without the model: hashed, looked up and stored, in a cache that holds every prompt.
    auto fit = context_fit(job.scenario, *model_);
    if (!fit) {
        fail(job, QString::fromStdString(fit.error().message));
        return;
    }
    const bool cacheOnly = fit->beyond_context;
    std::optional<Scenario> widened;  // cache-only: the cache holds every prompt's blocks
    if (cacheOnly) {
        widened = job.scenario;
        widened->capacity_blocks = std::max(widened->capacity_blocks, fit->prompt_blocks);
    }
    const Scenario& sc = widened ? *widened : job.scenario;
    // What the backend's pool is sized by (no requests); cache-only computes nothing in it.
    Scenario sizing;
    sizing.block_size = sc.block_size;
    sizing.capacity_blocks =
        cacheOnly ? std::min(job.scenario.capacity_blocks, Scenario{}.capacity_blocks)
                  : sc.capacity_blocks;
    QString error;
    if (!ensureBackend(sizing, error)) {
        fail(job, error);
        return;
    }
    RunnerOptions ro;
    ro.verify = options_.verify;
    ro.no_cache = options_.no_cache;
    ro.timing = options_.timing;
    ro.cache_only = cacheOnly;
    ro.sampling = effective_sampling(modelSampling_, sc.sampling, options_.sampling);
    auto runner = RequestRunner::create(*backend_, sc, ro);
    if (!runner) {
        fail(job, QString::fromStdString(runner.error().message));
        return;
    }
    auto run = std::make_shared<ScenarioRun>();
    run->generation = job.generation;
    run->scenario = sc;
    run->engine = info_;
    run->timing = cacheOnly ? TimingSource::CostModel : options_.timing;
    run->sampling = ro.sampling;
    run->bytes_per_block = backend_->kv_layout().bytes_per_block();
    run->request_events.resize(sc.requests.size());
    for (const auto& r : sc.requests) {
        if (run->sessionIndex(r.session) < 0)
            run->sessions.push_back(r.session);
    }
    const RequestRunner& rr = *runner.value();
    run->snapshots.push_back(snapshotOf(rr.cache(), -1));
    const int total = static_cast<int>(sc.requests.size());
    const bool stream = !job.prepare && !job.variant;
    auto lastPartial = std::chrono::steady_clock::time_point{};
    EventSink sink = [&](const RunnerEvent& ev) {
        if (lintQueued_)
            lintIfPending();  // a lint does not wait for the play
        if (attentionQueued_)
            attentionIfPending();
        if (superseded(job))
            throw PlayCancelled{};
        const int index = run->eventCount();
        const int r = eventRequest(ev);
        run->events.push_back(ev);
        if (r >= 0 && r < total)
            run->request_events[static_cast<std::size_t>(r)].push_back(index);
        if (std::holds_alternative<MemorySampleEvent>(ev))
            run->snapshots.push_back(snapshotOf(rr.cache(), index));
        if (const auto* fin = std::get_if<RequestFinishedEvent>(&ev)) {
            ++g_requestsPlayed;
            run->results.push_back(*fin->result);
            say(tr("Playing request %1 of %2 on %3…")
                    .arg(fin->request + 1)
                    .arg(total)
                    .arg(QString::fromStdString(info_.backend)));
            const auto now = std::chrono::steady_clock::now();
            if (stream && static_cast<int>(run->results.size()) < total &&
                (run->results.size() == 1 ||
                 now - lastPartial >= std::chrono::milliseconds(kPartialIntervalMs))) {
                lastPartial = now;
                auto copy = std::make_shared<ScenarioRun>(*run);
                copy->partial = true;
                std::sort(copy->results.begin(), copy->results.end(),
                          [](const RequestResult& a, const RequestResult& b) {
                              return a.request < b.request;
                          });
                emit runProgress(std::const_pointer_cast<const ScenarioRun>(copy));
            }
        }
    };
    say(tr("Playing %1 on %2…")
            .arg(QString::fromStdString(sc.name), QString::fromStdString(info_.backend)));
    const auto t0 = std::chrono::steady_clock::now();
    try {
        auto played = runner.value()->play(sc, sink);
        if (!played)
            run->error = played.error().message;
    } catch (const PlayCancelled&) {
        if (job.prepare && !stopping_) {  // a play came first: this one later, from the start
            std::lock_guard lock(mutex_);
            prepareQueue_.push_front(job);
            queueDrain();
        }
        return;  // superseded; the newer request is already queued
    }
    run->play_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::sort(run->results.begin(), run->results.end(),
              [](const RequestResult& a, const RequestResult& b) { return a.request < b.request; });
    emitFinished(job, run);
    if (store_ && run->error.empty() && !stopping_)
        store_->save(*run, key);  // after the views have it: they need not wait for the disk
}

void EngineSession::attachPolicies(ScenarioRun& run) {
    if (run.partial || !run.error.empty() || run.policies || !model_)
        return;
    const lint::LintTables* tables = lintTables();
    if (!tables) {
        run.policies_error = lintTablesError_.toStdString();
        return;
    }
    // Bookkeeping only (no model work): milliseconds even for the longest built-in scenario.
    auto trace =
        make_policy_trace(run.scenario, model_->config(), model_->tokenizer(), run.results);
    if (!trace) {
        run.policies_error = trace.error().message;
        return;
    }
    PolicyOptions po;
    auto cmp = compare_policies(trace.value(), *tables, po);
    if (!cmp)
        run.policies_error = cmp.error().message;
    else
        run.policies = std::make_shared<const PolicyComparison>(std::move(cmp.value()));
}

void EngineSession::emitFinished(const Pending& job, std::shared_ptr<ScenarioRun> run) {
    attachPolicies(*run);
    if (job.prepare) {
        if (!stopping_)  // a failed one too: the host stops waiting for it
            emit prepared(std::const_pointer_cast<const ScenarioRun>(run));
        return;
    }
    if (superseded(job))
        return;
    if (job.variant)
        emit variantReady(std::const_pointer_cast<const ScenarioRun>(run));
    else
        emit runReady(std::const_pointer_cast<const ScenarioRun>(run));
}

EngineHost::EngineHost(EngineOptions options, QObject* parent) : QObject(parent) {
    registerUiMetaTypes();
    auto* session = new EngineSession(std::move(options));
    session->moveToThread(&thread_);
    session_ = session;
    thread_.setObjectName(QStringLiteral("prefixlens-engine"));
    connect(&thread_, &QThread::finished, session, &QObject::deleteLater);
    connect(session, &EngineSession::progress, this, &EngineHost::progress);
    connect(session, &EngineSession::engineReady, this, [this](const EngineInfo& info) {
        info_ = info;
        emit engineReady(info);
    });
    connect(session, &EngineSession::loadFailed, this, [this](const QString& message) {
        setBusy(false);
        emit failed(message);
    });
    connect(session, &EngineSession::variantProgress, this, [this](const QString& text) {
        if (variantBusy_)
            emit variantProgress(text);
    });
    connect(session, &EngineSession::variantFailed, this,
            [this](const QString& message, quint64 generation) {
                if (generation != latestVariant_)
                    return;
                variantBusy_ = false;
                emit variantFailed(message);
            });
    connect(session, &EngineSession::variantReady, this, [this](const ScenarioRunPtr& run) {
        if (!run || run->generation != latestVariant_)
            return;
        variantBusy_ = false;
        emit variantReady(run);
    });
    connect(session, &EngineSession::lintReady, this, [this](const ScenarioLintPtr& lint) {
        if (!lint || lint->generation != latestLint_)
            return;  // a newer lint is on its way
        linting_ = false;
        emit lintReady(lint);
    });
    connect(session, &EngineSession::probeScenarioReady, this, &EngineHost::probeScenarioReady);
    connect(session, &EngineSession::runFailed, this,
            [this](const QString& message, quint64 generation) {
                if (generation != latest_)
                    return;
                setBusy(false);
                emit failed(message);
            });
    connect(session, &EngineSession::runReady, this, [this](const ScenarioRunPtr& run) {
        if (!run || run->generation != latest_)
            return;  // a newer play is on its way
        remember(run, true);
        info_ = run->engine;
        setBusy(false);
        emit runReady(run);
    });
    connect(session, &EngineSession::runProgress, this, [this](const ScenarioRunPtr& run) {
        if (run && run->generation == latest_ && !cachedAnswer_)
            emit runProgress(run);
    });
    connect(session, &EngineSession::prepared, this,
            [this](const ScenarioRunPtr& run) { remember(run, false); });
    connect(session, &EngineSession::attentionReady, this, [this](const AttentionMapPtr& map) {
        if (map && map->generation == latestAttention_)
            emit attentionReady(map);
    });
    connect(session, &EngineSession::sweepProgress, this, &EngineHost::sweepProgress);
    connect(session, &EngineSession::sweepReady, this, &EngineHost::sweepReady);
    connect(session, &EngineSession::noCacheReady, this, [this](const NoCacheResultPtr& r) {
        if (r && r->generation == latestNoCache_)
            emit noCacheReady(r);
    });
    thread_.start();
    QMetaObject::invokeMethod(session, &EngineSession::load, Qt::QueuedConnection);
}

EngineHost::~EngineHost() {
    if (session_)
        session_->stop();
    thread_.quit();
    thread_.wait();
}

// Everything about a scenario that changes its run. The model, backend and timing are the host's
// for its whole life (a new model or backend is a new host), so the content alone keys a run.
std::string EngineHost::runKey(const Scenario& sc) {
    ojson j = {{"name", sc.name},
               {"block_size", sc.block_size},
               {"capacity_blocks", sc.capacity_blocks},
               {"ttl_s", sc.ttl_s ? ojson(*sc.ttl_s) : ojson()}};
    // The scenario's own penalties change its answers (the model's and the command line's are
    // part of the engine's identity, run_store.h).
    if (!sc.sampling.empty()) {
        ojson s = ojson::object();
        auto put = [&](const char* key, const std::optional<double>& v) {
            if (v)
                s[key] = *v;
        };
        put("repetition_penalty", sc.sampling.repetition_penalty);
        put("frequency_penalty", sc.sampling.frequency_penalty);
        put("presence_penalty", sc.sampling.presence_penalty);
        j["sampling"] = std::move(s);
    }
    ojson requests = ojson::array();
    for (const ScenarioRequest& r : sc.requests) {
        requests.push_back({{"at_s", r.at_s},
                            {"session", r.session},
                            {"salt", r.salt ? ojson(*r.salt) : ojson()},
                            {"max_tokens", r.max_tokens},
                            {"body", r.body}});
    }
    j["requests"] = std::move(requests);
    const std::string text = j.dump();
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

void EngineHost::remember(const ScenarioRunPtr& run, bool replace) {
    if (!run)
        return;
    const std::string key = runKey(run->scenario);
    if (!replace)
        preparing_.erase(key);
    if (!run->error.empty() || run->partial)
        return;  // a run that stopped early is never shown again as if it were whole
    ScenarioRunPtr kept = run;
    if (!replace) {
        if (ScenarioRunPtr earlier = cachedRun(key))
            kept = earlier;  // two lessons asked for it: the first answer stays
    }
    std::erase_if(runs_, [&](const auto& e) { return e.first == key; });
    runs_.emplace_back(key, std::move(kept));
    while (runs_.size() > kCachedRuns)
        runs_.pop_front();
}

ScenarioRunPtr EngineHost::cachedRun(const Scenario& scenario) const {
    return cachedRun(runKey(scenario));
}

ScenarioRunPtr EngineHost::cachedRun(const std::string& key) const {
    for (const auto& [k, run] : runs_) {
        if (k == key)
            return run;
    }
    return nullptr;
}

uint64_t EngineHost::play(const Scenario& scenario) {
    if (!session_)
        return 0;
    const std::string key = runKey(scenario);
    if (ScenarioRunPtr run = cachedRun(key)) {
        // Played before, or prepared: shown at once, with the same numbers as then.
        latest_ = session_->cancelPlay();
        cachedAnswer_ = run;
        playingKey_.clear();
        const uint64_t gen = latest_;
        setBusy(false);
        QTimer::singleShot(0, this, [this, run, gen] {
            if (gen == latest_)
                emit runReady(run);
        });
        return latest_;
    }
    playingKey_ = key;
    cachedAnswer_.reset();
    latest_ = session_->requestPlay(scenario);
    setBusy(true);
    return latest_;
}

void EngineHost::prepare(const std::vector<Scenario>& scenarios) {
    if (!session_)
        return;
    std::vector<Scenario> todo;
    std::set<std::string> keys;
    for (const Scenario& sc : scenarios) {
        const std::string key = runKey(sc);
        if (key != playingKey_ && !cachedRun(key) && !preparing_.contains(key) &&
            keys.insert(key).second)
            todo.push_back(sc);
    }
    preparing_.insert(keys.begin(), keys.end());
    if (!todo.empty())
        session_->requestPrepare(std::move(todo));
}

uint64_t EngineHost::playVariant(const Scenario& scenario) {
    if (!session_)
        return 0;
    latestVariant_ = session_->requestVariant(scenario);
    variantBusy_ = true;
    return latestVariant_;
}

uint64_t EngineHost::lint(const Scenario& scenario) {
    if (!session_)
        return 0;
    latestLint_ = session_->requestLint(scenario);
    linting_ = true;
    return latestLint_;
}

void EngineHost::requestProbeScenario(int target_tokens) {
    if (session_)
        session_->requestProbeScenario(target_tokens);
}

void EngineHost::requestAttention(const AttentionQuery& query) {
    if (session_)
        latestAttention_ = session_->requestAttention(query);
}

void EngineHost::requestNoCache(const NoCacheQuery& query) {
    if (session_)
        latestNoCache_ = session_->requestNoCache(query);
}

void EngineHost::requestSweep() {
    if (session_)
        session_->requestSweep();
}

void EngineHost::cancelVariant() {
    if (session_)
        session_->cancelVariant();
    latestVariant_ = 0;  // generations start at 1: whatever is still on its way is dropped
    variantBusy_ = false;
}

void EngineHost::setBusy(bool busy) {
    if (busy_ == busy)
        return;
    busy_ = busy;
    emit busyChanged(busy);
}

}  // namespace pl::ui
