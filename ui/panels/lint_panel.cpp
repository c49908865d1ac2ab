#include "panels/lint_panel.h"

#include <QApplication>
#include <QFocusEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPainterPath>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "common/icons.h"
#include "common/tab_sizing.h"
#include "panels/lint_text.h"
#include "session/engine_session.h"
#include "state/refresh_queue.h"

namespace pl::ui {

namespace {

enum Role {
    RuleRole = Qt::UserRole,
    WhereRole,
    SeverityRole,
};

QColor severityColor(const Palette& pal, lint::Severity s) {
    switch (s) {
        case lint::Severity::Error:
            return pal.invalidation;
        case lint::Severity::Warning:
            return pal.partial;
        case lint::Severity::Note:
            return pal.accent;
    }
    return pal.mutedText;
}

QString severityLabel(lint::Severity s) {
    switch (s) {
        case lint::Severity::Error:
            return LintPanel::tr("error");
        case lint::Severity::Warning:
            return LintPanel::tr("warning");
        case lint::Severity::Note:
            return LintPanel::tr("note");
    }
    return {};
}

// A filled badge: a circle with "!" for errors, a triangle with "!" for warnings, a circle
// with "i" for notes, so the kind reads without colour too.
QIcon severityIcon(lint::Severity s, const QColor& color) {
    auto draw = [&](QPainter& g) {
        QPainterPath shape;
        if (s == lint::Severity::Warning) {
            shape.moveTo(12, 2.5);
            shape.lineTo(22.5, 21);
            shape.lineTo(1.5, 21);
            shape.closeSubpath();
        } else {
            shape.addEllipse(QPointF(12, 12), 10.5, 10.5);
        }
        g.fillPath(shape, color);
        g.setPen(Qt::NoPen);
        g.setBrush(Qt::white);
        if (s == lint::Severity::Note) {
            g.drawEllipse(QPointF(12, 7), 1.8, 1.8);
            g.drawRoundedRect(QRectF(10.4, 10, 3.2, 8.5), 1.2, 1.2);
        } else {
            const qreal top = s == lint::Severity::Warning ? 8.5 : 5.5;
            g.drawRoundedRect(QRectF(10.5, top, 3, 7.5), 1.2, 1.2);
            g.drawEllipse(QPointF(12, top + 10.5), 1.7, 1.7);
        }
    };
    QIcon icon;
    for (int size : {16, 24, 32, 48})
        icon.addPixmap(gridPixmap(size, draw));
    return icon;
}

// One finding per row: badge, rule name and where on the first line, the message wrapped below.
class FindingDelegate : public QStyledItemDelegate {
  public:
    explicit FindingDelegate(QListWidget* view) : QStyledItemDelegate(view), view_(view) {}
    void setTheme(Theme theme) { theme_ = theme; }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        const Metrics m = metrics(option.font);
        const int w = std::max(80, view_->viewport()->width() - m.textLeft - m.pad);
        const QRect msg = QFontMetrics(option.font)
                              .boundingRect(QRect(0, 0, w, 100000), Qt::TextWordWrap,
                                            index.data(Qt::DisplayRole).toString());
        return {w + m.textLeft + m.pad, m.pad * 2 + m.line + m.gap + msg.height()};
    }

    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        const Palette& pal = Palette::get(theme_);
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        opt.icon = QIcon();
        const QWidget* w = opt.widget;
        QStyle* style = w ? w->style() : QApplication::style();
        style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, p, w);
        const bool selected = opt.state & QStyle::State_Selected;
        const QColor text = selected ? opt.palette.color(QPalette::HighlightedText) : pal.text;
        const QColor muted = selected ? text : pal.mutedText;
        const Metrics m = metrics(opt.font);
        const QRect r = opt.rect.adjusted(m.pad, m.pad, -m.pad, -m.pad);
        const auto sev = static_cast<lint::Severity>(index.data(SeverityRole).toInt());
        const int icon = m.line;
        severityIcon(sev, severityColor(pal, sev)).paint(p, QRect(r.left(), r.top(), icon, icon));

        p->save();
        QFont bold = opt.font;
        bold.setBold(true);
        const QFontMetrics bfm(bold);
        const QFontMetrics fm(opt.font);
        const int x = opt.rect.left() + m.textLeft;
        const int right = r.right();
        const QString rule = index.data(RuleRole).toString();
        const QString where = index.data(WhereRole).toString();
        // Rounded up: an advance rounded down elides the whole name by a fraction of a pixel.
        const int ruleW = std::min(
            static_cast<int>(std::ceil(QFontMetricsF(bold).horizontalAdvance(rule))), right - x);
        p->setFont(bold);
        p->setPen(text);
        p->drawText(QRect(x, r.top(), ruleW, m.line), Qt::AlignLeft | Qt::AlignVCenter,
                    bfm.elidedText(rule, Qt::ElideRight, ruleW));
        const int wx = x + ruleW + fm.horizontalAdvance(QStringLiteral("  "));
        if (!where.isEmpty() && wx < right) {
            p->setFont(opt.font);
            p->setPen(muted);
            p->drawText(QRect(wx, r.top(), right - wx, m.line), Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(where, Qt::ElideRight, right - wx));
        }
        p->setFont(opt.font);
        p->setPen(text);
        p->drawText(QRect(x, r.top() + m.line + m.gap, right - x, r.height() - m.line - m.gap),
                    Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                    index.data(Qt::DisplayRole).toString());
        p->restore();
        // A hairline between rows.
        if (!selected) {
            p->setPen(QPen(pal.grid, 1));
            p->drawLine(opt.rect.bottomLeft(), opt.rect.bottomRight());
        }
    }

  private:
    struct Metrics {
        int pad, line, gap, textLeft;
    };
    static Metrics metrics(const QFont& font) {
        const QFontMetrics fm(font);
        Metrics m{};
        m.pad = std::max(4, fm.height() / 3);
        m.line = fm.height();
        m.gap = std::max(2, fm.height() / 6);
        m.textLeft = m.pad + m.line + m.pad;
        return m;
    }

    QListWidget* view_;
    Theme theme_ = Theme::Light;
};

QString arrow(const QString& before, const QString& after) {
    return QStringLiteral("%1 → %2").arg(before, after);
}

// Per-request input costs are fractions of a cent: cents keep the column narrow.
QString cents(double usd) {
    return QString::number(usd * 100.0, 'f', 3);
}

QString ms(double v) {
    return QString::number(v, 'f', v < 100 ? 1 : 0);
}

}  // namespace

LintPanel::LintPanel(ScenarioContext* context, EngineHost* engine, QWidget* parent)
    : ContextWidget(context, parent), engine_(engine) {
    setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    auto* top = new QHBoxLayout;
    header_ = new QLabel(this);
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    // Texts come from retranslateUi(); here only what does not depend on the language.
    fixButton_ = new QPushButton(this);
    top->addWidget(header_, 1);
    top->addWidget(fixButton_, 0, Qt::AlignTop);
    layout->addLayout(top);

    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    layout->addWidget(tabs_, 1);

    // Findings: the list (or a friendly empty state) and the rule's explanation below.
    auto* findingsPage = new QWidget(tabs_);
    auto* fl = new QVBoxLayout(findingsPage);
    fl->setContentsMargins(0, 4, 0, 0);
    fl->setSpacing(4);
    findingsStack_ = new QStackedWidget(findingsPage);
    list_ = new QListWidget(findingsStack_);
    list_->setItemDelegate(new FindingDelegate(list_));
    list_->setWordWrap(true);
    list_->setResizeMode(QListView::Adjust);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    list_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    // The empty state's text scrolls where a narrow dock at a large zoom cannot show it whole.
    emptyScroll_ = new QScrollArea(findingsStack_);
    emptyScroll_->setFrameShape(QFrame::NoFrame);
    emptyScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    emptyScroll_->setWidgetResizable(true);
    empty_ = new QLabel(emptyScroll_);
    empty_->setTextFormat(Qt::RichText);
    empty_->setWordWrap(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setMargin(12);
    emptyScroll_->setWidget(empty_);
    findingsStack_->addWidget(list_);
    findingsStack_->addWidget(emptyScroll_);
    detail_ = new QTextBrowser(findingsPage);
    detail_->setOpenLinks(false);
    detail_->setFrameShape(QFrame::NoFrame);
    auto* split = new QSplitter(Qt::Vertical, findingsPage);
    split->setChildrenCollapsible(false);
    split->addWidget(findingsStack_);
    split->addWidget(detail_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    fl->addWidget(split, 1);
    tabs_->addTab(findingsPage, QString());

    // The fixed layout beside the run on screen.
    auto* comparePage = new QWidget(tabs_);
    auto* cl = new QVBoxLayout(comparePage);
    cl->setContentsMargins(0, 4, 0, 0);
    cl->setSpacing(4);
    compareNote_ = new QLabel(comparePage);
    compareNote_->setTextFormat(Qt::RichText);
    compareNote_->setWordWrap(true);
    cl->addWidget(compareNote_);
    auto* prog = new QHBoxLayout;
    progress_ = new QProgressBar(comparePage);
    progress_->setRange(0, 0);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(90);
    progressText_ = new QLabel(comparePage);
    progressText_->setWordWrap(true);
    prog->addWidget(progress_);
    prog->addWidget(progressText_, 1);
    cl->addLayout(prog);
    error_ = new QLabel(comparePage);
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cl->addWidget(error_);
    table_ = new QTableWidget(comparePage);
    table_->setColumnCount(4);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setFocusPolicy(Qt::NoFocus);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    cl->addWidget(table_, 1);
    cl->addStretch(0);  // keeps the note at the top while the table is hidden
    tabs_->addTab(comparePage, QString());
    sizeTabsByCurrentPage(tabs_);
    fitMinimumHeights();

    connect(list_, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { selectFinding(list_->row(item)); });
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && list_->currentItem() && list_->currentItem()->isSelected())
            selectFinding(row);
        refreshDetail();
    });
    connect(fixButton_, &QPushButton::clicked, this, &LintPanel::applyFix);

    connect(context, &ScenarioContext::scenarioChanged, this, [this] {
        if (engine_ && runningFix_)
            engine_->cancelVariant();
        runningFix_ = false;
        fixedRun_.reset();
        fixError_.clear();
        tabs_->setCurrentIndex(0);
        relint();
        refreshRows(true);
        refreshComparison();
    });
    connect(context, &ScenarioContext::runChanged, this, RefreshQueue::deferred(this, 0, [this] {
                refreshRows();
                refreshComparison();
            }));
    connect(context, &ScenarioContext::cursorChanged, this,
            RefreshQueue::deferred(this, 1, [this] { refreshRows(); }));
    connect(context, &ScenarioContext::selectionChanged, this, [this] {
        refreshRows();
        // A block clicked elsewhere replaces the finding's selection: let go of the row.
        const int row = list_->currentRow();
        if (!selecting_ && row >= 0 && row < findingCount() &&
            context_->selectedTokens() != findingTokens(row) && list_->currentItem()->isSelected())
            list_->clearSelection();
        refreshDetail();
    });
    if (engine) {
        connect(engine, &EngineHost::lintReady, this, &LintPanel::showLint);
        connect(engine, &EngineHost::variantProgress, this, [this](const QString& text) {
            if (!runningFix_)
                return;
            queued_ = false;
            progressText_->setText(text);
        });
        connect(engine, &EngineHost::variantReady, this, [this](const ScenarioRunPtr& run) {
            if (!runningFix_)
                return;
            runningFix_ = false;
            if (!run->error.empty()) {
                showFixError(QString::fromStdString(run->error));
                return;
            }
            fixedRun_ = run;
            refreshComparison();
            emit fixCompared();
        });
        connect(engine, &EngineHost::variantFailed, this, [this](const QString& message) {
            if (!runningFix_)
                return;
            runningFix_ = false;
            showFixError(message);
        });
    }
    restyle();
    if (context->hasScenario())
        relint();
    retranslateUi();  // fills the rows and the comparison too
}

LintPanel::~LintPanel() {
    if (engine_ && runningFix_)
        engine_->cancelVariant();
}

void LintPanel::setTheme(Theme theme) {
    theme_ = theme;
    static_cast<FindingDelegate*>(list_->itemDelegate())->setTheme(theme);
    restyle();
    refreshRows(true);
    refreshComparison();
}

void LintPanel::restyle() {
    const Palette& pal = Palette::get(theme_);
    QPalette ep = error_->palette();
    ep.setColor(QPalette::WindowText, pal.invalidation);
    error_->setPalette(ep);
    for (QLabel* l : {compareNote_, progressText_, empty_}) {
        QPalette mp = l->palette();
        mp.setColor(QPalette::WindowText, pal.mutedText);
        l->setPalette(mp);
    }
}

void LintPanel::retranslateUi() {
    tabs_->setTabText(0, tr("Findings"));
    tabs_->setTabText(1, tr("Fix: before → after"));
    table_->setHorizontalHeaderLabels({tr("Req."), tr("Reused"), tr("TTFT ms"), tr("Cost ¢")});
    if (runningFix_ && queued_)
        progressText_->setText(tr("Queued behind the current run…"));
    // The header, the empty state, the rows with their tooltips, the detail, the fix button and
    // the comparison are all worded as they are built: build them again.
    refreshRows(true);
    refreshComparison();
}

// Two lines each, below the scroll areas' own minimum of about five: the dock shares the
// window's height with the prompt and the output, and with a lesson panel above them all the
// window must still fit a 1280x800 projector. The views scroll when they are that small.
void LintPanel::fitMinimumHeights() {
    const int line = fontMetrics().height();
    list_->setMinimumHeight(line * 2);
    detail_->setMinimumHeight(line * 2);
    table_->setMinimumHeight(line * 2);
}

void LintPanel::changeEvent(QEvent* e) {
    switch (e->type()) {
        case QEvent::LanguageChange:
            retranslateUi();
            break;
        case QEvent::FontChange:
            // Zoom, or a language's own font (it arrives after the LanguageChange): measure the
            // rows and the table's columns again, or they keep the old font's widths.
            list_->doItemsLayout();
            table_->resizeColumnsToContents();
            table_->resizeRowsToContents();
            fitMinimumHeights();
            break;
        default:
            break;
    }
    QWidget::changeEvent(e);
}

void LintPanel::focusInEvent(QFocusEvent* e) {
    QWidget::focusInEvent(e);
    // Ctrl+L lands here: hand the focus to the list, where the arrow keys walk the findings.
    if (findingsStack_->currentWidget() == list_) {
        tabs_->setCurrentIndex(0);
        list_->setFocus(e->reason());
    }
}

void LintPanel::relint() {
    lint_.reset();
    lintError_.clear();
    linting_ = false;
    if (!context_ || !context_->hasScenario() || !engine_)
        return;
    // On the worker, with the model's tokenizer: the UI thread never tokenizes.
    lintGeneration_ = engine_->lint(context_->scenario());
    linting_ = lintGeneration_ != 0;  // 0: the engine has shut down
}

void LintPanel::showLint(const ScenarioLintPtr& lint) {
    if (!linting_ || !lint || lint->generation != lintGeneration_)
        return;  // not the scenario on screen
    linting_ = false;
    lint_ = lint;
    lintError_ = QString::fromStdString(lint->error);
    const bool focused = hasFocus();
    refreshRows(true);
    refreshComparison();
    if (focused && findingsStack_->currentWidget() == list_)
        list_->setFocus(Qt::OtherFocusReason);  // as focusInEvent does once there is a list
    emit linted();
}

const std::vector<LintedFinding>& LintPanel::findings() const {
    static const std::vector<LintedFinding> none;
    return lint_ ? lint_->findings : none;
}

QString LintPanel::whereText(const LintedFinding& f) const {
    if (!f.finding.tokens)
        return QString::fromStdString(f.pointer);
    const int first = f.finding.tokens->begin, last = f.finding.tokens->end - 1;
    const int bs =
        context_ && context_->hasScenario() ? std::max(1, context_->scenario().block_size) : 1;
    const int b0 = first / bs, b1 = last / bs;
    return (first == last ? tr("token %1").arg(first) : tr("tokens %1–%2").arg(first).arg(last)) +
           QStringLiteral(" · ") +
           (b0 == b1 ? tr("block %1").arg(b0) : tr("blocks %1–%2").arg(b0).arg(b1));
}

void LintPanel::refreshRows(bool force) {
    const Palette& pal = Palette::get(theme_);
    const int request = context_ && context_->hasScenario() ? context_->currentRequest() : -1;
    if (!force && request == shownRequest_)
        return;
    shownRequest_ = request;
    rows_.clear();
    const QSignalBlocker block(list_);
    list_->clear();
    updateFixControls();
    if (!context_ || !context_->hasScenario()) {
        header_->setText(tr("<b>Lint</b>"));
        empty_->setText(tr("Load a scenario to lint its prompt layout."));
        findingsStack_->setCurrentWidget(emptyScroll_);
        refreshDetail();
        return;
    }
    if (linting_) {
        header_->setText(tr("<b>Lint</b>"));
        empty_->setText(tr("Linting…"));
        findingsStack_->setCurrentWidget(emptyScroll_);
        refreshDetail();
        return;
    }
    if (!lintError_.isEmpty()) {
        header_->setText(tr("<b>Lint</b>"));
        empty_->setText(tr("<span style='color:%1'>This scenario could not be linted: %2</span>")
                            .arg(pal.invalidation.name(), lintError_.toHtmlEscaped()));
        findingsStack_->setCurrentWidget(emptyScroll_);
        refreshDetail();
        return;
    }
    int errors = 0, warnings = 0, notes = 0;
    std::vector<int> elsewhere;
    const std::vector<LintedFinding>& all = findings();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const lint::Finding& f = all[i].finding;
        if (f.request != request) {
            if (std::find(elsewhere.begin(), elsewhere.end(), f.request) == elsewhere.end())
                elsewhere.push_back(f.request);
            continue;
        }
        rows_.push_back(static_cast<int>(i));
        errors += f.severity == lint::Severity::Error;
        warnings += f.severity == lint::Severity::Warning;
        notes += f.severity == lint::Severity::Note;
        auto* item = new QListWidgetItem(lintMessage(f));
        item->setData(RuleRole, QString::fromStdString(f.rule));
        item->setData(WhereRole, whereText(all[i]));
        item->setData(SeverityRole, static_cast<int>(f.severity));
        item->setIcon(severityIcon(f.severity, severityColor(pal, f.severity)));
        if (const lint::RuleInfo* info = lint::find_rule(f.rule))
            item->setToolTip(QStringLiteral("<p><b>%1</b> (%2): %3</p><p>%4</p>")
                                 .arg(QString::fromLatin1(info->name),
                                      severityLabel(info->severity),
                                      lintRuleSummary(f.rule).toHtmlEscaped(),
                                      lintRuleExplanation(f.rule).toHtmlEscaped()));
        list_->addItem(item);
    }
    // %n: a plural for every count (Polish has three); "1 ..." stays its own text for English.
    QStringList counts;
    if (errors)
        counts << (errors == 1 ? tr("1 error") : tr("%n errors", nullptr, errors));
    if (warnings)
        counts << (warnings == 1 ? tr("1 warning") : tr("%n warnings", nullptr, warnings));
    if (notes)
        counts << (notes == 1 ? tr("1 note") : tr("%n notes", nullptr, notes));
    QString head =
        tr("<b>Request %1</b> · %2")
            .arg(request)
            .arg(counts.isEmpty() ? tr("no findings") : counts.join(QStringLiteral(", ")));
    if (!elsewhere.empty()) {
        std::sort(elsewhere.begin(), elsewhere.end());
        QStringList which;
        for (int r : elsewhere)
            which << QString::number(r);
        head += tr("<br><span style='color:%1'>Other requests with findings: %2</span>")
                    .arg(pal.mutedText.name(), which.join(QStringLiteral(", ")));
    }
    header_->setText(head);
    if (rows_.empty()) {
        empty_->setText(
            tr("<p style='font-size:x-large; color:%1'>✔</p><p><b>No findings for request "
               "%2.</b></p><p>Nothing that changes from request to request sits in its "
               "cacheable prefix, so every block a previous request cached can be reused.</p>")
                .arg(pal.hit.name())
                .arg(request));
        findingsStack_->setCurrentWidget(emptyScroll_);
    } else {
        findingsStack_->setCurrentWidget(list_);
        // Keep the finding whose tokens are selected highlighted.
        const auto sel = context_->selectedTokens();
        for (int row = 0; row < findingCount() && sel; ++row) {
            if (findingTokens(row) == sel) {
                list_->setCurrentRow(row);
                break;
            }
        }
    }
    refreshDetail();
}

void LintPanel::refreshDetail() {
    const Palette& pal = Palette::get(theme_);
    detail_->setVisible(!rows_.empty());  // the empty state gets the whole page
    const int row = list_->currentRow();
    if (rows_.empty() || row < 0 || row >= findingCount() || !list_->currentItem()->isSelected()) {
        detail_->setHtml(rows_.empty() ? QString()
                                       : tr("<p style='color:%1'>Click a finding to select its "
                                            "tokens in the prompt and its blocks in the chain. "
                                            "Hover it for the rule's explanation.</p>")
                                             .arg(pal.mutedText.name()));
        return;
    }
    const lint::Finding& f = finding(row);
    QString html;
    if (f.fix)
        html += tr("<p><b>Fix:</b> %1</p>").arg(lintFix(f).toHtmlEscaped());
    if (const lint::RuleInfo* info = lint::find_rule(f.rule)) {
        html += tr("<p><b>%1</b> <span style='color:%2'>(%3)</span> — %4</p>")
                    .arg(QString::fromLatin1(info->name), pal.mutedText.name(),
                         severityLabel(info->severity), lintRuleSummary(f.rule).toHtmlEscaped());
        html += QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(pal.mutedText.name(), lintRuleExplanation(f.rule).toHtmlEscaped());
    }
    detail_->setHtml(html);
}

const lint::Finding& LintPanel::finding(int row) const {
    return findings().at(static_cast<std::size_t>(rows_.at(static_cast<std::size_t>(row)))).finding;
}

std::optional<TokenSelection> LintPanel::findingTokens(int row) const {
    if (row < 0 || row >= findingCount())
        return std::nullopt;
    const lint::Finding& f = finding(row);
    if (!f.tokens)
        return std::nullopt;
    return TokenSelection{f.request, f.tokens->begin, f.tokens->end};
}

QRect LintPanel::findingRect(int row) const {
    QListWidgetItem* item = list_->item(row);
    if (!item || !list_->isVisible())
        return {};
    const QRect r = list_->visualItemRect(item);
    return QRect(list_->viewport()->mapTo(this, r.topLeft()), r.size());
}

bool LintPanel::showsNoFindings() const {
    return findingsStack_->currentWidget() == emptyScroll_ && !linting_ && lintError_.isEmpty() &&
           context_ && context_->hasScenario();
}

QString LintPanel::headerText() const {
    return header_->text();
}

QString LintPanel::detailText() const {
    return detail_->toPlainText();
}

QString LintPanel::errorText() const {
    return error_->isVisible() || !fixError_.isEmpty() ? error_->text() : QString();
}

bool LintPanel::canApplyFix() const {
    return fixButton_->isEnabled();
}

void LintPanel::selectFinding(int row) {
    if (!context_ || row < 0 || row >= findingCount())
        return;
    if (list_->currentRow() != row) {
        const QSignalBlocker block(list_);
        list_->setCurrentRow(row);
    }
    const lint::Finding& f = finding(row);
    const std::optional<TokenSelection> tokens = findingTokens(row);
    selecting_ = true;
    if (f.request >= 0) {
        // Its blocks are drawn once the request has played up to the cursor.
        const ScenarioRunPtr& run = context_->run();
        if (run && context_->cursor() < run->requestEndCursor(f.request))
            context_->setCursorToRequestEnd(f.request);
        context_->selectRequest(f.request);
    }
    context_->selectTokens(tokens);
    selecting_ = false;
    refreshDetail();
}

void LintPanel::updateFixControls() {
    const bool ok = context_ && context_->hasScenario() && lintError_.isEmpty() && engine_;
    fixButton_->setEnabled(ok && fixChangesLayout() && !runningFix_);
    fixButton_->setText(runningFix_ ? tr("Running fix…") : tr("Apply fix"));
    if (!fixChangesLayout())
        fixButton_->setToolTip(
            tr("Nothing to fix: the --fix rewrite leaves this scenario as it is."));
    else
        fixButton_->setToolTip(
            tr("Rewrite every request as `prefixlens lint --fix` does (dynamic text moved to "
               "the final user message, tools in a stable order, canonical keys), play it on "
               "the model and compare it with the run on screen."));
}

void LintPanel::applyFix() {
    if (!engine_ || !fixChangesLayout() || runningFix_)
        return;
    runningFix_ = true;
    fixError_.clear();
    fixedRun_.reset();
    queued_ = true;
    progressText_->setText(tr("Queued behind the current run…"));
    engine_->playVariant(lint_->fixed);
    tabs_->setCurrentIndex(1);
    refreshComparison();
}

void LintPanel::showFixError(const QString& message) {
    fixError_ = message;
    refreshComparison();
    emit fixFailed(message);
}

void LintPanel::refreshComparison() {
    const Palette& pal = Palette::get(theme_);
    updateFixControls();
    progress_->setVisible(runningFix_);
    progressText_->setVisible(runningFix_);
    error_->setVisible(!fixError_.isEmpty());
    error_->setText(fixError_.isEmpty() ? QString()
                                        : tr("Could not run the fixed layout: %1").arg(fixError_));
    comparison_.clear();
    const ScenarioRunPtr before = context_ ? context_->run() : nullptr;
    const bool ready = fixedRun_ && before && context_->hasScenario() && lint_;
    table_->setVisible(ready);
    if (!ready) {
        table_->setRowCount(0);
        if (runningFix_)
            compareNote_->setText(tr("Playing the fixed layout on the model…"));
        else if (fixedRun_)
            compareNote_->setText(tr("Waiting for the run on screen…"));
        else if (linting_)
            compareNote_->setText(tr("Linting…"));
        else if (fixChangesLayout())
            compareNote_->setText(
                tr("<b>Apply fix</b> rewrites the scenario as <code>prefixlens lint --fix</code> "
                   "does, plays it on the model and compares each request with the run on "
                   "screen: reused tokens, time to first token and estimated cost."));
        else
            compareNote_->setText(tr("Nothing to fix in this scenario's layout."));
        return;
    }
    const Scenario& sc = context_->scenario();
    const bool oneHour = sc.ttl_s && *sc.ttl_s > 300;
    const lint::InputPrices& prices = lint_->prices;
    auto cost = [&](const RequestResult& r) {
        return prices.cost_usd(r.usage.input_tokens, r.usage.cache_creation_input_tokens,
                               r.usage.cache_read_input_tokens, oneHour);
    };
    auto side = [&](const RequestResult& r) {
        return ComparisonSide{r.prompt_tokens, r.cached_tokens, r.computed_tokens, r.ttft_ms,
                              cost(r)};
    };
    for (int r = 0; r < before->requestCount(); ++r) {
        const RequestResult* a = before->result(r);
        const RequestResult* b = fixedRun_->result(r);
        if (a && b)
            comparison_.push_back({r, side(*a), side(*b)});
    }
    compareNote_->setText(
        tr("Before: the run on screen · after: <code>--fix</code> · cost of each run's usage at "
           "%1 input prices (%2), in cents")
            .arg(QString::fromStdString(prices.name).toHtmlEscaped(),
                 QString::fromStdString(prices.as_of).toHtmlEscaped()));

    table_->setRowCount(static_cast<int>(comparison_.size()) + 1);
    auto cell = [&](int row, int col, const QString& text, const QColor& color, bool bold,
                    const QString& tip) {
        auto* item = new QTableWidgetItem(text);
        item->setForeground(color);
        item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter
                                        : Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tip);
        if (bold) {
            QFont f = font();
            f.setBold(true);
            item->setFont(f);
        }
        table_->setItem(row, col, item);
    };
    // Green where the fix helps, red where it costs more, plain where nothing changed.
    auto better = [&](double was, double now, bool higherIsBetter) {
        if (was == now)
            return pal.text;
        return (now > was) == higherIsBetter ? pal.hit : pal.invalidation;
    };
    const int bs = std::max(1, sc.block_size);
    auto fill = [&](int row, const QString& label, const ComparisonRow& c, bool bold) {
        cell(row, 0, label, pal.text, bold, QString());
        cell(row, 1, arrow(QString::number(c.before.cached), QString::number(c.after.cached)),
             better(c.before.cached, c.after.cached, true), bold,
             tr("Before: %1 tokens reused (%2 blocks hit), %3 computed\n"
                "After: %4 tokens reused (%5 blocks hit), %6 computed")
                 .arg(c.before.cached)
                 .arg(c.before.cached / bs)
                 .arg(c.before.computed)
                 .arg(c.after.cached)
                 .arg(c.after.cached / bs)
                 .arg(c.after.computed));
        cell(row, 2, arrow(ms(c.before.ttft), ms(c.after.ttft)), pal.text, bold,
             tr("Time to first token, ms: %1 before, %2 after")
                 .arg(c.before.ttft, 0, 'f', 1)
                 .arg(c.after.ttft, 0, 'f', 1));
        cell(row, 3, arrow(cents(c.before.usd), cents(c.after.usd)),
             better(c.before.usd, c.after.usd, false), bold,
             tr("Estimated input cost: $%1 before, $%2 after")
                 .arg(c.before.usd, 0, 'f', 6)
                 .arg(c.after.usd, 0, 'f', 6));
    };
    ComparisonRow total;
    const int current = context_->currentRequest();
    for (std::size_t i = 0; i < comparison_.size(); ++i) {
        const ComparisonRow& c = comparison_[i];
        fill(static_cast<int>(i), QString::number(c.request), c, c.request == current);
        total.before += c.before;
        total.after += c.after;
    }
    fill(static_cast<int>(comparison_.size()), tr("All"), total, true);
    table_->resizeColumnsToContents();
    table_->resizeRowsToContents();
}

}  // namespace pl::ui
