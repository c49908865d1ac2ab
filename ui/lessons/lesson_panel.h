// The presenter's lesson panel: which lesson, "step N of M", the step's title and text in the
// UI's language, and Previous/Next. Each step drives the main window to its scenario and moment
// (through the window's one ScenarioContext), or to its request log in the Traffic tab with its
// request selected, and frames the part of the window it talks about.
// Next and Previous are on PageDown and PageUp, the keys a presenter's clicker sends.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"
#include "lessons/lesson.h"

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QToolButton;

namespace pl::ui {

class ViewDirectory;
class SpotlightOverlay;
class TrafficPanel;

class LessonPanel : public QWidget {
    Q_OBJECT
  public:
    // views outlives the panel (the window that owns it).
    explicit LessonPanel(ViewDirectory* views, QWidget* parent = nullptr);
    ~LessonPanel() override;

    // A built-in lesson's name or a lesson file; shows its first step. On failure the error names
    // the file and the place in it.
    bool openLesson(const QString& nameOrPath, QString* error = nullptr);
    void setLesson(Lesson lesson, int step = 0);
    void closeLesson();
    bool hasLesson() const { return hasLesson_; }
    const Lesson& lesson() const { return lesson_; }
    int step() const { return step_; }
    int stepCount() const { return hasLesson_ ? static_cast<int>(lesson_.steps.size()) : 0; }
    void goToStep(int step);
    // True once the step's scenario has played and the cursor stands where the step wants it;
    // for a step on a log, once the log is read and the step's request is selected.
    bool isStepShown() const { return shown_; }

    // The language the texts are shown in: a QLocale name ("ja_JP") or code ("pl"). Empty
    // follows QLocale() (the UI's language), and English stands in for a missing text.
    void setLanguage(const QString& language);
    QString language() const;

    // The widget a target id stands for, brought to the front (its dock shown and raised, its
    // chart's tab selected); nullptr for an unknown id.
    QWidget* targetWidget(const QString& id) const;
    QWidget* highlightedWidget() const;
    SpotlightOverlay* overlay() const;
    QString stepTitleText() const;
    QString stepBodyText() const;

    QAction* nextAction() const { return next_; }
    QAction* previousAction() const { return previous_; }
    // The Lessons menu: every built-in lesson, "Open lesson file…", Previous/Next, End.
    void fillMenu(QMenu* menu);
    void setTheme(Theme theme);

  public slots:
    void next();
    void previous();
    void openLessonFile();

  signals:
    void lessonStarted();
    void lessonClosed();
    void stepChanged(int step);
    void stepShown(int step);

  protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void hideEvent(QHideEvent* e) override;

  private:
    struct Builtin {
        QString name;
        LocalizedText title;
        QString path;  // canonical, to tell an opened file from a built-in
    };
    void retranslate();
    void refreshText();
    void refreshPicker();
    void updateFonts();
    void fitHeight();
    void showCurrentStep();
    void showLogStep(const LessonStep& s);
    void placeCursor();
    void placeRow();  // a log step's request, once its log is read
    std::string locale() const;

    ViewDirectory* views_ = nullptr;
    QPointer<SpotlightOverlay> overlay_;  // a child of the window, which may delete it first
    QPointer<TrafficPanel> traffic_;      // the window's, once a log step has opened it
    std::vector<Builtin> builtins_;
    Lesson lesson_;
    bool hasLesson_ = false;
    int step_ = 0;
    bool shown_ = false;
    QString language_;
    Theme theme_ = Theme::Light;

    QComboBox* picker_ = nullptr;
    QLabel* counter_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* body_ = nullptr;
    QToolButton* prevButton_ = nullptr;
    QToolButton* nextButton_ = nullptr;
    QToolButton* endButton_ = nullptr;
    QAction* next_ = nullptr;
    QAction* previous_ = nullptr;
    QAction* end_ = nullptr;
    QAction* open_ = nullptr;
    QMenu* menu_ = nullptr;
    std::vector<QAction*> menuLessons_;
    bool fitting_ = false;
    static constexpr int kFontLevels = 4;
    int fontLevel_ = 0;  // 0: the full lesson size; each level one step smaller (fitHeight)
};

}  // namespace pl::ui
