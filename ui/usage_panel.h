// The current request in numbers: tokens reused, computed and written, the API-style usage
// fields, and the correctness check of the cached path against a full recompute.
#pragma once

#include <QPointer>
#include <QWidget>

#include "palette.h"

class QLabel;

namespace pl::ui {

class ScenarioContext;

class UsagePanel : public QWidget {
    Q_OBJECT
  public:
    explicit UsagePanel(ScenarioContext* context, QWidget* parent = nullptr);
    void setTheme(Theme theme);
    QString correctnessText() const;  // for tests
    QString usageText() const;

  protected:
    void changeEvent(QEvent* e) override;

  private:
    void refresh();
    QPointer<ScenarioContext> context_;
    Theme theme_ = Theme::Light;
    QLabel* title_ = nullptr;
    QLabel* numbers_ = nullptr;
    QLabel* usage_ = nullptr;
    QLabel* check_ = nullptr;
};

}  // namespace pl::ui
