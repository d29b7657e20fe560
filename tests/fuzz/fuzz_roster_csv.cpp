// SPDX-License-Identifier: GPL-3.0-or-later
// Roster imports (oob import): the first byte picks the format (csv, tsv, pgcopy, json), the rest is the
// file; the parsed table is mapped to units of an empty Pub Battles scenario (columns named like fields).
#include "fuzz_support.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "sandtable/core/oob/roster_table.hpp"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    if (size < 1)
        return 0;
    static const oob::RosterFormat formats[] = {
        oob::RosterFormat::Csv, oob::RosterFormat::Tsv, oob::RosterFormat::PgCopy, oob::RosterFormat::Json};
    const oob::RosterFormat format = formats[data[0] % 4];
    try {
        const oob::RosterTable table = oob::parseRoster(sandtable::fuzz::asText(data + 1, size - 1), format, "fuzz.roster");
        Scenario scenario;
        scenario.settings.id = "fuzz";
        scenario.settings.crs = "EPSG:32618";
        (void)oob::importRoster(scenario, table, oob::RosterMapping{}, "fuzz.roster");
    } catch (const std::exception&) {
    }
    return 0;
}
