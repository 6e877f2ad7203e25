#include "ui/logging.h"

Q_LOGGING_CATEGORY(lcGraph, "agv.graph", QtInfoMsg)
Q_LOGGING_CATEGORY(lcRun, "agv.run", QtInfoMsg)
Q_LOGGING_CATEGORY(lcUi, "agv.ui", QtInfoMsg)
