// The base of the docks that are text and controls in a ScrollBody (Usage, Policies, Memory).
// Each renders what it shows in refresh(), again on a change of language or theme, and sizes its
// body in fitBody(), again on a resize or a change of font. One given a ScenarioContext also
// refreshes when the run or the cursor moves (in its turn of the RefreshQueue) and at once when
// the selection changes.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"
#include "common/scroll_body.h"
#include "state/context_widget.h"

class QLabel;

namespace pl::ui {

class ScenarioContext;

class ScrollPanel : public ContextWidget {
    Q_OBJECT
  public:
    virtual void setTheme(Theme theme);

  protected:
    // `context` may be null: the panel then follows only its own controls.
    ScrollPanel(ScenarioContext* context, QWidget* parent);

    virtual void refresh() = 0;
    // The body as tall as its layout needs (fitBodyHeight), unless a panel knows better.
    virtual void fitBody();

    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

    // A label of the body as the panels' text is: rich text, wrapped, selectable with the mouse.
    QLabel* textLabel();

    ScrollBody frame_;
    QLabel* title_ = nullptr;  // the body's first line: what the panel shows, for which request
};

}  // namespace pl::ui
