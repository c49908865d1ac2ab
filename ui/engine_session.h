// The only place the UI touches the model. EngineSession lives on a worker thread, owns the model
// and the backend, and turns a Scenario into an immutable ScenarioRun. EngineHost is its owner on
// the UI thread: it starts the thread, posts play requests and forwards the results.
//
// A newer play request replaces one that has not started yet, and makes a running one stop at its
// next event (scrubbing or re-running an edit must not queue stale work). Every request carries
// a generation; results of any generation but the latest are dropped.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

#include "backend_factory.h"
#include "scenario_run.h"

namespace pl {
class GptModel;
class InferenceBackend;
}  // namespace pl

namespace pl::ui {

struct EngineOptions {
    QString model_dir;  // empty: the built-in model
    BackendKind backend = BackendKind::Vulkan;
    bool explicit_backend = false;  // the user named it: no silent fallback
    int device_index = -1;
    bool verify = true;  // compare every first-token logits with a full recompute
    TimingSource timing = TimingSource::Clock;  // CostModel: TTFT from RunnerOptions::cost_model
};

class EngineSession : public QObject {
    Q_OBJECT
  public:
    explicit EngineSession(EngineOptions options);
    ~EngineSession() override;

    // Thread-safe. Queues `scenario` in place of any request not started yet.
    uint64_t requestPlay(Scenario scenario);
    // Thread-safe. Makes the current play stop at its next event; nothing more is emitted.
    void stop();

  public slots:
    void load();

  signals:
    void progress(const QString& text);
    void engineReady(const pl::ui::EngineInfo& info);
    void loadFailed(const QString& message);
    void runReady(const pl::ui::ScenarioRunPtr& run);
    void runFailed(const QString& message, quint64 generation);

  private slots:
    void drain();

  private:
    struct Pending {
        Scenario scenario;
        uint64_t generation = 0;
    };
    bool ensureBackend(const Scenario& scenario, QString& error);
    void play(const Pending& job);

    EngineOptions options_;
    std::shared_ptr<const GptModel> model_;
    std::unique_ptr<InferenceBackend> backend_;
    EngineInfo info_;
    QString loadError_;
    bool loaded_ = false;

    std::mutex mutex_;
    std::optional<Pending> pending_;
    bool drainQueued_ = false;
    std::atomic<uint64_t> generation_{0};
    std::atomic<bool> stopping_{false};
};

class EngineHost : public QObject {
    Q_OBJECT
  public:
    explicit EngineHost(EngineOptions options, QObject* parent = nullptr);
    ~EngineHost() override;

    uint64_t play(const Scenario& scenario);
    uint64_t latestGeneration() const { return latest_; }
    bool isBusy() const { return busy_; }
    const std::optional<EngineInfo>& engineInfo() const { return info_; }

  signals:
    void progress(const QString& text);
    void engineReady(const pl::ui::EngineInfo& info);
    void failed(const QString& message);
    void runReady(const pl::ui::ScenarioRunPtr& run);
    void busyChanged(bool busy);

  private:
    void setBusy(bool busy);

    QThread thread_;
    QPointer<EngineSession> session_;  // lives on thread_, deleted when it finishes
    uint64_t latest_ = 0;
    bool busy_ = false;
    std::optional<EngineInfo> info_;
};

void registerUiMetaTypes();

}  // namespace pl::ui
