#include "panels/dock_chart.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace pl::ui {

QTabWidget* addDockTabs(QWidget* panel) {
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* tabs = new QTabWidget(panel);
    tabs->setDocumentMode(true);
    // Every tab in a narrow dock: shorten the names rather than hide a tab behind scroll arrows
    // (the full name is the tab's tooltip).
    tabs->setElideMode(Qt::ElideRight);
    tabs->setUsesScrollButtons(false);
    layout->addWidget(tabs);
    return tabs;
}

QChartView* newChartView(QWidget* parent) {
    auto* view = new QChartView(new QChart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

void styleChartFrame(QChart* chart, const Palette& pal, const QString& title, const QFont& font,
                     int margin) {
    chart->setBackgroundBrush(pal.panel);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(margin, margin, margin, margin));
    QFont tf = font;
    tf.setBold(true);
    chart->setTitleFont(tf);
    chart->setTitleBrush(pal.text);
    chart->setTitle(title);
    chart->legend()->setLabelColor(pal.text);
    chart->legend()->setAlignment(Qt::AlignTop);
}

void styleChartAxes(QChart* chart, const Palette& pal, const QFont& font) {
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(font);
        axis->setLabelsColor(pal.mutedText);
        axis->setTitleFont(font);
        axis->setTitleBrush(pal.mutedText);
        axis->setGridLineColor(pal.grid);
        axis->setLinePenColor(pal.grid);
    }
}

double niceCeil(double value, double headroom) {
    if (value <= 0)
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= value * headroom)
            return m * p;
    }
    return 10 * p;
}

QAbstractAxis* axisOf(QChart* chart, Qt::Orientation orientation, bool categories) {
    const auto type =
        categories ? QAbstractAxis::AxisTypeBarCategory : QAbstractAxis::AxisTypeValue;
    for (QAbstractAxis* old : chart->axes(orientation)) {
        if (old->type() == type)
            return old;
        chart->removeAxis(old);  // the other kind: a chart's requests outgrew its labels
        delete old;
    }
    QAbstractAxis* axis = nullptr;
    if (categories)
        axis = new QBarCategoryAxis;
    else
        axis = new QValueAxis;
    chart->addAxis(axis, orientation == Qt::Horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    return axis;
}

QValueAxis* valueAxisOf(QChart* chart, Qt::Orientation orientation) {
    return static_cast<QValueAxis*>(axisOf(chart, orientation, false));
}

void clearChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);  // which gives it back: ours to delete
        delete a;
    }
}

}  // namespace pl::ui
