// The KV pool as a grid of physical blocks: in use (coloured by session), cached but free (in
// LRU order, the next victim marked), and empty. Blocks evicted by the current request flash.
#pragma once

#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include "common/palette.h"
#include "state/context_widget.h"
#include "state/timeline_state.h"

namespace pl::ui {

class ScenarioContext;

class PoolView : public ContextWidget {
    Q_OBJECT
  public:
    explicit PoolView(ScenarioContext* context, QWidget* parent = nullptr);

    void setTheme(Theme theme);
    void finishAnimations();                           // the eviction flash at its end state
    const PoolState& state() const { return state_; }  // for tests
    // For tests: the sessions the footer names (those owning a block in use, as last painted).
    const QStringList& footerSessions() const { return footerSessions_; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void changeEvent(QEvent* e) override;

  private:
    // The legend with live counts, painted from the palette the cells use. Its entries wrap onto
    // more lines when the dock is narrow or the words are long, and the grid starts below them.
    struct LegendEntry {
        QColor color;
        QString label;
        bool outline;
        QRect rect;
    };
    std::vector<LegendEntry> legend() const;
    void relayoutLegend();

    void refresh();
    QRect gridRect() const;
    int cellAt(const QPoint& pos) const;
    QRect cellRect(int id) const;
    int columns() const;

    PoolState state_;
    std::vector<int> lastEvictions_;
    double flash_ = 0;  // 1 right after new evictions, fading to 0
    QTimer flashTimer_;
    int legendBottom_ = 0;  // below the legend's last line
    // The footer as last painted: where it is, and every session named in it or behind its "+N".
    QRect footerRect_;
    QStringList footerSessions_;
};

}  // namespace pl::ui
