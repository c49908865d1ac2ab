#include "views/pool_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <cmath>

#include "common/text_util.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"

namespace pl::ui {

PoolView::PoolView(ScenarioContext* context, QWidget* parent) : ContextWidget(context, parent) {
    setMouseTracking(true);
    flashTimer_.setInterval(40);
    connect(&flashTimer_, &QTimer::timeout, this, [this] {
        flash_ = std::max(0.0, flash_ - 0.06);
        if (flash_ <= 0)
            flashTimer_.stop();
        update();
    });
    const auto later = RefreshQueue::deferred(this, 0, [this] { refresh(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, [this] { update(); });
    relayoutLegend();
}

void PoolView::setTheme(Theme theme) {
    theme_ = theme;
    update();
}

void PoolView::finishAnimations() {
    flashTimer_.stop();
    flash_ = 0;
    update();
}

QSize PoolView::sizeHint() const {
    const QFontMetrics fm(font());
    return {fm.height() * 22, fm.height() * 14};
}

QSize PoolView::minimumSizeHint() const {
    const QFontMetrics fm(font());
    return {fm.height() * 10, fm.height() * 7};
}

void PoolView::refresh() {
    if (!context_ || !context_->run()) {
        state_ = PoolState{};
    } else {
        state_ = foldPool(*context_->run(), context_->cursor());
    }
    if (!state_.recent_evictions.empty() && state_.recent_evictions != lastEvictions_) {
        flash_ = 1.0;
        if (!flashTimer_.isActive())
            flashTimer_.start();
    }
    lastEvictions_ = state_.recent_evictions;
    relayoutLegend();
    update();
}

std::vector<PoolView::LegendEntry> PoolView::legend() const {
    const Palette& pal = Palette::get(theme_);
    std::vector<LegendEntry> entries{
        {pal.session(0), tr("in use %1").arg(state_.in_use), false, {}},
        {pal.poolCachedFree, tr("cached %1").arg(state_.cached_free), false, {}},
        {pal.poolFree, tr("free %1").arg(state_.free_empty), false, {}},
        {pal.nextVictim, tr("next victim"), true, {}},
    };
    if (!state_.recent_evictions.empty())
        entries.push_back(
            {pal.eviction, tr("evicted %1").arg(state_.recent_evictions.size()), false, {}});
    const QFontMetrics fm(font());
    const int sw = fm.height() - 4;
    int x = 8;
    int y = 4 + fm.height() + 4;  // below the summary line
    for (LegendEntry& e : entries) {
        const int w = sw + 4 + fm.horizontalAdvance(e.label) + 12;
        if (x > 8 && x + w > width()) {
            x = 8;
            y += fm.height();
        }
        e.rect = QRect(x, y, w, fm.height());
        x += w;
    }
    return entries;
}

void PoolView::relayoutLegend() {
    const auto entries = legend();
    legendBottom_ = entries.back().rect.y() + entries.back().rect.height();
}

void PoolView::resizeEvent(QResizeEvent*) {
    relayoutLegend();
}

void PoolView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange || e->type() == QEvent::LanguageChange)
        relayoutLegend();
    QWidget::changeEvent(e);
}

int PoolView::columns() const {
    const int n = static_cast<int>(state_.cells.size());
    if (n == 0)
        return 1;
    const QRect g = gridRect();
    // As many columns as keep the cells square and the grid filling the area.
    const double aspect = std::max(0.2, static_cast<double>(g.width()) / std::max(1, g.height()));
    return std::clamp(static_cast<int>(std::ceil(std::sqrt(n * aspect))), 1, n);
}

QRect PoolView::gridRect() const {
    const QFontMetrics fm(font());
    const int top = legendBottom_ + 3;
    const int bottom = fm.height() + 10;
    return rect().adjusted(8, top, -8, -bottom);
}

QRect PoolView::cellRect(int id) const {
    const int n = static_cast<int>(state_.cells.size());
    const int cols = columns();
    const int rows = (n + cols - 1) / cols;
    const QRect g = gridRect();
    const int s = std::max(3, std::min(g.width() / cols, g.height() / std::max(1, rows)));
    return QRect(g.left() + (id % cols) * s, g.top() + (id / cols) * s, s, s);
}

int PoolView::cellAt(const QPoint& pos) const {
    for (int id = 0; id < static_cast<int>(state_.cells.size()); ++id) {
        if (cellRect(id).contains(pos))
            return id;
    }
    return -1;
}

bool PoolView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && context_ && context_->run()) {
        auto* he = static_cast<QHelpEvent*>(e);
        if (footerRect_.contains(he->pos())) {
            QToolTip::showText(he->globalPos(),
                               tr("Blocks in use now belong to: %1")
                                   .arg(footerSessions_.join(QStringLiteral(", "))),
                               this, footerRect_);
            return true;
        }
        const int id = cellAt(he->pos());
        if (id < 0) {
            QToolTip::hideText();
            return true;
        }
        const PoolCellView& c = state_.cells[static_cast<std::size_t>(id)];
        const ScenarioRun& run = *context_->run();
        QString status;
        switch (c.status) {
            case BlockStatus::InUse:
                status = tr("in use, ref count %1").arg(c.ref_count);
                break;
            case BlockStatus::CachedFree:
                status = tr("cached, free (LRU position %1)").arg(c.lru_rank);
                break;
            case BlockStatus::FreeEmpty:
                status = tr("free, empty");
                break;
        }
        QStringList lines{tr("<b>Pool block %1</b> — %2").arg(id).arg(status)};
        if (c.hash)
            lines << tr("hash <code>%1</code>").arg(QString::fromStdString(to_hex(*c.hash)));
        if (c.owner_request >= 0 && c.session >= 0)
            lines << tr("last used by request %1 (%2) at t = %3 s")
                         .arg(c.owner_request)
                         .arg(QString::fromStdString(
                             run.sessions[static_cast<std::size_t>(c.session)]))
                         .arg(c.last_used, 0, 'f', 0);
        if (state_.next_victim == id)
            lines << tr("the next block the pool hands out: its cached data is evicted then");
        if (c.evicted_recently)
            lines << tr("evicted by the current request");
        QToolTip::showText(he->globalPos(), lines.join(QStringLiteral("<br>")), this, cellRect(id));
        return true;
    }
    return QWidget::event(e);
}

void PoolView::mousePressEvent(QMouseEvent* e) {
    const int id = cellAt(e->pos());
    if (!context_ || id < 0)
        return;
    context_->selectHash(state_.cells[static_cast<std::size_t>(id)].hash);
}

void PoolView::paintEvent(QPaintEvent*) {
    const Palette& pal = Palette::get(theme_);
    QPainter p(this);
    p.fillRect(rect(), pal.panel);
    const QFontMetrics fm(font());
    if (state_.cells.empty()) {
        p.setPen(pal.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("The KV pool appears once the scenario runs."));
        return;
    }
    const ScenarioRun* run = context_ ? context_->run().get() : nullptr;
    const int n = static_cast<int>(state_.cells.size());

    // Summary line.
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.text);
    const QRect line1(8, 4, width() - 16, fm.height());
    QString title = tr("%1 blocks × %2 tokens").arg(n).arg(run ? run->scenario.block_size : 0);
    // The block size in bytes only where it fits whole: a number is never cut.
    if (run) {
        const QString full =
            title + tr(" · %1 each").arg(formatBytes(static_cast<double>(run->bytes_per_block)));
        if (QFontMetrics(bold).horizontalAdvance(full) <= line1.width())
            title = full;
    }
    p.drawText(line1, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(bold).elidedText(title, Qt::ElideRight, line1.width()));
    p.setFont(font());

    const int sw = fm.height() - 4;
    for (const LegendEntry& it : legend()) {
        const QRect sr(it.rect.x(), it.rect.y() + 2, sw, sw);
        if (it.outline) {
            p.fillRect(sr, pal.poolCachedFree);
            p.setPen(QPen(it.color, 2));
            p.drawRect(sr.adjusted(1, 1, -1, -1));
        } else {
            p.fillRect(sr, it.color);
            p.setPen(QPen(pal.grid, 1));
            p.drawRect(sr);
        }
        p.setPen(pal.mutedText);
        p.drawText(it.rect.adjusted(sw + 4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, it.label);
    }

    // Grid.
    const std::optional<BlockHash> selected = context_ ? context_->selectedHash() : std::nullopt;
    for (int id = 0; id < n; ++id) {
        const PoolCellView& c = state_.cells[static_cast<std::size_t>(id)];
        const QRect r = cellRect(id).adjusted(0, 0, -1, -1);
        QColor fill;
        switch (c.status) {
            case BlockStatus::InUse:
                fill = pal.session(c.session < 0 ? 0 : c.session);
                break;
            case BlockStatus::CachedFree:
                fill = pal.poolCachedFree;
                break;
            case BlockStatus::FreeEmpty:
                fill = pal.poolFree;
                break;
        }
        p.fillRect(r, fill);
        if (c.evicted_recently && flash_ > 0) {
            QColor f = pal.eviction;
            f.setAlphaF(0.35 + 0.65 * flash_);
            p.fillRect(r, f);
        } else if (c.evicted_recently) {
            p.setPen(QPen(pal.eviction, 1));
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
        if (state_.next_victim == id) {
            p.setPen(QPen(pal.nextVictim, 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (selected && c.hash && *c.hash == *selected) {
            p.setPen(QPen(pal.selection, 2));
            p.drawRect(r.adjusted(-1, -1, 0, 0));
        }
    }
    // Footer: who owns the blocks in use now, in order of first appearance. What does not fit
    // becomes "+N", and the tooltip over the footer names every owner.
    footerRect_ = QRect();
    footerSessions_.clear();
    if (run) {
        std::vector<bool> owns(run->sessions.size(), false);
        for (const PoolCellView& c : state_.cells) {
            if (c.status == BlockStatus::InUse && c.session >= 0 &&
                c.session < static_cast<int>(owns.size()))
                owns[static_cast<std::size_t>(c.session)] = true;
        }
        std::vector<int> owners;
        for (std::size_t s = 0; s < owns.size(); ++s) {
            if (owns[s]) {
                owners.push_back(static_cast<int>(s));
                footerSessions_ << QString::fromStdString(run->sessions[s]);
            }
        }
        const int fy = height() - fm.height() - 4;
        int fx = 8;
        auto itemWidth = [&](const QString& name) {
            return sw + 4 + fm.horizontalAdvance(name) + 10;
        };
        for (std::size_t i = 0; i < owners.size(); ++i) {
            const QString& name = footerSessions_[static_cast<qsizetype>(i)];
            const int left = static_cast<int>(owners.size() - i - 1);
            const QString more = tr("+%1").arg(left + 1);
            const int reserve = left > 0 ? fm.horizontalAdvance(tr("+%1").arg(left)) + 4 : 0;
            if (fx + itemWidth(name) + reserve > width() - 4) {
                p.setPen(pal.mutedText);
                p.drawText(QRect(fx, fy, fm.horizontalAdvance(more) + 4, fm.height()),
                           Qt::AlignLeft | Qt::AlignVCenter, more);
                fx += fm.horizontalAdvance(more) + 4;
                break;
            }
            p.fillRect(QRect(fx, fy + 2, sw, sw), pal.session(owners[i]));
            p.setPen(pal.mutedText);
            p.drawText(QRect(fx + sw + 4, fy, itemWidth(name), fm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, name);
            fx += itemWidth(name);
        }
        if (!owners.empty())
            footerRect_ = QRect(8, fy, fx - 8, fm.height());
    }
}

}  // namespace pl::ui
