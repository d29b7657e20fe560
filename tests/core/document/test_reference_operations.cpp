// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/include/sandtable/core/document/reference_operations.hpp, with the Document's undo and the
// scenario file's round trip.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/reference_operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

namespace {

ReferenceLayer layer(const std::string& name, ReferenceKind kind = ReferenceKind::Raster)
{
    ReferenceLayer r;
    r.name = name;
    r.path = "../maps/" + name + ".tif";
    r.kind = kind;
    r.crs = "EPSG:32618";
    return r;
}

std::vector<std::string> names(const Scenario& s)
{
    std::vector<std::string> out;
    for (const ReferenceLayer& r : s.references)
        out.push_back(r.name);
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_reference_operations)

BOOST_AUTO_TEST_CASE(layers_are_added_on_top_removed_and_undone)
{
    document::Document doc(sandtable::test::smallScenario());
    doc.apply(document::operations::addReference(doc.scenario(), layer("dem")));
    doc.apply(document::operations::addReference(doc.scenario(), layer("osm", ReferenceKind::Vector)));
    BOOST_TEST((names(doc.scenario()) == std::vector<std::string>{"dem", "osm"}));
    doc.apply(document::operations::removeReference(doc.scenario(), "dem"));
    BOOST_TEST((names(doc.scenario()) == std::vector<std::string>{"osm"}));
    doc.undo();
    BOOST_TEST((names(doc.scenario()) == std::vector<std::string>{"dem", "osm"}));
    doc.undo();
    doc.undo();
    BOOST_TEST(doc.scenario().references.empty());
}

BOOST_AUTO_TEST_CASE(bad_layers_are_refused_naming_the_layer)
{
    Scenario s = sandtable::test::smallScenario();
    s.references.push_back(layer("dem"));
    BOOST_CHECK_THROW(document::operations::addReference(s, layer("dem")), util::OperationError); // name taken
    ReferenceLayer faint = layer("topo");
    faint.opacity = 1.5;
    BOOST_CHECK_THROW(document::operations::addReference(s, faint), util::OperationError);
    ReferenceLayer unnamed = layer("");
    BOOST_CHECK_THROW(document::operations::addReference(s, unnamed), util::OperationError);
    try {
        document::operations::removeReference(s, "topo");
        BOOST_ERROR("an unknown layer was removed");
    } catch (const util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("there are: dem") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(opacity_drags_merge_and_order_moves)
{
    document::Document doc(sandtable::test::smallScenario());
    for (const char* name : {"a", "b", "c"})
        doc.apply(document::operations::addReference(doc.scenario(), layer(name)));
    for (double opacity : {0.8, 0.6, 0.4}) {
        ReferenceLayer b = *doc.scenario().findReference("b");
        b.opacity = opacity;
        doc.apply(document::operations::replaceReference(doc.scenario(), b, "opacity b"));
    }
    BOOST_TEST(doc.scenario().findReference("b")->opacity == 0.4);
    doc.undo(); // one step for the whole drag
    BOOST_TEST(doc.scenario().findReference("b")->opacity == 1.0);
    doc.apply(document::operations::moveReference(doc.scenario(), "c", 0));
    BOOST_TEST((names(doc.scenario()) == std::vector<std::string>{"c", "a", "b"}));
    doc.apply(document::operations::moveReference(doc.scenario(), "c", 99));
    BOOST_TEST((names(doc.scenario()) == std::vector<std::string>{"a", "b", "c"}));
}

BOOST_AUTO_TEST_CASE(layers_round_trip_through_the_scenario_file)
{
    Scenario s = sandtable::test::smallScenario();
    s.references.push_back(layer("dem"));
    s.references.back().hillshade = true;
    s.references.back().opacity = 0.5;
    s.references.push_back(layer("osm", ReferenceKind::Vector));
    s.references.back().overScan = true;
    s.references.back().visible = false;
    const std::string text = io::serializeScenario(s);
    BOOST_TEST(text.find("\"hillshade\": true") != std::string::npos);
    const io::ValidationReport report = io::readScenarioText(text, "refs.json");
    BOOST_TEST_REQUIRE(report.scenario.has_value());
    BOOST_TEST((report.scenario->references == s.references));
    // A scenario without reference layers writes no "references" member.
    BOOST_TEST(io::serializeScenario(sandtable::test::smallScenario()).find("references") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
