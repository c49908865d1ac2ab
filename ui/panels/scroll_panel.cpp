#include "panels/scroll_panel.h"

#include <QEvent>

#include "state/refresh_queue.h"
#include "state/scenario_context.h"

namespace pl::ui {

ScrollPanel::ScrollPanel(ScenarioContext* context, QWidget* parent)
    : QWidget(parent), context_(context), frame_(makeScrollBody(this)) {
    if (!context)
        return;
    const auto later = RefreshQueue::deferred(this, 0, [this] { refresh(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, [this] { refresh(); });
}

void ScrollPanel::setTheme(Theme theme) {
    theme_ = theme;
    refresh();
}

void ScrollPanel::fitBody() {
    fitBodyHeight(frame_);
}

void ScrollPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        refresh();
    else if (e->type() == QEvent::FontChange)
        fitBody();
    QWidget::changeEvent(e);
}

void ScrollPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitBody();
}

}  // namespace pl::ui
