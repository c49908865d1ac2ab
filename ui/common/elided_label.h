// A one-line label that gives way when its row is narrow: it asks for its whole text's width but
// accepts less, draws the text cut with "…", and then says the whole text in its tooltip. For
// titles beside controls, where a full label must never widen the window past a projector.
#pragma once

#include <QLabel>

namespace pl::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT
  public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;
    // True while the text does not fit and is drawn cut.
    bool isElided() const { return elided_; }
    // A tooltip of the label's own, shown whether or not the text is cut (after the whole text
    // when it is). setToolTip would be replaced at the next resize.
    void setExtraToolTip(const QString& tip);

  protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

  private:
    void updateElision();
    bool elided_ = false;
    QString lastText_;
    QString extraTip_;
};

}  // namespace pl::ui
