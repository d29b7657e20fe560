// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles card spreadsheets (docs/table-battles-csv.md): import, then export what was imported.
#include "fuzz_support.hpp"
#include "sandtable/core/io/table_battles_csv.hpp"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    try {
        const TableBattlesSet set = io::importTableBattlesCsv(sandtable::fuzz::asText(data, size), "fuzz.csv");
        const std::string csv = io::exportTableBattlesCsv(set);
        (void)io::importTableBattlesCsv(csv, "again.csv");
    } catch (const std::exception&) {
    }
    return 0;
}
