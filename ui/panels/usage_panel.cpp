#include "panels/usage_panel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>

#include "common/scroll_body.h"
#include "common/text_util.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"

namespace pl::ui {

UsagePanel::UsagePanel(ScenarioContext* context, QWidget* parent) : ScrollPanel(context, parent) {
    QVBoxLayout* layout = frame_.layout;
    for (QLabel** l : {&numbers_, &usage_, &check_}) {
        *l = textLabel();
        layout->addWidget(*l);
    }
    layout->addStretch(1);
    connect(context, &ScenarioContext::scenarioChanged, this, [this] {
        lint_.reset();  // the bill was for the scenario before the edit
        refresh();
    });
    refresh();
}

void UsagePanel::setLint(ScenarioLintPtr lint) {
    lint_ = std::move(lint);
    refresh();
}

void UsagePanel::fitBody() {
    // Room for the scroll bar beside the widest row, so that when the text is taller than the
    // dock the bar never covers the right-hand column (the numbers). The width comes from the
    // fonts and the labels, not from the numbers on screen: a dock that changed width with them
    // would move its neighbours while the run plays.
    QFont large = font();
    large.setPointSizeF(large.pointSizeF() * 1.2);  // rich text's font-size:large
    large.setBold(true);
    const QFontMetrics fl(large), fm(font());
    int row = 2 * 8;  // the body's margins
    for (const QString& label : {tr("reused"), tr("computed"), tr("output"), tr("TTFT ms")})
        row +=
            std::max(fl.horizontalAdvance(QStringLiteral("8888.8")), fm.horizontalAdvance(label)) +
            14 + 4;  // the cell's padding and spacing
    const int least = row + frame_.scroll->verticalScrollBar()->sizeHint().width();
    if (frame_.scroll->minimumWidth() != least)
        frame_.scroll->setMinimumWidth(least);
    fitBodyHeight(frame_);
}

QString UsagePanel::correctnessText() const {
    return check_->text();
}

QString UsagePanel::usageText() const {
    return usage_->text();
}

void UsagePanel::refresh() {
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    if (!run) {
        title_->setText(tr("<b>Usage</b>"));
        numbers_->setText(
            tr("<span style='color:%1'>Token counts appear as the scenario plays.</span>")
                .arg(pal.mutedText.name()));
        usage_->clear();
        check_->clear();
        fitBody();
        return;
    }
    const int request = context_->currentRequest();
    const RequestProgress rp = foldRequest(*run, request, context_->cursor());
    const RequestResult* res = run->result(request);
    title_->setText(tr("<b>Request %1</b> · usage").arg(request));
    auto big = [&](const QColor& c, const QString& value, const QString& label) {
        // A narrow column may wrap a label between its words, never inside one: Japanese text
        // may otherwise break between any two characters (再利|用). U+2060 WORD JOINER glues.
        QString glued;
        for (qsizetype i = 0; i < label.size(); ++i) {
            glued += label[i];
            if (i + 1 < label.size() && !label[i].isSpace() && !label[i + 1].isSpace() &&
                !label[i].isHighSurrogate())
                glued += QChar(0x2060);
        }
        return QStringLiteral(
                   "<td style='padding-right:14px'><span style='font-size:large; "
                   "font-weight:bold; color:%1'>%2</span><br><span style='color:%3'>%4"
                   "</span></td>")
            .arg(c.name(), value, pal.mutedText.name(), glued.toHtmlEscaped());
    };
    const QString dash = QStringLiteral("—");
    const bool pre = rp.prefill_done;
    numbers_->setText(
        QStringLiteral("<table><tr>") +
        big(pal.hit, pre ? QString::number(rp.cached_tokens) : dash, tr("reused")) +
        big(pal.computed, pre ? QString::number(rp.computed_tokens) : dash, tr("computed")) +
        big(pal.text, QString::number(rp.output_tokens.size()), tr("output")) +
        big(pal.accent, pre ? QString::number(rp.ttft_ms, 'f', 1) : dash, tr("TTFT ms")) +
        QStringLiteral("</tr></table>"));
    shownBilling_.reset();
    const lint::RequestBilling* bill =
        lint_ && request >= 0 && request < static_cast<int>(lint_->billing.size())
            ? &lint_->billing[static_cast<std::size_t>(request)]
            : nullptr;
    if (rp.finished && res && bill) {
        const QString mono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
        auto row = [&](const char* field, int value, const QColor& c) {
            // A narrow dock wraps the field's name at its underscores (a zero-width space after
            // each), never pushes the number out of sight.
            QString name = QLatin1String(field);
            name.replace(QLatin1Char('_'), QStringLiteral("_\u200b"));
            return QStringLiteral(
                       "<tr><td style='font-family:\"%1\"; color:%2; "
                       "padding-right:8px'>%3</td><td align='right' style='color:%4; "
                       "font-weight:bold'>%5</td></tr>")
                .arg(mono, pal.mutedText.name(), name, c.name())
                .arg(value);
        };
        const lint::RequestUsage& u = bill->usage;
        shownBilling_ = u;
        const bool anthropic = uses_cache_markers(lint_->provider);
        QString rows = anthropic
                           ? row("input_tokens", u.input_tokens, pal.text) +
                                 row("cache_creation_input_tokens", u.cache_creation_input_tokens,
                                     pal.computed) +
                                 row("cache_read_input_tokens", u.cache_read_input_tokens, pal.hit)
                           : row("prompt_tokens", u.prompt_tokens, pal.text) +
                                 row("cached_tokens", u.cache_read_input_tokens, pal.hit);
        rows +=
            row(anthropic ? "output_tokens" : "completion_tokens", res->output_tokens, pal.text);
        const QString model =
            bill->model.empty() ? tr("this model") : QString::fromStdString(bill->model);
        usage_->setText(
            tr("<span style='color:%1'>API bill: $%4 input (%2, caches prefixes from %3 "
               "tokens)</span>")
                .arg(pal.mutedText.name(), model.toHtmlEscaped())
                .arg(QLocale().toString(bill->min_tokens))
                .arg(u.usd, 0, 'f', 4) +
            QStringLiteral("<table>") + rows + QStringLiteral("</table>"));
    } else if (rp.finished && res) {
        usage_->setText(tr("<span style='color:%1'>Working out what the API would bill…</span>")
                            .arg(pal.mutedText.name()));
    } else {
        usage_->setText(tr("<span style='color:%1'>API usage fields appear when the request "
                           "finishes.</span>")
                            .arg(pal.mutedText.name()));
    }
    if (rp.prefill_done && res && res->max_abs_diff_vs_full) {
        const double d = *res->max_abs_diff_vs_full;
        bool ok = !res->verify_failed() && res->top_cached.size() == res->top_full.size();
        for (std::size_t i = 0; ok && i < res->top_cached.size(); ++i)
            ok = res->top_cached[i].token == res->top_full[i].token;
        const QString diff = d == 0.0 ? tr("0 (bit-identical)") : QString::number(d, 'e', 1);
        // The articles' GPT-2 experiment on this request: the candidates for the first token
        // through the cache beside those of a full recompute of the whole prompt.
        QString text =
            (ok ? tr("<span style='color:%1'>✔ Computed %2 of %3 tokens, same next-token "
                     "scores: max |diff| = %4</span>")
                : tr("<span style='color:%1'>✘ Computed %2 of %3 tokens, different next-token "
                     "scores: max |diff| = %4</span>"))
                .arg((ok ? pal.hit : pal.invalidation).name())
                .arg(res->computed_tokens)
                .arg(res->prompt_tokens)
                .arg(diff);
        if (!res->top_cached.empty() && res->top_cached.size() == res->top_full.size()) {
            const QString mono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
            const QString head = QStringLiteral("<td style='color:%1; padding-right:8px'>%2</td>");
            text += QStringLiteral("<table><tr>") +
                    head.arg(pal.mutedText.name(), tr("next token")) +
                    head.arg(pal.mutedText.name(), tr("cached")) +
                    head.arg(pal.mutedText.name(), tr("full")) +
                    head.arg(pal.mutedText.name(), tr("prob.")) + QStringLiteral("</tr>");
            for (std::size_t i = 0; i < res->top_cached.size(); ++i) {
                const TokenScore& c = res->top_cached[i];
                const TokenScore& f = res->top_full[i];
                const QString token = visibleText(decodeUtf8Visible(c.text), 14)
                                          .toHtmlEscaped()
                                          .replace(QLatin1Char(' '), QStringLiteral("␣"));
                text += QStringLiteral(
                            "<tr><td style='font-family:\"%1\"; padding-right:8px'>%2</td>"
                            "<td align='right' style='padding-right:8px'>%3</td>"
                            "<td align='right' style='padding-right:8px; color:%4'>%5</td>"
                            "<td align='right'>%6</td></tr>")
                            .arg(mono, token, QString::number(c.logit, 'f', 4),
                                 (c.token == f.token ? pal.text : pal.invalidation).name(),
                                 QString::number(f.logit, 'f', 4),
                                 QLocale().toString(100.0 * c.prob, 'f', 1) + QLatin1Char('%'));
            }
            text += QStringLiteral("</table>");
        }
        check_->setText(text);
    } else if (rp.prefill_done && res && res->cache_only) {
        check_->setText(tr("<span style='color:%1'>Played without the model (the prompt is "
                           "longer than its context): hits and writes are the cache's, the TTFT "
                           "is modelled.</span>")
                            .arg(pal.mutedText.name()));
    } else if (rp.prefill_done && res) {
        check_->setText(tr("<span style='color:%1'>Not verified against a full recompute.</span>")
                            .arg(pal.mutedText.name()));
    } else {
        check_->clear();
    }
    fitBody();
}

}  // namespace pl::ui
