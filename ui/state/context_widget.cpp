#include "state/context_widget.h"

#include "state/scenario_context.h"

namespace pl::ui {

ContextWidget::ContextWidget(ScenarioContext* context, QWidget* parent)
    : QWidget(parent), context_(context) {}

const ScenarioRun* ContextWidget::shownRun() const {
    return context_ && context_->run() ? context_->run().get() : nullptr;
}

}  // namespace pl::ui
