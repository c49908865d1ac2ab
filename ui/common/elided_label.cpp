#include "common/elided_label.h"

#include <QEvent>
#include <QPainter>
#include <QStyle>

namespace pl::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

QSize ElidedLabel::minimumSizeHint() const {
    const QSize full = QLabel::minimumSizeHint();
    // Room for a few characters and the ellipsis; the rest is the row's to give.
    const int w = fontMetrics().horizontalAdvance(QStringLiteral("MMMM…")) +
                  contentsMargins().left() + contentsMargins().right();
    return {std::min(full.width(), w), full.height()};
}

void ElidedLabel::paintEvent(QPaintEvent* e) {
    if (lastText_ != text())
        updateElision();
    if (!elided_) {
        QLabel::paintEvent(e);
        return;
    }
    QPainter p(this);
    const QRect r = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, r.width());
    style()->drawItemText(&p, r, static_cast<int>(alignment()), palette(), isEnabled(), shown,
                          foregroundRole());
}

void ElidedLabel::resizeEvent(QResizeEvent* e) {
    QLabel::resizeEvent(e);
    updateElision();
}

void ElidedLabel::changeEvent(QEvent* e) {
    QLabel::changeEvent(e);
    if (e->type() == QEvent::FontChange)
        updateElision();
}

void ElidedLabel::setExtraToolTip(const QString& tip) {
    extraTip_ = tip;
    updateElision();
}

void ElidedLabel::updateElision() {
    lastText_ = text();
    elided_ = fontMetrics().horizontalAdvance(text()) > contentsRect().width();
    QString tip = elided_ ? text() : QString();
    if (!extraTip_.isEmpty())
        tip = tip.isEmpty() ? extraTip_ : tip + QStringLiteral("\n\n") + extraTip_;
    if (toolTip() != tip)
        setToolTip(tip);
}

}  // namespace pl::ui
