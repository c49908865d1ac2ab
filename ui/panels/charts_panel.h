// Qt Charts over the run up to the cursor: time to first token per request, TTFT against prompt
// length, KV memory per session against the pool's capacity, and the hit rate over time. Axes and
// legends come from the run; nothing is hard-coded.
#pragma once

#include <QPointer>
#include <QWidget>
#include <vector>

#include "common/palette.h"
#include "state/context_widget.h"

class QChart;
class QChartView;
class QTabWidget;

namespace pl::ui {

class ScenarioContext;

class ChartsPanel : public ContextWidget {
    Q_OBJECT
  public:
    enum class Chart { Ttft, TtftVsLength, KvMemory, HitRate };

    explicit ChartsPanel(ScenarioContext* context, QWidget* parent = nullptr);

    // Brings one chart's tab to the front (a lesson step pointing at it), and that chart's view.
    void showChart(Chart chart);
    QWidget* chartView(Chart chart) const;

    void setTheme(Theme theme);
    // For tests: the number of requests with a TTFT bar, and memory samples drawn.
    int ttftBars() {
        ensureBuilt(kTtftTab);
        return ttftBars_;
    }
    int memorySamples() {
        ensureBuilt(kMemoryTab);
        return memorySamples_;
    }
    QChart* ttftChart() const;
    // Builds every chart again at the panel's current size. Qt Charts elides legend labels
    // against the sizes it went through on the way, so a chart last built while its dock was
    // still resizing can look different from one built at the final size.
    // Rebuilds the chart on screen now (shots and tests), not on the next event-loop turn.
    void rebuild();

  protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

  private:
    enum Tab { kTtftTab, kScatterTab, kMemoryTab, kHitRateTab, kTabCount };
    void retranslateUi();
    void refresh(bool force);
    // Only the chart on screen is rebuilt when the run or cursor changes; the others when their
    // tab is opened. Qt Charts lays out and repaints a rebuilt chart in tens of milliseconds.
    void ensureBuilt(int tab);
    void buildTtft();
    void buildScatter();
    void buildMemory();
    void buildHitRate();
    void styleChart(QChart* chart, const QString& title);
    void fitMemoryLegend();
    // The TTFT bars' category labels: "#r" over "N tok" (tokens computed) where every bar's
    // column has room for both at the axis font, else "#r" alone; each bar's tooltip always
    // names both, so no number is ever cut.
    void fitTtftCategories();

    QTabWidget* tabs_ = nullptr;
    QChartView* ttft_ = nullptr;
    QChartView* scatter_ = nullptr;
    QChartView* memory_ = nullptr;
    QChartView* hitRate_ = nullptr;
    const void* builtRun_ = nullptr;
    int builtPrefills_ = -1;
    int builtSamples_ = -1;
    unsigned dirty_ = 0;  // one bit per Tab
    int ttftBars_ = 0;
    struct TtftBar {
        int request = 0;
        int computed = -1;  // -1: not played yet at the cursor
        int prompt = 0;
        double ttft_ms = 0;
    };
    std::vector<TtftBar> ttftBarInfo_;
    bool ttftCategorical_ = false;
    int memorySamples_ = 0;
};

}  // namespace pl::ui
