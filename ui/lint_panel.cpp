#include "lint_panel.h"

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
#include <QSplitter>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/assets.h"
#include "engine_session.h"
#include "lint/cache_cost.h"
#include "lint/lint_input.h"
#include "prompt/renderer.h"
#include "refresh_queue.h"

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
    QIcon icon;
    for (int size : {16, 24, 32, 48}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter g(&pm);
        g.setRenderHint(QPainter::Antialiasing);
        g.scale(size / 24.0, size / 24.0);
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
        g.end();
        icon.addPixmap(pm);
    }
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

std::optional<std::pair<int, int>> segmentsUnder(const RenderedPrompt& prompt,
                                                 std::string pointer) {
    while (!pointer.empty()) {
        int b = -1, e = -1;
        for (const PromptSegment& s : prompt.segments) {
            if (s.pointer.empty() || s.token_end <= s.token_begin)
                continue;
            if (s.pointer == pointer || s.pointer.rfind(pointer + "/", 0) == 0) {
                b = b < 0 ? s.token_begin : std::min(b, s.token_begin);
                e = std::max(e, s.token_end);
            }
        }
        if (b >= 0)
            return std::make_pair(b, e);
        // A value inside a tool is rendered as part of the tool's JSON: look at its parent.
        pointer = pointer.substr(0, pointer.rfind('/'));
    }
    return std::nullopt;
}

// Tokens [begin, end) overlapping bytes [b, e) of segment `s`.
std::pair<int, int> tokensOfBytes(const RenderedPrompt& prompt, const PromptSegment& s,
                                  std::size_t b, std::size_t e) {
    int first = -1, last = -1;
    for (int t = s.token_begin; t < s.token_end; ++t) {
        const auto tb = static_cast<std::size_t>(prompt.token_offset[static_cast<std::size_t>(t)]);
        const std::size_t te =
            t + 1 < s.token_end
                ? static_cast<std::size_t>(prompt.token_offset[static_cast<std::size_t>(t + 1)])
                : s.text.size();
        if (tb < e && te > b) {
            first = first < 0 ? t : first;
            last = t;
        }
    }
    return first < 0 ? std::make_pair(s.token_begin, s.token_begin + 1)
                     : std::make_pair(first, last + 1);
}

// Where a finding sits in the request's prompt: the dynamic value itself, the token where the
// prefix diverged, or the tokens of the part it names.
std::optional<std::pair<int, int>> tokensOfFinding(const lint::Finding& f,
                                                   const std::string& pointer,
                                                   const RenderedPrompt& prompt) {
    const int n = static_cast<int>(prompt.tokens.size());
    if (n == 0)
        return std::nullopt;
    const int at = f.details.value("token_offset", -1);
    const std::string value = f.details.value("value", std::string());
    if (!value.empty()) {
        const auto range = segmentsUnder(prompt, pointer);
        std::optional<std::pair<int, int>> best;
        const std::string escaped = ojson(value).dump();
        for (const PromptSegment& s : prompt.segments) {
            if (!range || s.token_begin < range->first || s.token_end > range->second ||
                s.pointer.empty())
                continue;
            for (const std::string& needle : {value, escaped.substr(1, escaped.size() - 2)}) {
                for (std::size_t pos = s.text.find(needle); pos != std::string::npos;
                     pos = s.text.find(needle, pos + 1)) {
                    const auto t = tokensOfBytes(prompt, s, pos, pos + needle.size());
                    if (!best || (t.first <= at && at < t.second))
                        best = t;
                }
            }
        }
        if (best)
            return best;
    }
    if (at >= 0)
        return std::make_pair(std::min(at, n - 1), std::min(at, n - 1) + 1);
    return segmentsUnder(prompt, pointer);
}

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

LintPanel::LintPanel(ScenarioContext* context, EngineHost* engine, const QString& modelDir,
                     QWidget* parent)
    : QWidget(parent), context_(context), engine_(engine), modelDir_(modelDir) {
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
    empty_ = new QLabel(findingsStack_);
    empty_->setTextFormat(Qt::RichText);
    empty_->setWordWrap(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setMargin(12);
    findingsStack_->addWidget(list_);
    findingsStack_->addWidget(empty_);
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

bool LintPanel::ensureLinter() {
    if (tokenizer_ && tables_)
        return true;
    if (!setupError_.isEmpty())
        return false;
    const std::filesystem::path dir =
        modelDir_.isEmpty() ? builtin_model_dir() : std::filesystem::path(modelDir_.toStdString());
    auto tok = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    if (!tok) {
        setupError_ = QString::fromStdString(tok.error().message);
        return false;
    }
    auto tables = lint::LintTables::load(assets_dir() / "lint");
    if (!tables) {
        setupError_ = QString::fromStdString(tables.error().message);
        return false;
    }
    tokenizer_ = std::move(tok.value());
    tables_ = std::move(tables.value());
    return true;
}

void LintPanel::relint() {
    findings_.clear();
    lintError_.clear();
    fixChangesLayout_ = false;
    fixed_ = Scenario{};
    if (!context_ || !context_->hasScenario())
        return;
    if (!ensureLinter()) {
        lintError_ = setupError_;
        return;
    }
    const Scenario& sc = context_->scenario();
    lint::LintOptions options;
    options.merge_repeats = false;  // each request lists its own findings
    lint::Linter linter(*tokenizer_, *tables_, options);
    auto linted = lint::lint_scenario(sc, linter, &fixed_);
    if (!linted) {
        lintError_ = QString::fromStdString(linted.error().message);
        fixed_ = Scenario{};
        return;
    }
    const lint::LintReport report = linter.finish();
    provider_ = report.summary.provider;
    fixed_.name = sc.name + " (fixed)";
    for (std::size_t i = 0; i < sc.requests.size(); ++i)
        fixChangesLayout_ |= fixed_.requests[i].body != sc.requests[i].body;

    // Token positions come from the prompt template with the engine's tokenizer: the same
    // tokens the views show once the run arrives.
    std::vector<std::optional<RenderedPrompt>> prompts(sc.requests.size());
    for (const lint::Finding& f : report.findings) {
        LintedFinding lf{f, std::nullopt, QString()};
        const int r = f.request;
        if (r >= 0 && r < static_cast<int>(sc.requests.size())) {
            auto& prompt = prompts[static_cast<std::size_t>(r)];
            if (!prompt) {
                auto rendered =
                    render_prompt(sc.requests[static_cast<std::size_t>(r)].body, *tokenizer_, "");
                prompt = rendered ? std::move(rendered.value()) : RenderedPrompt{};
            }
            const std::string prefix = "/requests/" + std::to_string(r);
            const std::string pointer =
                f.pointer.rfind(prefix, 0) == 0 ? f.pointer.substr(prefix.size()) : f.pointer;
            if (auto t = tokensOfFinding(f, pointer, *prompt))
                lf.tokens = TokenSelection{r, t->first, t->second};
            lf.pointer = QString::fromStdString(pointer.empty() ? "/" : pointer);
        }
        findings_.push_back(std::move(lf));
    }
}

QString LintPanel::whereText(const LintedFinding& f) const {
    if (!f.tokens)
        return f.pointer;
    const int first = f.tokens->begin, last = f.tokens->end - 1;
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
        findingsStack_->setCurrentWidget(empty_);
        refreshDetail();
        return;
    }
    if (!lintError_.isEmpty()) {
        header_->setText(tr("<b>Lint</b>"));
        empty_->setText(tr("<span style='color:%1'>This scenario could not be linted: %2</span>")
                            .arg(pal.invalidation.name(), lintError_.toHtmlEscaped()));
        findingsStack_->setCurrentWidget(empty_);
        refreshDetail();
        return;
    }
    int errors = 0, warnings = 0, notes = 0;
    std::vector<int> elsewhere;
    for (std::size_t i = 0; i < findings_.size(); ++i) {
        const lint::Finding& f = findings_[i].finding;
        if (f.request != request) {
            if (std::find(elsewhere.begin(), elsewhere.end(), f.request) == elsewhere.end())
                elsewhere.push_back(f.request);
            continue;
        }
        rows_.push_back(static_cast<int>(i));
        errors += f.severity == lint::Severity::Error;
        warnings += f.severity == lint::Severity::Warning;
        notes += f.severity == lint::Severity::Note;
        auto* item = new QListWidgetItem(QString::fromStdString(f.message));
        item->setData(RuleRole, QString::fromStdString(f.rule));
        item->setData(WhereRole, whereText(findings_[i]));
        item->setData(SeverityRole, static_cast<int>(f.severity));
        item->setIcon(severityIcon(f.severity, severityColor(pal, f.severity)));
        if (const lint::RuleInfo* info = lint::find_rule(f.rule))
            item->setToolTip(QStringLiteral("<p><b>%1</b> (%2): %3</p><p>%4</p>")
                                 .arg(QString::fromLatin1(info->name),
                                      severityLabel(info->severity),
                                      QString::fromUtf8(info->summary).toHtmlEscaped(),
                                      QString::fromUtf8(info->explanation).toHtmlEscaped()));
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
        findingsStack_->setCurrentWidget(empty_);
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
        html += tr("<p><b>Fix:</b> %1</p>").arg(QString::fromStdString(*f.fix).toHtmlEscaped());
    if (const lint::RuleInfo* info = lint::find_rule(f.rule)) {
        html += tr("<p><b>%1</b> <span style='color:%2'>(%3)</span> — %4</p>")
                    .arg(QString::fromLatin1(info->name), pal.mutedText.name(),
                         severityLabel(info->severity),
                         QString::fromUtf8(info->summary).toHtmlEscaped());
        html +=
            QStringLiteral("<p style='color:%1'>%2</p>")
                .arg(pal.mutedText.name(), QString::fromUtf8(info->explanation).toHtmlEscaped());
    }
    detail_->setHtml(html);
}

const lint::Finding& LintPanel::finding(int row) const {
    return findings_.at(static_cast<std::size_t>(rows_.at(static_cast<std::size_t>(row)))).finding;
}

std::optional<TokenSelection> LintPanel::findingTokens(int row) const {
    if (row < 0 || row >= findingCount())
        return std::nullopt;
    return findings_[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)])].tokens;
}

QRect LintPanel::findingRect(int row) const {
    QListWidgetItem* item = list_->item(row);
    if (!item || !list_->isVisible())
        return {};
    const QRect r = list_->visualItemRect(item);
    return QRect(list_->viewport()->mapTo(this, r.topLeft()), r.size());
}

bool LintPanel::showsNoFindings() const {
    return findingsStack_->currentWidget() == empty_ && lintError_.isEmpty() && context_ &&
           context_->hasScenario();
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
    fixButton_->setEnabled(ok && fixChangesLayout_ && !runningFix_);
    fixButton_->setText(runningFix_ ? tr("Running fix…") : tr("Apply fix"));
    if (!fixChangesLayout_)
        fixButton_->setToolTip(
            tr("Nothing to fix: the --fix rewrite leaves this scenario as it is."));
    else
        fixButton_->setToolTip(
            tr("Rewrite every request as `prefixlens lint --fix` does (dynamic text moved to "
               "the final user message, tools in a stable order, canonical keys), play it on "
               "the model and compare it with the run on screen."));
}

void LintPanel::applyFix() {
    if (!engine_ || !fixChangesLayout_ || runningFix_)
        return;
    runningFix_ = true;
    fixError_.clear();
    fixedRun_.reset();
    queued_ = true;
    progressText_->setText(tr("Queued behind the current run…"));
    engine_->playVariant(fixed_);
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
    const bool ready = fixedRun_ && before && context_->hasScenario();
    table_->setVisible(ready);
    if (!ready) {
        table_->setRowCount(0);
        if (runningFix_)
            compareNote_->setText(tr("Playing the fixed layout on the model…"));
        else if (fixedRun_)
            compareNote_->setText(tr("Waiting for the run on screen…"));
        else if (fixChangesLayout_)
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
    std::string model;
    if (!sc.requests.empty() && sc.requests.front().body.contains("model") &&
        sc.requests.front().body["model"].is_string())
        model = sc.requests.front().body["model"].get<std::string>();
    auto cost = [&](const RequestResult& r) {
        return lint::input_cost_usd(provider_, *tables_, model, r.usage.input_tokens,
                                    r.usage.cache_creation_input_tokens,
                                    r.usage.cache_read_input_tokens, oneHour);
    };
    for (int r = 0; r < before->requestCount(); ++r) {
        const RequestResult* a = before->result(r);
        const RequestResult* b = fixedRun_->result(r);
        if (!a || !b)
            continue;
        ComparisonRow row;
        row.request = r;
        row.promptBefore = a->prompt_tokens;
        row.promptAfter = b->prompt_tokens;
        row.cachedBefore = a->cached_tokens;
        row.cachedAfter = b->cached_tokens;
        row.computedBefore = a->computed_tokens;
        row.computedAfter = b->computed_tokens;
        row.ttftBefore = a->ttft_ms;
        row.ttftAfter = b->ttft_ms;
        row.usdBefore = cost(*a);
        row.usdAfter = cost(*b);
        comparison_.push_back(row);
    }
    const lint::PriceRow price = tables_->price(provider_, model);
    compareNote_->setText(
        tr("Before: the run on screen · after: <code>--fix</code> · cost of each run's usage at "
           "%1 input prices (%2), in cents")
            .arg(QString::fromStdString(price.name).toHtmlEscaped(),
                 QString::fromStdString(tables_->as_of).toHtmlEscaped()));

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
        cell(row, 1, arrow(QString::number(c.cachedBefore), QString::number(c.cachedAfter)),
             better(c.cachedBefore, c.cachedAfter, true), bold,
             tr("Before: %1 tokens reused (%2 blocks hit), %3 computed\n"
                "After: %4 tokens reused (%5 blocks hit), %6 computed")
                 .arg(c.cachedBefore)
                 .arg(c.cachedBefore / bs)
                 .arg(c.computedBefore)
                 .arg(c.cachedAfter)
                 .arg(c.cachedAfter / bs)
                 .arg(c.computedAfter));
        cell(row, 2, arrow(ms(c.ttftBefore), ms(c.ttftAfter)), pal.text, bold,
             tr("Time to first token, ms: %1 before, %2 after")
                 .arg(c.ttftBefore, 0, 'f', 1)
                 .arg(c.ttftAfter, 0, 'f', 1));
        cell(row, 3, arrow(cents(c.usdBefore), cents(c.usdAfter)),
             better(c.usdBefore, c.usdAfter, false), bold,
             tr("Estimated input cost: $%1 before, $%2 after")
                 .arg(c.usdBefore, 0, 'f', 6)
                 .arg(c.usdAfter, 0, 'f', 6));
    };
    ComparisonRow total;
    const int current = context_->currentRequest();
    for (std::size_t i = 0; i < comparison_.size(); ++i) {
        const ComparisonRow& c = comparison_[i];
        fill(static_cast<int>(i), QString::number(c.request), c, c.request == current);
        total.cachedBefore += c.cachedBefore;
        total.cachedAfter += c.cachedAfter;
        total.computedBefore += c.computedBefore;
        total.computedAfter += c.computedAfter;
        total.ttftBefore += c.ttftBefore;
        total.ttftAfter += c.ttftAfter;
        total.usdBefore += c.usdBefore;
        total.usdAfter += c.usdAfter;
    }
    fill(static_cast<int>(comparison_.size()), tr("All"), total, true);
    table_->resizeColumnsToContents();
    table_->resizeRowsToContents();
}

}  // namespace pl::ui
