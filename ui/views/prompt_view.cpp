#include "views/prompt_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSyntaxHighlighter>
#include <QTabWidget>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextEdit>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string_view>

#include "common/i18n.h"
#include "common/scenario_text.h"
#include "common/tab_sizing.h"
#include "common/text_util.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"

namespace pl::ui {

class DynamicTextHighlighter : public QSyntaxHighlighter {
  public:
    explicit DynamicTextHighlighter(QTextDocument* doc) : QSyntaxHighlighter(doc) {}
    void setColor(const QColor& c) {
        color_ = c;
        rehighlight();
    }

  protected:
    void highlightBlock(const QString& text) override {
        QTextCharFormat f;
        f.setForeground(color_);
        f.setFontWeight(QFont::Bold);
        f.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        f.setUnderlineColor(color_);
        for (const auto& [b, e] : dynamicRanges(text))
            setFormat(b, e - b, f);
    }

  private:
    QColor color_ = Qt::red;
};

namespace {

QColor originColor(const Palette& pal, const PromptSegment& s) {
    if (s.pointer.empty())
        return s.kind == PartKind::Generation ? pal.generation : pal.framing;
    switch (s.kind) {
        case PartKind::Tool:
            return pal.tools;
        case PartKind::System:
            return pal.system;
        case PartKind::Message:
            return pal.message;
        case PartKind::Generation:
            return pal.generation;
    }
    return pal.framing;
}

struct EditablePart {
    std::string pointer;
    QString label;
};

std::vector<EditablePart> editableParts(const ojson& body) {
    std::vector<EditablePart> out;
    if (body.contains("system")) {
        const ojson& sys = body["system"];
        if (sys.is_string()) {
            out.push_back({"/system", QCoreApplication::translate("pl::ui", "System prompt")});
        } else if (sys.is_array()) {
            for (std::size_t i = 0; i < sys.size(); ++i) {
                if (sys[i].is_object() && sys[i].contains("text") && sys[i]["text"].is_string())
                    out.push_back(
                        {"/system/" + std::to_string(i) + "/text",
                         QCoreApplication::translate("pl::ui", "System block %1").arg(i)});
            }
        }
    }
    if (body.contains("messages") && body["messages"].is_array()) {
        const ojson& msgs = body["messages"];
        for (std::size_t i = 0; i < msgs.size(); ++i) {
            const ojson& m = msgs[i];
            if (!m.is_object() || !m.contains("content"))
                continue;
            const QString role = m.contains("role") && m["role"].is_string()
                                     ? QString::fromStdString(m["role"].get<std::string>())
                                     : QString();
            const std::string p = "/messages/" + std::to_string(i) + "/content";
            const QString label =
                QCoreApplication::translate("pl::ui", "Message %1 (%2)").arg(i).arg(role);
            if (m["content"].is_string()) {
                out.push_back({p, label});
            } else if (m["content"].is_array()) {
                const ojson& c = m["content"];
                for (std::size_t j = 0; j < c.size(); ++j) {
                    if (c[j].is_object() && c[j].contains("text") && c[j]["text"].is_string())
                        out.push_back(
                            {p + "/" + std::to_string(j) + "/text",
                             label + QStringLiteral(" · ") +
                                 QCoreApplication::translate("pl::ui", "block %1").arg(j)});
                }
            }
        }
    }
    return out;
}

}  // namespace

PromptView::PromptView(ScenarioContext* context, QWidget* parent) : ContextWidget(context, parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    header_->setTextFormat(Qt::RichText);
    layout->addWidget(header_);
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    layout->addWidget(tabs_, 1);

    auto* tokPage = new QWidget(tabs_);
    auto* tokLayout = new QVBoxLayout(tokPage);
    tokLayout->setContentsMargins(0, 4, 0, 0);
    legend_ = new QLabel(tokPage);
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);
    tokLayout->addWidget(legend_);
    tokens_ = new QTextEdit(tokPage);
    tokens_->setReadOnly(true);
    tokens_->setLineWrapMode(QTextEdit::WidgetWidth);
    tokLayout->addWidget(tokens_, 1);
    tabs_->addTab(tokPage, QString());

    auto* editPage = new QWidget(tabs_);
    auto* editLayout = new QVBoxLayout(editPage);
    editLayout->setContentsMargins(0, 4, 0, 0);
    parts_ = new QComboBox(editPage);
    editLayout->addWidget(parts_);
    editor_ = new QPlainTextEdit(editPage);
    editor_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    highlighter_ = new DynamicTextHighlighter(editor_->document());
    editLayout->addWidget(editor_, 1);
    editHint_ = new QLabel(editPage);
    editHint_->setWordWrap(true);
    editLayout->addWidget(editHint_);
    // Two rows: the dock stays as narrow as before in every language.
    auto* stampRow = new QHBoxLayout;
    stampButton_ = new QPushButton(editPage);
    stampRow->addWidget(stampButton_);
    stampRow->addStretch(1);
    editLayout->addLayout(stampRow);
    auto* buttons = new QHBoxLayout;
    runButton_ = new QPushButton(editPage);
    runButton_->setDefault(true);
    sendButton_ = new QPushButton(editPage);
    buttons->addStretch(1);
    buttons->addWidget(sendButton_);
    buttons->addWidget(runButton_);
    editLayout->addLayout(buttons);
    tabs_->addTab(editPage, QString());
    sizeTabsByCurrentPage(tabs_);

    connect(stampButton_, &QPushButton::clicked, this, &PromptView::insertTimestampAtStart);
    connect(runButton_, &QPushButton::clicked, this, &PromptView::runAgain);
    connect(sendButton_, &QPushButton::clicked, this, &PromptView::sendAgain);
    connect(parts_, &QComboBox::currentIndexChanged, this, &PromptView::loadPart);
    connect(context, &ScenarioContext::scenarioChanged, this, [this] {
        editRequest_ = -1;
        lint_.reset();  // the Lint dock's findings were for the scenario before
        reloadEditor();
        refreshTokens();
    });
    const auto later = RefreshQueue::deferred(this, 0, [this] {
        reloadEditor();
        refreshTokens();
    });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, [this] {
        reloadEditor();
        refreshTokens();
        showTokenSelection();
    });
    retranslateUi();
}

void PromptView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void PromptView::retranslateUi() {
    tabs_->setTabText(0, tr("Tokens"));
    tabs_->setTabText(1, editRequest_ >= 0 ? tr("Edit request %1").arg(editRequest_) : tr("Edit"));
    editHint_->setText(
        tr("Edit the text, then Run again (Ctrl+R): the whole scenario re-plays "
           "on the model with your change. Red wavy text looks dynamic."));
    stampButton_->setText(tr("Put the time at the start"));
    stampButton_->setToolTip(
        tr("Insert the current time at the head of this text: the classic way to "
           "break a cached prefix."));
    runButton_->setText(tr("Run again"));
    runButton_->setToolTip(tr("Re-play the scenario with this edit (Ctrl+R)"));
    sendButton_->setText(tr("Send again"));
    sendButton_->setToolTip(
        tr("Send this request once more, after the others, to the pool as they left it "
           "(Ctrl+Shift+R): unchanged, its blocks hit; changed near the start, they miss."));
    updateLegend();
    // The part names, without touching the text being edited.
    if (context_ && context_->hasScenario() && editRequest_ >= 0 &&
        editRequest_ < static_cast<int>(context_->scenario().requests.size())) {
        const auto parts = editableParts(
            context_->scenario().requests[static_cast<std::size_t>(editRequest_)].body);
        for (std::size_t i = 0; i < parts.size() && i < pointers_.size(); ++i) {
            if (parts[i].pointer == pointers_[i])
                parts_->setItemText(static_cast<int>(i), parts[i].label);
        }
    }
    shownRun_ = nullptr;  // the header and notes, again
    refreshTokens();
}

void PromptView::setTheme(Theme theme) {
    theme_ = theme;
    highlighter_->setColor(Palette::get(theme).dynamicText);
    updateLegend();
    shownRun_ = nullptr;  // force a re-render with the new colours
    refreshTokens();
}

void PromptView::updateLegend() {
    const Palette& pal = Palette::get(theme_);
    auto sw = [&](const QColor& c, const QString& label) {
        return QStringLiteral("<span style='background:%1; color:%2'>&nbsp;%3&nbsp;</span>")
            .arg(c.name(), pal.text.name(), label.toHtmlEscaped());
    };
    legend_->setText(
        sw(pal.tools, tr("tools")) + QStringLiteral(" ") + sw(pal.system, tr("system")) +
        QStringLiteral(" ") + sw(pal.message, tr("messages")) + QStringLiteral(" ") +
        sw(pal.framing, tr("template")) + QStringLiteral(" ") +
        QStringLiteral(
            "<span style='color:%1; font-weight:bold; text-decoration:underline'>%2</span>")
            .arg(pal.dynamicText.name(), tr("dynamic text").toHtmlEscaped()));
}

std::vector<std::string> PromptView::editablePointers() const {
    return pointers_;
}

QString PromptView::shownTokenText() const {
    return tokens_->toPlainText();
}

QString PromptView::editText() const {
    return editor_->toPlainText();
}

bool PromptView::setEditText(const std::string& pointer, const QString& text) {
    const auto it = std::find(pointers_.begin(), pointers_.end(), pointer);
    if (it == pointers_.end())
        return false;
    parts_->setCurrentIndex(static_cast<int>(it - pointers_.begin()));
    editor_->setPlainText(text);
    editor_->document()->setModified(true);  // as if typed: Run again applies it
    return true;
}

void PromptView::reloadEditor() {
    if (!context_ || !context_->hasScenario())
        return;
    const int request = context_->currentRequest();
    const bool dirty = editor_->document()->isModified();
    if (dirty && editRequest_ >= 0)
        return;  // keep the presenter's unsaved edit
    if (request == editRequest_ && parts_->count() > 0 && !context_->awaitingRun())
        return;
    const Scenario& sc = context_->scenario();
    if (request < 0 || request >= static_cast<int>(sc.requests.size()))
        return;
    editRequest_ = request;
    const auto parts = editableParts(sc.requests[static_cast<std::size_t>(request)].body);
    const int keep = parts_->currentIndex();
    loading_ = true;
    parts_->clear();
    pointers_.clear();
    for (const auto& p : parts) {
        parts_->addItem(p.label);
        pointers_.push_back(p.pointer);
    }
    loading_ = false;
    if (!pointers_.empty())
        parts_->setCurrentIndex(std::clamp(keep, 0, static_cast<int>(pointers_.size()) - 1));
    loadPart(parts_->currentIndex());
    tabs_->setTabText(1, tr("Edit request %1").arg(request));
}

void PromptView::loadPart(int index) {
    if (loading_ || !context_ || index < 0 || index >= static_cast<int>(pointers_.size()))
        return;
    const Scenario& sc = context_->scenario();
    if (editRequest_ < 0 || editRequest_ >= static_cast<int>(sc.requests.size()))
        return;
    const ojson& body = sc.requests[static_cast<std::size_t>(editRequest_)].body;
    try {
        const ojson& v = body.at(ojson::json_pointer(pointers_[static_cast<std::size_t>(index)]));
        const QString text = QString::fromStdString(v.get<std::string>());
        // The text the editor already holds (the edit just run): keep its undo history, so
        // Ctrl+Z takes the edit back and Ctrl+R runs the original again.
        if (editor_->toPlainText() != text)
            editor_->setPlainText(text);
    } catch (const nlohmann::json::exception&) {
        editor_->clear();
    }
    editor_->document()->setModified(false);
}

void PromptView::insertTimestampAtStart() {
    QTextCursor c(editor_->document());
    c.movePosition(QTextCursor::Start);
    c.insertText(tr("Current time: %1.\n\n")
                     .arg(QLocale::c().toString(QDateTime::currentDateTime(),
                                                QStringLiteral("HH:mm:ss, dddd d MMMM yyyy"))));
    tabs_->setCurrentIndex(1);
}

void PromptView::runAgain() {
    if (!context_)
        return;
    const int idx = parts_->currentIndex();
    if (editRequest_ >= 0 && idx >= 0 && idx < static_cast<int>(pointers_.size()) &&
        editor_->document()->isModified()) {
        QString error;
        const std::string text = editor_->toPlainText().toStdString();
        const int request = editRequest_;
        editor_->document()->setModified(false);
        if (!context_->applyEdit(request, pointers_[static_cast<std::size_t>(idx)], text, &error))
            editHint_->setText(error);
        return;
    }
    context_->replay();
}

void PromptView::setLint(ScenarioLintPtr lint) {
    if (lint == lint_)
        return;
    lint_ = std::move(lint);
    shownRun_ = nullptr;  // the marks, again
    refreshTokens();
}

void PromptView::sendAgain() {
    if (!context_ || !context_->hasScenario())
        return;
    QString error;
    bool ok = false;
    const int idx = parts_->currentIndex();
    if (editRequest_ >= 0 && idx >= 0 && idx < static_cast<int>(pointers_.size()) &&
        editor_->document()->isModified()) {
        // The edit goes to the new request only: the one it was made on stays as it was sent.
        ok = context_->sendAgain(editRequest_, pointers_[static_cast<std::size_t>(idx)],
                                 editor_->toPlainText().toStdString(), &error);
        editor_->document()->setModified(false);
    } else {
        ok = context_->sendAgain(editRequest_ >= 0 ? editRequest_ : context_->currentRequest(), {},
                                 {}, &error);
    }
    if (!ok)
        editHint_->setText(error);
}

QString PromptView::highlightedTokenText() const {
    const auto sel = tokens_->extraSelections();
    return sel.isEmpty() ? QString() : sel.front().cursor.selectedText();
}

void PromptView::showTokenSelection() {
    const auto sel = context_ ? context_->selectedTokens() : std::nullopt;
    const int n = static_cast<int>(tokenPos_.size()) - 1;
    if (!rendered_ || !sel || sel->request != shownRequest_ || n <= 0) {
        tokens_->setExtraSelections({});
        return;
    }
    const int b = std::clamp(sel->begin, 0, n);
    const int e = std::clamp(sel->end, b, n);
    const Palette& pal = Palette::get(theme_);
    QTextEdit::ExtraSelection x;
    x.cursor = QTextCursor(tokens_->document());
    x.cursor.setPosition(tokenPos_[static_cast<std::size_t>(b)]);
    x.cursor.setPosition(tokenPos_[static_cast<std::size_t>(e)], QTextCursor::KeepAnchor);
    x.format.setBackground(pal.selection);
    x.format.setForeground(pal.textOn(pal.selection));
    tokens_->setExtraSelections({x});
    QTextCursor at(tokens_->document());
    at.setPosition(tokenPos_[static_cast<std::size_t>(b)]);
    tokens_->setTextCursor(at);
    tokens_->ensureCursorVisible();
}

void PromptView::stopRendering() {
    ++renderGeneration_;  // a slice still queued finds itself stale and stops
    rendering_ = false;
}

void PromptView::refreshTokens() {
    const Palette& pal = Palette::get(theme_);
    if (!context_ || !context_->hasScenario()) {
        header_->setText(tr("<i>No scenario loaded.</i>"));
        stopRendering();
        tokens_->clear();
        tokenPos_.clear();
        rendered_ = false;
        return;
    }
    const ScenarioRunPtr& run = context_->run();
    const int request = context_->currentRequest();
    if (!run) {
        const QString title = scenarioTitle(context_->scenario()).toHtmlEscaped();
        header_->setText(
            context_->runError().isEmpty()
                ? tr("<b>%1</b><br><i>Tokenizing and playing on the model…</i>").arg(title)
                : tr("<b>%1</b><br><i>Not played: see the message below the "
                     "requests.</i>")
                      .arg(title));
        if (shownRun_) {
            stopRendering();
            tokens_->clear();
            shownRun_ = nullptr;
        }
        tokenPos_.clear();
        rendered_ = false;
        return;
    }
    if (run.get() == shownRun_ && request == shownRequest_)
        return;
    shownRun_ = run.get();
    shownRequest_ = request;
    tokenPos_.clear();
    rendered_ = false;
    const RequestResult* res = run->result(request);
    if (!res) {
        header_->setText(tr("Request %1 was not played.").arg(request));
        stopRendering();
        tokens_->clear();
        return;
    }
    const RenderedPrompt& prompt = res->prompt;
    std::array<int, 4> perKind{};
    for (std::size_t t = 0; t < prompt.tokens.size(); ++t)
        ++perKind[static_cast<std::size_t>(
            prompt.segments[static_cast<std::size_t>(prompt.token_segment[t])].kind)];
    header_->setText(tr("<b>Request %1</b> · %2 · %3 tokens<br>"
                        "<span style='color:%4'>tools %5 · system %6 · messages %7</span>")
                         .arg(request)
                         .arg(QString::fromStdString(res->session).toHtmlEscaped())
                         .arg(prompt.tokens.size())
                         .arg(pal.mutedText.name())
                         .arg(perKind[0])
                         .arg(perKind[1])
                         .arg(perKind[2]));

    // One run per token; neighbours alternate two shades so token boundaries show. Tokens that
    // share a character (byte-level BPE cuts most Japanese characters in two or three) are shown
    // as one run with a dotted underline rather than as halves of a character. Inserted
    // through a text cursor in slices between event-loop turns: a 2,000-token prompt laid out at
    // once stalls the UI thread for tens of milliseconds.
    QTextDocument* doc = tokens_->document();
    tokens_->setExtraSelections({});
    doc->clear();
    QFont mono = monospaceFont();
    mono.setPointSizeF(font().pointSizeF());
    doc->setDefaultFont(mono);
    QTextCharFormat plain;
    plain.setForeground(pal.text);
    QTextCharFormat dynamicFmt = plain;
    dynamicFmt.setForeground(pal.dynamicText);
    dynamicFmt.setFontWeight(QFont::Bold);
    dynamicFmt.setFontUnderline(true);
    // Harmless: looks dynamic, but the linter finds it past the cached prefix.
    QTextCharFormat harmlessFmt = plain;
    harmlessFmt.setUnderlineStyle(QTextCharFormat::DashUnderline);
    harmlessFmt.setUnderlineColor(pal.mutedText);
    harmlessFmt.setToolTip(
        tr("Looks dynamic, but lies after the cached prefix: it changes nothing that is reused."));
    // What the Lint dock flags in this request: those tokens, and no others, are the warning.
    std::vector<char> flagged(prompt.tokens.size(), 0);
    if (lint_) {
        for (const LintedFinding& lf : lint_->findings) {
            const lint::Finding& f = lf.finding;
            if (f.request != request || !f.tokens ||
                (f.rule != "dynamic-prefix" && f.rule != "dynamic-tools"))
                continue;
            for (int t = std::max(0, f.tokens->begin);
                 t < std::min(f.tokens->end, static_cast<int>(flagged.size())); ++t)
                flagged[static_cast<std::size_t>(t)] = 1;
        }
    }
    auto runs = std::make_shared<TokenRuns>();
    runs->reserve(2 * prompt.tokens.size() + 1);  // a run per token, and one per line break
    tokenPos_.reserve(prompt.tokens.size() + 1);
    int pos = 0;  // where the next run starts in the document
    int dynamicTokens = 0;
    int harmlessTokens = 0;
    std::vector<int> dynamicIndices;
    int shade = 0;
    std::map<std::pair<int, QRgb>, QTextCharFormat> formats;
    for (std::size_t si = 0; si < prompt.segments.size(); ++si) {
        const PromptSegment& seg = prompt.segments[si];
        // Dynamic ranges in bytes of the segment's text.
        const QString segText = QString::fromStdString(seg.text);
        std::vector<std::pair<int, int>> dyn;
        if (!seg.pointer.empty()) {
            for (const auto& [b, e] : dynamicRanges(segText)) {
                dyn.emplace_back(static_cast<int>(segText.left(b).toUtf8().size()),
                                 static_cast<int>(segText.left(e).toUtf8().size()));
            }
        }
        const QColor base = originColor(pal, seg);
        const QColor alt = pal.theme == Theme::Dark ? base.lighter(125) : base.darker(108);
        std::vector<std::string> bytes;
        std::vector<std::string_view> views;
        for (int t = seg.token_begin; t < seg.token_end; ++t)
            bytes.push_back(tokenText(prompt, t));
        for (const auto& b : bytes)
            views.emplace_back(b);
        for (const TokenRun& piece : tokenRuns(views)) {
            bool isDynamic = false;
            bool isHarmless = false;
            for (int k = piece.first; k < piece.first + piece.count; ++k) {
                const int t = seg.token_begin + k;
                const int b = prompt.token_offset[static_cast<std::size_t>(t)];
                const int e = t + 1 < seg.token_end
                                  ? prompt.token_offset[static_cast<std::size_t>(t + 1)]
                                  : static_cast<int>(seg.text.size());
                bool looksDynamic = false;
                for (const auto& [db, de] : dyn)
                    looksDynamic |= b < de && e > db;
                // Before the lint arrives (milliseconds), the detector's own marks stand.
                const bool tokenDynamic =
                    lint_ ? flagged[static_cast<std::size_t>(t)] != 0 : looksDynamic;
                dynamicTokens += tokenDynamic ? 1 : 0;
                harmlessTokens += looksDynamic && !tokenDynamic ? 1 : 0;
                if (tokenDynamic)
                    dynamicIndices.push_back(t);
                isDynamic |= tokenDynamic;
                isHarmless |= looksDynamic && !tokenDynamic;
            }
            QString text = piece.text;
            const bool newline = text.endsWith(QLatin1Char('\n'));
            text.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
            // One shared format per look: a 100k-token prompt would otherwise build 100k
            // formats here, on the UI thread (half a second), before the first slice shows.
            const int look = isDynamic ? 2 : isHarmless ? 1 : 0;
            const QColor& back = (shade++ % 2 == 0) ? base : alt;
            QTextCharFormat& shared = formats[{look, back.rgba()}];
            if (!shared.hasProperty(QTextFormat::BackgroundBrush)) {
                shared = look == 2 ? dynamicFmt : look == 1 ? harmlessFmt : plain;
                shared.setBackground(back);
            }
            QTextCharFormat f = shared;
            if (piece.count > 1) {
                if (!isDynamic) {
                    f.setUnderlineStyle(QTextCharFormat::DotLine);
                    f.setUnderlineColor(pal.mutedText);
                }
                QStringList cut;
                for (int k = piece.first; k < piece.first + piece.count; ++k)
                    cut << hexBytes(views[static_cast<std::size_t>(k)]);
                f.setToolTip(tr("%1 tokens that share a character: %2")
                                 .arg(piece.count)
                                 .arg(cut.join(QStringLiteral(" | "))));
            }
            for (int k = 0; k < piece.count; ++k)
                tokenPos_.push_back(pos);  // a shared character: its tokens start together
            pos += static_cast<int>(text.size());
            runs->emplace_back(text, f);
            if (newline) {
                runs->emplace_back(QStringLiteral("\n"), plain);
                ++pos;  // a new block: one position
            }
        }
    }
    tokenPos_.push_back(pos);
    const int generation = ++renderGeneration_;
    rendering_ = true;
    insertTokenSlice(std::move(runs), generation, 0);
    dynamicTokens_ = dynamicTokens;
    harmlessTokens_ = harmlessTokens;
    dynamicTokenIndices_ = std::move(dynamicIndices);
    shownTokens_ = static_cast<int>(prompt.tokens.size());
    if (dynamicTokens > 0) {
        header_->setText(
            header_->text() +
            tr("<br><span style='color:%1'>⚠ %2 tokens look dynamic (time, date or id): "
               "everything after the first one can only be reused by an identical "
               "request.</span>")
                .arg(pal.dynamicText.name())
                .arg(dynamicTokens));
    } else if (harmlessTokens > 0) {
        header_->setText(header_->text() +
                         tr("<br><span style='color:%1'>%2 tokens look dynamic but come after "
                            "the cached prefix: they cost no reuse.</span>")
                             .arg(pal.mutedText.name())
                             .arg(harmlessTokens));
    }
}

// Inserts runs [from, from + 100) and posts the rest to the next event-loop turn, so a long
// prompt never freezes the window. The posted call owns the runs; nothing refers to itself, so
// a newer render or the widget's end frees them.
void PromptView::insertTokenSlice(std::shared_ptr<const TokenRuns> runs, int generation,
                                  std::size_t from) {
    if (generation != renderGeneration_)
        return;  // a newer render started
    constexpr std::size_t kSlice = 100;
    QTextCursor cursor(tokens_->document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    const std::size_t to = std::min(runs->size(), from + kSlice);
    for (std::size_t i = from; i < to; ++i)
        cursor.insertText((*runs)[i].first, (*runs)[i].second);
    cursor.endEditBlock();
    if (from == 0)
        tokens_->moveCursor(QTextCursor::Start);
    if (to < runs->size()) {
        QTimer::singleShot(0, this, [this, runs = std::move(runs), generation, to]() mutable {
            insertTokenSlice(std::move(runs), generation, to);
        });
        return;
    }
    tokens_->moveCursor(QTextCursor::Start);
    rendered_ = true;
    rendering_ = false;
    showTokenSelection();
}

}  // namespace pl::ui
