// What the Charts and Model docks' charts have in common: tabs that fit a narrow dock, chart
// views, the theme's colours on a chart, and round axis bounds. Each dock sizes its own legend
// and margins (the Charts dock fits its legend to the width; the Model dock is low).
#pragma once

#include <QFont>
#include <QString>

#include "common/palette.h"

class QAbstractAxis;
class QChart;
class QChartView;
class QValueAxis;
class QTabWidget;
class QWidget;

namespace pl::ui {

// A tab widget filling `panel` (which gets a margin-free layout holding it).
QTabWidget* addDockTabs(QWidget* panel);

// An empty, antialiased chart view.
QChartView* newChartView(QWidget* parent);

// The chart's frame in the theme: a flat background with `margin` around the plot, `title` in
// bold `font`, and the legend's text on top. The legend's font is left to the caller.
void styleChartFrame(QChart* chart, const Palette& pal, const QString& title, const QFont& font,
                     int margin);
// Every axis of the chart labelled and titled in `font`, in the theme's muted text and grid.
void styleChartAxes(QChart* chart, const Palette& pal, const QFont& font);

// The chart's axis along `orientation` (bottom or left), of the kind asked for: the one it has,
// or a new one in place of an axis of the other kind. A chart rebuilt on every refresh keeps its
// axes, so that no label of a deleted axis is ever drawn over the new one's.
QAbstractAxis* axisOf(QChart* chart, Qt::Orientation orientation, bool categories);
QValueAxis* valueAxisOf(QChart* chart, Qt::Orientation orientation);
// The chart without series or axes: a chart that has nothing to show yet.
void clearChart(QChart* chart);

// A round upper bound for an axis: 1, 2 or 5 times the power of ten below `value`, the first at
// least `value * headroom`, else ten times that power.
double niceCeil(double value, double headroom = 1.0);

}  // namespace pl::ui
