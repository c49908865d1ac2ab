// A QTabWidget is at least as tall as its tallest page, shown or not. In a dock that height is
// kept from every other dock in the column: at 1280x800 in Japanese the prompt's editor page,
// hidden behind the Tokens tab, made the window 22 px taller than the projector. Here only the
// page on screen counts; the others are laid out when their tab is chosen.
#pragma once

#include <QTabWidget>

namespace pl::ui {

inline void sizeTabsByCurrentPage(QTabWidget* tabs) {
    auto apply = [tabs](int current) {
        for (int i = 0; i < tabs->count(); ++i) {
            QWidget* page = tabs->widget(i);
            const auto p = i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            page->setSizePolicy(p, p);
            page->updateGeometry();
        }
    };
    QObject::connect(tabs, &QTabWidget::currentChanged, tabs, apply);
    apply(tabs->currentIndex());
}

}  // namespace pl::ui
