#include "traffic/traffic_view.h"

#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <algorithm>

namespace pl::ui {

namespace {

QString usd(double v) {
    return QStringLiteral("$%1").arg(v, 0, 'f', v >= 100 ? 2 : 4);
}

QString percent(double fraction) {
    return QStringLiteral("%1%").arg(100.0 * fraction, 0, 'f', 1);
}

QString tokens(long long n) {
    return QLocale(QLocale::English).toString(n);
}

}  // namespace

QString englishPlural(QString text, int n) {
    return text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"))
        .replace(QLatin1String("(es)"), n == 1 ? QString() : QStringLiteral("es"));
}

int TrafficRow::writtenOnly() const {
    return written - std::min(expired, written);
}

int TrafficRow::uncachedOnly() const {
    return uncached - std::max(0, expired - written);
}

TrafficView::TrafficView(QWidget* parent) : QAbstractScrollArea(parent) {
    setObjectName(QStringLiteral("trafficView"));
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setMouseTracking(true);
    verticalScrollBar()->setSingleStep(1);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        if (!centering_)
            centered_ = -1;
    });
}

void TrafficView::clear() {
    rows_.clear();
    conversations_.clear();
    rowsOf_.clear();
    lines_.clear();
    lineOfRow_.clear();
    maxPrompt_ = 1;
    selected_ = -1;
    centered_ = -1;
    relayout();
}

void TrafficView::addRows(const std::vector<TrafficRow>& rows) {
    for (const TrafficRow& r : rows) {
        const auto c = static_cast<std::size_t>(std::max(0, r.conversation));
        if (conversations_.size() <= c) {
            conversations_.resize(c + 1);
            rowsOf_.resize(c + 1);
            for (std::size_t k = 0; k < conversations_.size(); ++k) {
                if (conversations_[k].id.isEmpty())
                    conversations_[k].id = QStringLiteral("c%1").arg(k + 1);
            }
        }
        TrafficConversation& conv = conversations_[c];
        ++conv.requests;
        conv.prompt += r.prompt;
        conv.reused += r.reused;
        conv.cost += r.cost;
        conv.leaked += r.leaked;
        rowsOf_[c].push_back(static_cast<int>(rows_.size()));
        maxPrompt_ = std::max(maxPrompt_, r.prompt);
        rows_.push_back(r);
    }
    relayout();
}

int TrafficView::previousInConversation(int row) const {
    if (row < 0 || row >= rowCount())
        return -1;
    const auto& list =
        rowsOf_[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].conversation)];
    auto it = std::lower_bound(list.begin(), list.end(), row);
    return it == list.begin() ? -1 : *(it - 1);
}

void TrafficView::setTheme(Theme theme) {
    theme_ = theme;
    viewport()->update();
}

void TrafficView::relayout() {
    lines_.clear();
    lineOfRow_.assign(rows_.size(), -1);
    for (std::size_t c = 0; c < rowsOf_.size(); ++c) {
        if (rowsOf_[c].empty())
            continue;
        lines_.push_back({static_cast<int>(c), -1});
        for (int r : rowsOf_[c]) {
            lineOfRow_[static_cast<std::size_t>(r)] = static_cast<int>(lines_.size());
            lines_.push_back({static_cast<int>(c), r});
        }
    }
    const int h = lineHeight();
    const int total = static_cast<int>(lines_.size()) * h;
    QScrollBar* bar = verticalScrollBar();
    bar->setRange(0, std::max(0, total - viewport()->height()));
    bar->setPageStep(viewport()->height());
    bar->setSingleStep(h);
    viewport()->update();
}

int TrafficView::lineHeight() const {
    return fontMetrics().height() + 8;
}

int TrafficView::lineAt(int y) const {
    const int i = (y + verticalScrollBar()->value()) / lineHeight();
    return i >= 0 && i < static_cast<int>(lines_.size()) ? i : -1;
}

int TrafficView::lineOfRow(int row) const {
    return row >= 0 && row < static_cast<int>(lineOfRow_.size())
               ? lineOfRow_[static_cast<std::size_t>(row)]
               : -1;
}

int TrafficView::labelWidth() const {
    return fontMetrics().horizontalAdvance(QStringLiteral("#00000  L000000")) + 12;
}

int TrafficView::figuresWidth() const {
    return fontMetrics().horizontalAdvance(QStringLiteral("$000.0000 ⚠")) + 12;
}

QRect TrafficView::barArea(int lineIndex) const {
    const int h = lineHeight();
    const int top = lineIndex * h - verticalScrollBar()->value();
    const int left = labelWidth();
    const int right = viewport()->width() - figuresWidth();
    return QRect(left, top + 3, std::max(10, right - left), h - 6);
}

QRect TrafficView::barRect(int row) const {
    const int line = lineOfRow(row);
    if (line < 0)
        return {};
    QRect area = barArea(line);
    if (area.bottom() < 0 || area.top() > viewport()->height())
        return {};
    const TrafficRow& r = rows_[static_cast<std::size_t>(row)];
    const int w = std::max(2, static_cast<int>(static_cast<double>(area.width()) * r.prompt /
                                               std::max(1, maxPrompt_)));
    area.setWidth(w);
    return area;
}

void TrafficView::centerRow(int row) {
    if (row < 0 || row >= rowCount())
        return;
    selectRow(row);
    centered_ = row;
    const int line = lineOfRow(row);
    if (line < 0)
        return;
    const int h = lineHeight();
    centering_ = true;
    verticalScrollBar()->setValue(line * h + h / 2 - viewport()->height() / 2);
    centering_ = false;
}

void TrafficView::selectRow(int row) {
    if (row < -1 || row >= rowCount())
        return;
    selected_ = row;
    centered_ = -1;
    if (const int line = lineOfRow(row); line >= 0) {
        const int h = lineHeight();
        QScrollBar* bar = verticalScrollBar();
        // A conversation's first request brings its header into sight with it.
        const bool first = line > 0 && lines_[static_cast<std::size_t>(line - 1)].row < 0;
        const int top = (first ? line - 1 : line) * h;
        const int bottom = (line + 1) * h;
        if (top < bar->value())
            bar->setValue(top);
        else if (bottom > bar->value() + viewport()->height())
            bar->setValue(bottom - viewport()->height());
    }
    viewport()->update();
    emit rowSelected(row);
}

std::vector<TrafficView::Swatch> TrafficView::legend() const {
    const Palette& pal = Palette::get(theme_);
    return {{pal.hit, tr("read from the cache")},
            {pal.partial, tr("expired (TTL gap)")},
            {pal.computed, tr("written to the cache")},
            {pal.hashed, tr("uncached")},
            {pal.invalidation, tr("diverged here")}};
}

QString TrafficView::toolTipFor(int row) const {
    if (row < 0 || row >= rowCount())
        return {};
    const TrafficRow& r = rows_[static_cast<std::size_t>(row)];
    QString t = QStringLiteral("<b>%1</b><br>")
                    .arg(tr("Request %1 · line %2 · %3 · %4")
                             .arg(r.request)
                             .arg(r.line)
                             .arg(conversations_[static_cast<std::size_t>(r.conversation)].id,
                                  r.model.toHtmlEscaped()));
    t += QStringLiteral("<table>");
    auto line = [&t](const QString& name, const QString& value) {
        t += QStringLiteral("<tr><td>%1</td><td align='right'>&nbsp;%2</td></tr>").arg(name, value);
    };
    line(tr("prompt"), tr("%1 tokens").arg(tokens(r.prompt)));
    line(tr("read"), tokens(r.reused));
    if (r.expired > 0)
        line(tr("expired"), tokens(r.expired));
    line(tr("written"), tokens(r.written));
    line(tr("uncached"), tokens(r.uncached));
    line(tr("cost"), usd(r.cost));
    line(tr("without caching"), usd(r.uncachedCost));
    if (r.leaked > 0)
        line(tr("leaked"), usd(r.leaked));
    t += QStringLiteral("</table>");
    if (r.divergedAt >= 0)
        t += QStringLiteral("<br>") +
             tr("Left the previous prompt at token %1.").arg(tokens(r.divergedAt));
    if (!r.cause.isEmpty()) {
        t += QStringLiteral("<br>") + tr("Cause: <b>%1</b>").arg(r.cause.toHtmlEscaped());
        if (!r.causeDetail.isEmpty())
            t += QStringLiteral(" (%1)").arg(r.causeDetail.toHtmlEscaped());
    }
    if (r.reported) {
        auto n = [](long long v) { return v >= 0 ? tokens(v) : QStringLiteral("–"); };
        t += QStringLiteral("<br>") +
             tr("Reported by the provider: %1 input, %2 read, %3 written")
                 .arg(n(r.reportedInput), n(r.reportedRead), n(r.reportedWrite));
        if (!r.reportedMissReason.isEmpty())
            t += QStringLiteral("<br>") + tr("The provider's own reason: <b>%1</b>")
                                              .arg(r.reportedMissReason.toHtmlEscaped());
    }
    if (r.counting == QLatin1String("calibrated"))
        t += QStringLiteral("<br>") +
             tr("Tokens calibrated from the log's usage (the provider's tokenizer is not public).");
    else if (r.counting == QLatin1String("estimate"))
        t += QStringLiteral("<br>") + tr("Tokens estimated (the provider's tokenizer is not public "
                                         "or not installed).");
    if (r.disagrees) {
        t += QStringLiteral("<br><b>") +
             tr("⚠ The provider read %1 tokens where the emulation expected %2.")
                 .arg(tokens(r.reportedReused), tokens(r.expectedReused)) +
             QStringLiteral("</b>");
        for (const QString& e : r.explanations)
            t += QStringLiteral("<br>· ") + e.toHtmlEscaped();
    }
    return t;
}

void TrafficView::paintEvent(QPaintEvent*) {
    QPainter p(viewport());
    const Palette& pal = Palette::get(theme_);
    p.fillRect(viewport()->rect(), pal.panel);
    if (lines_.empty()) {
        p.setPen(pal.mutedText);
        p.drawText(viewport()->rect(), Qt::AlignCenter, tr("No requests yet"));
        return;
    }
    const int h = lineHeight();
    const int first = std::max(0, verticalScrollBar()->value() / h);
    const int last = std::min(static_cast<int>(lines_.size()) - 1,
                              (verticalScrollBar()->value() + viewport()->height()) / h);
    for (int i = first; i <= last; ++i) {
        const Line& l = lines_[static_cast<std::size_t>(i)];
        const QRect full(0, i * h - verticalScrollBar()->value(), viewport()->width(), h);
        if (l.row < 0)
            paintHeader(p, full, conversations_[static_cast<std::size_t>(l.conversation)],
                        l.conversation);
        else
            paintRow(p, full, rows_[static_cast<std::size_t>(l.row)]);
    }
}

void TrafficView::paintHeader(QPainter& p, const QRect& r, const TrafficConversation& c,
                              int index) const {
    const Palette& pal = Palette::get(theme_);
    p.fillRect(r, pal.window);
    p.setPen(pal.grid);
    p.drawLine(r.bottomLeft(), r.bottomRight());
    const QRect chip(r.left() + 6, r.center().y() - 5, 10, 10);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(pal.session(index));
    p.drawRoundedRect(chip, 2, 2);
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.text);
    const QRect text = r.adjusted(chip.right() + 8, 0, -8, 0);
    p.drawText(text, Qt::AlignVCenter | Qt::AlignLeft, c.id);
    const int idWidth = QFontMetrics(bold).horizontalAdvance(c.id) + 12;
    p.setFont(font());
    p.setPen(pal.mutedText);
    QString figures =
        englishPlural(tr("%n request(s) · hit rate %1 · %2", nullptr, c.requests), c.requests)
            .arg(percent(c.hitRate()), usd(c.cost));
    if (c.leaked > 0)
        figures += tr(" · leaked %1").arg(usd(c.leaked));
    p.drawText(text.adjusted(idWidth, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
               fontMetrics().elidedText(figures, Qt::ElideRight, text.width() - idWidth));
}

void TrafficView::paintRow(QPainter& p, const QRect& r, const TrafficRow& row) const {
    const Palette& pal = Palette::get(theme_);
    const bool selected = row.request >= 0 && selected_ >= 0 &&
                          rows_[static_cast<std::size_t>(selected_)].request == row.request;
    if (selected) {
        QColor sel = pal.selection;
        sel.setAlpha(48);
        p.fillRect(r, sel);
        p.fillRect(QRect(r.left(), r.top(), 3, r.height()), pal.selection);
    }
    // The label: request number and line.
    p.setPen(pal.mutedText);
    const QRect label(r.left() + 8, r.top(), labelWidth() - 12, r.height());
    p.drawText(label, Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("#%1").arg(row.request));
    p.drawText(label, Qt::AlignVCenter | Qt::AlignRight, QStringLiteral("L%1").arg(row.line));

    const int line = lineOfRow(static_cast<int>(&row - rows_.data()));
    const QRect area = barArea(line);
    const double scale = static_cast<double>(area.width()) / std::max(1, maxPrompt_);
    // Track: the longest prompt's length, faint, so that short prompts read as short.
    p.fillRect(area, pal.theme == Theme::Light ? pal.window : pal.pending);
    struct Part {
        int tokens;
        QColor color;
    };
    const Part parts[] = {{row.reused, pal.hit},
                          {row.expired, pal.partial},
                          {row.writtenOnly(), pal.computed},
                          {row.uncachedOnly(), pal.hashed}};
    double at = 0;
    for (const Part& part : parts) {
        if (part.tokens <= 0)
            continue;
        const int x0 = area.left() + static_cast<int>(at * scale);
        at += part.tokens;
        const int x1 = std::max(x0 + 1, area.left() + static_cast<int>(at * scale));
        p.fillRect(QRect(x0, area.top(), x1 - x0, area.height()), part.color);
    }
    const int barEnd = area.left() + std::max(2, static_cast<int>(row.prompt * scale));
    // The divergence point, and its cause after the bar.
    if (row.divergedAt >= 0) {
        const int x = area.left() + static_cast<int>(row.divergedAt * scale);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(pal.invalidation, 2));
        p.drawLine(x, area.top() - 2, x, area.bottom() + 2);
        QPainterPath tri;
        tri.moveTo(x - 4, area.top() - 3);
        tri.lineTo(x + 4, area.top() - 3);
        tri.lineTo(x, area.top() + 2);
        tri.closeSubpath();
        p.fillPath(tri, pal.invalidation);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
    // The cause, named beside where the reuse stopped: the divergence, else the end of what was
    // read (a TTL gap loses a prefix that did not change). On a pill, readable over the bar.
    if (!row.cause.isEmpty()) {
        const int from = row.divergedAt >= 0 ? row.divergedAt : row.reused;
        const QFontMetrics fm = fontMetrics();
        const int w = fm.horizontalAdvance(row.cause) + 10;
        int x = area.left() + static_cast<int>(from * scale) + 6;
        x = std::max(area.left() + 2, std::min(x, area.right() - w - 2));
        const QRect pill(x, area.top() + 1, std::min(w, area.width() - 4), area.height() - 2);
        if (pill.width() > 20) {
            QColor back = pal.panel;
            back.setAlpha(230);
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(QPen(pal.invalidation, 1));
            p.setBrush(back);
            p.drawRoundedRect(QRectF(pill).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
            p.setRenderHint(QPainter::Antialiasing, false);
            p.setPen(pal.invalidation);
            p.drawText(pill, Qt::AlignCenter,
                       fm.elidedText(row.cause, Qt::ElideRight, pill.width() - 8));
        }
    }
    // Figures: the cost, and a mark where the provider's usage disagrees.
    const QRect figures(area.right() + 6, r.top(), viewport()->width() - area.right() - 12,
                        r.height());
    p.setPen(pal.text);
    const QString mark = QStringLiteral(" ⚠");
    const int markWidth = fontMetrics().horizontalAdvance(mark);
    p.drawText(figures.adjusted(0, 0, -markWidth, 0), Qt::AlignVCenter | Qt::AlignRight,
               usd(row.cost));
    if (row.disagrees) {
        p.setPen(pal.invalidation);
        p.drawText(figures, Qt::AlignVCenter | Qt::AlignRight, mark);
        p.setPen(QPen(pal.invalidation, 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRect(area.left(), area.top(), barEnd - area.left(), area.height())
                       .adjusted(0, 0, -1, -1));
    }
}

void TrafficView::resizeEvent(QResizeEvent* e) {
    QAbstractScrollArea::resizeEvent(e);
    // The new range may move the scroll bar: that is not a scroll by hand.
    const int keep = centered_ >= 0 && centered_ == selected_ ? centered_ : -1;
    relayout();
    if (keep >= 0)
        centerRow(keep);
}

void TrafficView::mousePressEvent(QMouseEvent* e) {
    const int line = lineAt(e->position().toPoint().y());
    if (line < 0)
        return;
    const Line& l = lines_[static_cast<std::size_t>(line)];
    if (l.row < 0)
        return;
    selectRow(l.row);
    if (e->button() == Qt::LeftButton)
        emit rowActivated(l.row);
}

void TrafficView::keyPressEvent(QKeyEvent* e) {
    auto step = [this](int by) {
        if (rows_.empty())
            return;
        int line =
            selected_ >= 0 ? lineOfRow(selected_) : (by > 0 ? -1 : static_cast<int>(lines_.size()));
        for (int i = line + by; i >= 0 && i < static_cast<int>(lines_.size()); i += by) {
            if (lines_[static_cast<std::size_t>(i)].row >= 0) {
                selectRow(lines_[static_cast<std::size_t>(i)].row);
                return;
            }
        }
    };
    const int page = std::max(1, viewport()->height() / lineHeight() - 1);
    switch (e->key()) {
        case Qt::Key_Down:
            step(1);
            return;
        case Qt::Key_Up:
            step(-1);
            return;
        case Qt::Key_PageDown:
            for (int i = 0; i < page; ++i)
                step(1);
            return;
        case Qt::Key_PageUp:
            for (int i = 0; i < page; ++i)
                step(-1);
            return;
        case Qt::Key_Home:
            selected_ = -1;
            step(1);
            return;
        case Qt::Key_End:
            selected_ = -1;
            step(-1);
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (selected_ >= 0)
                emit rowActivated(selected_);
            return;
        default:
            QAbstractScrollArea::keyPressEvent(e);
    }
}

bool TrafficView::viewportEvent(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int line = lineAt(help->pos().y());
        if (line >= 0 && lines_[static_cast<std::size_t>(line)].row >= 0)
            QToolTip::showText(help->globalPos(),
                               toolTipFor(lines_[static_cast<std::size_t>(line)].row), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(e);
}

void TrafficView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange)
        relayout();
    QAbstractScrollArea::changeEvent(e);
}

}  // namespace pl::ui
