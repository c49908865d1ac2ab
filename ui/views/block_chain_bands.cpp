// BlockChainCanvas's bands: a card of thousands of blocks (a request of a long log) draws runs of
// them as one cell each (chain_cells.h), opened by a click or Ctrl+wheel and folded again.
#include "views/block_chain_view.h"

#include <QStringList>
#include <QWheelEvent>
#include <map>

#include "state/timeline_state.h"

namespace pl::ui {

const BlockChainCanvas::Card* BlockChainCanvas::cardOf(int request) const {
    for (const Card& c : cards_) {
        if (c.request == request)
            return &c;
    }
    return nullptr;
}

const ChainBand* BlockChainCanvas::foldedBand(const Card& card, int index) const {
    if (index < 0 || index >= static_cast<int>(card.bandOf.size()))
        return nullptr;
    const int b = card.bandOf[static_cast<std::size_t>(index)];
    return b >= 0 ? &card.bands[static_cast<std::size_t>(b)] : nullptr;
}

std::optional<ChainBand> BlockChainCanvas::band(int request, int index) const {
    const Card* card = cardOf(request);
    if (!card)
        return std::nullopt;
    for (const ChainBand& b : card->bands) {
        if (index >= b.first && index < b.first + b.count)
            return b;
    }
    return std::nullopt;
}

bool BlockChainCanvas::setBandOpen(int request, int index, bool open) {
    const std::optional<ChainBand> b = band(request, index);
    if (!b || b->count < 2)
        return false;
    if (open)
        opened_[request].insert(b->first);
    else
        opened_[request].erase(b->first);
    hover_.reset();
    relayout();
    emit wantVisible(request, b->first);
    return true;
}

QString BlockChainCanvas::bandTooltip(const Card& card, const RequestProgress& rp,
                                      const ChainBand& band) const {
    std::map<CellState, int> counts;
    const int last = std::min(band.first + band.count, static_cast<int>(rp.cells.size()));
    for (int i = band.first; i < last; ++i)
        ++counts[rp.cells[static_cast<std::size_t>(i)].state];
    QStringList parts;
    for (const auto& [state, n] : counts)
        parts << QStringLiteral("%1 %2").arg(n).arg(cellStateName(state));
    return tr("<b>Blocks %1–%2</b> of request %3 (%4 of %5 blocks)<br>%6<br>Click the band, or "
              "hold Ctrl and turn the wheel up over it, to open it; Ctrl and the wheel down over "
              "one of its blocks fold it again.")
        .arg(band.first)
        .arg(band.first + band.count - 1)
        .arg(card.request)
        .arg(band.count)
        .arg(rp.cells.size())
        .arg(parts.join(QStringLiteral(" · ")));
}

void BlockChainCanvas::wheelEvent(QWheelEvent* e) {
    // Ctrl+wheel zooms into a band of a long prompt (opens it) and out of it (folds it).
    const auto hit = (e->modifiers() & Qt::ControlModifier) ? hitTest(e->position().toPoint())
                                                            : std::optional<std::pair<int, int>>();
    if (hit && e->angleDelta().y() != 0 &&
        setBandOpen(hit->first, hit->second, e->angleDelta().y() > 0)) {
        e->accept();
        return;
    }
    QWidget::wheelEvent(e);
}

}  // namespace pl::ui
