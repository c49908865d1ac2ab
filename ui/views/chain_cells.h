// The pieces of the block chain view that draw cells: a block's fill, the legend of block
// states, and the bands that stand for runs of blocks on a card of thousands of them (a request of
// a 100k-token log is over 6,000 blocks of 16: a band of 64 is one cell until it is opened).
#pragma once

#include <QFont>
#include <QWidget>
#include <set>
#include <vector>

#include "common/palette.h"
#include "state/timeline_state.h"

class QPainter;

namespace pl::ui {

// The fixed-pitch font the cells' hashes are drawn in, at about the size of `base`.
QFont monoFont(const QFont& base);

// Draws one block's fill; the partial tail is hatched: it is never hashed nor cached.
void fillCell(QPainter& p, const QRectF& r, CellState state, const Palette& pal, qreal radius);

// A card of more than kBandAbove blocks draws them in bands: runs of bandSize(n) consecutive
// blocks (a power of two, so that there are at most kMaxBands of them), each one cell, split
// across its width into its blocks' states, until it is opened. Opened bands show every block.
inline constexpr int kBandAbove = 256;
inline constexpr int kMaxBands = 128;

struct ChainBand {
    int first = 0;
    int count = 1;
    bool open = false;  // drawn block by block
    bool folded() const { return count > 1 && !open; }
};

// 1 (every block its own cell) up to kBandAbove blocks; otherwise the smallest power of two that
// makes at most kMaxBands bands.
int bandSize(int blocks);
// The bands of a card of `blocks` blocks; `opened` holds the first block of each opened band.
std::vector<ChainBand> chainBands(int blocks, const std::set<int>& opened);
// One folded band: each block a sliver of its state's colour, left to right, a rounded outline
// and the range of block indices when it fits.
void paintBand(QPainter& p, const QRectF& r, const std::vector<CellView>& cells,
               const ChainBand& band, const Palette& pal, const QFont& mono);

// Swatches for every block state, painted from the same Palette the views paint with. Entries
// that do not fit on one line wrap to the next (a translation can be twice as long), never drop.
class StateLegend : public QWidget {
    Q_OBJECT
  public:
    explicit StateLegend(QWidget* parent = nullptr);
    void setTheme(Theme theme);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

  protected:
    void paintEvent(QPaintEvent*) override;
    void changeEvent(QEvent* e) override;

  private:
    struct Entry {
        CellState state;
        QString label;
        QRect swatch;
        QRect text;
    };
    std::vector<Entry> layoutFor(int width, int* height) const;

    Theme theme_ = Theme::Light;
};

}  // namespace pl::ui
