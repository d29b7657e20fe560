// SPDX-License-Identifier: GPL-3.0-or-later
// The one list of game systems (issue 42 item 3), in the order of GameSystem's values.
#include "sandtable/core/systems/game_system.hpp"
#include "system_descriptors.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <deque>
#include <stdexcept>

namespace sandtable::core::systems {
namespace {

struct Registry {
    std::deque<GameSystemDescriptor> descriptors; ///< a deque: references stay valid as systems are added
    std::vector<const GameSystemDescriptor*> list;

    Registry()
    {
        for (GameSystemDescriptor d : {pub_battles::descriptor(), table_battles::descriptor(), campaign_lite::descriptor(), syw_miniatures::descriptor()})
            add(std::move(d));
    }
    GameSystem add(GameSystemDescriptor d)
    {
        d.id = static_cast<GameSystem>(descriptors.size());
        descriptors.push_back(std::move(d));
        list.push_back(&descriptors.back());
        return descriptors.back().id;
    }
};

Registry& registry()
{
    static Registry r;
    return r;
}

} // namespace

const std::vector<const GameSystemDescriptor*>& gameSystems() { return registry().list; }

const GameSystemDescriptor& describe(GameSystem system)
{
    const auto index = static_cast<std::size_t>(system);
    const auto& list = registry().list;
    if (index >= list.size())
        throw std::out_of_range("no game system has the value " + std::to_string(index));
    return *list[index];
}

const GameSystemDescriptor* findGameSystem(std::string_view name)
{
    for (const GameSystemDescriptor* d : registry().list)
        if (d->name == name)
            return d;
    return nullptr;
}

std::vector<std::string> gameSystemNames()
{
    std::vector<std::string> names;
    for (const GameSystemDescriptor* d : registry().list)
        names.push_back(d->name);
    return names;
}

GameSystem registerGameSystem(GameSystemDescriptor descriptor)
{
    if (descriptor.name.empty())
        throw std::invalid_argument(_("a game system needs a name"));
    if (findGameSystem(descriptor.name))
        throw std::invalid_argument(i18n::format(_("game system '{1}' exists already"), {descriptor.name}));
    return registry().add(std::move(descriptor));
}

} // namespace sandtable::core::systems
