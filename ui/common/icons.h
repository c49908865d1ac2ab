// Transport icons painted in the theme's text colour: the platform's media icons vanish on a
// dark background, and a projector needs them crisp at any zoom.
#pragma once

#include <QColor>
#include <QIcon>

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

}  // namespace pl::ui
