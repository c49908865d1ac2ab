// The SGLang-style radix tree of the policy simulator, as it stood right after one request was
// admitted: one box per node with its token count, the path the request reused in the hit
// colour, what it added in the computed colour, nodes a running request holds outlined.
#pragma once

#include <QWidget>
#include <map>
#include <memory>

#include "common/palette.h"
#include "runner/policy_types.h"

namespace pl::ui {

class RadixTreeView : public QWidget {
    Q_OBJECT
  public:
    explicit RadixTreeView(QWidget* parent = nullptr);
    void setSnapshot(std::shared_ptr<const RadixSnapshot> snapshot);
    void setTheme(Theme theme);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }
    // For tests: the node ids drawn as reused, and every node's box.
    std::vector<int> highlightedNodes() const;
    int nodeCount() const { return static_cast<int>(boxes_.size()); }

  protected:
    void paintEvent(QPaintEvent* e) override;
    bool event(QEvent* e) override;
    void changeEvent(QEvent* e) override;

  private:
    void layoutTree();
    struct Box {
        QRectF rect;
        int parent = -1;
        bool root = false;
    };
    std::shared_ptr<const RadixSnapshot> snapshot_;
    Theme theme_ = Theme::Light;
    std::map<int, Box> boxes_;          // by node id
    std::map<int, std::size_t> index_;  // node id -> snapshot_->nodes index
    QSize size_{120, 40};
};

}  // namespace pl::ui
