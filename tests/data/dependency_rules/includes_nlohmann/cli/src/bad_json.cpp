// SPDX-License-Identifier: GPL-3.0-or-later
// A fixture for the dependency rules (tests/CMakeLists.txt): a second JSON library beside RapidJSON.
#include <nlohmann/json.hpp>
