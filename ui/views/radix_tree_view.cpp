#include "views/radix_tree_view.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <functional>
#include <set>

namespace pl::ui {

namespace {
constexpr double kMargin = 6, kGapX = 16, kGapY = 6;
}  // namespace

RadixTreeView::RadixTreeView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void RadixTreeView::setSnapshot(std::shared_ptr<const RadixSnapshot> snapshot) {
    snapshot_ = std::move(snapshot);
    layoutTree();
}

void RadixTreeView::setTheme(Theme theme) {
    theme_ = theme;
    update();
}

QSize RadixTreeView::sizeHint() const {
    return size_;
}

void RadixTreeView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange)
        layoutTree();
    QWidget::changeEvent(e);
}

std::vector<int> RadixTreeView::highlightedNodes() const {
    return snapshot_ ? snapshot_->matched_path : std::vector<int>{};
}

void RadixTreeView::layoutTree() {
    boxes_.clear();
    index_.clear();
    const QFontMetrics fm(font());
    const double w = fm.horizontalAdvance(QStringLiteral("88888")) + 10.0;
    const double h = fm.height() + 6.0;
    if (!snapshot_ || snapshot_->nodes.empty()) {
        size_ = QSize(120, static_cast<int>(h + 2 * kMargin));
        updateGeometry();
        update();
        return;
    }
    const auto& nodes = snapshot_->nodes;
    std::map<int, std::vector<int>> children;
    std::vector<int> roots;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        index_[nodes[i].id] = i;
        if (nodes[i].parent < 0)
            roots.push_back(nodes[i].id);
        else
            children[nodes[i].parent].push_back(nodes[i].id);
    }
    // Columns by depth in nodes, rows by leaf order; a parent sits level with its first child,
    // so a chain of single children reads as one line.
    double row = 0;
    double width = 0;
    std::function<double(int, int)> place = [&](int id, int level) -> double {
        const auto& kids = children[id];
        double y;
        if (kids.empty()) {
            y = row;
            row += 1;
        } else {
            y = place(kids.front(), level + 1);
            for (std::size_t k = 1; k < kids.size(); ++k)
                place(kids[k], level + 1);
        }
        Box b;
        b.root = nodes[index_[id]].parent < 0;
        b.parent = nodes[index_[id]].parent;
        const double x = kMargin + level * (w + kGapX);
        b.rect = QRectF(x, kMargin + y * (h + kGapY), b.root ? h : w, h);
        width = std::max(width, b.rect.right());
        boxes_[id] = b;
        return y;
    };
    for (int r : roots) {
        if (children[r].empty() && nodes[index_[r]].salt.empty() && roots.size() > 1)
            continue;  // an empty default tree beside salted ones says nothing
        place(r, 0);
    }
    size_ = QSize(static_cast<int>(width + kMargin),
                  static_cast<int>(kMargin * 2 + std::max(1.0, row) * (h + kGapY)));
    updateGeometry();
    resize(size_);
    update();
}

void RadixTreeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Palette& pal = Palette::get(theme_);
    p.fillRect(rect(), pal.panel);
    if (!snapshot_)
        return;
    const std::set<int> matched(snapshot_->matched_path.begin(), snapshot_->matched_path.end());
    const std::set<int> prompt(snapshot_->prompt_path.begin(), snapshot_->prompt_path.end());
    p.setPen(QPen(pal.grid, 1.5));
    for (const auto& [id, b] : boxes_) {
        auto it = boxes_.find(b.parent);
        if (it == boxes_.end())
            continue;
        const QRectF& a = it->second.rect;
        QPainterPath path(QPointF(a.right(), a.center().y()));
        const double mid = (a.right() + b.rect.left()) / 2;
        path.cubicTo(mid, a.center().y(), mid, b.rect.center().y(), b.rect.left(),
                     b.rect.center().y());
        p.setPen(QPen(matched.count(id) ? pal.hit : pal.grid, matched.count(id) ? 2.5 : 1.5));
        p.drawPath(path);
    }
    for (const auto& [id, b] : boxes_) {
        const RadixNodeInfo& n = snapshot_->nodes[index_.at(id)];
        if (b.root) {
            p.setPen(QPen(pal.mutedText, 1.5));
            p.setBrush(pal.panel);
            p.drawEllipse(b.rect);
            continue;
        }
        const QColor fill = matched.count(id)  ? pal.hit
                            : prompt.count(id) ? pal.computed
                                               : pal.poolCachedFree;
        p.setBrush(fill);
        p.setPen(n.lock_ref > 0 ? QPen(pal.text, 2.0) : QPen(fill.darker(130), 1.0));
        p.drawRoundedRect(b.rect, 4, 4);
        p.setPen(pal.textOn(fill));
        p.drawText(b.rect, Qt::AlignCenter, QString::number(n.tokens.size()));
    }
}

bool RadixTreeView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && snapshot_) {
        auto* he = static_cast<QHelpEvent*>(e);
        for (const auto& [id, b] : boxes_) {
            if (!b.rect.contains(he->pos()))
                continue;
            const RadixNodeInfo& n = snapshot_->nodes[index_.at(id)];
            QString text;
            if (b.root) {
                text = n.salt.empty() ? tr("Root of the tree (no salt)")
                                      : tr("Root of the tree for salt “%1”")
                                            .arg(QString::fromStdString(n.salt).toHtmlEscaped());
            } else {
                text = tr("Tokens: %1, from token %2 of the path")
                           .arg(n.tokens.size())
                           .arg(n.depth_tokens);
                if (n.lock_ref > 0)
                    text += QLatin1Char('\n') +
                            tr("Held by running requests (%1): never evicted").arg(n.lock_ref);
            }
            QToolTip::showText(he->globalPos(), text, this);
            return true;
        }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

}  // namespace pl::ui
