// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable oob add-side|add-formation|add-unit|rename|colour|delete|move`: authoring an order of battle with
// the core operations the editor's Order of Battle menu applies (issue 46 item 2), each saved in place.
#include "sandtable/cli/context.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

namespace sandtable::cli {
namespace oob_author_commands {
namespace {

namespace ops = core::document::operations;

struct AuthorOptions {
    std::string file;
    std::string id;       // side, formation or unit
    std::string name;
    std::string colour;
    std::string parent;
    std::string echelon;
    std::string type = "infantry";
    std::string quality = "regular";
    double strength = 0;
    std::string direction;
};

/// The kind of entity `id` names: a side, formation or unit (in that order when one id names several).
ops::OobKind kindOf(const core::Scenario& s, const std::string& file, const std::string& id)
{
    if (s.findSide(core::SideId(id)))
        return ops::OobKind::Side;
    if (s.findFormation(core::FormationId(id)))
        return ops::OobKind::Formation;
    if (s.findUnit(core::UnitId(id)))
        return ops::OobKind::Unit;
    throw core::util::OperationError(file, "'" + id + "'", _("is no side, formation or unit of the scenario"));
}

/// Loads the file, applies the Edit `make` builds (one undo step), saves in place when it changed, and says so.
void applyToFile(const std::string& file, Context& context, const std::function<core::document::Edit(const core::Scenario&)>& make)
{
    core::io::LoadedScenario loaded = core::io::loadScenario(file);
    core::document::Document document(std::move(loaded.scenario), file);
    core::document::Edit edit = core::util::inFile(file, [&] { return make(document.scenario()); });
    const std::string label = edit.label;
    const std::string created = ops::createdId(edit);
    if (!edit.empty()) {
        document.apply(std::move(edit));
        document.save();
    }
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("file", file, "changed", document.canUndo(), "step", label, "created",
            created.empty() ? j.value(nullptr) : j.value(created)));
        return;
    }
    context.out << file << ": " << (label.empty() ? std::string(_("nothing to change")) : label)
                << (created.empty() ? std::string() : " (" + created + ")") << "\n";
}

} // namespace

} // namespace oob_author_commands

void registerOobAuthorCommands(CLI::App& noun, Context& context)
{
    using namespace oob_author_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    auto o = std::make_shared<AuthorOptions>();
    CLI::App* side = addCommand(noun, "add-side", _("Add a side, in a colour of its own (saved in place)"));
    side->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    side->add_option("NAME", o->name, _("The side's name; its id is made from it"))->required();
    side->add_option("--colour", o->colour, _("#rrggbb (default: the first of blue, red, green, ochre, purple, teal no side has)"));
    side->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) { return ops::createSide(s, o->name, o->colour); });
    });

    CLI::App* formation = addCommand(noun, "add-formation", _("Add a formation to a side, or under a formation (saved in place)"));
    formation->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    formation->add_option("SIDE", o->id, _("The side's id"))->required();
    formation->add_option("NAME", o->name, _("The formation's name; its id is made from the side's and it"))->required();
    formation->add_option("--parent", o->parent, _("The enclosing formation's id (default: the top level of the side)"));
    formation->add_option("--echelon", o->echelon, _("army, wing, corps, division or brigade (default: as its name says, else the level below its parent's)"))
        ->check(oneOf({"army", "wing", "corps", "division", "brigade"}));
    formation->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) {
            return ops::createFormation(s, core::SideId(o->id),
                o->parent.empty() ? std::nullopt : std::optional<core::FormationId>(core::FormationId(o->parent)), o->name, o->echelon);
        });
    });

    CLI::App* unit = addCommand(noun, "add-unit", _("Add a unit to a formation (saved in place)"));
    unit->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    unit->add_option("FORMATION", o->id, _("The formation's id"))->required();
    unit->add_option("NAME", o->name, _("The unit's name; its id is made from the formation's and it"))->required();
    unit->add_option("--type", o->type, _("infantry, detachment, artillery, cavalry, dragoons, baggage-train or hq"))->capture_default_str();
    unit->add_option("--quality", o->quality, _("militia, regular, elite or guard"))->capture_default_str();
    unit->add_option("--strength", o->strength, _("Men, or guns for artillery: a whole number, 0 or more"))->capture_default_str();
    unit->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) {
            return ops::createUnit(s, core::FormationId(o->id), o->name, o->type, o->quality, o->strength);
        });
    });

    CLI::App* rename = addCommand(noun, "rename", _("Rename a side, formation or unit (its id stays; saved in place)"));
    rename->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    rename->add_option("ID", o->id, _("The side's, formation's or unit's id"))->required();
    rename->add_option("NAME", o->name, _("The new name"))->required();
    rename->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) {
            switch (kindOf(s, o->file, o->id)) {
            case ops::OobKind::Side: return ops::renameSide(s, core::SideId(o->id), o->name);
            case ops::OobKind::Formation: return ops::renameFormation(s, core::FormationId(o->id), o->name);
            case ops::OobKind::Unit: break;
            }
            return ops::renameUnit(s, core::UnitId(o->id), o->name);
        });
    });

    CLI::App* colour = addCommand(noun, "colour", _("Give a side its colour, drawn on its blocks, pieces and stickers (saved in place)"));
    colour->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    colour->add_option("SIDE", o->id, _("The side's id"))->required();
    colour->add_option("COLOUR", o->colour, _("#rrggbb"))->required();
    colour->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) { return ops::setSideColour(s, core::SideId(o->id), o->colour); });
    });

    CLI::App* remove = addCommand(noun, "delete", _("Delete a side or formation with everything in it, or a unit (saved in place)"));
    remove->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    remove->add_option("ID", o->id, _("The side's, formation's or unit's id"))->required();
    remove->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) {
            switch (kindOf(s, o->file, o->id)) {
            case ops::OobKind::Side: return ops::deleteSide(s, core::SideId(o->id));
            case ops::OobKind::Formation: return ops::deleteFormation(s, core::FormationId(o->id));
            case ops::OobKind::Unit: break;
            }
            return ops::deleteUnit(s, core::UnitId(o->id));
        });
    });

    CLI::App* move = addCommand(noun, "move", _("Move a side, formation or unit one place up or down among its siblings (saved in place)"));
    move->add_option("FILE", o->file, _("Scenario file (rewritten in place)"))->required();
    move->add_option("ID", o->id, _("The side's, formation's or unit's id"))->required();
    move->add_option("DIRECTION", o->direction, _("up or down"))->required()->check(oneOf({"up", "down"}));
    move->callback([o, &context] {
        applyToFile(o->file, context, [o](const core::Scenario& s) {
            return ops::moveInOrder(s, kindOf(s, o->file, o->id), o->id, o->direction == "up" ? -1 : +1);
        });
    });
}

} // namespace sandtable::cli
