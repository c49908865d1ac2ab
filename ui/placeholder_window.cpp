#include "placeholder_window.h"
namespace pl {
PlaceholderWindow::PlaceholderWindow(QWidget* parent) : QMainWindow(parent) {}
}  // namespace pl
