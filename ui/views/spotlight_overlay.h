// A frame drawn over the window around one widget: the part of the screen a lesson step talks
// about. It pulses for a few seconds when it moves, so the eye finds it on a projector, then
// stays as a steady band. It takes no mouse input and follows the widget when the layout moves.
#pragma once

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include "common/palette.h"

namespace pl::ui {

class SpotlightOverlay : public QWidget {
    Q_OBJECT
  public:
    explicit SpotlightOverlay(QWidget* window);

    // Frames `target` (nullptr: nothing). The overlay moves to the target's top-level window.
    void setTarget(QWidget* target);
    QWidget* target() const { return target_; }
    void setTheme(Theme theme);
    // Where the band is drawn, in the overlay's (= the window's) coordinates; empty when hidden.
    QRect frameRect() const { return frame_; }
    bool isPulsing() const { return pulse_.isValid() && pulse_.elapsed() < kPulseMs; }
    // Ends the pulse now and puts the band on the target's current geometry: the steady frame a
    // screenshot shows, whenever it is taken.
    void finishPulse();

    static constexpr int kPulseMs = 6000;

  protected:
    void paintEvent(QPaintEvent* e) override;

  private:
    void follow();
    int bandWidth() const;
    QRegion ringRegion(const QRect& frame) const;

    QPointer<QWidget> target_;
    Theme theme_ = Theme::Light;
    QRect frame_;
    QTimer timer_;
    QElapsedTimer pulse_;
};

}  // namespace pl::ui
