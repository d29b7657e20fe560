// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/model/campaign_words.hpp"

#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::core {

std::string coverWord(Cover cover)
{
    switch (cover) {
    case Cover::Whole: return _("whole square");
    case Cover::Half: return _("half square");
    case Cover::None: break;
    }
    return _("no cover");
}

std::string edgeWord(Edge edge)
{
    switch (edge) {
    case Edge::North: return _("north");
    case Edge::East: return _("east");
    case Edge::South: return _("south");
    case Edge::West: break;
    }
    return _("west");
}

} // namespace sandtable::core
