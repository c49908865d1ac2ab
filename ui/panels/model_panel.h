// The Model dock: what the model does, measured. "Prefill & decode" shows, for the current
// request, when each output token appeared with the KV cache and with none (every decode step
// recomputing the whole sequence), and the K/V rows each way computed. "Length sweep" shows
// prefill time and attention FLOPs against KV bytes as the prompt grows, measured on the model
// by the engine's worker.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"
#include "state/context_widget.h"
#include "state/model_probe.h"

class QChart;
class QChartView;
class QLabel;
class QPushButton;
class QTabWidget;

namespace pl::ui {

class ScenarioContext;

class ModelPanel : public ContextWidget {
    Q_OBJECT
  public:
    enum class Tab { Decode, Sweep };

    explicit ModelPanel(ScenarioContext* context, QWidget* parent = nullptr);

    void setTheme(Theme theme);
    // Brings a tab to the front (a lesson step pointing at it); the sweep tab asks for a sweep
    // the first time it is shown.
    void showTab(Tab tab);
    QWidget* tabPage(Tab tab) const;
    // Builds both charts again at the panel's current size (shots: Qt Charts elides labels
    // against the sizes it went through on the way, as ChartsPanel::rebuild says).
    void rebuild();

    void setSweep(const SweepResultPtr& result);
    void setSweepProgress(int done, int total);
    // The current request served again with no KV cache, asked for (noCacheWanted) when the
    // decode tab shows a request whose run did not carry it.
    void setNoCache(const NoCacheResultPtr& result);
    bool decodePending() const { return noCachePending_; }

    // For tests: what is drawn now.
    QString decodeSummary() const;
    int decodePoints(bool noCache) const;
    const SweepResultPtr& sweep() const { return sweep_; }
    bool sweepRunning() const { return sweepRunning_; }

  signals:
    void sweepWanted();
    void noCacheWanted(const pl::ui::NoCacheQuery& query);

  protected:
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

  private:
    void retranslateUi();
    void buildDecode();
    void buildSweep();
    void styleChart(QChart* chart, const QString& title);
    void maybeStartSweep();

    QTabWidget* tabs_ = nullptr;
    QWidget* decodePage_ = nullptr;
    QLabel* decodeText_ = nullptr;
    QChartView* decodeChart_ = nullptr;
    QWidget* sweepPage_ = nullptr;
    QPushButton* measure_ = nullptr;
    QLabel* sweepText_ = nullptr;
    QChartView* sweepChart_ = nullptr;
    SweepResultPtr sweep_;
    bool sweepRunning_ = false;
    int sweepDone_ = 0;
    int sweepTotal_ = 0;
    int cachedPoints_ = 0;
    int noCachePoints_ = 0;
    NoCacheResultPtr noCache_;
    NoCacheQuery noCacheWanted_;
    bool noCachePending_ = false;
};

}  // namespace pl::ui
