// Icons painted by the app rather than taken from the platform's theme: the transport's in the
// theme's text colour (the platform's media icons vanish on a dark background), and a projector
// needs them crisp at any zoom.
#pragma once

#include <QColor>
#include <QIcon>
#include <QPixmap>
#include <functional>

class QPainter;

namespace pl::ui {

enum class IconKind {
    ToStart,
    PrevRequest,
    StepBack,
    Play,
    Pause,
    StepForward,
    NextRequest,
    ToEnd
};

QIcon transportIcon(IconKind kind, const QColor& color);

// A transparent `size`-pixel square in which `draw` paints, antialiased, on a 24x24 grid.
QPixmap gridPixmap(int size, const std::function<void(QPainter&)>& draw);

}  // namespace pl::ui
