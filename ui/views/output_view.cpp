#include "views/output_view.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QTextEdit>
#include <QVBoxLayout>

#include "common/elided_label.h"
#include "common/i18n.h"
#include "common/text_util.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"

namespace pl::ui {

OutputView::OutputView(ScenarioContext* context, QWidget* parent) : ContextWidget(context, parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    header_ = new QLabel(this);
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    decoding_ = new ElidedLabel(this);
    decoding_->hide();
    text_ = new QTextEdit(this);
    text_->setReadOnly(true);
    layout->addWidget(header_);
    layout->addWidget(decoding_);
    layout->addWidget(text_, 1);
    fitMinimum();
    const auto later = RefreshQueue::deferred(this, 0, [this] { refresh(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, &OutputView::refresh);
    refresh();
}

void OutputView::setTheme(Theme theme) {
    theme_ = theme;
    shownRun_ = nullptr;
    refresh();
}

void OutputView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        shownRun_ = nullptr;
        refresh();
    }
    if (e->type() == QEvent::FontChange)
        fitMinimum();
    QWidget::changeEvent(e);
}

// Two lines of output at least, not a text box's default of about four: the dock shares the
// right-hand column with the prompt and the lint findings, and with a lesson open the window
// must still fit a 1280x800 projector (a four-line Japanese step needed 809 px).
void OutputView::fitMinimum() {
    const int frame = 2 * text_->frameWidth();
    const int margin = 2 * qRound(text_->document()->documentMargin());
    text_->setMinimumHeight(2 * text_->fontMetrics().lineSpacing() + frame + margin);
}

QString OutputView::shownText() const {
    return text_->toPlainText();
}

QString OutputView::headerText() const {
    return header_->text();
}

QString OutputView::decodingLine() const {
    return decoding_->isVisible() ? decoding_->text() : QString();
}

QString OutputView::decodingText(const SamplingParams& sampling) {
    auto number = [](double v) { return QLocale().toString(v, 'g', 3); };
    QStringList parts;
    parts << (sampling.temperature > 0.0f ? tr("temperature %1").arg(number(sampling.temperature))
                                          : tr("greedy"));
    if (sampling.repetition_penalty != 1.0)
        parts << tr("repetition penalty %1").arg(number(sampling.repetition_penalty));
    if (sampling.frequency_penalty != 0.0)
        parts << tr("frequency penalty %1").arg(number(sampling.frequency_penalty));
    if (sampling.presence_penalty != 0.0)
        parts << tr("presence penalty %1").arg(number(sampling.presence_penalty));
    return parts.join(QStringLiteral(" · "));
}

void OutputView::refresh() {
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    if (!run) {
        header_->setText(tr("<b>Output</b>"));
        decoding_->hide();
        text_->clear();
        shownRun_ = nullptr;
        shownTokens_ = -1;
        return;
    }
    const int request = context_->currentRequest();
    const RequestProgress rp = foldRequest(*run, request, context_->cursor());
    const int n = static_cast<int>(rp.output_tokens.size());
    // The same tokens can stand before and after the prefill (none yet): the header says which.
    if (run == shownRun_ && request == shownRequest_ && n == shownTokens_ &&
        rp.prefill_done == shownPrefillDone_)
        return;
    shownRun_ = run;
    shownRequest_ = request;
    shownTokens_ = n;
    shownPrefillDone_ = rp.prefill_done;
    const RequestResult* res = run->result(request);
    const int max = res ? run->scenario.requests[static_cast<std::size_t>(request)].max_tokens : 0;
    header_->setText(tr("<b>Request %1</b> · output %2 of %3 tokens%4")
                         .arg(request)
                         .arg(n)
                         .arg(max)
                         .arg(rp.prefill_done ? QString()
                                              : tr(" · <span style='color:%1'>waiting for "
                                                   "prefill</span>")
                                                    .arg(pal.mutedText.name())));
    // How the answer was chosen: a penalty against repetition shapes it, and the audience should
    // know that the model's own first choice may have been another token.
    decoding_->setText(decodingText(run->sampling));
    QPalette muted = decoding_->palette();
    muted.setColor(QPalette::WindowText, pal.mutedText);
    decoding_->setPalette(muted);
    decoding_->setExtraToolTip(
        run->sampling.penalized()
            ? tr("Penalties against repetition lower the scores of tokens that the prompt or the "
                 "answer already holds before the next token is chosen. They change the answer, "
                 "not the model: the KV cache, the scores shown and --verify use the model's own "
                 "scores.")
            : QString());
    decoding_->show();
    // Each token on alternating shades, so that the presenter can point at token boundaries;
    // tokens that share a character (byte-level BPE) as one piece, underlined.
    QStringList families;
    for (const QString& f : monospaceFont().families())
        families << QStringLiteral("\"%1\"").arg(f);
    QString html = QStringLiteral("<div style='font-family:%1; font-size:large'>")
                       .arg(families.join(QStringLiteral(", ")));
    const QColor a = pal.generation;
    const QColor b = pal.theme == Theme::Dark ? a.lighter(130) : a.darker(110);
    std::vector<std::string_view> tokens;
    for (int i = 0; i < n; ++i)
        tokens.emplace_back(rp.output_tokens[static_cast<std::size_t>(i)]);
    int shade = 0;
    for (const TokenRun& cut : tokenRuns(tokens)) {
        QString piece = cut.text.toHtmlEscaped();
        piece.replace(QLatin1Char('\n'), QStringLiteral("⏎<br>"));
        piece.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        html += QStringLiteral("<span style='background:%1; color:%2%3'>%4</span>")
                    .arg((shade++ % 2 ? b : a).name(), pal.text.name(),
                         cut.count > 1 ? QStringLiteral("; text-decoration:underline") : QString(),
                         piece);
    }
    html += QStringLiteral("</div>");
    if (n == 0 && rp.prefill_done)
        html = QString();
    if (res && res->cache_only) {
        // Too long for the built-in model: only the cache's side of it was played.
        html = tr("<p style='color:%1'>No answer: this prompt of %2 tokens is longer than the "
                  "built-in model's context, so it was played without the model. Its blocks were "
                  "hashed, looked up and stored as in any run; the time to first token is the "
                  "cost model's.</p>")
                   .arg(pal.mutedText.name())
                   .arg(res->prompt_tokens);
        decoding_->hide();
    }
    text_->setHtml(html);
}

}  // namespace pl::ui
