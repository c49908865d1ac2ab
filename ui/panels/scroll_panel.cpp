#include "panels/scroll_panel.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include "state/refresh_queue.h"
#include "state/scenario_context.h"

namespace pl::ui {

ScrollPanel::ScrollPanel(ScenarioContext* context, QWidget* parent)
    : ContextWidget(context, parent), frame_(makeScrollBody(this)) {
    title_ = textLabel();
    frame_.layout->addWidget(title_);
    if (!context)
        return;
    const auto later = RefreshQueue::deferred(this, 0, [this] { refresh(); });
    connect(context, &ScenarioContext::runChanged, this, later);
    connect(context, &ScenarioContext::cursorChanged, this, later);
    connect(context, &ScenarioContext::selectionChanged, this, [this] { refresh(); });
}

QLabel* ScrollPanel::textLabel() {
    auto* l = new QLabel(frame_.body);
    l->setTextFormat(Qt::RichText);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
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
