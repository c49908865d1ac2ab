#include "panels/policies_panel.h"

#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>

#include "common/scroll_body.h"
#include "state/scenario_context.h"
#include "views/radix_tree_view.h"

namespace pl::ui {

PoliciesPanel::PoliciesPanel(ScenarioContext* context, QWidget* parent)
    : ScrollPanel(context, parent) {
    QVBoxLayout* layout = frame_.layout;
    table_ = textLabel();
    treeCaption_ = textLabel();
    notes_ = textLabel();
    semantic_ = textLabel();
    semantic_->setObjectName(QStringLiteral("semanticHit"));
    table_->setObjectName(QStringLiteral("policiesTable"));
    // The tree right under the table, so a short dock still shows it; it scrolls on its own,
    // both ways: a long conversation is a long chain of nodes.
    treeScroll_ = new QScrollArea(frame_.body);
    treeScroll_->setFrameShape(QFrame::StyledPanel);
    tree_ = new RadixTreeView(treeScroll_);
    tree_->setObjectName(QStringLiteral("radixTree"));
    treeScroll_->setWidget(tree_);
    layout->addWidget(table_);
    // A semantic cache's hit is the point of its lesson step: right under the table.
    layout->addWidget(semantic_);
    layout->addWidget(treeScroll_);
    layout->addWidget(treeCaption_);
    layout->addWidget(notes_);
    layout->addStretch(1);
    refresh();
}

void PoliciesPanel::setTheme(Theme theme) {
    tree_->setTheme(theme);
    ScrollPanel::setTheme(theme);
}

QString PoliciesPanel::tableText() const {
    return table_->text() + semantic_->text() + notes_->text();
}

void PoliciesPanel::fitBody() {
    const int width = frame_.scroll->viewport()->width();
    if (width <= 0)
        return;
    // The labels as tall as their wrapped text needs; the tree gets what is left, at least its
    // minimum, and scrolls inside.
    int text = 5 * 6 + 12;
    for (QLabel* l : {title_, table_, semantic_, treeCaption_, notes_})
        text += l->text().isEmpty() ? 0 : l->heightForWidth(width - 16);
    // Room for the tree and its scroll bar; a taller tree scrolls inside.
    const int tree =
        tree_->sizeHint().height() > 1 ? std::clamp(tree_->sizeHint().height() + 20, 60, 130) : 0;
    treeScroll_->setFixedHeight(tree);
    treeScroll_->setVisible(tree > 0 && tree_->nodeCount() > 0);
    frame_.body->setMinimumHeight(text + (treeScroll_->isVisible() ? tree : 0));
}

namespace {

QString policyLabel(CachePolicy p, int block_size) {
    switch (p) {
        case CachePolicy::Vllm:
            return PoliciesPanel::tr("vLLM, blocks of %1").arg(block_size);
        case CachePolicy::Radix:
            return PoliciesPanel::tr("SGLang radix tree");
        case CachePolicy::Anthropic:
            return PoliciesPanel::tr("Anthropic breakpoints");
        case CachePolicy::OpenAI:
            return PoliciesPanel::tr("OpenAI automatic");
        case CachePolicy::Gemini:
            return PoliciesPanel::tr("Gemini implicit");
        case CachePolicy::Bedrock:
            return PoliciesPanel::tr("Bedrock cache points");
        case CachePolicy::DeepSeek:
            return PoliciesPanel::tr("DeepSeek disk cache");
    }
    return {};
}

QString noteText(const PolicyRequest& r) {
    switch (r.note) {
        case PolicyNote::None:
            return {};
        case PolicyNote::BelowMinimum:
            return PoliciesPanel::tr("shorter than the %1-token minimum: silently not cached")
                .arg(QLocale().toString(r.min_tokens));
        case PolicyNote::NoBreakpoint:
            return PoliciesPanel::tr("no cache_control breakpoint: nothing is cached");
        case PolicyNote::TooManyBreakpoints:
            return PoliciesPanel::tr("more than 4 breakpoints: the API refuses the request");
        case PolicyNote::NotStored:
            return PoliciesPanel::tr("no room beside the running requests: nothing stored");
        case PolicyNote::NoImplicitCache:
            return PoliciesPanel::tr("this model has no implicit caching: nothing is cached");
    }
    return {};
}

// A question or an answer quoted in the dock: a log's "question" can be a whole tool result of
// thousands of lines, which a label would lay out on every refresh.
QString clipped(const std::string& text) {
    constexpr qsizetype kMaxChars = 240;
    QString t = QString::fromStdString(text);
    if (t.size() > kMaxChars)
        t = t.left(kMaxChars).trimmed() + QStringLiteral("…");
    return t.toHtmlEscaped();
}

}  // namespace

void PoliciesPanel::refresh() {
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    const QString muted = pal.mutedText.name();
    if (!run || !run->policies) {
        title_->setText(tr("<b>Caching policies</b>"));
        QString why = tr("The caching policies are compared once the whole scenario has played.");
        if (run && !run->policies_error.empty())
            why = QString::fromStdString(run->policies_error).toHtmlEscaped();
        table_->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(muted, why));
        treeCaption_->clear();
        notes_->clear();
        semantic_->clear();
        semantic_->hide();
        tree_->setSnapshot(nullptr);
        fitBody();
        return;
    }
    const PolicyComparison& cmp = *run->policies;
    const int request = context_->currentRequest();
    const auto req = static_cast<std::size_t>(std::max(0, request));
    title_->setText(tr("<b>Request %1</b> · one trace, seven caching policies").arg(request));
    QString rows = QStringLiteral(
                       "<table cellspacing='0' cellpadding='2'><tr><td></td>"
                       "<td align='right' style='color:%1'>%2</td>"
                       "<td align='right' style='color:%1'>%3</td>"
                       "<td align='right' style='color:%1'>%4</td></tr>")
                       .arg(muted, tr("reused"), tr("TTFT ms"), tr("input $"));
    QString notes;
    for (CachePolicy p : kAllPolicies) {
        const auto& list = cmp.at(p);
        if (req >= list.size())
            continue;
        const PolicyRequest& r = list[req];
        const QColor reuse = r.reused_tokens > 0 ? pal.hit : pal.computed;
        // Reused tokens alone (the prompt's length is in the Usage dock): a narrow dock at a large
        // zoom must still show every column.
        rows += QStringLiteral(
                    "<tr><td style='padding-right:4px'>%1</td>"
                    "<td align='right' style='padding-left:4px'><b style='color:%2'>%3</b></td>"
                    "<td align='right' style='padding-left:4px'>%4</td>"
                    "<td align='right' style='padding-left:4px'>%5</td></tr>")
                    .arg(policyLabel(p, run->scenario.block_size).toHtmlEscaped(), reuse.name())
                    .arg(r.reused_tokens)
                    .arg(r.rejected ? QStringLiteral("—") : QString::number(r.ttft_ms, 'f', 1))
                    .arg(r.rejected ? QStringLiteral("—") : QString::number(r.cost_usd, 'f', 5));
        const QString note = noteText(r);
        if (!note.isEmpty()) {
            notes += QStringLiteral("<br><span style='color:%1'>%2: %3</span>")
                         .arg(muted, policyLabel(p, run->scenario.block_size).toHtmlEscaped(),
                              note.toHtmlEscaped());
        }
    }
    rows += QStringLiteral("</table>");
    // The whole scenario in one line: the share of prompt tokens each policy reused.
    QStringList totals;
    for (CachePolicy p : kAllPolicies) {
        long long reused = 0, prompt = 0;
        for (const PolicyRequest& r : cmp.at(p)) {
            reused += r.reused_tokens;
            prompt += r.prompt_tokens;
        }
        totals << QStringLiteral("%1 %2%")
                      .arg(QString::fromLatin1(policy_name(p)))
                      .arg(prompt > 0
                               ? 100.0 * static_cast<double>(reused) / static_cast<double>(prompt)
                               : 0.0,
                           0, 'f', 0);
    }
    // The contrast: a semantic cache returns whole answers to questions that look alike.
    QString semantic;
    semantic_->clear();
    if (req < cmp.semantic.size() && !cmp.semantic[req].question.empty()) {
        const SemanticLookup& s = cmp.semantic[req];
        const QString sim = QString::number(s.similarity, 'f', 2);
        const QString threshold = QString::number(cmp.semantic_threshold, 'f', 2);
        if (s.hit) {
            semantic = tr("<b>Semantic cache</b> (word overlap at or above %1 standing in for an "
                          "embedding): would skip the model and return request %2's answer "
                          "(similarity %3): “%4”, written for “%5”. A prefix cache never "
                          "returns another question's answer.")
                           .arg(threshold)
                           .arg(s.nearest)
                           .arg(sim, clipped(s.answer), clipped(s.nearest_question));
        } else if (s.nearest >= 0) {
            semantic = tr("<b>Semantic cache</b>: no earlier question similar enough (nearest: "
                          "request %1, similarity %2, below %3): the model answers.")
                           .arg(s.nearest)
                           .arg(sim, threshold);
        } else {
            semantic = tr("<b>Semantic cache</b>: no earlier question to compare with.");
        }
        if (s.hit) {
            semantic_->setText(semantic);
            semantic = QString();
        } else {
            semantic = QStringLiteral("<br>") + semantic;  // after the totals line
        }
    }
    semantic_->setVisible(!semantic_->text().isEmpty());
    table_->setText(rows);
    notes_->setText(notes.mid(4) +  // without the first <br>
                    QStringLiteral("%1<span style='color:%2'>%3</span>")
                        .arg(notes.isEmpty() ? QString() : QStringLiteral("<br>"), muted,
                             tr("Whole scenario, prompt tokens reused: %1")
                                 .arg(totals.join(QStringLiteral(" · ")))
                                 .toHtmlEscaped()) +
                    semantic);
    const auto& radix = cmp.at(CachePolicy::Radix);
    std::shared_ptr<const RadixSnapshot> snap = req < radix.size() ? radix[req].radix : nullptr;
    tree_->setSnapshot(snap);
    if (snap) {
        const auto swatch = [](const QColor& c) {
            return QStringLiteral("<span style='color:%1'>■</span>").arg(c.name());
        };
        treeCaption_->setText(
            tr("<b>Radix tree</b> after request %1 was admitted: %2 of %3 tokens held. "
               "%4 reused path, %5 added by this request, %6 cached; outlined: held by a running "
               "request. Each box is a node with its token count.")
                .arg(request)
                .arg(QLocale().toString(snap->size_tokens),
                     QLocale().toString(snap->capacity_tokens))
                .arg(swatch(pal.hit), swatch(pal.computed), swatch(pal.poolCachedFree)));
    } else {
        treeCaption_->clear();
    }
    fitBody();
}

}  // namespace pl::ui
