#include "common/icons.h"

#include <QPainter>
#include <QPainterPath>

namespace pl::ui {

namespace {

// Shapes on a 24x24 grid.
void triangle(QPainterPath& p, qreal x, bool right) {
    if (right) {
        p.moveTo(x, 5);
        p.lineTo(x + 9, 12);
        p.lineTo(x, 19);
    } else {
        p.moveTo(x + 9, 5);
        p.lineTo(x, 12);
        p.lineTo(x + 9, 19);
    }
    p.closeSubpath();
}

QPainterPath transportPath(IconKind kind) {
    QPainterPath path;
    auto bar = [&](qreal x) { path.addRect(x, 5, 2.5, 14); };
    switch (kind) {
        case IconKind::ToStart:
            bar(4);
            triangle(path, 7.5, false);
            triangle(path, 13, false);
            break;
        case IconKind::PrevRequest:
            triangle(path, 4, false);
            triangle(path, 11, false);
            break;
        case IconKind::StepBack:
            triangle(path, 6, false);
            bar(16);
            break;
        case IconKind::Play:
            path.moveTo(7, 4);
            path.lineTo(19, 12);
            path.lineTo(7, 20);
            path.closeSubpath();
            break;
        case IconKind::Pause:
            path.addRect(6.5, 5, 4, 14);
            path.addRect(13.5, 5, 4, 14);
            break;
        case IconKind::StepForward:
            bar(5.5);
            triangle(path, 9, true);
            break;
        case IconKind::NextRequest:
            triangle(path, 4, true);
            triangle(path, 11, true);
            break;
        case IconKind::ToEnd:
            triangle(path, 2, true);
            triangle(path, 8, true);
            bar(17.5);
            break;
    }
    return path;
}

}  // namespace

QPixmap gridPixmap(int size, const std::function<void(QPainter&)>& draw) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter g(&pm);
    g.setRenderHint(QPainter::Antialiasing);
    g.scale(size / 24.0, size / 24.0);
    draw(g);
    g.end();
    return pm;
}

QIcon transportIcon(IconKind kind, const QColor& color) {
    const QPainterPath path = transportPath(kind);
    auto paint = [&](const QColor& c, int size) {
        return gridPixmap(size, [&](QPainter& g) { g.fillPath(path, c); });
    };
    QIcon icon;
    for (int s : {16, 24, 32, 48, 64})
        icon.addPixmap(paint(color, s));
    QColor disabled = color;
    disabled.setAlphaF(0.35);
    for (int s : {16, 24, 32, 48, 64})
        icon.addPixmap(paint(disabled, s), QIcon::Disabled);
    return icon;
}

}  // namespace pl::ui
