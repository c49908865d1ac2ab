#include "views/block_chain_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <set>

#include "common/text_util.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"

namespace pl::ui {

// --- BlockChainView ----------------------------------------------------------------------------

BlockChainView::BlockChainView(ScenarioContext* context, QWidget* parent)
    : ContextWidget(context, parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    legend_ = new StateLegend(this);
    layout->addWidget(legend_);
    // The attention heat map's controls: on or off, which layer and which head (or all).
    auto* att = new QHBoxLayout;
    att->setSpacing(6);
    attentionBox_ = new QCheckBox(this);
    layerBox_ = new QComboBox(this);
    headBox_ = new QComboBox(this);
    attentionLabel_ = new QLabel(this);
    attentionLabel_->setTextFormat(Qt::PlainText);
    attentionLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    att->addWidget(attentionBox_);
    att->addWidget(layerBox_);
    att->addWidget(headBox_);
    att->addWidget(attentionLabel_, 1);
    layout->addLayout(att);
    connect(attentionBox_, &QCheckBox::toggled, this, [this] { refreshAttention(); });
    for (QComboBox* box : {layerBox_, headBox_}) {
        connect(box, &QComboBox::activated, this, [this] { refreshAttention(); });
    }
    scroll_ = new QScrollArea(this);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas_ = new BlockChainCanvas(context, scroll_);
    scroll_->setWidget(canvas_);
    layout->addWidget(scroll_, 1);
    connect(canvas_, &BlockChainCanvas::wantVisible, this, &BlockChainView::reveal);
    // The user's own scrolling wins: a later resize no longer pulls the view back.
    connect(scroll_->verticalScrollBar(), &QScrollBar::actionTriggered, this,
            [this] { revealRequest_ = -1; });
    canvas_->installEventFilter(this);
    scroll_->viewport()->installEventFilter(this);
    const auto later = RefreshQueue::deferred(this, 2, [this] { refreshAttention(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, later);
    retranslateAttention();
}

void BlockChainView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateAttention();
    QWidget::changeEvent(e);
}

void BlockChainView::retranslateAttention() {
    attentionBox_->setText(tr("Attention"));
    attentionBox_->setToolTip(
        tr("Colour the current request's blocks by how much the token under the cursor attends "
           "to them: the model's own attention probabilities, summed per block"));
    layerBox_->setToolTip(tr("Which layer's attention, or the average of all layers"));
    headBox_->setToolTip(
        tr("Which attention head, or the average of all heads; with grouped-query attention also "
           "each group of query heads that reads one key/value head"));
    const int layer = layerBox_->currentIndex();
    const HeadPick head = headPick();
    // The model's shape is known once a map came back; until then only the averages.
    const int layers = attention_ ? attention_->n_layer : 0;
    const int heads = attention_ ? attention_->n_head : 0;
    const int group = attention_ ? attention_->group_size() : 1;
    layerBox_->clear();
    layerBox_->addItem(tr("all layers"));
    for (int l = 0; l < layers; ++l)
        layerBox_->addItem(tr("layer %1").arg(l + 1));
    headBox_->clear();
    auto add = [this](const QString& text, HeadPick pick) {
        headBox_->addItem(text, QPoint(pick.begin, pick.end));
    };
    add(tr("all heads"), HeadPick{});
    for (int h = 0; h < heads; ++h) {
        if (group > 1 && h % group == 0)
            add(tr("group %1: heads %2–%3").arg(h / group + 1).arg(h + 1).arg(h + group),
                HeadPick{h, h + group});
        add(group > 1 ? QStringLiteral("   ") + tr("head %1").arg(h + 1) : tr("head %1").arg(h + 1),
            HeadPick::one(h));
    }
    layerBox_->setCurrentIndex(std::clamp(layer, 0, layers));
    setHeadPick(head);
    refreshAttention();
}

void BlockChainView::setAttentionShown(bool shown) {
    attentionBox_->setChecked(shown);
    refreshAttention();
}

bool BlockChainView::attentionShown() const {
    return attentionBox_->isChecked();
}

void BlockChainView::setAttentionLayerHead(int layer, int head) {
    layerBox_->setCurrentIndex(std::clamp(layer + 1, 0, layerBox_->count() - 1));
    setHeadPick(HeadPick::one(head));
    refreshAttention();
}

void BlockChainView::setAttentionLayerGroup(int layer, int group) {
    const int size = attention_ ? attention_->group_size() : 1;
    layerBox_->setCurrentIndex(std::clamp(layer + 1, 0, layerBox_->count() - 1));
    setHeadPick(HeadPick{group * size, (group + 1) * size});
    refreshAttention();
}

HeadPick BlockChainView::headPick() const {
    const QPoint p = headBox_->currentData().toPoint();
    return headBox_->currentIndex() <= 0 ? HeadPick{} : HeadPick{p.x(), p.y()};
}

void BlockChainView::setHeadPick(HeadPick pick) {
    const int i = headBox_->findData(QPoint(pick.begin, pick.end));
    headBox_->setCurrentIndex(std::max(0, i));
}

QStringList BlockChainView::headChoices() const {
    QStringList out;
    for (int i = 0; i < headBox_->count(); ++i)
        out << headBox_->itemText(i).trimmed();
    return out;
}

std::vector<double> BlockChainView::attentionPerBlock(int request) const {
    return canvas_->attentionPerBlock(request);
}

QString BlockChainView::attentionInfo() const {
    return attentionLabel_->text();
}

void BlockChainView::setAttention(const AttentionMapPtr& map) {
    if (!map || map->generation == 0)
        return;
    if (map->request != wanted_.request || map->tokens != wanted_.tokens)
        return;  // an answer to a query the cursor has left
    attentionPending_ = false;
    const bool shape =
        !attention_ || attention_->n_layer != map->n_layer || attention_->n_head != map->n_head;
    attention_ = map;
    if (shape && map->error.empty())
        retranslateAttention();  // the selectors learn the model's layers and heads
    else
        refreshAttention();
}

void BlockChainView::refreshAttention() {
    const bool on = attentionBox_->isChecked();
    layerBox_->setVisible(on);
    headBox_->setVisible(on);
    attentionLabel_->setVisible(on);
    const int layer = layerBox_->currentIndex() - 1;
    const HeadPick head = headPick();
    const ScenarioRun* run = shownRun();
    if (!on || !run) {
        attentionPending_ = false;
        canvas_->setAttention(nullptr, layer, head);
        return;
    }
    const int request = context_->currentRequest();
    const RequestResult* res = run->result(request);
    const RequestProgress rp =
        res ? foldRequest(*run, request, context_->cursor()) : RequestProgress{};
    if (!res || !rp.prefill_done) {
        attentionPending_ = false;
        attentionLabel_->setText(tr("Attention appears once request %1's prompt is prefilled.")
                                     .arg(std::max(0, request)));
        canvas_->setAttention(nullptr, layer, head);
        return;
    }
    // The token under the cursor: the last prompt token right after the prefill, then each
    // decoded token as it appears.
    AttentionQuery q;
    q.request = request;
    q.prompt_tokens = res->prompt_tokens;
    q.tokens = res->prompt.tokens;
    const std::size_t decoded = std::min(rp.output_tokens.size(), res->output.size());
    q.tokens.insert(q.tokens.end(), res->output.begin(),
                    res->output.begin() + static_cast<std::ptrdiff_t>(decoded));
    if (q.tokens.empty())
        return;
    const bool current =
        attention_ && attention_->request == q.request && attention_->tokens == q.tokens;
    if (!current) {
        if (!attentionPending_ || wanted_.request != q.request || wanted_.tokens != q.tokens) {
            wanted_ = q;
            attentionPending_ = true;
            emit attentionWanted(q);
        }
        attentionLabel_->setText(
            tr("Computing the attention of token %1…").arg(static_cast<int>(q.tokens.size()) - 1));
        canvas_->setAttention(nullptr, layer, head);
        return;
    }
    if (!attention_->error.empty()) {
        attentionLabel_->setText(
            tr("No attention: %1").arg(QString::fromStdString(attention_->error)));
        canvas_->setAttention(nullptr, layer, head);
        return;
    }
    const int pos = attention_->keys() - 1;
    double onAnswer = 0;
    for (int k = attention_->prompt_tokens; k < attention_->keys(); ++k)
        onAnswer += attention_->weight(layer, head, k);
    const std::string bytes = res->prompt.tokens.size() > static_cast<std::size_t>(pos)
                                  ? tokenText(res->prompt, pos)
                                  : std::string();
    QString tokenShown;
    if (pos < res->prompt_tokens)
        tokenShown = visibleText(decodeUtf8Visible(bytes), 16);
    else if (pos - res->prompt_tokens < static_cast<int>(rp.output_tokens.size()))
        tokenShown = visibleText(
            decodeUtf8Visible(rp.output_tokens[static_cast<std::size_t>(pos - res->prompt_tokens)]),
            16);
    QString text = tr("Token %1 “%2” (%3) looks back over %4 tokens")
                       .arg(pos)
                       .arg(tokenShown)
                       .arg(pos < res->prompt_tokens
                                ? tr("last prompt token")
                                : tr("decoded token %1").arg(pos - res->prompt_tokens + 1))
                       .arg(attention_->keys());
    if (pos >= res->prompt_tokens)
        text += tr("; %1% on the answer so far").arg(100.0 * onAnswer, 0, 'f', 1);
    if (attention_->group_size() > 1)
        text += tr(" · %1 query heads share %2 key/value heads, %3 per group")
                    .arg(attention_->n_head)
                    .arg(attention_->n_kv_head)
                    .arg(attention_->group_size());
    text += tr(" · on %1").arg(QString::fromStdString(attention_->backend));
    attentionLabel_->setText(text);
    attentionLabel_->setToolTip(text);
    canvas_->setAttention(attention_, layer, head);
}

void BlockChainView::reveal(int request, int index) {
    revealRequest_ = request;
    revealIndex_ = index;
    applyReveal();
}

void BlockChainView::applyReveal() {
    revealQueued_ = false;
    if (revealRequest_ < 0)
        return;
    // A new card raises the canvas's minimum height, but the scroll area grows the canvas and its
    // scroll range only when it handles the layout request Qt posts for that. Handle it now:
    // otherwise the range still ends at the old bottom, and the new card stays below the view.
    QCoreApplication::sendPostedEvents(scroll_->viewport(), QEvent::LayoutRequest);
    QRect r = revealIndex_ >= 0 ? canvas_->blockRect(revealRequest_, revealIndex_) : QRect();
    const bool block = !r.isNull();
    if (!block)
        r = canvas_->cardRect(revealRequest_);
    if (r.isNull())
        return;
    QScrollBar* bar = scroll_->verticalScrollBar();
    const int view = scroll_->viewport()->height();
    const int margin = block ? 24 : 8;
    int value = bar->value();
    if (r.height() + 2 * margin > view)
        value = r.top() - margin;  // taller than the view: its header first
    else if (r.top() - margin < value)
        value = r.top() - margin;
    else if (r.bottom() + margin > value + view)
        value = r.bottom() + margin - view;
    bar->setValue(value);  // clamped to the range
}

bool BlockChainView::eventFilter(QObject* watched, QEvent* e) {
    // The cards reflow when the canvas gets narrower or wider (a dock resized), and the view shows
    // less when it gets lower: put the revealed block back on screen once the scroll area has
    // caught up with the new size.
    if (e->type() == QEvent::Resize && (watched == canvas_ || watched == scroll_->viewport()) &&
        revealRequest_ >= 0 && !revealQueued_) {
        revealQueued_ = true;
        QMetaObject::invokeMethod(this, &BlockChainView::applyReveal, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, e);
}

void BlockChainView::setTheme(Theme theme) {
    legend_->setTheme(theme);
    canvas_->setTheme(theme);
}

int BlockChainView::drawnRequestCount() const {
    return static_cast<int>(canvas_->requests().size());
}

const RequestProgress* BlockChainView::drawnRequest(int request) const {
    for (const auto& rp : canvas_->requests()) {
        if (rp.request == request)
            return &rp;
    }
    return nullptr;
}

int BlockChainView::drawnCount(int request, CellState state) const {
    const RequestProgress* rp = drawnRequest(request);
    if (!rp)
        return 0;
    return static_cast<int>(std::count_if(rp->cells.begin(), rp->cells.end(),
                                          [&](const CellView& c) { return c.state == state; }));
}

QRect BlockChainView::blockRect(int request, int index) const {
    const QRect r = canvas_->blockRect(request, index);
    if (r.isNull())
        return r;
    return QRect(canvas_->mapTo(this, r.topLeft()), r.size());
}

QRect BlockChainView::chainArea() const {
    return scroll_->geometry();
}

QString BlockChainView::tooltipFor(int request, int index) const {
    return canvas_->tooltipFor(request, index);
}

std::optional<ChainBand> BlockChainView::band(int request, int index) const {
    return canvas_->band(request, index);
}

bool BlockChainView::setBandOpen(int request, int index, bool open) {
    return canvas_->setBandOpen(request, index, open);
}

std::vector<int> BlockChainView::selectedBlocks(int request) const {
    std::vector<int> out;
    if (const RequestProgress* rp = drawnRequest(request)) {
        for (const CellView& c : rp->cells) {
            if (canvas_->isSelected(*rp, c))
                out.push_back(c.index);
        }
    }
    return out;
}

// --- BlockChainCanvas --------------------------------------------------------------------------

BlockChainCanvas::BlockChainCanvas(ScenarioContext* context, QWidget* parent)
    : ContextWidget(context, parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(context, &ScenarioContext::runChanged, this, RefreshQueue::deferred(this, 0, [this] {
                refold();
                relayout();
            }));
    connect(context, &ScenarioContext::scenarioChanged, this, [this] {
        refold();
        relayout();
    });
    connect(context, &ScenarioContext::cursorChanged, this, RefreshQueue::deferred(this, 1, [this] {
                const std::size_t before = requests_.size();
                refold();
                if (requests_.size() != before)
                    relayout();
                update();
                if (lastEventRequest_ >= 0)
                    emit wantVisible(lastEventRequest_, lastEventBlock_);
            }));
    connect(context, &ScenarioContext::selectionChanged, this, [this] {
        update();
        revealTokenSelection();
    });
}

bool BlockChainCanvas::isSelected(const RequestProgress& rp, const CellView& c) const {
    if (!context_)
        return false;
    if (const auto hash = context_->selectedHash())
        return c.hash && *c.hash == *hash;
    if (const auto tokens = context_->selectedTokens()) {
        return tokens->request == rp.request && c.num_tokens > 0 && c.first_token < tokens->end &&
               c.first_token + c.num_tokens > tokens->begin;
    }
    return false;
}

void BlockChainCanvas::revealTokenSelection() {
    const auto tokens = context_ ? context_->selectedTokens() : std::nullopt;
    if (!tokens)
        return;
    for (const RequestProgress& rp : requests_) {
        if (rp.request != tokens->request)
            continue;
        for (const CellView& c : rp.cells) {
            if (isSelected(rp, c)) {
                const Card* card = cardOf(rp.request);
                if (!card || !foldedBand(*card, c.index) || !setBandOpen(rp.request, c.index, true))
                    emit wantVisible(rp.request, c.index);
                return;
            }
        }
    }
}

void BlockChainCanvas::setAttention(AttentionMapPtr map, int layer, HeadPick head) {
    if (map == attention_ && layer == attentionLayer_ && head == attentionHead_)
        return;
    attention_ = std::move(map);
    attentionLayer_ = layer;
    attentionHead_ = head;
    update();
}

std::vector<double> BlockChainCanvas::attentionPerBlock(int request) const {
    std::vector<double> out;
    if (!attention_ || attention_->request != request || !attention_->error.empty())
        return out;
    for (const RequestProgress& rp : requests_) {
        if (rp.request != request)
            continue;
        for (const CellView& c : rp.cells) {
            double w = 0;
            for (int k = c.first_token; k < c.first_token + c.num_tokens; ++k)
                w += attention_->weight(attentionLayer_, attentionHead_, k);
            out.push_back(w);
        }
    }
    return out;
}

void BlockChainCanvas::setTheme(Theme theme) {
    theme_ = theme;
    update();
}

BlockChainCanvas::Metrics BlockChainCanvas::metrics() const {
    const QFontMetrics fm(font());
    const QFontMetrics mono(monoFont(font()));
    Metrics m{};
    m.pad = std::max(3, fm.height() / 4);
    m.blockW = mono.horizontalAdvance(QStringLiteral("00000000")) + 2 * m.pad + 2;
    m.blockH = mono.height() + 2 * m.pad + 2;
    m.gap = std::max(10, fm.height() * 3 / 4);
    m.rowGap = std::max(6, fm.height() / 2);
    m.headerH = fm.height() * 2 + m.pad * 3;
    m.cardGap = fm.height() * 2 / 3;
    m.margin = std::max(6, fm.height() / 2);
    return m;
}

void BlockChainCanvas::refold() {
    requests_.clear();
    lastEventRequest_ = -1;
    lastEventBlock_ = -1;
    if (!context_ || !context_->run())
        return;
    const ScenarioRun& run = *context_->run();
    if (reuseRun_ != context_->run()) {
        reuseRun_ = context_->run();
        reuse_ = reuseOfAll(run);
        opened_.clear();
    }
    const int cursor = context_->cursor();
    for (int r = 0; r < run.requestCount(); ++r) {
        const int start = run.requestStartCursor(r);
        if (start < 0 || start >= cursor)
            continue;
        requests_.push_back(foldRequest(run, r, cursor));
    }
    // Before the first event: the first request's blocks, none hashed yet, so the screen shows
    // what is about to happen rather than an empty area.
    if (requests_.empty() && run.requestCount() > 0)
        requests_.push_back(foldRequest(run, 0, 0));
    pool_ = foldPool(run, cursor);
    if (cursor > 0) {
        const RunnerEvent& ev = run.events[static_cast<std::size_t>(cursor - 1)];
        lastEventRequest_ = eventRequest(ev);
        std::visit(
            [&](const auto& e) {
                using T = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<T, BlockHashedEvent> ||
                              std::is_same_v<T, BlockHitEvent> ||
                              std::is_same_v<T, BlockComputedEvent>)
                    lastEventBlock_ = e.index;
            },
            ev);
    }
}

std::vector<BlockChainCanvas::Card> BlockChainCanvas::layoutFor(int width, int* height) const {
    const Metrics m = metrics();
    std::vector<Card> cards;
    int y = m.margin;
    const int inner = std::max(m.blockW + m.gap, width - 2 * m.margin - 2 * m.pad);
    const int perRow = std::max(1, inner / (m.blockW + m.gap));
    for (const RequestProgress& rp : requests_) {
        Card c;
        c.request = rp.request;
        const int n = static_cast<int>(rp.cells.size());
        // Slots: one per block, but one per folded band of a long prompt.
        if (bandSize(n) > 1) {
            const auto it = opened_.find(rp.request);
            c.bands = chainBands(n, it != opened_.end() ? it->second : std::set<int>{});
            c.bandOf.assign(static_cast<std::size_t>(n), -1);
        }
        int cellSlots = n;
        for (std::size_t b = 0; b < c.bands.size(); ++b) {
            if (c.bands[b].folded())
                cellSlots -= c.bands[b].count - 1;
        }
        const int rows = std::max(1, (cellSlots + perRow - 1) / perRow);
        const int h = m.headerH + rows * m.blockH + (rows - 1) * m.rowGap + 2 * m.pad;
        c.rect = QRect(m.margin, y, width - 2 * m.margin, h);
        c.header = QRect(c.rect.left() + m.pad * 2, y + m.pad, c.rect.width() - m.pad * 4,
                         m.headerH - m.pad);
        const int bx0 = c.rect.left() + m.pad + m.gap;
        const int by0 = y + m.headerH;
        int slot = 0;
        std::size_t band = 0;
        for (int i = 0; i < n; ++i) {
            while (band < c.bands.size() && i >= c.bands[band].first + c.bands[band].count)
                ++band;
            const bool folded = band < c.bands.size() && c.bands[band].folded();
            if (folded)
                c.bandOf[static_cast<std::size_t>(i)] = static_cast<int>(band);
            if (folded && i > c.bands[band].first) {
                c.blocks.push_back(c.blocks.back());  // the band's rectangle
                continue;
            }
            const int row = slot / perRow;
            const int col = slot % perRow;
            ++slot;
            c.blocks.emplace_back(bx0 + col * (m.blockW + m.gap), by0 + row * (m.blockH + m.rowGap),
                                  m.blockW, m.blockH);
        }
        cards.push_back(std::move(c));
        y += h + m.cardGap;
    }
    if (context_ && context_->cursor() == 0 && !cards.empty())
        y += QFontMetrics(font()).height() * 3;  // the hint under the first request's blocks
    if (height)
        *height = y + m.margin;
    return cards;
}

void BlockChainCanvas::relayout() {
    int h = 0;
    cards_ = layoutFor(width(), &h);
    setMinimumHeight(h);
    updateGeometry();
    update();
}

int BlockChainCanvas::heightForWidth(int width) const {
    int h = 0;
    (void)layoutFor(width, &h);
    return h;
}

QSize BlockChainCanvas::sizeHint() const {
    const QFontMetrics fm(font());
    return {fm.height() * 50, fm.height() * 20};
}

void BlockChainCanvas::resizeEvent(QResizeEvent*) {
    int h = 0;
    cards_ = layoutFor(width(), &h);
    if (minimumHeight() != h)
        setMinimumHeight(h);
}

QRect BlockChainCanvas::cardRect(int request) const {
    for (const Card& c : cards_) {
        if (c.request == request)
            return c.rect;
    }
    return {};
}

QRect BlockChainCanvas::blockRect(int request, int index) const {
    for (const Card& c : cards_) {
        if (c.request == request && index >= 0 && index < static_cast<int>(c.blocks.size()))
            return c.blocks[static_cast<std::size_t>(index)];
    }
    return {};
}

std::optional<std::pair<int, int>> BlockChainCanvas::hitTest(const QPoint& pos) const {
    for (const Card& c : cards_) {
        if (!c.rect.contains(pos))
            continue;
        for (std::size_t i = 0; i < c.blocks.size(); ++i) {
            if (c.blocks[i].contains(pos))
                return std::make_pair(c.request, static_cast<int>(i));
        }
    }
    return std::nullopt;
}

QString BlockChainCanvas::tooltipFor(int request, int index) const {
    if (!context_ || !context_->run())
        return {};
    const ScenarioRun& run = *context_->run();
    const RequestProgress* rp = nullptr;
    for (const auto& r : requests_) {
        if (r.request == request)
            rp = &r;
    }
    if (!rp || index < 0 || index >= static_cast<int>(rp->cells.size()))
        return {};
    const CellView& c = rp->cells[static_cast<std::size_t>(index)];
    const RequestResult* res = run.result(request);
    QStringList lines;
    lines << tr("<b>Request %1, block %2</b> — %3")
                 .arg(request)
                 .arg(index)
                 .arg(cellStateName(c.state).toHtmlEscaped());
    if (c.hash) {
        lines << tr("hash <code>%1</code>").arg(QString::fromStdString(to_hex(*c.hash)));
        lines << tr("parent <code>%1</code>%2")
                     .arg(QString::fromStdString(to_hex(c.parent)).left(16) + QStringLiteral("…"),
                          index == 0 ? tr(" (chain root)") : QString());
    } else if (c.state == CellState::Partial) {
        lines << tr("not hashed: only full blocks of %1 tokens are cached")
                     .arg(run.scenario.block_size);
    }
    if (res) {
        const RenderedPrompt& prompt = res->prompt;
        std::string text;
        std::vector<QString> origins;
        for (int t = c.first_token; t < c.first_token + c.num_tokens; ++t) {
            text += tokenText(prompt, t);
            if (t < static_cast<int>(prompt.token_segment.size())) {
                const QString o = originName(prompt.segments[static_cast<std::size_t>(
                    prompt.token_segment[static_cast<std::size_t>(t)])]);
                if (std::find(origins.begin(), origins.end(), o) == origins.end())
                    origins.push_back(o);
            }
        }
        QStringList ol;
        for (const auto& o : origins)
            ol << o;
        lines << tr("tokens %1–%2 (%3): <code>%4</code>")
                     .arg(c.first_token)
                     .arg(c.first_token + c.num_tokens - 1)
                     .arg(c.num_tokens)
                     .arg(visibleText(decodeUtf8Visible(text), 120).toHtmlEscaped());
        lines << tr("from %1").arg(ol.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (c.block_id >= 0 && c.block_id < static_cast<int>(pool_.cells.size())) {
        const PoolCellView& pc = pool_.cells[static_cast<std::size_t>(c.block_id)];
        lines << tr("pool block %1 · ref count %2 · last use t = %3 s")
                     .arg(c.block_id)
                     .arg(pc.ref_count)
                     .arg(pc.last_used, 0, 'f', 0);
    }
    const double bytes = static_cast<double>(run.bytes_per_block) * c.num_tokens /
                         std::max(1, run.scenario.block_size);
    lines << tr("KV: %1 for %2 tokens").arg(formatBytes(bytes)).arg(c.num_tokens);
    if (attention_ && attention_->request == request && attention_->error.empty() && res) {
        // The heat map's numbers: this block's share, then each of its tokens'.
        const auto sums = attentionPerBlock(request);
        const double share = index < static_cast<int>(sums.size()) ? sums[index] : 0.0;
        lines << tr("<b>Attention of token %1: %2% on this block</b>")
                     .arg(attention_->keys() - 1)
                     .arg(100.0 * share, 0, 'f', 1);
        QStringList cells;
        for (int t = c.first_token; t < c.first_token + c.num_tokens; ++t) {
            const double w = attention_->weight(attentionLayer_, attentionHead_, t);
            cells << QStringLiteral("<code>%1</code> %2%")
                         .arg(visibleText(decodeUtf8Visible(tokenText(res->prompt, t)), 12)
                                  .toHtmlEscaped(),
                              QString::number(100.0 * w, 'f', 1));
        }
        lines << cells.join(QStringLiteral(" · "));
    }
    return lines.join(QStringLiteral("<br>"));
}

bool BlockChainCanvas::event(QEvent* e) {
    // Block sizes follow the font (zoom, or a language that brings a CJK font).
    if (e->type() == QEvent::FontChange)
        relayout();
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const auto hit = hitTest(he->pos());
        const Card* card = hit ? cardOf(hit->first) : nullptr;
        const ChainBand* folded = card ? foldedBand(*card, hit->second) : nullptr;
        if (folded) {
            for (const RequestProgress& rp : requests_) {
                if (rp.request == hit->first)
                    QToolTip::showText(he->globalPos(), bandTooltip(*card, rp, *folded), this,
                                       blockRect(hit->first, hit->second));
            }
        } else if (hit)
            QToolTip::showText(he->globalPos(), tooltipFor(hit->first, hit->second), this,
                               blockRect(hit->first, hit->second));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void BlockChainCanvas::mouseMoveEvent(QMouseEvent* e) {
    const auto hit = hitTest(e->pos());
    if (hit != hover_) {
        hover_ = hit;
        setCursor(hit ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
}

void BlockChainCanvas::leaveEvent(QEvent*) {
    if (hover_) {
        hover_.reset();
        update();
    }
}

void BlockChainCanvas::mousePressEvent(QMouseEvent* e) {
    if (!context_)
        return;
    const auto hit = hitTest(e->pos());
    if (!hit) {
        context_->selectHash(std::nullopt);
        context_->selectTokens(std::nullopt);
        for (const Card& c : cards_) {
            if (c.rect.contains(e->pos())) {
                context_->selectRequest(c.request);
                return;
            }
        }
        context_->selectRequest(std::nullopt);
        return;
    }
    if (const Card* card = cardOf(hit->first); card && foldedBand(*card, hit->second)) {
        setBandOpen(hit->first, hit->second, true);
        return;
    }
    for (const auto& rp : requests_) {
        if (rp.request == hit->first) {
            const CellView& c = rp.cells[static_cast<std::size_t>(hit->second)];
            context_->selectRequest(hit->first);
            context_->selectHash(c.hash);
        }
    }
}

void BlockChainCanvas::paintEvent(QPaintEvent* e) {
    const Palette& pal = Palette::get(theme_);
    QPainter p(this);
    p.fillRect(e->rect(), pal.window);
    p.setRenderHint(QPainter::Antialiasing);
    if (requests_.empty()) {
        QString msg;
        if (!context_ || !context_->hasScenario())
            msg =
                tr("Pick a scenario above, open one (Ctrl+O), or drop a scenario or request "
                   "JSON here.");
        else if (!context_->run())
            msg = context_->awaitingRun() ? tr("Running the scenario on the model…")
                  : context_->runError().isEmpty()
                      ? tr("The scenario could not be played.")
                      : tr("The scenario could not be played:\n%1").arg(context_->runError());
        else
            msg = tr("Press Space to play, → to step one event, Shift+→ for a whole request.");
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 1.25);
        p.setFont(f);
        p.setPen(pal.mutedText);
        p.drawText(rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap, msg);
        return;
    }
    for (std::size_t i = 0; i < cards_.size() && i < requests_.size(); ++i) {
        if (cards_[i].rect.intersects(e->rect()))
            paintCard(p, cards_[i], requests_[i]);
    }
    if (context_->cursor() == 0 && !cards_.empty()) {
        // Under the first request's unhashed blocks: how to set them going.
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 1.25);
        p.setFont(f);
        p.setPen(pal.mutedText);
        const QRect below = rect().adjusted(24, cards_.back().rect.bottom() + 12, -24, -24);
        p.drawText(below, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   tr("Press Space to play, → to step one event, Shift+→ for a whole request."));
    }
}

void BlockChainCanvas::paintCard(QPainter& p, const Card& card, const RequestProgress& rp) const {
    const Palette& pal = Palette::get(theme_);
    const Metrics m = metrics();
    const ScenarioRun& run = *context_->run();
    const bool current = context_->currentRequest() == rp.request;
    const ScenarioRequest& req = run.scenario.requests[static_cast<std::size_t>(rp.request)];

    // Card.
    QPainterPath cardPath;
    cardPath.addRoundedRect(QRectF(card.rect).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    p.fillPath(cardPath, pal.panel);
    p.setPen(QPen(current ? pal.accent : pal.grid, current ? 2.0 : 1.0));
    p.drawPath(cardPath);
    const int sessionIdx = run.sessionIndex(req.session);
    p.fillRect(QRect(card.rect.left() + 1, card.rect.top() + 6, 4, card.rect.height() - 12),
               pal.session(sessionIdx));

    // Header: who and when on the left, the time to first token on the right.
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.text);
    const QRect line1(card.header.left(), card.header.top(), card.header.width(), fm.height());
    QString right;
    if (rp.prefill_done)
        right = tr("TTFT %1 ms").arg(rp.ttft_ms, 0, 'f', 1);
    const int rightW = QFontMetrics(bold).horizontalAdvance(right) + m.pad;
    QString title = tr("Request %1 · %2 · t = %3 s")
                        .arg(rp.request)
                        .arg(QString::fromStdString(req.session))
                        .arg(req.at_s, 0, 'f', 0);
    if (req.salt)
        title += tr(" · salted");
    p.drawText(line1.adjusted(0, 0, -rightW, 0), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(bold).elidedText(title, Qt::ElideRight, line1.width() - rightW));
    p.setPen(rp.hits > 0 ? pal.hit : pal.computed);
    p.drawText(line1, Qt::AlignRight | Qt::AlignVCenter, right);

    p.setFont(font());
    const QRect line2(card.header.left(), line1.bottom() + m.pad / 2, card.header.width(),
                      fm.height());
    const RequestResult* res = run.result(rp.request);
    const int promptTokens = res ? res->prompt_tokens : 0;
    int fullBlocks = 0;
    if (res) {
        fullBlocks =
            static_cast<int>(std::count_if(res->blocks.begin(), res->blocks.end(),
                                           [](const auto& b) { return b.hash.has_value(); }));
    }
    QString stats;
    if (!rp.prefill_done) {
        stats = tr("%1 prompt tokens · %2 of %3 blocks hashed")
                    .arg(promptTokens)
                    .arg(rp.hashed)
                    .arg(fullBlocks);
        if (rp.hits > 0)
            stats += tr(" · %1 hits so far").arg(rp.hits);
    } else {
        stats = tr("%1 prompt tokens · %2 reused (%3 blocks) · %4 computed")
                    .arg(promptTokens)
                    .arg(rp.cached_tokens)
                    .arg(rp.hits)
                    .arg(rp.computed_tokens);
    }
    QColor statsColor = pal.mutedText;
    if (rp.prefill_done) {
        // Three states, as in the charts: "reused part" says how much more there was.
        const auto at = static_cast<std::size_t>(rp.request);
        const ReuseOf reuse = at < reuse_.size() ? reuse_[at] : ReuseOf{};
        if (reuse.state == Reuse::Part) {
            stats += tr(" · %1 of %2 shared blocks reused")
                         .arg(reuse.hit_blocks)
                         .arg(reuse.reusable_blocks);
            statsColor = pal.someReuse.darker(pal.theme == Theme::Dark ? 100 : 140);
        }
    }
    if (rp.first_divergence >= 0 && rp.prefill_done) {
        stats += tr(" · prefix breaks at block %1").arg(rp.first_divergence);
        statsColor = pal.invalidation;
    }
    if (!card.bands.empty())
        stats += tr(" · in bands of %1 blocks: click one to open it").arg(card.bands[0].count);
    p.setPen(statsColor);
    p.drawText(line2, Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(stats, Qt::ElideRight, line2.width()));

    // Blocks and the arrows from each parent.
    const QFont mono = monoFont(font());
    const std::vector<double> heat = attentionPerBlock(rp.request);
    const double heatMax =
        heat.empty() ? 1.0 : std::max(1e-9, *std::max_element(heat.begin(), heat.end()));
    for (std::size_t i = 0; i < card.blocks.size() && i < rp.cells.size(); ++i) {
        const ChainBand* band = foldedBand(card, static_cast<int>(i));
        if (band && static_cast<int>(i) != band->first)
            continue;  // drawn with its band
        const QRect r = card.blocks[i];
        const CellView& c = rp.cells[i];
        // Arrow from the parent: the block to the left, or the chain root / previous row.
        const int midY = r.center().y();
        const int x0 = r.left() - m.gap + 2;
        p.setPen(QPen(c.state == CellState::Pending ? pal.grid : pal.mutedText, 1.3));
        if (i == 0) {
            p.setBrush(pal.mutedText);
            p.drawEllipse(QPointF(x0 + 2, midY), 2.5, 2.5);
            p.setBrush(Qt::NoBrush);
        }
        p.drawLine(QPointF(x0 + (i == 0 ? 5 : 0), midY), QPointF(r.left() - 2, midY));
        QPolygonF head;
        head << QPointF(r.left() - 1, midY) << QPointF(r.left() - 5, midY - 3)
             << QPointF(r.left() - 5, midY + 3);
        p.setBrush(p.pen().color());
        p.drawPolygon(head);
        p.setBrush(Qt::NoBrush);

        const QRectF rf = QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5);
        if (band) {
            paintBand(p, rf, rp.cells, *band, pal, mono);
            p.setFont(font());
            const auto inside = [&](int index) {
                return index >= band->first && index < band->first + band->count;
            };
            if (rp.prefill_done && inside(rp.first_divergence))
                p.fillRect(QRect(r.left() - 4, r.top() - 3, 3, r.height() + 6), pal.invalidation);
            if (hover_ && hover_->first == rp.request && inside(hover_->second)) {
                p.setPen(QPen(pal.text, 1.5));
                p.drawRoundedRect(rf.adjusted(-1, -1, 1, 1), 5, 5);
            }
            if (rp.request == lastEventRequest_ && inside(lastEventBlock_)) {
                QColor glow = pal.accent;
                glow.setAlpha(160);
                p.setPen(QPen(glow, 2.5));
                p.drawRoundedRect(rf.adjusted(-3, -3, 3, 3), 6, 6);
            }
            continue;
        }
        fillCell(p, rf, c.state, pal, 4);
        p.setFont(mono);
        if (!heat.empty() && i < heat.size()) {
            // The heat map: the block's share of the attention, darker for more, as a percentage
            // in place of the hash (the tooltip keeps both).
            QColor hot = pal.accent;
            hot.setAlphaF(0.12 + 0.88 * std::sqrt(heat[i] / heatMax));
            QPainterPath path;
            path.addRoundedRect(rf, 4, 4);
            p.fillPath(path, pal.panel);
            p.fillPath(path, hot);
            p.setPen(QPen(pal.cell(c.state), 2));
            p.drawPath(path);
            p.setPen(pal.textOn(hot.alphaF() > 0.5 ? pal.accent : pal.panel));
            p.drawText(r, Qt::AlignCenter, QStringLiteral("%1%").arg(100.0 * heat[i], 0, 'f', 1));
        } else if (c.hash && c.state != CellState::Pending) {
            p.setPen(pal.textOn(pal.cell(c.state)));
            p.drawText(r, Qt::AlignCenter, QString::fromStdString(to_hex(*c.hash)).left(8));
        } else if (c.state == CellState::Partial) {
            p.setPen(pal.text);
            p.drawText(r, Qt::AlignCenter, tr("%1 tok").arg(c.num_tokens));
        }
        p.setFont(font());
        if (static_cast<int>(i) == rp.first_divergence && rp.prefill_done) {
            p.fillRect(QRect(r.left() - 4, r.top() - 3, 3, r.height() + 6), pal.invalidation);
        }
        if (isSelected(rp, c)) {
            p.setPen(QPen(pal.selection, 3));
            p.drawRoundedRect(rf.adjusted(-2, -2, 2, 2), 5, 5);
        } else if (hover_ && hover_->first == rp.request && hover_->second == static_cast<int>(i)) {
            p.setPen(QPen(pal.text, 1.5));
            p.drawRoundedRect(rf.adjusted(-1, -1, 1, 1), 5, 5);
        }
        if (rp.request == lastEventRequest_ && static_cast<int>(i) == lastEventBlock_) {
            QColor glow = pal.accent;
            glow.setAlpha(160);
            p.setPen(QPen(glow, 2.5));
            p.drawRoundedRect(rf.adjusted(-3, -3, 3, 3), 6, 6);
        }
    }
}

}  // namespace pl::ui
