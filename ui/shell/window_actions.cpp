#include "shell/window_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/i18n.h"

namespace pl::ui {

namespace {

QAction* named(QMenu* menu, const char* name, const QKeySequence& key = QKeySequence()) {
    QAction* a = menu->addAction(QString());  // texts come from retranslate()
    a->setObjectName(QLatin1String(name));
    a->setShortcut(key);
    return a;
}

}  // namespace

WindowActions::WindowActions(QMenuBar* bar, QObject* parent) : QObject(parent) {
    file = bar->addMenu(QString());
    open = named(file, "open", QKeySequence::Open);
    shot = named(file, "saveScreenshot", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    quit = named(file, "quit", QKeySequence::Quit);

    // Edits of the request on screen: Ctrl+Z in the editor is its own; from anywhere else in the
    // window the menu's does the same, and Revert drops every edit and Send again at once.
    edit = bar->addMenu(QString());
    undo = named(edit, "undo", QKeySequence::Undo);
    redo = named(edit, "redo", QKeySequence::Redo);
    edit->addSeparator();
    sendAgain = named(edit, "sendAgain", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    revert = named(edit, "revert");

    playback = bar->addMenu(QString());
    playPause = named(playback, "playPause", QKeySequence(Qt::Key_Space));
    stepBack = named(playback, "stepBack", QKeySequence(Qt::Key_Left));
    stepForward = named(playback, "stepForward", QKeySequence(Qt::Key_Right));
    prevRequest = named(playback, "prevRequest", QKeySequence(Qt::SHIFT | Qt::Key_Left));
    nextRequest = named(playback, "nextRequest", QKeySequence(Qt::SHIFT | Qt::Key_Right));
    toStart = named(playback, "toStart", QKeySequence(Qt::Key_Home));
    toEnd = named(playback, "toEnd", QKeySequence(Qt::Key_End));
    playback->addSeparator();
    faster = named(playback, "faster", QKeySequence(Qt::Key_BracketRight));
    slower = named(playback, "slower", QKeySequence(Qt::Key_BracketLeft));
    playback->addSeparator();
    again = named(playback, "runAgain", QKeySequence(Qt::CTRL | Qt::Key_R));

    view = bar->addMenu(QString());
    dark = named(view, "darkTheme", QKeySequence(Qt::CTRL | Qt::Key_T));
    dark->setCheckable(true);
    zoomIn = named(view, "zoomIn");
    zoomIn->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)});
    zoomOut = named(view, "zoomOut", QKeySequence(Qt::CTRL | Qt::Key_Minus));
    zoomReset = named(view, "zoomReset", QKeySequence(Qt::CTRL | Qt::Key_0));
    resetLayout = named(view, "resetLayout", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0));
    // Each language is named in itself: whoever cannot read the current one still finds theirs.
    language = view->addMenu(QString());
    language->setObjectName(QStringLiteral("languageMenu"));
    languages = new QActionGroup(this);
    for (const QString& code : availableLanguages()) {
        QAction* l = language->addAction(languageEndonym(code));
        l->setObjectName(QStringLiteral("language-") + code);
        l->setData(code);
        l->setCheckable(true);
        languages->addAction(l);
    }
    view->addSeparator();

    lessons = bar->addMenu(QString());

    help = bar->addMenu(QString());
    firstLesson = named(help, "firstLesson");
    shortcuts = named(help, "shortcuts", QKeySequence(Qt::Key_F1));
    help->addSeparator();
    about = named(help, "about");
}

void WindowActions::retranslate(bool playing) {
    file->setTitle(tr("&File"));
    open->setText(tr("&Open scenario, request or log…"));
    shot->setText(tr("Save &screenshot…"));
    quit->setText(tr("&Quit"));

    edit->setTitle(tr("&Edit"));
    undo->setText(tr("&Undo the edit"));
    redo->setText(tr("&Redo the edit"));
    sendAgain->setText(tr("&Send the request again"));
    revert->setText(tr("Re&vert to the scenario's requests"));

    playback->setTitle(tr("&Playback"));
    retranslatePlay(playing);
    stepBack->setText(tr("Step back one event"));
    stepForward->setText(tr("Step forward one event"));
    prevRequest->setText(tr("Previous request"));
    nextRequest->setText(tr("Next request"));
    toStart->setText(tr("To the start"));
    toEnd->setText(tr("To the end"));
    for (QAction* t : {stepBack, stepForward, prevRequest, nextRequest, toStart, toEnd}) {
        t->setToolTip(QStringLiteral("%1 (%2)").arg(
            t->text(), t->shortcut().toString(QKeySequence::NativeText)));
    }
    faster->setText(tr("Faster"));
    slower->setText(tr("Slower"));
    again->setText(tr("&Run again with the edit"));

    view->setTitle(tr("&View"));
    dark->setText(tr("&Dark theme"));
    zoomIn->setText(tr("Zoom &in"));
    zoomOut->setText(tr("Zoom &out"));
    zoomReset->setText(tr("&Reset zoom"));
    resetLayout->setText(tr("Reset the doc&k layout"));
    language->setTitle(tr("&Language"));
    checkLanguage(currentLanguage());

    lessons->setTitle(tr("&Lessons"));
    help->setTitle(tr("&Help"));
    about->setText(tr("&About PrefixLens"));
    firstLesson->setText(tr("&Start the first lesson"));
    shortcuts->setText(tr("&Keyboard shortcuts"));
}

void WindowActions::retranslatePlay(bool playing) {
    playPause->setText(playing ? tr("Pause") : tr("Play"));
    playPause->setToolTip(QStringLiteral("%1 (%2)").arg(
        playPause->text(), playPause->shortcut().toString(QKeySequence::NativeText)));
}

void WindowActions::checkLanguage(const QString& code) {
    for (QAction* l : languages->actions())
        l->setChecked(l->data().toString() == code);
}

void WindowActions::showShortcuts(QMenuBar* bar, QWidget* parent) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard shortcuts"));
    auto* table = new QTableWidget(dialog);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Key"), tr("Does")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    for (QAction* menuAction : bar->actions()) {
        QMenu* menu = menuAction->menu();
        if (!menu)
            continue;
        for (QAction* a : menu->actions()) {
            if (a->shortcuts().isEmpty() || a->text().isEmpty())
                continue;
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            const int row = table->rowCount();
            table->insertRow(row);
            table->setItem(row, 0, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
            table->setItem(row, 1,
                           new QTableWidgetItem(QStringLiteral("%1 › %2").arg(
                               menu->title().remove(u'&'), a->text().remove(u'&'))));
        }
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* v = new QVBoxLayout(dialog);
    v->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    v->addWidget(buttons);
    dialog->resize(560, std::min(640, parent->height() - 80));
    dialog->show();
}

}  // namespace pl::ui
