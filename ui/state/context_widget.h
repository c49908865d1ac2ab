// The base of the views and panels that show the current step: the ScenarioContext they follow
// (a QPointer, null once the context is gone) and the theme they paint in.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"

namespace pl::ui {

class ScenarioContext;
struct ScenarioRun;

class ContextWidget : public QWidget {
  protected:
    // `context` may be null: the widget then shows nothing of a run.
    ContextWidget(ScenarioContext* context, QWidget* parent);

    // The context's run, or null (no context, or nothing played yet).
    const ScenarioRun* shownRun() const;

    QPointer<ScenarioContext> context_;
    Theme theme_ = Theme::Light;
};

}  // namespace pl::ui
