// SPDX-License-Identifier: GPL-3.0-or-later
// The Cope survey scan of Gettysburg and its nine published control points (shared data), as a request to
// georeference it: what the georeferencing tests start from.
#pragma once

#include "sandtable/geo/georeference_scan.hpp"
#include "support/test_data.hpp"

namespace sandtable::test {

/// maps/gettysburg_cope_survey_field_base.jpg (1500 x 2500 px) with its .points file (9 GCPs in EPSG:4326).
inline geo::GeorefRequest gettysburgSurvey()
{
    geo::GeorefRequest request;
    request.scan = sharedData("maps/gettysburg_cope_survey_field_base.jpg");
    request.points = sharedData("maps/gettysburg_cope_survey_field_base.jpg.points");
    return request;
}

} // namespace sandtable::test
