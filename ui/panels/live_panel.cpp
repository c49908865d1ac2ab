#include "panels/live_panel.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

namespace pl::ui {

namespace {

QString shortHash(const QString& hex) {
    return hex.left(8);
}

// A block's text on one line: control characters shown, not acted on.
QString oneLine(QString s, int max_chars = 80) {
    s.replace(u'\n', QStringLiteral("⏎"));
    s.replace(u'\t', u' ');
    if (s.size() > max_chars)
        s = s.left(max_chars - 1) + QStringLiteral("…");
    return s;
}

}  // namespace

// Hit rate and KV usage over the last two minutes, in percent.
class LiveChart : public QChartView {
  public:
    // The chart is handed over at construction: QChartView(parent) would make a default chart
    // of its own, and setChart() releases, never deletes, the one it replaces.
    explicit LiveChart(QWidget* parent) : QChartView(new QChart, parent) {
        QChart* c = chart();
        c->setMargins(QMargins(2, 2, 2, 2));
        c->legend()->setAlignment(Qt::AlignBottom);
        hit_ = new QLineSeries(c);
        kv_ = new QLineSeries(c);
        c->addSeries(hit_);
        c->addSeries(kv_);
        x_ = new QValueAxis(c);
        y_ = new QValueAxis(c);
        y_->setRange(0, 100);
        // 0 to 100 %, unlabelled: a narrow dock has no room for axis labels; the legend says
        // the latest values.
        y_->setTickCount(3);
        y_->setLabelsVisible(false);
        // The last two minutes, newest on the right: seconds on the axis would only crowd a
        // narrow dock.
        x_->setLabelsVisible(false);
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        c->legend()->setFont(small);
        c->addAxis(x_, Qt::AlignBottom);
        c->addAxis(y_, Qt::AlignLeft);
        for (auto* s : {hit_, kv_}) {
            s->attachAxis(x_);
            s->attachAxis(y_);
        }
        setRenderHint(QPainter::Antialiasing);
        setMinimumHeight(80);
        retranslate();
    }
    void retranslate() { name(); }
    void name() {
        auto pct = [](std::optional<double> v) {
            return v ? QStringLiteral(" %1%").arg(*v * 100, 0, 'f', 0) : QString();
        };
        hit_->setName(LiveDock::tr("prefix-cache hit rate") + pct(lastHit_));
        kv_->setName(LiveDock::tr("KV cache in use") + pct(lastKv_));
    }
    void add(double t, std::optional<double> hit, std::optional<double> kv) {
        if (hit)
            lastHit_ = hit;
        if (kv)
            lastKv_ = kv;
        name();
        if (hit)
            hit_->append(t, *hit * 100);
        if (kv)
            kv_->append(t, *kv * 100);
        for (auto* s : {hit_, kv_})
            while (s->count() > 0 && s->at(0).x() < t - 120)
                s->remove(0);
        x_->setRange(std::max(0.0, t - 120), std::max(10.0, t));
    }
    void clear() {
        hit_->clear();
        kv_->clear();
    }

  private:
    std::optional<double> lastHit_, lastKv_;
    QLineSeries* hit_;
    QLineSeries* kv_;
    QValueAxis* x_;
    QValueAxis* y_;
};

LiveDock::LiveDock(QWidget* window, QMenu* fileMenu, QMenu* viewMenu) : QDockWidget(window) {
    setObjectName(QStringLiteral("liveDock"));
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                QDockWidget::DockWidgetClosable);
    auto* body = new QWidget(this);
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(4, 4, 4, 4);
    header_ = new QLabel(body);
    header_->setWordWrap(true);
    counts_ = new QLabel(body);
    counts_->setWordWrap(true);
    counts_->setObjectName(QStringLiteral("liveCounts"));
    v->addWidget(header_);
    v->addWidget(counts_);
    auto* split = new QSplitter(Qt::Vertical, body);
    tree_ = new QTreeWidget(split);
    tree_->setObjectName(QStringLiteral("liveForest"));
    tree_->setColumnCount(4);
    tree_->setUniformRowHeights(true);
    tree_->header()->setStretchLastSection(true);
    tree_->setColumnWidth(0, 150);
    tree_->setColumnWidth(1, 44);
    tree_->setColumnWidth(2, 70);
    tree_->setIndentation(12);
    connect(tree_, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem* it) {
        collapsed_.insert(it->data(0, Qt::UserRole).toString());
    });
    connect(tree_, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem* it) {
        collapsed_.remove(it->data(0, Qt::UserRole).toString());
    });
    // Three panes: the forest, the branch points (scrolling when long, never cut), the chart.
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* text = new QWidget(scroll);
    auto* lv = new QVBoxLayout(text);
    lv->setContentsMargins(0, 0, 0, 0);
    branches_ = new QLabel(text);
    branches_->setObjectName(QStringLiteral("liveBranches"));
    branches_->setWordWrap(true);
    branches_->setTextFormat(Qt::RichText);
    branches_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    notices_ = new QLabel(text);
    notices_->setWordWrap(true);
    lv->addWidget(branches_);
    lv->addWidget(notices_);
    lv->addStretch(1);
    scroll->setWidget(text);
    chart_ = new LiveChart(split);
    split->addWidget(tree_);
    split->addWidget(scroll);
    split->addWidget(chart_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);
    split->setChildrenCollapsible(false);
    v->addWidget(split, 1);
    setWidget(body);

    // Before the menu's last separator (Quit stays last).
    QAction* before = nullptr;
    for (QAction* a : fileMenu->actions())
        if (a->isSeparator())
            before = a;
    connectAction_ = new QAction(this);
    connectAction_->setObjectName(QStringLiteral("connectServer"));
    disconnectAction_ = new QAction(this);
    disconnectAction_->setObjectName(QStringLiteral("disconnectServer"));
    disconnectAction_->setEnabled(false);
    fileMenu->insertAction(before, connectAction_);
    fileMenu->insertAction(before, disconnectAction_);
    connect(connectAction_, &QAction::triggered, this, [this] { openDialog(); });
    connect(disconnectAction_, &QAction::triggered, this, [this] { disconnectServer(); });
    viewMenu->addAction(toggleViewAction());
    connect(&session_, &LiveSession::frameReady, this,
            [this](const LiveFrame& f) { showFrame(f); });
    hide();
    retranslate();
}

LiveDock::~LiveDock() = default;

void LiveDock::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(e);
}

void LiveDock::retranslate() {
    setWindowTitle(tr("Live server"));
    connectAction_->setText(tr("&Connect to a server…"));
    disconnectAction_->setText(tr("&Disconnect from the server"));
    tree_->setHeaderLabels({tr("Block"), tr("Depth"), tr("Held below"), tr("Text")});
    chart_->retranslate();
    if (spec_.endpoints.isEmpty())
        header_->setText(
            tr("Not connected. File > Connect to a server… subscribes to a vLLM or "
               "SGLang server's KV-cache events."));
    else
        header_->setText(tr("Connected to %1").arg(spec_.endpoints.join(QStringLiteral(", "))));
    if (frames_ > 0)
        showFrame(last_);
}

QString LiveDock::connectTo(const LiveConnectSpec& spec) {
    const QString error = session_.start(spec);
    if (!error.isEmpty())
        return error;
    spec_ = spec;
    frames_ = 0;
    last_ = LiveFrame{};
    collapsed_.clear();
    recentNotices_.clear();
    chart_->clear();
    tree_->clear();
    disconnectAction_->setEnabled(true);
    // A tab beside the lint panel rather than a third dock stacked in the right column: at
    // 1280x800 the column has no height to spare.
    if (auto* mw = qobject_cast<QMainWindow*>(parentWidget()); mw && !tabified_) {
        if (auto* lint = mw->findChild<QDockWidget*>(QStringLiteral("lintDock"))) {
            mw->tabifyDockWidget(lint, this);
            tabified_ = true;
        }
    }
    show();
    raise();
    retranslate();
    return {};
}

void LiveDock::disconnectServer() {
    session_.stop();
    disconnectAction_->setEnabled(false);
    header_->setText(tr("Disconnected from %1").arg(spec_.endpoints.join(QStringLiteral(", "))));
}

QString LiveDock::matchText(const LiveMatch& m) const {
    if (m.part == QLatin1String("system"))
        return tr("your request %1's system prompt, block %2").arg(m.request).arg(m.block);
    if (m.part == QLatin1String("tools"))
        return tr("your request %1's tools, block %2").arg(m.request).arg(m.block);
    return tr("your request %1's messages, block %2").arg(m.request).arg(m.block);
}

void LiveDock::openDialog() {
    QDialog d(this);
    d.setWindowTitle(tr("Connect to a server"));
    auto* form = new QFormLayout(&d);
    auto* endpoints = new QLineEdit(spec_.endpoints.join(u' '), &d);
    endpoints->setPlaceholderText(QStringLiteral("tcp://HOST:5557"));
    auto* replay = new QLineEdit(spec_.replay, &d);
    replay->setPlaceholderText(QStringLiteral("tcp://HOST:5558"));
    auto* topic =
        new QLineEdit(spec_.endpoints.isEmpty() ? QStringLiteral("kv-events") : spec_.topic, &d);
    auto* metrics = new QLineEdit(spec_.metricsUrl, &d);
    metrics->setPlaceholderText(QStringLiteral("http://HOST:8000/metrics"));
    auto* tokenizer = new QLineEdit(spec_.tokenizerDir, &d);
    auto* browse = new QToolButton(&d);
    browse->setText(QStringLiteral("…"));
    connect(browse, &QToolButton::clicked, &d, [&] {
        const QString dir = QFileDialog::getExistingDirectory(
            &d, tr("Tokenizer folder (vocab.json and merges.txt, or tokenizer.json)"));
        if (!dir.isEmpty())
            tokenizer->setText(dir);
    });
    auto* tokRow = new QHBoxLayout();
    tokRow->addWidget(tokenizer, 1);
    tokRow->addWidget(browse);
    form->addRow(tr("Event endpoints (one per server or rank):"), endpoints);
    form->addRow(tr("Replay endpoint:"), replay);
    form->addRow(tr("Topic:"), topic);
    form->addRow(tr("Metrics URL:"), metrics);
    form->addRow(tr("Tokenizer folder:"), tokRow);
    auto* match = new QLineEdit(spec_.matchFile, &d);
    match->setPlaceholderText(tr("a scenario or request file (optional)"));
    auto* browseMatch = new QToolButton(&d);
    browseMatch->setText(QStringLiteral("…"));
    connect(browseMatch, &QToolButton::clicked, &d, [&] {
        const QString file =
            QFileDialog::getOpenFileName(&d, tr("Your prompts (a scenario or a request body)"),
                                         QString(), tr("JSON (*.json);;All files (*)"));
        if (!file.isEmpty())
            match->setText(file);
    });
    auto* matchRow = new QHBoxLayout();
    matchRow->addWidget(match, 1);
    matchRow->addWidget(browseMatch);
    form->addRow(tr("Match blocks to your prompts:"), matchRow);
    auto* blockSize = new QSpinBox(&d);
    blockSize->setRange(1, 65536);
    blockSize->setValue(spec_.blockSize);
    form->addRow(tr("Server's block size (tokens):"), blockSize);
    auto* seed = new QLineEdit(spec_.hashSeed, &d);
    seed->setPlaceholderText(tr("vLLM's PYTHONHASHSEED (sha256_cbor hashes only)"));
    form->addRow(tr("Hash seed:"), seed);
    auto* help = new QLabel(tr("vLLM: --kv-events-config with \"publisher\": \"zmq\"; SGLang: "
                               "--kv-events-config. The guide lists the exact flags."),
                            &d);
    help->setWordWrap(true);
    form->addRow(help);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    d.resize(560, d.sizeHint().height());
    while (d.exec() == QDialog::Accepted) {
        LiveConnectSpec spec;
        spec.endpoints = endpoints->text().split(u' ', Qt::SkipEmptyParts);
        spec.replay = replay->text();
        spec.topic = topic->text();
        spec.metricsUrl = metrics->text();
        spec.tokenizerDir = tokenizer->text();
        spec.matchFile = match->text();
        spec.blockSize = blockSize->value();
        spec.hashSeed = seed->text();
        const QString error = connectTo(spec);
        if (error.isEmpty())
            return;
        QMessageBox::warning(&d, tr("Connect to a server"), error);
    }
}

void LiveDock::showFrame(const LiveFrame& f) {
    if (&f != &last_) {
        last_ = f;
        ++frames_;
        chart_->add(f.elapsedS, f.hitRate, f.kvUsage);
        for (const QString& n : f.notices)
            recentNotices_.push_back(n);
        while (recentNotices_.size() > 3)
            recentNotices_.pop_front();
    }
    const double perS = 1000.0 / 250.0;
    QString counts = tr("%1 blocks held · +%2 stored/s · −%3 evicted/s · %4 stored, %5 evicted "
                        "(%6 within 10 s)")
                         .arg(f.held)
                         .arg(static_cast<qint64>(f.storedNow * perS))
                         .arg(static_cast<qint64>(f.removedNow * perS))
                         .arg(f.stored)
                         .arg(f.removed)
                         .arg(f.churned);
    if (f.hitRate)
        counts += tr(" · hit rate %1%").arg(*f.hitRate * 100, 0, 'f', 1);
    if (f.kvUsage)
        counts += tr(" · KV %1%").arg(*f.kvUsage * 100, 0, 'f', 0);
    const live::LiveCounters& c = f.counters;
    if (c.malformed || c.gaps || c.restarts || c.unknown)
        counts += tr(" · %1 malformed, %2 unknown, %3 gaps (%4 lost), %5 restarts")
                      .arg(c.malformed)
                      .arg(c.unknown)
                      .arg(c.gaps)
                      .arg(c.gaps_unfilled)
                      .arg(c.restarts);
    counts_->setText(counts);

    // The forest, rebuilt each frame; what the user folded stays folded.
    tree_->setUpdatesEnabled(false);
    tree_->clear();
    std::vector<QTreeWidgetItem*> items(f.forest.size(), nullptr);
    for (std::size_t i = 0; i < f.forest.size(); ++i) {
        const LiveForestItem& n = f.forest[i];
        QTreeWidgetItem* parent =
            n.parent >= 0 ? items[static_cast<std::size_t>(n.parent)] : nullptr;
        auto* it = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree_);
        items[i] = it;
        it->setData(0, Qt::UserRole, n.hash);
        it->setText(0, shortHash(n.hash));
        it->setToolTip(0, n.hash);
        it->setText(1, QString::number(n.depth));
        it->setText(2, QString::number(n.held));
        QString text = oneLine(n.text);
        if (n.hiddenChildren > 0)
            text += tr("  (+%n colder branch(es))", nullptr, n.hiddenChildren);
        if (n.match.request > 0)
            text = matchText(n.match) + QStringLiteral(" · ") + text;
        it->setText(3, text);
        if (n.ageS < 1.0)
            it->setForeground(0, QColor(0x2e, 0x9d, 0x4f));  // stored in the last second
    }
    for (QTreeWidgetItem* it : items)
        if (it->childCount() > 0 && !collapsed_.contains(it->data(0, Qt::UserRole).toString()))
            it->setExpanded(true);
    tree_->setUpdatesEnabled(true);

    QString html;
    if (f.branches.empty()) {
        html = tr("No branch point yet: no held block has two held children.");
    } else {
        html =
            QStringLiteral("<b>") + tr("Where cached prompts diverge") + QStringLiteral("</b><br>");
        for (const LiveBranch& b : f.branches) {
            QString line = tr("%n chain(s) split after block %1", nullptr, b.children).arg(b.depth);
            line += QStringLiteral(" <tt>") + shortHash(b.hash) + QStringLiteral("</tt>");
            if (!b.text.isEmpty())
                line += QStringLiteral(": “") + oneLine(b.text, 40).toHtmlEscaped() +
                        QStringLiteral("” → “") + oneLine(b.diverging, 30).toHtmlEscaped() +
                        QStringLiteral("”");
            if (b.match.request > 0)
                line += QStringLiteral(" — ") + matchText(b.match).toHtmlEscaped();
            if (b.looksDynamic == QLatin1String("timestamp"))
                line += QStringLiteral(" — <b>") + tr("looks like a timestamp") +
                        QStringLiteral("</b>");
            else if (b.looksDynamic == QLatin1String("id"))
                line += QStringLiteral(" — <b>") + tr("looks like an id") + QStringLiteral("</b>");
            else if (b.looksDynamic == QLatin1String("counter"))
                line +=
                    QStringLiteral(" — <b>") + tr("looks like a counter") + QStringLiteral("</b>");
            html += line + QStringLiteral("<br>");
        }
    }
    branches_->setText(html);
    notices_->setText(recentNotices_.join(u'\n'));
}

}  // namespace pl::ui
