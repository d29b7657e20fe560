// SPDX-License-Identifier: GPL-3.0-or-later
// The ways and relations an OpenStreetMap extract holds only in part, read with libosmium (Debian's
// libosmium2-dev: OSM XML through expat, PBF through protozero and zlib), which gives each way's node ids;
// GDAL's OSM driver does not.
#include "osm_completeness.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <osmium/handler.hpp>
#include <osmium/io/pbf_input.hpp>
#include <osmium/io/reader.hpp>
#include <osmium/io/xml_input.hpp>
#include <osmium/osm/node.hpp>
#include <osmium/osm/relation.hpp>
#include <osmium/osm/way.hpp>
#include <osmium/visitor.hpp>

#include <algorithm>
#include <fstream>
#include <utility>

namespace sandtable::importers::detail {

namespace {

std::map<std::string, std::string> tagsOf(const osmium::TagList& tags)
{
    std::map<std::string, std::string> out;
    for (const osmium::Tag& tag : tags)
        out.emplace(tag.key(), tag.value());
    return out;
}

class CompletenessHandler : public osmium::handler::Handler {
public:
    explicit CompletenessHandler(OsmCompleteness& out)
        : m_out(out)
    {
    }

    void node(const osmium::Node& node)
    {
        if (!node.location().valid())
            return; // a node without a position (a deleted one in a history file) is not there to draw
        m_nodes.emplace_back(node.id(), node.location());
        m_nodesSorted = false;
    }

    void way(const osmium::Way& way)
    {
        sortNodes();
        m_ways.push_back(way.id());
        const osmium::WayNodeList& refs = way.nodes();
        if (refs.empty())
            return;
        const bool closed = refs.size() >= 2 && refs.front().ref() == refs.back().ref();
        std::vector<std::pair<bool, osmium::Location>> at;
        at.reserve(refs.size());
        for (const osmium::NodeRef& ref : refs)
            at.push_back(location(ref.ref()));
        const std::size_t counted = refs.size() - (closed ? 1 : 0);
        const std::size_t present
            = static_cast<std::size_t>(std::count_if(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(counted), [](const auto& a) { return a.first; }));
        if (present == counted)
            return;
        m_incompleteWays.push_back(way.id());
        IncompleteWay& w = m_out.ways[way.id()];
        w.closed = closed;
        w.nodes = counted;
        w.present = present;
        w.tags = tagsOf(way.tags());
        std::vector<core::Coordinate> run;
        for (const auto& [found, where] : at) {
            if (found) {
                run.push_back({where.lon(), where.lat()});
                continue;
            }
            if (run.size() >= 2)
                w.stretches.push_back(std::move(run));
            run.clear();
        }
        if (run.size() >= 2)
            w.stretches.push_back(std::move(run));
        // A closed way's stretches through its first node: the last one runs on into the first.
        if (closed && at.front().first && at[1].first && at[at.size() - 2].first && w.stretches.size() >= 2) {
            std::vector<core::Coordinate>& last = w.stretches.back();
            const std::vector<core::Coordinate>& first = w.stretches.front();
            last.insert(last.end(), first.begin() + 1, first.end());
            w.stretches.erase(w.stretches.begin());
        }
    }

    void relation(const osmium::Relation& relation)
    {
        if (!m_waysSorted) {
            std::sort(m_ways.begin(), m_ways.end());
            std::sort(m_incompleteWays.begin(), m_incompleteWays.end());
            m_waysSorted = true;
        }
        IncompleteRelation r;
        for (const osmium::RelationMember& member : relation.members()) {
            if (member.type() != osmium::item_type::way)
                continue;
            ++r.ways;
            if (!std::binary_search(m_ways.begin(), m_ways.end(), member.ref())
                || std::binary_search(m_incompleteWays.begin(), m_incompleteWays.end(), member.ref()))
                ++r.broken;
        }
        if (r.broken == 0)
            return;
        r.tags = tagsOf(relation.tags());
        m_out.relations[relation.id()] = std::move(r);
    }

private:
    void sortNodes()
    {
        if (m_nodesSorted)
            return;
        std::sort(m_nodes.begin(), m_nodes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        m_nodesSorted = true;
    }

    std::pair<bool, osmium::Location> location(osmium::object_id_type id) const
    {
        const auto at = std::lower_bound(m_nodes.begin(), m_nodes.end(), id, [](const auto& n, osmium::object_id_type wanted) { return n.first < wanted; });
        if (at == m_nodes.end() || at->first != id)
            return {false, osmium::Location{}};
        return {true, at->second};
    }

    OsmCompleteness& m_out;
    std::vector<std::pair<osmium::object_id_type, osmium::Location>> m_nodes; ///< 16 bytes a node
    bool m_nodesSorted = true;
    std::vector<osmium::object_id_type> m_ways;
    std::vector<osmium::object_id_type> m_incompleteWays;
    bool m_waysSorted = false;
};

/// "pbf" when the file starts as a PBF file does (a 4-byte length, then the blob header naming OSMHeader),
/// else "xml".
std::string formatOf(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    char head[64] = {};
    in.read(head, sizeof head);
    const std::string_view text(head, static_cast<std::size_t>(in.gcount()));
    return text.find("OSMHeader") != std::string_view::npos ? "pbf" : "xml";
}

} // namespace

OsmCompleteness checkOsmCompleteness(const std::filesystem::path& file)
{
    OsmCompleteness out;
    try {
        const osmium::io::File input(file.string(), formatOf(file));
        osmium::io::Reader reader(input, osmium::osm_entity_bits::node | osmium::osm_entity_bits::way | osmium::osm_entity_bits::relation);
        CompletenessHandler handler(out);
        osmium::apply(reader, handler);
        reader.close();
    } catch (const std::exception& e) {
        throw core::util::FormatError(file.string(), "",
            core::i18n::format(_("cannot be read as OpenStreetMap data to check its ways for missing nodes: {1}"), {e.what()}));
    }
    return out;
}

} // namespace sandtable::importers::detail
