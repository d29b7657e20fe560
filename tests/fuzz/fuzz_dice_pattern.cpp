// SPDX-License-Identifier: GPL-3.0-or-later
// The Table Battles dice grammar and card references: parse, and toString(parse(t)) must parse to the same.
#include "fuzz_support.hpp"
#include "sandtable/core/model/table_battles.hpp"

#include <cstdlib>
#include <exception>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    const std::string text(sandtable::fuzz::asText(data, size));
    try {
        const DicePattern pattern = parseDicePattern(text);
        if (parseDicePattern(toString(pattern)) != pattern)
            std::abort();
    } catch (const DicePatternError& e) {
        if (e.position() > text.size())
            std::abort(); // the position must point into the text (or just past its end)
    } catch (const std::invalid_argument&) {
    }
    try {
        const CardRef ref = parseCardRef(text);
        if (!(parseCardRef(toString(ref)) == ref))
            std::abort();
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
