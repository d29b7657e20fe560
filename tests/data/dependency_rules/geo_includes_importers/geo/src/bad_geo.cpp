// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture: the GDAL layer (geo/) reaching up into an importer breaks the layering (dependency_rules must fail).
#include "sandtable/importers/terrain_import.hpp"
