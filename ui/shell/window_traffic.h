// The window's traffic: which files are logs to open as traffic rather than a scenario, the
// central area's tabs (the block chain, and the traffic view once a log is open), and a request
// of the log handed to the window to open in its docks and chain view.
#pragma once

#include <QObject>
#include <QString>
#include <optional>

#include "common/palette.h"
#include "runner/policy_types.h"
#include "runner/scenario.h"

class QLabel;
class QTabWidget;
class QWidget;

namespace pl::ui {

class TrafficPanel;

class WindowTraffic : public QObject {
    Q_OBJECT
  public:
    // `chain` becomes the first tab of the central tabs, made as a child of `parent`.
    WindowTraffic(QWidget* chain, QWidget* parent);

    // A log of requests (JSON Lines, or a .json holding more than one request or a log record)
    // rather than a scenario or a single request.
    static bool isTrafficFile(const QString& path);

    QTabWidget* tabs() const { return tabs_; }
    TrafficPanel* panel() const { return panel_; }
    // The traffic tab in front, loading `path` under `policy` (unset: the provider's own).
    TrafficPanel* open(const QString& path, std::optional<CachePolicy> policy = std::nullopt);
    // As open(), but an already open panel that shows `path` under the same `policy`, read or
    // being read, is brought to the front as it is, without reading the file again (a lesson's
    // steps on one log).
    TrafficPanel* show(const QString& path, std::optional<CachePolicy> policy = std::nullopt);
    void showChain();  // the chain's tab in front
    // A lesson's traffic target ("traffic", "traffic.rows", "traffic.chart"), its tab in front;
    // nullptr for another id or while no log is open.
    QWidget* widgetFor(const QString& id);
    // With the traffic tab in front: the banner says which log it shows (true); else false.
    bool writeBanner(QLabel* title, QLabel* description) const;
    void setTheme(Theme theme);

  signals:
    // A request clicked in the traffic view, as a scenario: the previous request of its
    // conversation and it.
    void requestOpened(const pl::Scenario& scenario);
    void message(const QString& text);  // for the status line
    void bannerChanged();               // another tab in front, or another log

  private:
    void retranslateUi();
    bool eventFilter(QObject* watched, QEvent* e) override;

    QTabWidget* tabs_ = nullptr;
    QWidget* chain_ = nullptr;
    TrafficPanel* panel_ = nullptr;
    Theme theme_ = Theme::Light;
};

}  // namespace pl::ui
