#include "views/chain_cells.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace pl::ui {

namespace {

const CellState kLegendStates[] = {CellState::Pending, CellState::Hashed, CellState::Hit,
                                   CellState::Computed, CellState::Partial};

}  // namespace

QFont monoFont(const QFont& base) {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() * 0.95 : 9.0);
    return f;
}

void fillCell(QPainter& p, const QRectF& r, CellState state, const Palette& pal, qreal radius) {
    QPainterPath path;
    path.addRoundedRect(r, radius, radius);
    switch (state) {
        case CellState::Pending: {
            p.fillPath(path, pal.pending);
            QPen pen(pal.hashed, 1.2, Qt::DashLine);
            p.setPen(pen);
            p.drawPath(path);
            return;
        }
        case CellState::Partial: {
            p.fillPath(path, pal.pending);
            p.fillPath(path, QBrush(pal.partial, Qt::BDiagPattern));
            p.setPen(QPen(pal.partial, 1.5));
            p.drawPath(path);
            return;
        }
        default:
            p.fillPath(path, pal.cell(state));
            return;
    }
}

// --- StateLegend -------------------------------------------------------------------------------

StateLegend::StateLegend(QWidget* parent) : QWidget(parent) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void StateLegend::setTheme(Theme theme) {
    theme_ = theme;
    update();
}

std::vector<StateLegend::Entry> StateLegend::layoutFor(int width, int* height) const {
    const QFontMetrics fm(font());
    const int sw = fm.height();
    const int swatchW = static_cast<int>(sw * 1.4);
    const int rowH = fm.height() + fm.height() / 2;
    std::vector<Entry> entries;
    int x = 0;
    int y = 0;
    for (CellState s : kLegendStates) {
        const QString label = cellStateName(s);
        const int textW = fm.horizontalAdvance(label) + 2;
        const int w = swatchW + sw / 3 + textW;
        if (x > 0 && x + w > width) {
            x = 0;
            y += rowH;
        }
        const QRect swatch(x, y + (rowH - sw) / 2, swatchW, sw - 1);
        const QRect text(x + swatchW + sw / 3, y, textW, rowH);
        entries.push_back({s, label, swatch, text});
        x += w + sw;
    }
    if (height)
        *height = y + rowH;
    return entries;
}

void StateLegend::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        updateGeometry();  // other words, maybe another number of lines
    QWidget::changeEvent(e);
}

int StateLegend::heightForWidth(int width) const {
    int h = 0;
    (void)layoutFor(width, &h);
    return h;
}

QSize StateLegend::sizeHint() const {
    const QFontMetrics fm(font());
    const int w = fm.height() * 30;
    return {w, heightForWidth(w)};
}

QSize StateLegend::minimumSizeHint() const {
    const QFontMetrics fm(font());
    return {0, fm.height() + fm.height() / 2};
}

void StateLegend::paintEvent(QPaintEvent*) {
    const Palette& pal = Palette::get(theme_);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    for (const Entry& e : layoutFor(width(), nullptr)) {
        fillCell(p, QRectF(e.swatch).translated(0.5, 0.5), e.state, pal, 3);
        p.setPen(pal.mutedText);
        p.drawText(e.text, Qt::AlignVCenter | Qt::AlignLeft, e.label);
    }
}

// --- Bands -------------------------------------------------------------------------------------

int bandSize(int blocks) {
    if (blocks <= kBandAbove)
        return 1;
    int size = 2;
    while ((blocks + size - 1) / size > kMaxBands)
        size *= 2;
    return size;
}

std::vector<ChainBand> chainBands(int blocks, const std::set<int>& opened) {
    const int size = bandSize(blocks);
    std::vector<ChainBand> bands;
    bands.reserve(static_cast<std::size_t>((blocks + size - 1) / size));
    for (int first = 0; first < blocks; first += size) {
        ChainBand b;
        b.first = first;
        b.count = std::min(size, blocks - first);
        b.open = opened.count(first) > 0;
        bands.push_back(b);
    }
    return bands;
}

void paintBand(QPainter& p, const QRectF& r, const std::vector<CellView>& cells,
               const ChainBand& band, const Palette& pal, const QFont& mono) {
    QPainterPath outline;
    outline.addRoundedRect(r, 4, 4);
    p.save();
    p.setClipPath(outline);
    p.fillRect(r, pal.pending);
    // Runs of one state as one rectangle: a band is usually one or two runs.
    const int last = std::min(band.first + band.count, static_cast<int>(cells.size()));
    const double w = r.width() / std::max(1, band.count);
    CellState dominant = CellState::Pending;
    int dominantRun = 0;
    for (int i = band.first; i < last;) {
        const CellState state = cells[static_cast<std::size_t>(i)].state;
        int j = i;
        while (j < last && cells[static_cast<std::size_t>(j)].state == state)
            ++j;
        const QRectF run(r.left() + (i - band.first) * w, r.top(), (j - i) * w, r.height());
        if (state == CellState::Partial)
            p.fillRect(run, QBrush(pal.partial, Qt::BDiagPattern));
        else if (state != CellState::Pending)
            p.fillRect(run, pal.cell(state));
        if (j - i > dominantRun) {
            dominantRun = j - i;
            dominant = state;
        }
        i = j;
    }
    p.restore();
    // Stacked edges, so a band reads as many blocks and not as one.
    p.setPen(QPen(pal.mutedText, 1.0));
    p.drawPath(outline);
    p.drawLine(QPointF(r.right() + 2, r.top() + 3), QPointF(r.right() + 2, r.bottom() - 1));
    // The whole range when it fits, in a font down to 70% of the cells' if need be; else where
    // the band starts.
    QFont font = mono;
    QString label = QStringLiteral("%1–%2").arg(band.first).arg(band.first + band.count - 1);
    const double room = r.width() - 6;
    const int wide = QFontMetrics(font).horizontalAdvance(label);
    if (wide > room) {
        const double scale = room / wide;
        if (scale >= 0.7 && font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * scale);
        else
            label = QStringLiteral("%1…").arg(band.first);
    }
    p.setFont(font);
    const bool onColour = dominant != CellState::Pending && dominant != CellState::Partial;
    p.setPen(onColour ? pal.textOn(pal.cell(dominant)) : pal.text);
    p.drawText(r, Qt::AlignCenter, label);
}

}  // namespace pl::ui
