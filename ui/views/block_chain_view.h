// The chain of block hashes, one card per request: each block shows its short hash, an arrow
// from its parent, and its state at the cursor (hashed, hit, computed, partial). A changed
// leading token shows up as a run of computed blocks from the first differing block to the end.
#pragma once

#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "common/palette.h"
#include "state/context_widget.h"
#include "state/model_probe.h"
#include "state/timeline_state.h"
#include "views/chain_cells.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QScrollArea;

namespace pl::ui {

class ScenarioContext;
class BlockChainCanvas;

class BlockChainView : public ContextWidget {
    Q_OBJECT
  public:
    explicit BlockChainView(ScenarioContext* context, QWidget* parent = nullptr);

    void setTheme(Theme theme);

    // Read-only model, for tests: what is drawn now.
    int drawnRequestCount() const;
    int drawnCount(int request, CellState state) const;
    const RequestProgress* drawnRequest(int request) const;
    QRect blockRect(int request, int index) const;  // in this widget's coordinates
    QRect chainArea() const;                        // the canvas's visible area, in this widget
    QString tooltipFor(int request, int index) const;
    // Indices of the request's blocks drawn as selected (by hash or by a token selection).
    std::vector<int> selectedBlocks(int request) const;
    // A card of thousands of blocks draws bands of them (chain_cells.h): the band that holds a
    // block, and opening or folding it (as a click or Ctrl+wheel on it does).
    std::optional<ChainBand> band(int request, int index) const;
    bool setBandOpen(int request, int index, bool open);

    // The attention heat map: the model's attention probabilities of the token under the cursor
    // (the current request's last prompt token, or the last token it decoded), summed per block
    // of its card, for one layer and head or averaged. Asked of the worker (attentionWanted) and
    // drawn when setAttention brings the answer to the query still current.
    void setAttentionShown(bool shown);
    bool attentionShown() const;
    void setAttentionLayerHead(int layer, int head);  // -1: averaged
    // One layer (-1: averaged) and the group of query heads that reads key/value head `group`.
    void setAttentionLayerGroup(int layer, int group);
    // The head selector's entries as shown: "all heads", then per group (grouped-query
    // attention only) the group and its heads.
    QStringList headChoices() const;
    bool attentionPending() const { return attentionPending_; }
    const AttentionMapPtr& attention() const { return attention_; }
    // What is drawn, for tests: each block's share of the weight (empty when none is drawn).
    std::vector<double> attentionPerBlock(int request) const;
    QString attentionInfo() const;

  public slots:
    void setAttention(const pl::ui::AttentionMapPtr& map);

  signals:
    void attentionWanted(const pl::ui::AttentionQuery& query);

  protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
    void changeEvent(QEvent* e) override;

  private:
    void retranslateAttention();
    void refreshAttention();
    HeadPick headPick() const;  // the head selector's choice
    void setHeadPick(HeadPick pick);
    // Scrolls so that block `index` of `request` (or its whole card, index -1) is on screen, and
    // keeps it there when the canvas or the view changes size, until the user scrolls.
    void reveal(int request, int index);
    void applyReveal();

    StateLegend* legend_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    BlockChainCanvas* canvas_ = nullptr;
    int revealRequest_ = -1;  // -1: nothing to keep on screen
    int revealIndex_ = -1;
    bool revealQueued_ = false;
    QCheckBox* attentionBox_ = nullptr;
    QComboBox* layerBox_ = nullptr;
    QComboBox* headBox_ = nullptr;
    QLabel* attentionLabel_ = nullptr;
    AttentionMapPtr attention_;
    AttentionQuery wanted_;  // the query last asked for
    bool attentionPending_ = false;
};

// The painted part (inside a scroll area).
class BlockChainCanvas : public ContextWidget {
    Q_OBJECT
  public:
    BlockChainCanvas(ScenarioContext* context, QWidget* parent);

    void setTheme(Theme theme);
    const std::vector<RequestProgress>& requests() const { return requests_; }
    QRect blockRect(int request, int index) const;
    QRect cardRect(int request) const;
    QString tooltipFor(int request, int index) const;
    bool isSelected(const RequestProgress& rp, const CellView& cell) const;
    // The band (chain_cells.h) that holds block `index` of `request`, folded or open; none when
    // the card is not banded. setBandOpen opens or folds it: false when there is none.
    std::optional<ChainBand> band(int request, int index) const;
    bool setBandOpen(int request, int index, bool open);
    // The heat map over `map`'s request (null: none), for one layer and head (-1: averaged).
    void setAttention(AttentionMapPtr map, int layer, HeadPick head);
    std::vector<double> attentionPerBlock(int request) const;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

  signals:
    // Asks for block `index` of `request` (or its whole card, index -1) to be scrolled into view.
    void wantVisible(int request, int index);

  protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    bool event(QEvent*) override;

  private:
    struct Card {
        int request = 0;
        QRect rect;
        QRect header;
        std::vector<QRect> blocks;     // a folded band's blocks all have the band's rectangle
        std::vector<ChainBand> bands;  // empty: every block its own cell
        std::vector<int> bandOf;       // per block: its folded band, or -1
    };
    // The folded band that holds block `index` of a card, or null.
    const ChainBand* foldedBand(const Card& card, int index) const;
    const Card* cardOf(int request) const;
    QString bandTooltip(const Card& card, const RequestProgress& rp, const ChainBand& band) const;
    struct Metrics {
        int pad, blockW, blockH, gap, rowGap, headerH, cardGap, margin;
    };
    Metrics metrics() const;
    void refold();
    std::vector<Card> layoutFor(int width, int* height) const;
    void relayout();
    std::optional<std::pair<int, int>> hitTest(const QPoint& pos) const;
    void paintCard(QPainter& p, const Card& card, const RequestProgress& rp) const;
    void revealTokenSelection();

    std::vector<RequestProgress> requests_;
    std::vector<Card> cards_;
    PoolState pool_;
    std::optional<std::pair<int, int>> hover_;
    int lastEventRequest_ = -1;
    int lastEventBlock_ = -1;
    // Each request's reuse state (reuseOfAll), worked out once per run, not per cursor step.
    ScenarioRunPtr reuseRun_;
    std::vector<ReuseOf> reuse_;
    std::map<int, std::set<int>> opened_;  // per request, the first block of each opened band
    AttentionMapPtr attention_;
    int attentionLayer_ = -1;
    HeadPick attentionHead_;
};

}  // namespace pl::ui
