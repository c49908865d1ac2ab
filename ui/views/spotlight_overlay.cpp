#include "views/spotlight_overlay.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace pl::ui {

namespace {
constexpr int kPingMs = 1200;       // one ring leaving the band
constexpr int kPulseTickMs = 33;    // while pulsing
constexpr int kFollowTickMs = 250;  // afterwards: only follow the target's geometry
}  // namespace

SpotlightOverlay::SpotlightOverlay(QWidget* window) : QWidget(window) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    connect(&timer_, &QTimer::timeout, this, &SpotlightOverlay::follow);
    hide();
}

void SpotlightOverlay::setTarget(QWidget* target) {
    if (!frame_.isEmpty())
        update(ringRegion(frame_));
    target_ = target;
    frame_ = {};
    if (!target) {
        timer_.stop();
        pulse_.invalidate();
        hide();
        return;
    }
    pulse_.start();
    timer_.start(kPulseTickMs);
    follow();
}

void SpotlightOverlay::finishPulse() {
    if (!target_)
        return;
    pulse_.invalidate();
    follow();
    update();
}

void SpotlightOverlay::setTheme(Theme theme) {
    theme_ = theme;
    update();
}

int SpotlightOverlay::bandWidth() const {
    return std::max(5, fontMetrics().height() * 2 / 5);
}

QRegion SpotlightOverlay::ringRegion(const QRect& frame) const {
    const int b = bandWidth();
    const int out = 4 * b + 6;  // the band, its edge and the widest ring
    const int in = b + 4;
    const QRect inner = frame.adjusted(in, in, -in, -in);
    QRegion r(frame.adjusted(-out, -out, out, out));
    if (inner.isValid())
        r -= QRegion(inner);
    return r;
}

// Runs on the timer: keeps the overlay on the target's window and the band on the target, which
// moves when a dock is dragged, the window is resized, or a tab hides it.
void SpotlightOverlay::follow() {
    QWidget* w = target_;
    if (!w) {
        setTarget(nullptr);
        return;
    }
    QWidget* top = w->window();
    if (parentWidget() != top)
        setParent(top);  // a floating dock is a window of its own
    if (geometry() != top->rect())
        setGeometry(top->rect());
    QRect f;
    if (w->isVisible() && !w->size().isEmpty()) {
        const int b = bandWidth();
        // Just outside the widget, so its own title and edge stay readable (the neighbour loses a
        // few pixels of margin instead); and never cut off by the window's edge.
        const int gap = b / 2;
        const int keep = b / 2 + 3;
        f = QRect(w->mapTo(top, QPoint(0, 0)), w->size()).adjusted(-gap, -gap, gap, gap);
        f &= rect().adjusted(keep, keep, -keep, -keep);
    }
    const bool moved = f != frame_;
    if (moved && !frame_.isEmpty())
        update(ringRegion(frame_));
    frame_ = f;
    const bool pulsing = isPulsing();
    const bool pulseEnded = !pulsing && timer_.interval() != kFollowTickMs;
    if (pulseEnded)
        timer_.setInterval(kFollowTickMs);
    if (frame_.isEmpty()) {
        hide();
        return;
    }
    if (!isVisible())
        show();
    const QObjectList& siblings = top->children();
    if (!siblings.isEmpty() && siblings.last() != this)
        raise();  // docks added later stack above it otherwise
    if (moved || pulsing || pulseEnded)
        update(ringRegion(frame_));
}

void SpotlightOverlay::paintEvent(QPaintEvent*) {
    if (frame_.isEmpty())
        return;
    const Palette& pal = Palette::get(theme_);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(Qt::NoBrush);
    const qreal b = bandWidth();
    const qreal radius = b * 1.5;
    const QRectF band = QRectF(frame_);
    if (isPulsing()) {
        const qreal t = static_cast<qreal>(pulse_.elapsed() % kPingMs) / kPingMs;
        const qreal grow = b * (0.5 + 3.0 * t);
        QColor ring = pal.spotlight;
        ring.setAlphaF(static_cast<float>(0.7 * (1.0 - t)));
        p.setPen(QPen(ring, b * 0.8));
        p.drawRoundedRect(band.adjusted(-grow, -grow, grow, grow), radius + grow, radius + grow);
    }
    QColor edge = pal.spotlightEdge;
    edge.setAlphaF(0.85f);
    p.setPen(QPen(edge, b + 3.0));
    p.drawRoundedRect(band, radius, radius);
    p.setPen(QPen(pal.spotlight, b));
    p.drawRoundedRect(band, radius, radius);
}

}  // namespace pl::ui
