// The window's menus and actions: File, Edit, Playback, View, Lessons and Help, with their
// shortcuts and their texts in the UI's language. Built once into the window's menu bar; the
// window connects each action to what it does. The action objects are named ("open", "undo",
// "playPause", ...) so tests and scripts can find them with MainWindow::action().
#pragma once

#include <QObject>

class QAction;
class QActionGroup;
class QMenu;
class QMenuBar;
class QWidget;

namespace pl::ui {

class WindowActions : public QObject {
    Q_OBJECT
  public:
    // Adds the menus, in order, to `bar`; `parent` owns this object.
    WindowActions(QMenuBar* bar, QObject* parent);

    // Every text again in the current language; `playing` picks "Play" or "Pause".
    void retranslate(bool playing);
    void retranslatePlay(bool playing);
    // Checks the language in use in View > Language.
    void checkLanguage(const QString& code);

    // A dialog listing every shortcut of `bar`'s menus, read from the menus themselves so that
    // the list can never disagree with the keys.
    static void showShortcuts(QMenuBar* bar, QWidget* parent);

    QMenu *file, *edit, *playback, *view, *language, *lessons, *help;
    QAction *open, *shot, *quit;
    QAction *undo, *redo, *sendAgain, *revert;
    QAction *playPause, *stepBack, *stepForward, *prevRequest, *nextRequest, *toStart, *toEnd;
    QAction *faster, *slower, *again;
    QAction *dark, *zoomIn, *zoomOut, *zoomReset, *resetLayout;
    QAction *firstLesson, *shortcuts, *about;
    QActionGroup* languages;  // one checkable action a language, its data the code
};

}  // namespace pl::ui
