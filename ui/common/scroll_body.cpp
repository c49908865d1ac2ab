#include "common/scroll_body.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace pl::ui {

ScrollBody makeScrollBody(QWidget* owner) {
    auto* outer = new QVBoxLayout(owner);
    outer->setContentsMargins(0, 0, 0, 0);
    ScrollBody s;
    s.scroll = new QScrollArea(owner);
    s.scroll->setFrameShape(QFrame::NoFrame);
    s.scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    s.scroll->setWidgetResizable(true);
    s.body = new QWidget(s.scroll);
    s.scroll->setWidget(s.body);
    outer->addWidget(s.scroll);
    s.layout = new QVBoxLayout(s.body);
    s.layout->setContentsMargins(8, 6, 8, 6);
    s.layout->setSpacing(6);
    return s;
}

void fitBodyHeight(const ScrollBody& s) {
    const int width = s.scroll->viewport()->width();
    if (width > 0)
        s.body->setMinimumHeight(s.layout->heightForWidth(width));
}

}  // namespace pl::ui
