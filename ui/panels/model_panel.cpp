#include "panels/model_panel.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

#include "common/text_util.h"
#include "panels/dock_chart.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"

namespace pl::ui {

namespace {

// A wrapped text above a chart: as tall as the text needs at its width, up to half of its page;
// in a page too short for that (a small dock at zoom +2) the text scrolls rather than being
// cut, and the chart keeps the rest.
class TextArea : public QScrollArea {
  public:
    TextArea(QLabel* label, QWidget* page) : QScrollArea(page) {
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setWidgetResizable(true);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        setWidget(label);
        page->installEventFilter(this);
    }

  protected:
    bool eventFilter(QObject* o, QEvent* e) override {
        if (o == parentWidget() && e->type() == QEvent::Resize)
            fit();
        return QScrollArea::eventFilter(o, e);
    }
    // A new text asks its parent, the viewport, for a new layout.
    bool viewportEvent(QEvent* e) override {
        if (e->type() == QEvent::LayoutRequest)
            fit();
        return QScrollArea::viewportEvent(e);
    }
    void resizeEvent(QResizeEvent* e) override {
        QScrollArea::resizeEvent(e);
        if (e->size().width() != e->oldSize().width())
            fit();
    }

  private:
    void fit() {
        if (width() <= 0)
            return;
        const int need = widget()->heightForWidth(width()) + 2;
        const int cap = std::max(2 * fontMetrics().lineSpacing() + 2, parentWidget()->height() / 2);
        const int h = std::min(need, cap);
        if (minimumHeight() != h || maximumHeight() != h)
            setFixedHeight(h);
    }
};

QChartView* makeChartView(QWidget* parent) {
    QChartView* view = newChartView(parent);
    view->setMinimumHeight(120);
    return view;
}

}  // namespace

ModelPanel::ModelPanel(ScenarioContext* context, QWidget* parent) : ContextWidget(context, parent) {
    tabs_ = addDockTabs(this);

    // Each tab a page of its own: a column with narrow margins.
    auto page = [this](QWidget*& widget) {
        widget = new QWidget(tabs_);
        auto* column = new QVBoxLayout(widget);
        column->setContentsMargins(6, 4, 6, 4);
        column->setSpacing(2);
        return column;
    };
    QVBoxLayout* dl = page(decodePage_);
    decodeText_ = new QLabel(decodePage_);
    decodeText_->setWordWrap(true);
    decodeText_->setTextFormat(Qt::RichText);
    dl->addWidget(new TextArea(decodeText_, decodePage_));
    decodeChart_ = makeChartView(decodePage_);
    dl->addWidget(decodeChart_, 1);
    tabs_->addTab(decodePage_, QString());

    QVBoxLayout* sl = page(sweepPage_);
    auto* row = new QHBoxLayout;
    measure_ = new QPushButton(sweepPage_);
    sweepText_ = new QLabel(sweepPage_);
    sweepText_->setWordWrap(true);
    row->addWidget(measure_);
    row->addWidget(new TextArea(sweepText_, sweepPage_), 1);
    sl->addLayout(row);
    sweepChart_ = makeChartView(sweepPage_);
    sl->addWidget(sweepChart_, 1);
    tabs_->addTab(sweepPage_, QString());
    connect(measure_, &QPushButton::clicked, this, [this] {
        if (!sweepRunning_) {
            sweepRunning_ = true;
            sweepDone_ = 0;
            buildSweep();
            emit sweepWanted();
        }
    });
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == sweepPage_)
            maybeStartSweep();
        else
            buildDecode();  // asks for the no-cache replay now that it is on screen
    });

    const auto later = RefreshQueue::deferred(this, 0, [this] { buildDecode(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, later);
    retranslateUi();
}

void ModelPanel::retranslateUi() {
    tabs_->setTabText(0, tr("Prefill vs decode"));
    tabs_->setTabToolTip(0, tr("When each output token appeared, with the KV cache and with none"));
    tabs_->setTabText(1, tr("Length sweep"));
    tabs_->setTabToolTip(1, tr("Prefill time and attention work against KV memory, by prompt "
                               "length"));
    measure_->setText(tr("Measure"));
    measure_->setToolTip(
        tr("Prefill prompts from 64 tokens to the model's whole context on the "
           "backend, one after another"));
    buildDecode();
    buildSweep();
}

void ModelPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    RefreshQueue::deferred(this, 0, [this] { buildDecode(); })();
}

void ModelPanel::setNoCache(const NoCacheResultPtr& result) {
    if (!result || result->request != noCacheWanted_.request ||
        result->prompt != noCacheWanted_.prompt || result->sampling != noCacheWanted_.sampling)
        return;  // for a request the panel has left
    noCache_ = result;
    noCachePending_ = false;
    buildDecode();
}

void ModelPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void ModelPanel::setTheme(Theme theme) {
    theme_ = theme;
    buildDecode();
    buildSweep();
}

void ModelPanel::showTab(Tab tab) {
    tabs_->setCurrentWidget(tabPage(tab));
    if (tab == Tab::Sweep)
        maybeStartSweep();
    else
        RefreshQueue::deferred(this, 0, [this] { buildDecode(); })();
}

void ModelPanel::rebuild() {
    buildDecode();
    buildSweep();
}

QWidget* ModelPanel::tabPage(Tab tab) const {
    return tab == Tab::Decode ? decodePage_ : sweepPage_;
}

void ModelPanel::maybeStartSweep() {
    // The first look at the tab measures: a presenter should not have to find a button.
    if (!sweep_ && !sweepRunning_) {
        sweepRunning_ = true;
        sweepDone_ = 0;
        buildSweep();
        emit sweepWanted();
    }
}

void ModelPanel::setSweep(const SweepResultPtr& result) {
    sweep_ = result;
    sweepRunning_ = false;
    buildSweep();
}

void ModelPanel::setSweepProgress(int done, int total) {
    sweepDone_ = done;
    sweepTotal_ = total;
    if (sweepRunning_)
        buildSweep();
}

QString ModelPanel::decodeSummary() const {
    return decodeText_->text();
}

int ModelPanel::decodePoints(bool noCache) const {
    return noCache ? noCachePoints_ : cachedPoints_;
}

void ModelPanel::styleChart(QChart* chart, const QString& title) {
    const Palette& pal = Palette::get(theme_);
    styleChartFrame(chart, pal, title, font(), 2);
    QFont lf = font();
    lf.setPointSizeF(lf.pointSizeF() * 0.9);
    chart->legend()->setFont(lf);
    styleChartAxes(chart, pal, lf);
}

void ModelPanel::buildDecode() {
    const Palette& pal = Palette::get(theme_);
    QChart* chart = decodeChart_->chart();
    chart->removeAllSeries();
    cachedPoints_ = noCachePoints_ = 0;
    const ScenarioRun* run = shownRun();
    const int request = run ? context_->currentRequest() : -1;
    const RequestResult* res = run ? run->result(request) : nullptr;
    const bool finished = res && foldRequest(*run, request, context_->cursor()).finished;
    const QString muted = pal.mutedText.name();
    auto say = [&](const QString& text) {
        decodeText_->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(muted, text));
        clearChart(chart);
        styleChart(chart, QString());
    };
    if (!finished) {
        say(!run ? tr("Prefill and decode times appear as the scenario plays.")
                 : tr("Request %1's times appear when it finishes.").arg(request));
        return;
    }
    // The no-cache side: played with the run (run --no-cache), or served again on the worker
    // for this request when the tab shows it.
    const NoCacheReport* ncp = res->no_cache ? &*res->no_cache : nullptr;
    if (!ncp && noCache_ && noCache_->request == request &&
        noCache_->prompt == res->prompt.tokens && noCache_->sampling == run->sampling) {
        if (!noCache_->error.empty()) {
            say(tr("Could not serve request %1 without the cache: %2")
                    .arg(request)
                    .arg(QString::fromStdString(noCache_->error)));
            return;
        }
        ncp = &noCache_->report;
    }
    if (!ncp) {
        NoCacheQuery q;
        q.request = request;
        q.prompt = res->prompt.tokens;
        q.max_tokens = run->scenario.requests[static_cast<std::size_t>(request)].max_tokens;
        q.sampling = run->sampling;
        if (!decodePage_->isVisible()) {
            noCachePending_ = false;
        } else if (!noCachePending_ || noCacheWanted_.request != q.request ||
                   noCacheWanted_.prompt != q.prompt || noCacheWanted_.sampling != q.sampling) {
            noCacheWanted_ = q;
            noCachePending_ = true;
            emit noCacheWanted(q);
        }
        say(tr("Serving request %1 again without the KV cache, every decode step recomputing "
               "the whole sequence…")
                .arg(request));
        return;
    }
    const ServeTiming& c = res->timing;
    const NoCacheReport& nc = *ncp;
    const QLocale loc;
    auto ms = [&](double v) { return loc.toString(v, 'f', v < 10 ? 2 : 1); };
    const bool same = nc.output == res->output;
    decodeText_->setText(
        tr("<b>Request %1</b> · <span style='color:%2'>KV cache:</span> prefill %3 ms + decode "
           "%4 ms, %5 K/V rows computed · <span style='color:%6'>no cache:</span> prefill %7 ms "
           "+ decode %8 ms, %9 K/V rows (every step recomputes the whole sequence)")
            .arg(request)
            .arg(pal.hit.name(), ms(c.prefill_ms), ms(c.decode_ms), loc.toString(c.kv_rows),
                 pal.invalidation.name(), ms(nc.timing.prefill_ms), ms(nc.timing.decode_ms),
                 loc.toString(nc.timing.kv_rows)) +
        QStringLiteral(" · <span style='color:%1'>%2</span>")
            .arg((same ? pal.mutedText : pal.invalidation).name(),
                 !same ? tr("different tokens")
                 : nc.output.size() == 1
                     ? tr("same token")
                     : tr("same %n tokens", nullptr, static_cast<int>(nc.output.size()))));
    // When each token appeared: the first after the prefill (TTFT), each later one a decode
    // step after the one before.
    auto add = [&](const ServeTiming& t, const QString& name, const QColor& color) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->setPen(QPen(color, 2.2));
        s->setPointsVisible(true);
        double at = t.prefill_ms;
        s->append(1, at);
        for (std::size_t i = 0; i < t.step_ms.size(); ++i) {
            at += t.step_ms[i];
            s->append(static_cast<double>(i + 2), at);
        }
        chart->addSeries(s);
        return s;
    };
    // The legend says what the axes are: the dock is too low for axis titles.
    QLineSeries* a = add(c, tr("KV cache (ms)"), pal.hit);
    QLineSeries* b = add(nc.timing, tr("no cache (ms)"), pal.invalidation);
    cachedPoints_ = static_cast<int>(a->count());
    noCachePoints_ = static_cast<int>(b->count());
    QValueAxis* x = valueAxisOf(chart, Qt::Horizontal);
    QValueAxis* y = valueAxisOf(chart, Qt::Vertical);
    const int n = std::max(a->count(), b->count());
    x->setRange(1, std::max(2, n));
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(std::max(1, (n + 5) / 6));
    x->setLabelFormat(QStringLiteral("%d"));
    double top = 0;
    for (QLineSeries* s : {a, b}) {
        for (const QPointF& p : s->points())
            top = std::max(top, p.y());
    }
    y->setRange(0, niceCeil(top * 1.05));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTickCount(3);  // a low dock: more labels than fit would be elided
    for (QLineSeries* s : {a, b}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, QString());
}

void ModelPanel::buildSweep() {
    const Palette& pal = Palette::get(theme_);
    QChart* chart = sweepChart_->chart();
    chart->removeAllSeries();
    measure_->setEnabled(!sweepRunning_);
    // Nothing measured to show: a bare chart under the text.
    auto empty = [&](const QString& text) {
        sweepText_->setText(text);
        clearChart(chart);
        styleChart(chart, QString());
    };
    if (sweepRunning_) {
        empty(sweepTotal_ > 0 ? tr("Measuring prompt %1 of %2 on the worker…")
                                    .arg(std::min(sweepDone_ + 1, sweepTotal_))
                                    .arg(sweepTotal_)
                              : tr("Measuring…"));
        return;
    }
    if (!sweep_) {
        empty(tr("Not measured yet."));
        return;
    }
    if (!sweep_->error.empty() || sweep_->samples.empty()) {
        empty(tr("The sweep stopped: %1").arg(QString::fromStdString(sweep_->error)));
        return;
    }
    const SweepPoint& last = sweep_->samples.back();
    const QLocale loc;
    sweepText_->setText(
        (sweep_->modelled ? tr("%1 tokens: prefill %2 ms (nominal device), attention %3 GFLOP of "
                               "%4, KV %5. Each line is a share of its value there.")
                          : tr("%1 tokens: prefill %2 ms on %6, attention %3 GFLOP of %4, KV %5. "
                               "Each line is a share of its value there."))
            .arg(loc.toString(last.tokens), loc.toString(last.prefill_ms, 'f', 1),
                 loc.toString(last.attention_flops * 1e-9, 'f', 2),
                 loc.toString(last.flops * 1e-9, 'f', 1),
                 formatBytes(static_cast<double>(last.kv_bytes)),
                 QString::fromStdString(sweep_->backend)));
    auto add = [&](const QString& name, const QColor& color, auto value) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->setPen(QPen(color, 2.2));
        s->setPointsVisible(true);
        const double top = value(last);
        for (const SweepPoint& p : sweep_->samples)
            s->append(p.tokens, top > 0 ? 100.0 * value(p) / top : 0.0);
        chart->addSeries(s);
        return s;
    };
    QLineSeries* series[] = {
        add(tr("prefill time"), pal.accent, [](const SweepPoint& p) { return p.prefill_ms; }),
        add(tr("attention FLOPs"), pal.invalidation,
            [](const SweepPoint& p) { return p.attention_flops; }),
        add(tr("KV bytes"), pal.hit,
            [](const SweepPoint& p) { return static_cast<double>(p.kv_bytes); })};
    QValueAxis* x = valueAxisOf(chart, Qt::Horizontal);
    QValueAxis* y = valueAxisOf(chart, Qt::Vertical);
    x->setRange(0, last.tokens);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTickCount(5);
    y->setRange(0, 100);
    y->setTickCount(5);
    y->setLabelFormat(QStringLiteral("%d%%"));
    for (QLineSeries* s : series) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, QString());
}

}  // namespace pl::ui
