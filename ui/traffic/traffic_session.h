// The traffic view's worker: a log (anything `lint` reads) replayed under a caching policy
// (replay/replay.h) on a thread of its own, so that a log of thousands of 100k-token requests never
// blocks the UI thread. TrafficSession lives on that thread; TrafficHost owns it from the UI
// thread, posts the work and forwards the answers of the latest load only.
//
// A load hands its rows over in batches (at most every kBatchIntervalMs) with how much of the
// file has been read, then a summary, then the cost curves of the other policies (the chart).
// A new load (another file, another policy) cancels the running one at its next line; cancel()
// stops it there too, and its summary says so: the rows read so far stand.
//
// Opening one request in the window (the docks and the chain view) reads that request, and the
// one before it in its conversation, again from the file, on the same thread.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <atomic>
#include <map>
#include <memory>
#include <optional>

#include "runner/scenario.h"
#include "traffic/traffic_data.h"

namespace pl {
namespace count {
class TokenCounters;
}
class BpeTokenizer;
}  // namespace pl
namespace pl::lint {
struct LintTables;
}

namespace pl::ui {

class TrafficSession : public QObject {
    Q_OBJECT
  public:
    // `latest` and `cancelled` are the host's: a load whose generation is no longer `latest`, or
    // is `cancelled`, stops at its next line.
    TrafficSession(const std::atomic<quint64>& latest, const std::atomic<quint64>& cancelled);
    ~TrafficSession() override;

    // On the worker thread. `policy` unset: the provider's own.
    void replay(quint64 generation, const QString& path, std::optional<CachePolicy> policy);
    // On the worker thread: the request at `line`, after the one at `previousLine` (0: none) of
    // its conversation, as a scenario the window plays.
    void readRequest(quint64 generation, const QString& path, int line, int previousLine,
                     int request);

    static constexpr int kBatchIntervalMs = 50;

  signals:
    void batchReady(const pl::ui::TrafficBatchPtr& batch);
    void summaryReady(const pl::ui::TrafficSummaryPtr& summary);
    void curveReady(const pl::ui::TrafficCurvePtr& curve);
    void failed(quint64 generation, const QString& message);
    void requestReady(quint64 generation, const pl::Scenario& scenario, const QString& error);

  private:
    bool ensureTables(QString& error);
    bool stopped(quint64 generation) const;
    // The cost after each request under `policy`; empty when stopped. Kept for the file as it
    // was when read: switching the policy replays only the policy picked, not the other three.
    std::vector<double> costCurve(quint64 generation, const QString& path, CachePolicy policy);
    void rememberCurve(const QString& path, CachePolicy policy, const std::vector<double>& values);

    QString curvesOf_;  // path and modification time the curves below belong to
    std::map<CachePolicy, std::vector<double>> curves_;

    const std::atomic<quint64>& latest_;
    const std::atomic<quint64>& cancelled_;
    std::unique_ptr<BpeTokenizer> tokenizer_;
    // Each provider's own tokens (count/token_counting.h), loaded at first use on this thread.
    std::unique_ptr<count::TokenCounters> counters_;
    std::unique_ptr<lint::LintTables> tables_;
    QString tokenizerName_;
};

class TrafficHost : public QObject {
    Q_OBJECT
  public:
    explicit TrafficHost(QObject* parent = nullptr);
    ~TrafficHost() override;

    // Replays `path` under `policy` (unset: the provider's own), in place of any load running.
    quint64 open(const QString& path, std::optional<CachePolicy> policy = std::nullopt);
    // Stops the running load at its next line; its summary follows, marked cancelled.
    void cancel();
    bool isLoading() const { return loading_; }
    QString path() const { return path_; }
    // Reads one request (see TrafficSession::readRequest); answers with requestReady.
    void openRequest(int line, int previousLine, int request);

  signals:
    void started(const QString& path);
    void batchReady(const pl::ui::TrafficBatchPtr& batch);
    void summaryReady(const pl::ui::TrafficSummaryPtr& summary);
    void curveReady(const pl::ui::TrafficCurvePtr& curve);
    void failed(const QString& message);
    void requestReady(const pl::Scenario& scenario);
    void requestFailed(const QString& message);

  private:
    QThread thread_;
    QPointer<TrafficSession> session_;
    // Requests are read on a thread of their own: a click answers while a long load runs.
    QThread readerThread_;
    QPointer<TrafficSession> reader_;
    std::atomic<quint64> latest_{0};
    std::atomic<quint64> cancelled_{0};
    std::atomic<quint64> latestRequest_{0};
    QString path_;
    bool loading_ = false;
};

void registerTrafficMetaTypes();

}  // namespace pl::ui
