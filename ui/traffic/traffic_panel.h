// The traffic of a log, as the window's central view shows it: what is loaded and under which
// policy (a picker that recomputes on the worker), the load's progress with a Cancel button (Esc),
// the totals, the rows (TrafficView, with a legend) and the cost over the requests under every
// policy against no cache at all. The work runs in a TrafficHost (traffic_session.h) it owns.
#pragma once

#include <QString>
#include <QWidget>
#include <map>
#include <optional>

#include "common/palette.h"
#include "runner/scenario.h"
#include "traffic/traffic_data.h"

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace pl::ui {

class TrafficHost;
class TrafficView;

class TrafficPanel : public QWidget {
    Q_OBJECT
  public:
    explicit TrafficPanel(QWidget* parent = nullptr);
    ~TrafficPanel() override;

    // Loads `path` under `policy` (unset: the provider's own), in place of what is shown.
    void open(const QString& path, std::optional<CachePolicy> policy = std::nullopt);
    void setPolicy(CachePolicy policy);  // the same file again, under `policy`
    void cancel();                       // the load stops; the rows so far stay
    bool isLoading() const;
    // Spins the event loop until the load and the chart's curves are done; false on failure or
    // timeout (for `shot` and tests).
    bool waitForLoad(int timeoutMs);
    QString path() const { return path_; }
    // The policy the last open() or setPolicy() asked for; unset: the provider's own.
    std::optional<CachePolicy> requestedPolicy() const { return requested_; }
    // The load's error, or the lines it skipped (one line, naming the file and the line).
    QString error() const { return error_; }
    bool failed() const { return failed_; }
    const std::optional<TrafficSummary>& summary() const { return summary_; }
    int curveCount() const { return static_cast<int>(curves_.size()); }
    // The cumulative cost after each request under `policy` (uncached: with no cache at all);
    // empty until its curve is in.
    std::vector<double> curve(CachePolicy policy, bool uncached) const {
        const auto it = curves_.find({static_cast<int>(policy), uncached});
        return it == curves_.end() ? std::vector<double>() : it->second;
    }
    TrafficView* view() const { return view_; }
    QWidget* chartArea() const;  // the cost chart with the names of its curves under it
    void setTheme(Theme theme);
    // Reads the view's selected request from the file again and answers with requestOpened.
    void openSelected();

  signals:
    void requestOpened(const pl::Scenario& scenario);
    void requestFailed(const QString& message);
    void loadFailed(const QString& message);
    void loaded();  // the summary is in (the curves may follow)

  protected:
    void changeEvent(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

  private:
    void start(std::optional<CachePolicy> policy);
    void retranslateUi();
    void refreshTotals();
    void rebuildChart();
    void showError(const QString& message, bool failed);

    TrafficHost* host_ = nullptr;
    TrafficView* view_ = nullptr;
    QLabel* fileLabel_ = nullptr;
    QLabel* policyLabel_ = nullptr;
    QComboBox* policy_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QLabel* totals_ = nullptr;
    QLabel* legend_ = nullptr;
    QLabel* errorLabel_ = nullptr;
    QChartView* chart_ = nullptr;
    QLabel* chartLegend_ = nullptr;
    Theme theme_ = Theme::Light;
    QString path_;
    std::optional<CachePolicy> requested_;
    QString error_;
    bool failed_ = false;
    std::optional<TrafficSummary> summary_;
    // (policy, uncached) -> the cumulative cost after each request.
    std::map<std::pair<int, bool>, std::vector<double>> curves_;
    bool curvesPending_ = false;
};

}  // namespace pl::ui
