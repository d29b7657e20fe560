// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's words for a person, in their language (CLI output, the editor's square inspector and
// override choice); the scenario file keeps toString()'s English words whatever the language.
#pragma once

#include "sandtable/core/model/campaign.hpp"

#include <array>
#include <string>

namespace sandtable::core {

/// How much of a square a class covers, for a person (campaign-lite.txt: "one whole grid square or one half
/// square"): "whole square", "half square", "no cover" in English; "case entière", "demi-case", "aucune" in
/// French; "ganzes Feld", "halbes Feld", "keine" in German.
std::string coverWord(Cover cover);

/// The covers in the order a person picks them (whole, half, none): the editor's override choice.
inline constexpr std::array<Cover, 3> kCoversByExtent{Cover::Whole, Cover::Half, Cover::None};

/// A square edge for a person: "north" ... "west" in English, "nord" ... "ouest", "Nord" ... "West".
std::string edgeWord(Edge edge);

} // namespace sandtable::core
