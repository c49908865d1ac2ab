// The current request under four caching policies, side by side: vLLM's full chained blocks,
// SGLang's token-level radix tree, Anthropic's explicit breakpoints and OpenAI's automatic
// caching (runner/policy_sim.h, worked out by the engine's worker). Reused tokens, the cost
// model's TTFT and the input bill per policy, and the radix tree drawn below.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"
#include "common/scroll_body.h"

class QLabel;
class QScrollArea;

namespace pl::ui {

class ScenarioContext;
class RadixTreeView;

class PoliciesPanel : public QWidget {
    Q_OBJECT
  public:
    explicit PoliciesPanel(ScenarioContext* context, QWidget* parent = nullptr);
    void setTheme(Theme theme);
    QString tableText() const;  // for tests
    RadixTreeView* treeView() const { return tree_; }

  protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

  private:
    void refresh();
    void fitBody();
    QPointer<ScenarioContext> context_;
    Theme theme_ = Theme::Light;
    ScrollBody frame_;
    QLabel* title_ = nullptr;
    QLabel* table_ = nullptr;
    QLabel* treeCaption_ = nullptr;
    QLabel* notes_ = nullptr;
    QLabel* semantic_ = nullptr;  // a semantic cache's hit, under the table  // why an API cached
                                  // nothing, totals, the semantic contrast
    QScrollArea* treeScroll_ = nullptr;
    RadixTreeView* tree_ = nullptr;
};

}  // namespace pl::ui
