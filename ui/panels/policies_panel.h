// The current request under seven caching policies, side by side: vLLM's full chained blocks,
// SGLang's token-level radix tree, Anthropic's explicit breakpoints, OpenAI's automatic caching,
// Gemini's implicit caching, Bedrock's cache points and DeepSeek's disk cache
// (runner/policy_sim.h, worked out by the engine's worker). Reused tokens, the cost
// model's TTFT and the input bill per policy, and the radix tree drawn below.
#pragma once

#include "panels/scroll_panel.h"

class QLabel;
class QScrollArea;

namespace pl::ui {

class RadixTreeView;

class PoliciesPanel : public ScrollPanel {
    Q_OBJECT
  public:
    explicit PoliciesPanel(ScenarioContext* context, QWidget* parent = nullptr);
    void setTheme(Theme theme) override;
    QString tableText() const;  // for tests
    RadixTreeView* treeView() const { return tree_; }

  private:
    void refresh() override;
    void fitBody() override;
    QLabel* table_ = nullptr;
    QLabel* treeCaption_ = nullptr;
    QLabel* notes_ = nullptr;     // why an API cached nothing, totals, the semantic contrast
    QLabel* semantic_ = nullptr;  // a semantic cache's hit, under the table
    QScrollArea* treeScroll_ = nullptr;
    RadixTreeView* tree_ = nullptr;
};

}  // namespace pl::ui
