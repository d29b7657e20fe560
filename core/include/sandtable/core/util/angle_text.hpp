// SPDX-License-Identifier: GPL-3.0-or-later
// Reading an angle typed by a person: decimal degrees or degrees-minutes-seconds, with or without a
// hemisphere letter (the georeferencing workspace's longitude/latitude fields, issue 19 item 3).
#pragma once

#include <optional>
#include <string>

namespace sandtable::core::util {

/// Which axis a hemisphere letter names: N/S a latitude, E/W a longitude. (O is refused: it is east in
/// German, "Ost", and west in French, "Ouest".)
enum class AngleAxis { Any, Latitude, Longitude };

/// An angle in decimal degrees, positive north and east.
struct ParsedAngle {
    double degrees = 0.0;
    AngleAxis axis = AngleAxis::Any; ///< from the hemisphere letter; Any when none was given
};

/// Parses "48.8566", "-2.35", "48°51'24\"N", "48 51 24 N", "2d21m7.2sE", "W 0°15'", "48°51.4'", "48:51:24".
/// Degrees, then optional minutes (< 60) and seconds (< 60), separated by spaces, °, ', ", ′, ″, ':' or the
/// lower-case unit letters d, m, s right after their number; a hemisphere letter N, S, E, W (either case;
/// "24S" is 24 south, "24s" 24 seconds) before or after; only the last part may have a fraction; S and W make the
/// value negative (a minus sign and S/W together are refused as ambiguous). Returns nullopt with `reason` set
/// (in the person's language) when the text is not an angle. A decimal comma is not read here: a field in a
/// person's conventions goes through core::i18n::withPointDecimals first. No range check here: the CRS check
/// does that (geo::checkPointsFitCrs).
std::optional<ParsedAngle> parseAngle(const std::string& text, std::string* reason = nullptr);

} // namespace sandtable::core::util
