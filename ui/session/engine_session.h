// The only place the UI touches the model, its tokenizer and the linter. EngineSession lives on a
// worker thread, owns the model and the backend, and turns a Scenario into an immutable
// ScenarioRun. EngineHost is its owner on the UI thread: it starts the thread, posts play requests
// and forwards the results.
//
// A newer play request replaces one that has not started yet, and makes a running one stop at its
// next event (scrubbing or re-running an edit must not queue stale work). Every request carries
// a generation; results of any generation but the latest are dropped.
//
// A variant (a what-if version of the scenario, such as the lint panel's fixed layout) is a second
// kind of request with its own queue slot and generation: it runs on the same worker after any
// pending play, never replaces the main run, and a newer variant replaces an older one.
//
// A lint (the scenario's findings, for the lint panel) is a third kind, with its own slot and
// generation, a newer one replacing an older one. It takes milliseconds, so it never waits for a
// play: the worker runs it before any pending play, or between two events of the running one.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <atomic>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "runner/backend_factory.h"
#include "state/model_probe.h"
#include "state/scenario_lint.h"
#include "state/scenario_run.h"

namespace pl {
class BpeTokenizer;
class GptModel;
class InferenceBackend;
}  // namespace pl

namespace pl::lint {
struct LintTables;
}  // namespace pl::lint

namespace pl::ui {

struct EngineOptions {
    QString model_dir;  // empty: the built-in model
    BackendKind backend = BackendKind::Vulkan;
    bool explicit_backend = false;  // the user named it: no silent fallback
    int device_index = -1;
    bool verify = true;  // compare every first-token logits with a full recompute
    // Serve every request a second time with no KV cache (RunnerOptions::no_cache) while
    // playing. Off: the Model dock asks for the request it shows, on demand (requestNoCache).
    bool no_cache = false;
    TimingSource timing = TimingSource::Clock;  // CostModel: TTFT from RunnerOptions::cost_model
    // The command line's penalties against repetition, over the scenario's and the model's.
    SamplingOverrides sampling;
    // Where finished runs are kept across launches (run_store.h); empty: in memory only.
    std::filesystem::path run_store_dir;
};

class RunStore;

class EngineSession : public QObject {
    Q_OBJECT
  public:
    explicit EngineSession(EngineOptions options);
    ~EngineSession() override;

    // Requests played to their end by every session of this process so far: a window closed
    // during a play must leave it where it was (its test reads this).
    static int requestsPlayed();

    // Thread-safe. Queues `scenario` in place of any request not started yet.
    uint64_t requestPlay(Scenario scenario);
    // Thread-safe. Queues a variant in place of any variant not started yet.
    uint64_t requestVariant(Scenario scenario);
    // Thread-safe. Drops a queued variant and makes a running one stop at its next event.
    void cancelVariant();
    // Thread-safe. Queues a lint of `scenario` in place of any lint not started yet.
    uint64_t requestLint(Scenario scenario);
    // Thread-safe. Queues building the latency probe's scenario (long_prompt_scenario) with the
    // model's tokenizer, after whatever the worker is doing.
    void requestProbeScenario(int target_tokens);
    // Thread-safe. Drops a queued play and makes a running one stop at its next event (the UI
    // shows a cached run instead). Returns the generation a later play must exceed.
    uint64_t cancelPlay();
    // Thread-safe. Queues scenarios to play when nothing else is waiting, each answered with
    // prepared(); a play or variant request pauses them (the one running starts again later).
    void requestPrepare(std::vector<Scenario> scenarios);
    // Thread-safe. Makes the current play stop at its next event; nothing more is emitted.
    void stop();
    // Thread-safe. Queues the attention of `query`'s last token, in place of any not started
    // yet; like a lint it runs before a pending play or between two events of the running one.
    uint64_t requestAttention(AttentionQuery query);
    // Thread-safe. Queues the length sweep after whatever the worker is doing; a play request
    // makes it yield and start again after the play.
    void requestSweep();
    // Thread-safe. Queues serving `query`'s prompt again with no KV cache, in place of any not
    // started yet; it runs between plays (seconds for a long prompt), before pending prepares.
    uint64_t requestNoCache(NoCacheQuery query);

  public slots:
    void load();

  signals:
    void progress(const QString& text);
    void engineReady(const pl::ui::EngineInfo& info);
    void loadFailed(const QString& message);
    void runReady(const pl::ui::ScenarioRunPtr& run);
    // The play so far (ScenarioRun::partial), after the first request and then at most every
    // kPartialIntervalMs: the window draws it while the rest of the scenario runs.
    void runProgress(const pl::ui::ScenarioRunPtr& run);
    void runFailed(const QString& message, quint64 generation);
    void variantProgress(const QString& text);
    void variantReady(const pl::ui::ScenarioRunPtr& run);
    void variantFailed(const QString& message, quint64 generation);
    void lintReady(const pl::ui::ScenarioLintPtr& lint);
    void probeScenarioReady(const pl::Scenario& scenario, const QString& error);
    void prepared(const pl::ui::ScenarioRunPtr& run);
    void attentionReady(const pl::ui::AttentionMapPtr& map);
    void sweepProgress(int done, int total);
    void sweepReady(const pl::ui::SweepResultPtr& result);
    void noCacheReady(const pl::ui::NoCacheResultPtr& result);

  public:
    static constexpr int kPartialIntervalMs = 1000;

  private slots:
    void drain();

  private:
    struct Pending {
        Scenario scenario;
        uint64_t generation = 0;
        bool variant = false;
        bool prepare = false;  // for the run cache only: shown nowhere until asked for
    };
    // With mutex_ held: makes sure a drain() is on its way.
    void queueDrain();
    // A newer request of one kind replaces a queued older one: `query` takes `slot` under the
    // next value of `generation`, `queued` (when given) says that something waits, and a drain()
    // is on its way. Returns the query's generation.
    template <class Query>
    uint64_t replacePending(std::optional<Query>& slot, std::atomic<uint64_t>& generation,
                            Query query, std::atomic<bool>* queued);
    // What waits in `slot`, leaving it empty and `queued` (when given) false.
    template <class Query>
    std::optional<Query> takePending(std::optional<Query>& slot, std::atomic<bool>* queued);
    // Loads the model on first use; false when it or its backend could not be (loadError_).
    bool modelAndBackend();
    bool ensureBackend(const Scenario& scenario, QString& error);
    void play(const Pending& job);
    // Hands a finished run to whoever asked for it (runReady, variantReady or prepared).
    void emitFinished(const Pending& job, std::shared_ptr<ScenarioRun> run);
    // Works out the run's trace under the four caching policies (ScenarioRun::policies).
    void attachPolicies(ScenarioRun& run);
    void fail(const Pending& job, const QString& message);
    bool superseded(const Pending& job) const;
    // Runs the queued lint, if any, now.
    void lintIfPending();
    ScenarioLintPtr runLint(const Scenario& scenario, uint64_t generation);
    // The lint tables (assets/lint, for the findings and the policy comparison), loaded on first
    // use; null when they could not be, lintTablesError_ saying why.
    const lint::LintTables* lintTables();
    // The model's tokenizer; the folder's tokenizer alone when the model could not be loaded.
    const BpeTokenizer* tokenizer(QString& error);
    void buildProbeScenario(int target_tokens);
    void attentionIfPending();
    // A block table over the last context's worth of the pool, past the cache's blocks: the
    // scratch where an attention map or a no-cache replay runs. Loads the model on first use.
    // Empty, with `error` set, when the model or its backend could not be loaded or the pool is
    // smaller; `purpose` ends the latter message ("no room in the KV pool <purpose>").
    std::vector<int32_t> scratchTable(std::string& error, std::string_view purpose);
    void runSweep();
    void noCacheIfPending();

    EngineOptions options_;
    std::filesystem::path modelDir_;  // options_.model_dir, or the built-in model
    std::shared_ptr<const GptModel> model_;
    SamplingOverrides modelSampling_;  // the model folder's generation_config.json
    std::unique_ptr<BpeTokenizer> tokenizerOnly_;
    QString tokenizerError_;
    std::shared_ptr<const lint::LintTables> lintTables_;  // lintTables()
    QString lintTablesError_;
    std::unique_ptr<InferenceBackend> backend_;
    std::unique_ptr<RunStore> store_;  // set once the engine is known, when options_ name a folder
    EngineInfo info_;
    QString loadError_;
    bool loaded_ = false;

    std::mutex mutex_;
    std::optional<Pending> pending_;
    std::optional<Pending> pendingVariant_;
    std::optional<Pending> pendingLint_;
    std::deque<Pending> prepareQueue_;
    std::atomic<bool> playQueued_{false};  // a play or variant waits: a prepare job yields
    bool drainQueued_ = false;
    std::atomic<uint64_t> generation_{0};
    std::atomic<uint64_t> variantGeneration_{0};
    std::atomic<uint64_t> lintGeneration_{0};
    std::atomic<bool> lintQueued_{false};  // pendingLint_ is set: a running play runs it
    std::atomic<bool> stopping_{false};
    std::optional<AttentionQuery> pendingAttention_;
    std::atomic<uint64_t> attentionGeneration_{0};
    std::atomic<bool> attentionQueued_{false};
    std::optional<NoCacheQuery> pendingNoCache_;
    std::atomic<uint64_t> noCacheGeneration_{0};
};

class EngineHost : public QObject {
    Q_OBJECT
  public:
    explicit EngineHost(EngineOptions options, QObject* parent = nullptr);
    ~EngineHost() override;

    // Plays `scenario`, or shows its cached run at once when it was played or prepared before.
    uint64_t play(const Scenario& scenario);
    uint64_t latestGeneration() const { return latest_; }
    // Plays these in the background, for the run cache (a lesson's steps, while the presenter
    // talks), after anything the window waits for.
    void prepare(const std::vector<Scenario>& scenarios);
    // The cached run of `scenario`, if any; null otherwise.
    ScenarioRunPtr cachedRun(const Scenario& scenario) const;
    static std::string runKey(const Scenario& scenario);
    // The run that answers the latest play: played for it, or taken from the cache for it.
    bool isCurrent(const ScenarioRunPtr& run) const {
        return run && (run->generation == latest_ || run == cachedAnswer_);
    }
    // See EngineSession::requestVariant. Answers with variantReady or variantFailed.
    uint64_t playVariant(const Scenario& scenario);
    void cancelVariant();
    bool isVariantBusy() const { return variantBusy_; }
    // See EngineSession::requestLint. Answers with lintReady; a newer lint drops an older one's.
    uint64_t lint(const Scenario& scenario);
    bool isLinting() const { return linting_; }
    // See EngineSession::requestProbeScenario. Answers with probeScenarioReady.
    void requestProbeScenario(int target_tokens);
    bool isBusy() const { return busy_; }
    const std::optional<EngineInfo>& engineInfo() const { return info_; }
    // See EngineSession::requestAttention; answers with attentionReady (the latest query only).
    void requestAttention(const AttentionQuery& query);
    // See EngineSession::requestSweep; answers with sweepProgress, then sweepReady.
    void requestSweep();
    // See EngineSession::requestNoCache; answers with noCacheReady (the latest query only).
    void requestNoCache(const NoCacheQuery& query);

  signals:
    void progress(const QString& text);
    void engineReady(const pl::ui::EngineInfo& info);
    void failed(const QString& message);
    void runReady(const pl::ui::ScenarioRunPtr& run);
    // The latest play so far, while it runs (EngineSession::runProgress); runReady follows.
    void runProgress(const pl::ui::ScenarioRunPtr& run);
    void busyChanged(bool busy);
    void variantProgress(const QString& text);
    void variantReady(const pl::ui::ScenarioRunPtr& run);
    void variantFailed(const QString& message);
    void lintReady(const pl::ui::ScenarioLintPtr& lint);
    void probeScenarioReady(const pl::Scenario& scenario, const QString& error);
    void attentionReady(const pl::ui::AttentionMapPtr& map);
    void sweepProgress(int done, int total);
    void sweepReady(const pl::ui::SweepResultPtr& result);
    void noCacheReady(const pl::ui::NoCacheResultPtr& result);

  private:
    void setBusy(bool busy);
    // Keeps a whole run for its key. A played run replaces what is kept (it is what the window
    // shows); a prepared one never does, so a run once shown keeps its numbers.
    void remember(const ScenarioRunPtr& run, bool replace);
    ScenarioRunPtr cachedRun(const std::string& key) const;

    static constexpr std::size_t kCachedRuns = 24;
    std::deque<std::pair<std::string, ScenarioRunPtr>> runs_;  // oldest first
    ScenarioRunPtr cachedAnswer_;      // the cached run the latest play was answered with
    std::string playingKey_;           // the play the window waits for: not prepared a second time
    std::set<std::string> preparing_;  // asked of the worker and not back yet: asked once
    QThread thread_;
    QPointer<EngineSession> session_;  // lives on thread_, deleted when it finishes
    uint64_t latest_ = 0;
    uint64_t latestVariant_ = 0;
    uint64_t latestLint_ = 0;
    bool busy_ = false;
    bool variantBusy_ = false;
    bool linting_ = false;
    std::optional<EngineInfo> info_;
    uint64_t latestAttention_ = 0;
    uint64_t latestNoCache_ = 0;
};

void registerUiMetaTypes();

}  // namespace pl::ui
