// SPDX-License-Identifier: GPL-3.0-or-later
// A fixture for the dependency rules (tests/CMakeLists.txt): a layer that includes a layer above it.
#include "sandtable/catalogue/catalogue.hpp"
