// What a launch looks like, as data: the screen, the window's frame and every dock's place and
// size, beside the readable width each dock should have (shell/window_layout.h). Printed by the
// hidden `prefixlens gui --report-layout`, so that a test can launch the real app on screens of
// any size (the offscreen platform's configfile) and check the first layout a user gets.
#pragma once

#include <QJsonObject>

namespace pl::ui {

class MainWindow;

QJsonObject layoutReport(const MainWindow& window);

}  // namespace pl::ui
