// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL/PostGIS backend (libpq): the same packages as the GeoPackage's, each written in one
// transaction; terrain, units and campaign grids in PostGIS feature tables per SRID that QGIS and GDAL open;
// ranked search with tsvector and unaccent; who may write what decided by the server (grants and row-level
// security, schemas/catalogue.pg.sql).
#include "backend.hpp"
#include "catalogue_structure.hpp"
#include "package_content.hpp"
#include "package_steps.hpp"
#include "pg_connection.hpp"
#include "sandtable/catalogue/gpkg_geometry.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/json.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/sha256.hpp"

#include <algorithm>
#include <array>
#include <vector>
#include <future>
#include <map>
#include <set>

namespace sandtable::embedded {
extern const std::string_view catalogueSchemaPostgres;
}

namespace sandtable::catalogue::detail {
namespace {

constexpr const char* kSummaryColumns =
    "p.scenario_id, p.revision, (SELECT count(*) FROM sandtable.packages q WHERE q.scenario_id = p.scenario_id), p.title, p.system, "
    "p.battle, p.date, p.created, p.warning_count";

PackageSummary readSummary(const PgResult& r, int row)
{
    PackageSummary out;
    out.id = r.text(row, 0);
    out.revision = static_cast<int>(r.integer(row, 1));
    out.revisionCount = static_cast<int>(r.integer(row, 2));
    out.title = r.text(row, 3);
    out.system = r.text(row, 4);
    out.battle = r.text(row, 5);
    out.date = r.text(row, 6);
    out.created = r.text(row, 7);
    out.warningCount = static_cast<int>(r.integer(row, 8));
    return out;
}

/// PostGIS SRID of a GeoPackage srs_id: a local frame (-1) is SRID 0 (unknown).
int sridOf(const SrsDefinition& srs) { return srs.srsId < 0 ? 0 : srs.srsId; }

std::string noPackage(const std::optional<int>& revision)
{
    return revision ? core::i18n::format(_("no revision {1} of this package in the catalogue"), {std::to_string(*revision)})
                    : std::string(_("no such package in the catalogue"));
}

/// `text` as one more element of a text[] literal's body (quoted, backslash and quote escaped).
void appendArrayElement(std::string& body, std::string_view text)
{
    if (!body.empty())
        body += ',';
    body += '"';
    for (char c : text) {
        if (c == '"' || c == '\\')
            body += '\\';
        body += c;
    }
    body += '"';
}

/// A transaction that rolls back unless committed.
class PgTransaction {
public:
    explicit PgTransaction(PgConnection& conn) : m_conn(conn) { m_conn.exec("BEGIN"); }
    ~PgTransaction()
    {
        if (!m_done) {
            PGresult* r = PQexec(m_conn.handle(), "ROLLBACK");
            PQclear(r);
        }
    }
    void commit()
    {
        m_conn.exec("COMMIT");
        m_done = true;
    }

private:
    PgConnection& m_conn;
    bool m_done = false;
};

constexpr const char* kKinds[] = {"points", "lines", "polygons"};
constexpr int kLoadFields = 12;

/// The feature tables a package fills: the terrain's points, lines and polygons (by dimension), the placed
/// units, the campaign grid.
struct LayerUse {
    std::array<bool, 3> terrain{};
    bool units = false;
    bool grid = false;

    /// Their kinds as sandtable.ensure_layer names them ("points", ..., "units", "grid").
    std::vector<const char*> kinds() const
    {
        std::vector<const char*> out;
        for (std::size_t dimension = 0; dimension < 3; ++dimension)
            if (terrain[dimension])
                out.push_back(kKinds[dimension]);
        if (units)
            out.push_back("units");
        if (grid)
            out.push_back("grid");
        return out;
    }
};

LayerUse layerUse(const core::Scenario& scenario)
{
    LayerUse use;
    for (const core::TerrainFeature& f : scenario.terrain)
        use.terrain[static_cast<std::size_t>(core::dimension(f.geometry.type))] = true;
    use.units = std::any_of(scenario.units.begin(), scenario.units.end(), [](const core::Unit& u) { return u.placement.has_value(); });
    use.grid = scenario.campaign.has_value();
    return use;
}

/// What a package's feature tables receive, as binary COPY rows of the temporary load table (kind, geom,
/// ordinal, then up to nine text columns a..i), made apart from the connection so that it can run while the
/// document is sent.
struct FeatureRows {
    std::string data; ///< empty: no feature at all
    LayerUse use;
};

FeatureRows featureRows(const core::Scenario& scenario, int srid)
{
    FeatureRows out;
    out.use = layerUse(scenario);
    if (out.use.kinds().empty())
        return out;
    PgBinaryRows rows;
    const auto nulls = [&](int n) {
        for (int i = 0; i < n; ++i)
            rows.null();
    };
    core::io::JsonOut json; // the attributes' values, in one pool for the whole terrain
    for (std::size_t ordinal = 0; ordinal < scenario.terrain.size(); ++ordinal) {
        const core::TerrainFeature& f = scenario.terrain[ordinal];
        const auto dimension = static_cast<std::size_t>(core::dimension(f.geometry.type));
        rows.row(kLoadFields);
        rows.text(kKinds[dimension]);
        rows.geometry(toWkb(f.geometry, WkbForm::Multi), srid);
        rows.int32(static_cast<std::int32_t>(ordinal));
        rows.text(f.id.str());
        rows.text(f.terrainClass);
        rows.optionalText(f.name);
        if (f.attributes.empty())
            rows.null();
        else
            rows.text(core::io::writeJson(json.value(f.attributes), 0));
        nulls(5);
    }
    std::map<std::string, std::string> sideOf;
    for (const core::Formation& f : scenario.formations)
        sideOf[f.id.str()] = f.side.str();
    for (std::size_t ordinal = 0; ordinal < scenario.units.size(); ++ordinal) {
        const core::Unit& u = scenario.units[ordinal];
        if (!u.placement)
            continue;
        rows.row(kLoadFields);
        rows.text("units");
        rows.geometry(toWkb(core::Geometry::point(u.placement->position)), srid);
        rows.int32(static_cast<std::int32_t>(ordinal));
        rows.text(u.id.str());
        rows.optionalText(u.name);
        if (const auto side = sideOf.find(u.formation.str()); side != sideOf.end())
            rows.text(side->second);
        else
            rows.null();
        rows.optionalText(u.formation.str());
        rows.text(core::toString(u.type));
        rows.text(core::toString(u.quality));
        rows.text(std::to_string(u.strength));
        rows.text(PgParam(u.placement->facing).value.value_or("0"));
        rows.text(u.placement->column ? "t" : "f");
    }
    if (scenario.campaign) {
        const core::CampaignGrid& g = scenario.campaign->grid;
        int ordinal = 0;
        for (int row = 0; row < g.rows; ++row)
            for (int column = 0; column < g.columns; ++column) {
                const core::SquareRef square{column, row};
                std::string name;
                try {
                    name = core::squareName(g, square);
                } catch (const std::exception&) {
                    name = std::to_string(column) + "," + std::to_string(row);
                }
                const auto k = core::squareCorners(g, square);
                rows.row(kLoadFields);
                rows.text("grid");
                rows.geometry(toWkb(core::Geometry::polygon({{k[0], k[1], k[2], k[3], k[0]}})), srid);
                rows.int32(ordinal++);
                rows.text(name);
                rows.text(std::to_string(column));
                rows.text(std::to_string(row));
                nulls(6);
            }
    }
    out.data = rows.finish();
    return out;
}

class PgBackend;

class PgWriter final : public PackageWriter {
public:
    explicit PgWriter(PgConnection& conn) : m_conn(conn) {}
    ~PgWriter() override { settleAhead(); }

    /// A large document goes to the server while the client parses it: on another thread (the connection is
    /// its own until begin), the transaction opens and the bytes go into a temporary table, compressed there
    /// as package_documents compresses them (lz4); store() then moves them into package_documents as they are
    /// (PostgreSQL copies a compressed value without compressing it again). Small documents are sent by
    /// store() as before.
    void sendAhead(std::string_view document) override
    {
        if (document.size() < kSendAheadBytes)
            return;
        m_ahead = std::async(std::launch::async, [this, document] {
            m_transaction.emplace(m_conn);
            // (LIKE: the column's compression, lz4 where the server has it, and its storage)
            m_conn.exec("CREATE TEMP TABLE IF NOT EXISTS sandtable_document (LIKE sandtable.package_documents INCLUDING COMPRESSION "
                        "INCLUDING STORAGE) ON COMMIT DELETE ROWS",
                {}, "package_documents");
            m_conn.exec("INSERT INTO sandtable_document VALUES (0, $1)", {PgParam::bytes(document)}, "package_documents");
        });
    }

    void begin(const PackageInput& input, ExportResult& result, const std::function<bool()>&) override
    {
        // A bytea value may hold up to 1 GiB; a raster above 512 MiB is kept as provenance only.
        m_raster = planRaster(input.scenario, input.baseDir, input.options, std::int64_t{512} << 20);
        result.rasterNote = m_raster.note;
        if (m_ahead.valid()) {
            m_sentAhead = true;
            m_ahead.get(); // (its error, if any: the connection's, the server's)
        } else {
            m_transaction.emplace(m_conn);
        }
        // Exports of one id wait for each other: revision numbers and the latest flag stay in order.
        m_conn.exec("SELECT pg_advisory_xact_lock(hashtext('sandtable:' || $1))", {input.id}, "packages");
        // Every feature table the package fills exists before the package takes any lock on sandtable.packages.
        // A new table (sandtable.ensure_layer, one at a time under the layers' lock, held to commit) references
        // packages, so making it waits for every export that has inserted its package row; when one of those then
        // asked for the layers' lock for a table of its own, PostgreSQL found a deadlock and refused one export
        // (8 writers into a catalogue new to their CRS: 36 of 40 exports). Now no export holding a package row
        // waits for the layers' lock.
        for (const char* kind : layerUse(input.scenario).kinds())
            layer(kind, input);
    }

    std::optional<StoredIdentity> latest(const std::string& id) override
    {
        const PgResult r = m_conn.exec(
            "SELECT system, title, battle, date, revision FROM sandtable.packages WHERE scenario_id = $1 AND latest", {id}, "packages");
        if (r.rows() == 0)
            return std::nullopt;
        return StoredIdentity{r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3), static_cast<int>(r.integer(0, 4))};
    }

    void store(const PackageInput& input, ExportResult& result) override
    {
        const core::Scenario& scenario = input.scenario;
        const core::ScenarioSettings& settings = scenario.settings;
        const std::string& id = input.id;
        // The feature rows are made on another thread while the package row and the document go to the server.
        std::future<FeatureRows> rows = startAside([&scenario, srid = sridOf(input.srs)] { return featureRows(scenario, srid); });
        result.revision = static_cast<int>(
            m_conn.exec("SELECT coalesce(max(revision), 0) + 1 FROM sandtable.packages WHERE scenario_id = $1", {id}, "packages").integer(0, 0));
        m_conn.exec("INSERT INTO sandtable.package_owners (scenario_id) VALUES ($1) ON CONFLICT (scenario_id) DO NOTHING", {id},
            "package_owners");
        retire(id);

        std::optional<Envelope> extent;
        if (settings.extent)
            extent = Envelope{settings.extent->minX, settings.extent->maxX, settings.extent->minY, settings.extent->maxY};
        else
            for (const core::TerrainFeature& f : scenario.terrain)
                if (const auto e = envelopeOf(f.geometry))
                    extent = extent ? extent->merged(*e) : *e;
        std::vector<PgParam> row{id, result.revision, settings.title, core::toString(settings.system), settings.battle, settings.date,
            settings.description, settings.language, settings.crs, settings.scaleDenominator, input.sourceName, input.documentSha256(),
            static_cast<std::int64_t>(input.document.size()), static_cast<int>(scenario.terrain.size()),
            static_cast<int>(scenario.sides.size()), static_cast<int>(scenario.formations.size()), static_cast<int>(scenario.units.size()),
            static_cast<int>(scenario.tableBattles ? scenario.tableBattles->cards.size() : 0), scenario.campaign.has_value()};
        if (extent) {
            row.insert(row.end(), {extent->minX, extent->minY, extent->maxX, extent->maxY});
        } else {
            row.resize(row.size() + 4);
        }
        m_fid = m_conn.exec("INSERT INTO sandtable.packages (scenario_id, revision, latest, title, system, battle, date, description, "
                            "language, crs, scale, created, source_name, document_sha256, document_size, feature_count, side_count, "
                            "formation_count, unit_count, tb_card_count, campaign_grid, min_x, min_y, max_x, max_y) VALUES "
                            "($1, $2, true, $3, $4, $5, $6, $7, $8, $9, $10, "
                            "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), $11, $12, $13, $14, $15, "
                            "$16, $17, $18, $19, $20, $21, $22, $23) RETURNING fid",
            row, "packages")
                    .integer(0, 0);
        const std::string fid = std::to_string(m_fid);
        if (m_sentAhead)
            m_conn.exec("INSERT INTO sandtable.package_documents SELECT $1, document FROM sandtable_document", {fid}, "package_documents");
        else
            m_conn.exec("INSERT INTO sandtable.package_documents VALUES ($1, $2)", {fid, PgParam::bytes(input.document)}, "package_documents");
        if (scenario.map) {
            const core::MapSource& map = *scenario.map;
            const auto& g = map.georeference;
            std::optional<core::io::FileBytes> raster; // passed to the server as read, not copied
            if (m_raster.store) {
                raster = core::io::readFileBytes(m_raster.file, static_cast<std::uint64_t>(m_raster.size) + 1);
                result.rasterStored = true;
            }
            m_conn.exec("INSERT INTO sandtable.map_sources VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                {fid, map.path, map.sha256, map.width, map.height, g ? PgParam(core::toString(g->method)) : PgParam(),
                    g ? PgParam(g->crs) : PgParam(), g && g->rmsMap ? PgParam(*g->rmsMap) : PgParam(),
                    g && g->rmsPixels ? PgParam(*g->rmsPixels) : PgParam(), g ? static_cast<int>(g->gcps.size()) : 0,
                    m_raster.store ? PgParam(m_raster.sha256) : PgParam(), m_raster.store ? PgParam(m_raster.size) : PgParam(),
                    raster ? PgParam::bytes(raster->view()) : PgParam()},
                "map_sources");
        }
        storeFeatures(input, result.revision, rows.get());
        const SearchText t = searchTextOf(scenario);
        m_conn.exec("WITH v AS (SELECT to_tsvector('sandtable.simple_unaccent', $2) AS title, to_tsvector('sandtable.simple_unaccent', $3) AS battle, "
                    "to_tsvector('sandtable.simple_unaccent', $4) AS date, to_tsvector('sandtable.simple_unaccent', $5) AS description, "
                    "to_tsvector('sandtable.simple_unaccent', $6) AS names, to_tsvector('sandtable.simple_unaccent', $7) AS places, "
                    "to_tsvector('sandtable.simple_unaccent', $8) AS rules) "
                    ", columns AS (INSERT INTO sandtable.package_search (package_fid, title, battle, date, description, names, places, rules) "
                    "SELECT $1, title, battle, date, description, names, places, rules FROM v) "
                    "INSERT INTO sandtable.package_words (package_fid, everything, stemmed_fr, stemmed_de) SELECT $1, "
                    "setweight(title, 'A') || setweight(battle, 'B') || setweight(names, 'C') || setweight(places, 'C') "
                    "|| setweight(date, 'D') || setweight(description, 'D') || setweight(rules, 'D'), "
                    "CASE $9 WHEN 'fr' THEN to_tsvector('sandtable.french_unaccent', concat_ws(' ', $2, $3, $4, $5, $6, $7, $8)) "
                    "ELSE ''::tsvector END, "
                    "CASE $9 WHEN 'de' THEN to_tsvector('sandtable.german_unaccent', concat_ws(' ', $2, $3, $4, $5, $6, $7, $8)) "
                    "ELSE ''::tsvector END FROM v",
            {fid, searchTokenText(t.title), searchTokenText(t.battle), searchTokenText(t.date), searchTokenText(t.description),
                searchTokenText(t.names), searchTokenText(t.places), searchTokenText(t.rules), settings.language.substr(0, 2)},
            "package_search");
    }

    void finish(const core::validation::Diagnostics& warnings, const std::string& png, std::optional<std::pair<int, int>> pngSize) override
    {
        const std::string fid = std::to_string(m_fid);
        // Every warning in one statement (the 20k bench scenario has 87: 87 round trips before).
        std::array<std::string, 4> columns; // code, severity, path, message: text[] literals
        for (const core::validation::Diagnostic& d : warnings) {
            appendArrayElement(columns[0], d.code);
            appendArrayElement(columns[1], core::validation::toString(d.severity));
            appendArrayElement(columns[2], d.path);
            appendArrayElement(columns[3], d.message);
        }
        for (std::string& c : columns)
            c = "{" + c + "}";
        m_conn.exec("WITH w AS (INSERT INTO sandtable.package_warnings SELECT $1, n - 1, code, severity, path, message "
                    "FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS w(code, severity, path, message, n)) "
                    "UPDATE sandtable.packages SET warning_count = $6 WHERE fid = $1",
            {fid, columns[0], columns[1], columns[2], columns[3], static_cast<int>(warnings.size())}, "package_warnings");
        if (pngSize)
            m_conn.exec("INSERT INTO sandtable.package_thumbnails VALUES ($1, $2, $3, $4)",
                {fid, PgParam::bytes(png), pngSize->first, pngSize->second}, "package_thumbnails");
        m_transaction->commit();
        m_transaction.reset();
    }

    void abandon() noexcept override
    {
        settleAhead();
        m_transaction.reset();
    }

private:
    /// Documents from this size on are sent ahead (the bench's 34 MB one; not the 10,000 small ones of the
    /// search bench, for which a thread and two statements more would cost more than they save).
    static constexpr std::size_t kSendAheadBytes = std::size_t{1} << 20;

    /// Waits for the document sent ahead, if it is still going (its error, if any, is begin's, or nobody's
    /// when the export ends before begin).
    void settleAhead() noexcept
    {
        if (m_ahead.valid())
            m_ahead.wait();
    }

    /// The newest revision leaves the latest filter (packages and feature tables). When the server's row-level
    /// security hides it from this login's UPDATE, the package is someone else's: refused.
    void retire(const std::string& id)
    {
        const PgResult previous = m_conn.exec(
            "SELECT p.fid, p.crs, o.owner FROM sandtable.packages p JOIN sandtable.package_owners o USING (scenario_id) "
            "WHERE p.scenario_id = $1 AND p.latest",
            {id}, "packages");
        if (previous.rows() == 0)
            return;
        const std::string fid = previous.text(0, 0);
        const PgResult changed = m_conn.exec("UPDATE sandtable.packages SET latest = false WHERE fid = $1", {fid}, "packages");
        if (changed.affected() == 0)
            throw core::util::OperationError(m_conn.location(), id,
                core::i18n::format(_("refused by the server: the package was first published by {1}; an author revises and removes "
                                     "only their own packages (an editor may revise any)"),
                    {previous.text(0, 2)}));
        m_conn.exec("WITH w AS (UPDATE sandtable.package_words SET latest = false WHERE package_fid = $1) "
                    "UPDATE sandtable.package_search SET latest = false WHERE package_fid = $1",
            {fid}, "package_search");
        const PgResult layers = m_conn.exec("SELECT table_name FROM sandtable.layers WHERE crs = $1", {previous.text(0, 1)}, "layers");
        for (int i = 0; i < layers.rows(); ++i)
            m_conn.exec("UPDATE sandtable.\"" + layers.text(i, 0) + "\" SET latest = false WHERE package_fid = $1", {fid}, "layers");
    }

    std::string layer(const char* kind, const PackageInput& input)
    {
        const int srid = sridOf(input.srs);
        const PgResult r = m_conn.exec("SELECT table_name FROM sandtable.layers WHERE kind = $1 AND srid = $2", {kind, srid}, "layers");
        if (r.rows() > 0)
            return r.text(0, 0);
        return m_conn.exec("SELECT sandtable.ensure_layer($1, $2, $3)", {kind, srid, input.scenario.settings.crs}, "layers").text(0, 0);
    }

    /// Terrain, placed units and the campaign grid (rows made by featureRows): binary COPY into a temporary
    /// table (COPY does not take row-level security), then one INSERT ... SELECT per feature table, which the
    /// server checks row by row.
    void storeFeatures(const PackageInput& input, int revision, FeatureRows rows)
    {
        if (rows.data.empty())
            return;
        m_conn.exec("CREATE TEMP TABLE IF NOT EXISTS sandtable_load (kind text, geom geometry, ordinal integer, a text, b text, c text, "
                    "d text, e text, f text, g text, h text, i text) ON COMMIT DELETE ROWS",
            {}, "sandtable_load");
        m_conn.copyIn("COPY sandtable_load FROM STDIN (FORMAT binary)", rows.data, "sandtable_load");
        rows.data = std::string();
        const std::vector<PgParam> package{std::to_string(m_fid), input.id, revision};
        for (std::size_t dimension = 0; dimension < 3; ++dimension)
            if (rows.use.terrain[dimension])
                m_conn.exec("INSERT INTO sandtable.\"" + layer(kKinds[dimension], input)
                        + "\" (geom, package_fid, scenario_id, revision, latest, ordinal, feature_id, class, name, attributes) "
                          "SELECT geom, $1, $2, $3, true, ordinal, a, b, c, d FROM sandtable_load WHERE kind = $4 ORDER BY ordinal",
                    {package[0], package[1], package[2], kKinds[dimension]}, "terrain");
        if (rows.use.units)
            m_conn.exec("INSERT INTO sandtable.\"" + layer("units", input)
                    + "\" (geom, package_fid, scenario_id, revision, latest, ordinal, unit_id, name, side_id, formation_id, type, quality, "
                      "strength, facing, column_formation) SELECT geom, $1, $2, $3, true, ordinal, a, b, c, d, e, f, g::integer, "
                      "h::double precision, i::boolean FROM sandtable_load WHERE kind = 'units' ORDER BY ordinal",
                package, "units");
        if (rows.use.grid)
            m_conn.exec("INSERT INTO sandtable.\"" + layer("grid", input)
                    + "\" (geom, package_fid, scenario_id, revision, latest, ordinal, square, column_index, row_index) "
                      "SELECT geom, $1, $2, $3, true, ordinal, a, b::integer, c::integer FROM sandtable_load WHERE kind = 'grid' "
                      "ORDER BY ordinal",
                package, "grid");
    }

    PgConnection& m_conn;
    std::optional<PgTransaction> m_transaction;
    RasterPlan m_raster;
    std::int64_t m_fid = 0;
    bool m_sentAhead = false;
    std::future<void> m_ahead; ///< the document sent ahead (last: waited for before the transaction goes)
};

/// Which search tables a condition reads: `s` (package_search, a vector per column) and `w` (package_words).
struct SearchTables {
    bool columns = false;
    bool words = false;
};

/// The SQL condition of a parsed query over the search rows `s` and `w`; `titleOnly`: every phrase against the
/// title (a phrase filtered to another column matches nothing). Each phrase's tsquery text goes into `params`;
/// `tables` records which of the two tables the condition reads.
std::string condition(const QueryNode& node, bool titleOnly, std::vector<PgParam>& params, SearchTables& tables)
{
    switch (node.kind) {
    case QueryNode::Kind::Phrase: {
        if (titleOnly && !node.column.empty() && node.column != "title")
            return "false";
        std::string query;
        for (std::size_t i = 0; i < node.tokens.size(); ++i) {
            if (i > 0)
                query += " <-> ";
            query += "'" + node.tokens[i] + "'";
            if (node.prefix && i + 1 == node.tokens.size())
                query += ":*";
        }
        params.emplace_back(query);
        const std::string n = "$" + std::to_string(params.size());
        const std::string vector = titleOnly ? "title" : node.column;
        // to_tsquery with a named configuration is immutable: the server folds it into a constant while planning
        // (once per query, never per row), and the planner sees the words, so it estimates how many packages
        // match (from the column's statistics) and chooses between the GIN index and reading newest first.
        if (!vector.empty()) {
            tables.columns = true;
            return "(s." + vector + " @@ to_tsquery('sandtable.simple_unaccent', " + n + "))";
        }
        // Any column: the words as written, or, in a French or German scenario, their stems.
        tables.words = true;
        return "(w.everything @@ to_tsquery('sandtable.simple_unaccent', " + n + ") OR w.stemmed_fr @@ to_tsquery('sandtable.french_unaccent', "
            + n + ") OR w.stemmed_de @@ to_tsquery('sandtable.german_unaccent', " + n + "))";
    }
    case QueryNode::Kind::Not:
        return "(" + condition(*node.children[0], titleOnly, params, tables) + " AND NOT "
            + condition(*node.children[1], titleOnly, params, tables) + ")";
    case QueryNode::Kind::And:
    case QueryNode::Kind::Or: {
        std::string out = "(";
        for (std::size_t i = 0; i < node.children.size(); ++i) {
            if (i > 0)
                out += node.kind == QueryNode::Kind::And ? " AND " : " OR ";
            out += condition(*node.children[i], titleOnly, params, tables);
        }
        return out + ")";
    }
    }
    return "false";
}

/// Every phrase of the query OR-ed into one tsquery text: what the title's rank weighs.
void anyPhrase(const QueryNode& node, std::string& out)
{
    if (node.kind == QueryNode::Kind::Phrase) {
        std::string query;
        for (std::size_t i = 0; i < node.tokens.size(); ++i)
            query += (i > 0 ? " <-> '" : "'") + node.tokens[i] + "'" + (node.prefix && i + 1 == node.tokens.size() ? ":*" : "");
        out += (out.empty() ? "(" : " | (") + query + ")";
        return;
    }
    // what a NOT excludes does not rank
    const std::size_t count = node.kind == QueryNode::Kind::Not ? 1 : node.children.size();
    for (std::size_t i = 0; i < count; ++i)
        anyPhrase(*node.children[i], out);
}

bool hasNot(const QueryNode& node)
{
    if (node.kind == QueryNode::Kind::Not)
        return true;
    return std::any_of(node.children.begin(), node.children.end(), [](const auto& child) { return hasNot(*child); });
}

bool blank(const std::string& text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

class PgBackend final : public Backend {
public:
    PgBackend(const std::string& conninfo, const std::string& display) : m_location(display), m_conn(conninfo, display) {}

    const std::string& location() const override { return m_location; }
    const std::filesystem::path& path() const override { return m_path; }
    PgConnection& connection() { return m_conn; }

    /// Checks that the database holds sandtable's schema (OperationError naming `catalogue init` otherwise).
    void checkSchema()
    {
        try {
            m_version = static_cast<int>(m_conn.exec("SELECT value::integer FROM sandtable.meta WHERE key = 'schema_version'", {}, "sandtable.meta").integer(0, 0));
        } catch (const core::util::OperationError&) {
            if (m_conn.lastState() != kUndefinedTable)
                throw;
            throw core::util::OperationError(m_location, "",
                _("the database holds no sandtable catalogue: run 'sandtable catalogue init --catalogue ...' first"));
        }
    }

    std::unique_ptr<PackageWriter> writer() override { return std::make_unique<PgWriter>(m_conn); }

    std::vector<PackageSummary> list() override
    {
        // The revision counts of every id in one grouped pass joined by hash, rather than kSummaryColumns'
        // count per row (10,000 index probes: 119 ms of the server's time for the bench's catalogue).
        const PgResult r = m_conn.exec("SELECT p.scenario_id, p.revision, c.n, p.title, p.system, p.battle, p.date, p.created, p.warning_count "
                                       "FROM sandtable.packages p JOIN (SELECT scenario_id, count(*) AS n FROM sandtable.packages "
                                       "GROUP BY scenario_id) c ON c.scenario_id = p.scenario_id WHERE p.latest ORDER BY p.scenario_id COLLATE \"C\"",
            {}, "packages");
        std::vector<PackageSummary> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back(readSummary(r, i));
        return out;
    }

    std::vector<PackageSummary> search(const SearchQuery& query) override
    {
        const bool filtered = !query.system.empty() || !query.dateFrom.empty() || !query.dateTo.empty();
        std::unique_ptr<QueryNode> plain = plainWordsQuery(query.text);
        if (!plain && (!filtered || !blank(query.text)))
            throw UnsearchableQuery(m_location, "search",
                blank(query.text) ? std::string(_("the query is empty: give a word to search for (every package: 'catalogue list')"))
                                  : core::i18n::format(_("'{1}' holds no word to search for (words, \"phrases\", prefix*, AND/OR/NOT, column:word)"),
                                        {query.text}));
        const int limit = std::max(0, query.limit);
        std::vector<PgParam> params{PgParam::optionalText(query.system), PgParam::optionalText(query.dateFrom), PgParam::optionalText(query.dateTo), limit};
        const std::string filters = " AND ($1::text IS NULL OR p.system = $1) AND ($2::text IS NULL OR p.date >= $2) "
                                    "AND ($3::text IS NULL OR p.date <= $3)";
        std::vector<PackageSummary> out;
        if (!plain) {
            const PgResult r = m_conn.exec(std::string("SELECT ") + kSummaryColumns + " FROM sandtable.packages p WHERE p.latest" + filters
                    + " ORDER BY p.scenario_id COLLATE \"C\" LIMIT $4",
                params, "search");
            for (int i = 0; i < r.rows(); ++i)
                out.push_back(readSummary(r, i));
            return out;
        }
        std::unique_ptr<QueryNode> parsed;
        try {
            parsed = parseQuery(query.text);
        } catch (const std::invalid_argument&) {
            // Not the query syntax (a stray quote or parenthesis, NOT with nothing before it): its words.
        }
        const QueryNode& node = parsed ? *parsed : *plain;
        // One statement, one round trip. Tier 1: the packages whose title matches, best first (ts_rank over the
        // title, computed for the title matches only); tier 2: the others matching anywhere, newest first, after
        // tier 1 up to `limit`. Then the summaries of those found. The search tables carry the latest flag, so
        // the matching reads no other table; the package filters (system, dates) join the packages only when
        // given. (Tier 2 is planned on its own (MATERIALIZED) with a constant LIMIT: a LIMIT computed from tier 1,
        // or tier 2 planned inside the final ORDER BY ... LIMIT, made the planner guess a fraction of the matches
        // and read newest first through thousands of packages for a phrase that one of them holds. It runs only
        // when tier 1 found fewer than `limit`: the count is a one-time filter, evaluated before tier 2 reads a
        // row, which the planner does not count into tier 2's estimates.) The statement is prepared once per
        // shape of query and session (parsed once, planned for each query's words).
        std::vector<PgParam> p = params;
        std::string ranked;
        anyPhrase(node, ranked);
        p.emplace_back(ranked);
        const std::string rankParam = "$" + std::to_string(p.size());
        SearchTables inTitleTables, anywhereTables;
        const std::string inTitle = condition(node, true, p, inTitleTables);
        const std::string anywhere = condition(node, false, p, anywhereTables);
        // FROM ... WHERE over `first` (always read) and the other search table when the condition reads it.
        const auto from = [&](const char* first, bool other) {
            const bool words = std::string_view(first) == "w";
            std::string sql = words ? " FROM sandtable.package_words w" : " FROM sandtable.package_search s";
            if (other)
                sql += words ? " JOIN sandtable.package_search s ON s.package_fid = w.package_fid"
                             : " JOIN sandtable.package_words w ON w.package_fid = s.package_fid";
            if (filtered)
                sql += std::string(" JOIN sandtable.packages p ON p.fid = ") + first + ".package_fid";
            sql += std::string(" WHERE ") + first + ".latest" + (filtered ? filters : std::string()) + " AND ";
            return sql;
        };
        // A title that matches is a match anywhere, unless the query excludes words (NOT): then the whole package
        // is checked too.
        const bool withNot = hasNot(node);
        const std::string sql = "WITH t1 AS (SELECT s.package_fid AS fid, ts_rank(s.title, to_tsquery('sandtable.simple_unaccent', " + rankParam
            + "), 1) AS rank" + from("s", withNot && anywhereTables.words) + inTitle + (withNot ? " AND " + anywhere : std::string())
            + " ORDER BY rank DESC, s.package_fid LIMIT $4), "
              "t2 AS MATERIALIZED (SELECT w.package_fid AS fid, 0::real AS rank" + from("w", anywhereTables.columns) + anywhere
            + " AND w.package_fid NOT IN (SELECT fid FROM t1) AND (SELECT count(*) FROM t1) < $4 ORDER BY w.package_fid DESC LIMIT $4), "
              "found AS (SELECT fid, rank, 0 AS tier, row_number() OVER (ORDER BY rank DESC, fid) AS place FROM t1 "
              "UNION ALL SELECT fid, rank, 1, row_number() OVER (ORDER BY fid DESC) FROM t2) "
              "SELECT " + kSummaryColumns + ", f.rank FROM found f JOIN sandtable.packages p ON p.fid = f.fid WHERE p.latest" + filters
            + " ORDER BY f.tier, f.place LIMIT $4"; // (the filters again: every parameter has a use, and a type, in every query)
        const PgResult r = m_conn.execPrepared(sql, p, "search");
        for (int i = 0; i < r.rows(); ++i) {
            out.push_back(readSummary(r, i));
            out.back().score = 0.0 - r.real(i, 9); // not -0 for tier 2
        }
        return out;
    }

    std::int64_t packageFid(const std::string& id, std::optional<int> revision)
    {
        const PgResult r = revision
            ? m_conn.exec("SELECT fid FROM sandtable.packages WHERE scenario_id = $1 AND revision = $2", {id, *revision}, "packages")
            : m_conn.exec("SELECT fid FROM sandtable.packages WHERE scenario_id = $1 AND latest", {id}, "packages");
        if (r.rows() == 0)
            throw core::util::OperationError(m_location, id, noPackage(revision));
        return r.integer(0, 0);
    }

    PackageDetails show(const std::string& id, std::optional<int> revision) override
    {
        PgTransaction read(m_conn);
        const std::string fid = std::to_string(packageFid(id, revision));
        PackageDetails d;
        {
            const PgResult r = m_conn.exec(std::string("SELECT ") + kSummaryColumns
                    + ", p.description, p.crs, p.scale, p.source_name, p.document_sha256, p.document_size, p.feature_count, p.side_count, "
                      "p.formation_count, p.unit_count, p.tb_card_count, p.campaign_grid FROM sandtable.packages p WHERE p.fid = $1",
                {fid}, "packages");
            d.summary = readSummary(r, 0);
            d.description = r.text(0, 9);
            d.crs = r.text(0, 10);
            d.scale = r.real(0, 11);
            d.sourceName = r.text(0, 12);
            d.documentSha256 = r.text(0, 13);
            d.documentSize = r.integer(0, 14);
            d.featureCount = static_cast<int>(r.integer(0, 15));
            d.sideCount = static_cast<int>(r.integer(0, 16));
            d.formationCount = static_cast<int>(r.integer(0, 17));
            d.unitCount = static_cast<int>(r.integer(0, 18));
            d.tableBattlesCards = static_cast<int>(r.integer(0, 19));
            d.campaignGrid = r.flag(0, 20);
        }
        {
            const PgResult r = m_conn.exec("SELECT table_name FROM sandtable.layers WHERE crs = $1 AND kind IN ('points', 'lines', 'polygons') "
                                           "ORDER BY CASE kind WHEN 'points' THEN 0 WHEN 'lines' THEN 1 ELSE 2 END",
                {d.crs}, "layers");
            for (int i = 0; i < r.rows(); ++i)
                if (m_conn.exec("SELECT 1 FROM sandtable.\"" + r.text(i, 0) + "\" WHERE package_fid = $1 LIMIT 1", {fid}, "layers").rows() > 0)
                    d.terrainTables.push_back(r.text(i, 0));
        }
        {
            const PgResult r = m_conn.exec("SELECT revision FROM sandtable.packages WHERE scenario_id = $1 ORDER BY revision", {id}, "packages");
            for (int i = 0; i < r.rows(); ++i)
                d.revisions.push_back(static_cast<int>(r.integer(i, 0)));
        }
        {
            const PgResult r = m_conn.exec("SELECT code, severity, path, message FROM sandtable.package_warnings WHERE package_fid = $1 "
                                           "ORDER BY ordinal",
                {fid}, "package_warnings");
            for (int i = 0; i < r.rows(); ++i) {
                const std::string severity = r.text(i, 1);
                d.warnings.push_back(core::validation::Diagnostic{r.text(i, 0),
                    severity == "info" ? core::validation::Severity::Info : severity == "warning" ? core::validation::Severity::Warning : core::validation::Severity::Error,
                    r.text(i, 2), r.text(i, 3)});
            }
        }
        {
            const PgResult r = m_conn.exec("SELECT path, sha256, width, height, coalesce(method, ''), coalesce(target_crs, ''), rms_map, rms_px, "
                                           "gcp_count, raster IS NOT NULL, coalesce(raster_sha256, ''), coalesce(raster_size, 0) "
                                           "FROM sandtable.map_sources WHERE package_fid = $1",
                {fid}, "map_sources");
            if (r.rows() > 0) {
                MapProvenance m;
                m.path = r.text(0, 0);
                m.sha256 = r.text(0, 1);
                m.width = static_cast<int>(r.integer(0, 2));
                m.height = static_cast<int>(r.integer(0, 3));
                m.method = r.text(0, 4);
                m.targetCrs = r.text(0, 5);
                m.rmsMap = r.optionalReal(0, 6);
                m.rmsPixels = r.optionalReal(0, 7);
                m.gcpCount = static_cast<int>(r.integer(0, 8));
                m.rasterStored = r.flag(0, 9);
                m.rasterSha256 = r.text(0, 10);
                m.rasterSize = r.integer(0, 11);
                d.map = m;
            }
        }
        {
            const PgResult r = m_conn.exec("SELECT width, height FROM sandtable.package_thumbnails WHERE package_fid = $1", {fid}, "package_thumbnails");
            if (r.rows() > 0)
                d.thumbnail = std::pair<int, int>(static_cast<int>(r.integer(0, 0)), static_cast<int>(r.integer(0, 1)));
        }
        read.commit();
        return d;
    }

    std::string document(const std::string& id, std::optional<int> revision) override
    {
        const std::string fid = std::to_string(packageFid(id, revision));
        const PgResult size = m_conn.exec("SELECT octet_length(d.document), p.document_sha256 FROM sandtable.package_documents d "
                                          "JOIN sandtable.packages p ON p.fid = d.package_fid WHERE d.package_fid = $1",
            {fid}, "package_documents");
        if (size.rows() == 0)
            throw core::util::FormatError(m_location, id, _("the package has no stored document (damaged catalogue)"));
        if (static_cast<std::uint64_t>(size.integer(0, 0)) > core::io::kMaxScenarioBytes)
            throw core::util::FormatError(m_location, id,
                core::i18n::format(_("the stored document is {1} bytes, more than a scenario may be ({2}); refused"),
                    {std::to_string(size.integer(0, 0)), std::to_string(core::io::kMaxScenarioBytes)}));
        const std::string bytes =
            m_conn.exec("SELECT document FROM sandtable.package_documents WHERE package_fid = $1", {fid}, "package_documents", true).bytes(0, 0);
        if (core::util::sha256Hex(bytes) != size.text(0, 1))
            throw core::util::FormatError(m_location, id, _("the stored document does not match its SHA-256 (damaged catalogue)"));
        return bytes;
    }

    std::optional<std::string> thumbnail(const std::string& id, std::optional<int> revision) override
    {
        const std::string fid = std::to_string(packageFid(id, revision));
        const PgResult r = m_conn.exec("SELECT png FROM sandtable.package_thumbnails WHERE package_fid = $1 AND octet_length(png) <= 16777216",
            {fid}, "package_thumbnails", true);
        if (r.rows() == 0)
            return std::nullopt;
        return r.bytes(0, 0);
    }

    ExtractResult extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options) override
    {
        const std::int64_t fid = packageFid(id, options.revision);
        ExtractResult result;
        result.revision = static_cast<int>(
            m_conn.exec("SELECT revision FROM sandtable.packages WHERE fid = $1", {fid}, "packages").integer(0, 0));
        std::string rasterName;
        std::string raster;
        if (options.rasterDir) {
            const PgResult r = m_conn.exec("SELECT path, coalesce(raster_sha256, ''), raster FROM sandtable.map_sources "
                                           "WHERE package_fid = $1 AND raster IS NOT NULL",
                {fid}, "map_sources", true);
            if (r.rows() == 0)
                throw core::util::OperationError(m_location, id,
                    core::i18n::format(_("revision {1} has no stored map raster"), {std::to_string(result.revision)}));
            rasterName = extractedRasterName(r.bytes(0, 0), id);
            result.rasterSha256 = r.bytes(0, 1);
            raster = r.bytes(0, 2);
            if (core::util::sha256Hex(raster) != result.rasterSha256)
                throw core::util::FormatError(m_location, id, _("the stored raster does not match its SHA-256 (damaged catalogue)"));
        }
        const std::string bytes = document(id, result.revision);
        std::error_code ec;
        if (output.has_parent_path())
            std::filesystem::create_directories(output.parent_path(), ec);
        if (options.rasterDir) {
            std::filesystem::create_directories(*options.rasterDir, ec);
            const std::filesystem::path target = *options.rasterDir / rasterName;
            core::io::writeFileAtomically(target, raster);
            result.raster = target;
        }
        core::io::writeFileAtomically(output, bytes);
        result.document = output;
        return result;
    }

    int remove(const std::string& id, std::optional<int> revision) override
    {
        PgTransaction transaction(m_conn);
        m_conn.exec("SELECT pg_advisory_xact_lock(hashtext('sandtable:' || $1))", {id}, "packages");
        const PgResult doomed = revision
            ? m_conn.exec("SELECT fid, crs FROM sandtable.packages WHERE scenario_id = $1 AND revision = $2", {id, *revision}, "packages")
            : m_conn.exec("SELECT fid, crs FROM sandtable.packages WHERE scenario_id = $1", {id}, "packages");
        if (doomed.rows() == 0)
            throw core::util::OperationError(m_location, id, noPackage(revision));
        const PgResult removed = revision
            ? m_conn.exec("DELETE FROM sandtable.packages WHERE scenario_id = $1 AND revision = $2", {id, *revision}, "packages")
            : m_conn.exec("DELETE FROM sandtable.packages WHERE scenario_id = $1", {id}, "packages");
        if (removed.affected() < doomed.rows()) {
            const PgResult owner = m_conn.exec("SELECT owner FROM sandtable.package_owners WHERE scenario_id = $1", {id}, "package_owners");
            throw core::util::OperationError(m_location, id,
                core::i18n::format(_("refused by the server: the package was first published by {1}; an author revises and removes "
                                     "only their own packages (an editor may revise any)"),
                    {owner.rows() > 0 ? owner.text(0, 0) : std::string("?")}));
        }
        const PgResult newest = m_conn.exec("SELECT fid, crs FROM sandtable.packages WHERE scenario_id = $1 AND NOT EXISTS "
                                            "(SELECT 1 FROM sandtable.packages q WHERE q.scenario_id = $1 AND q.latest) "
                                            "ORDER BY revision DESC LIMIT 1",
            {id}, "packages");
        if (newest.rows() > 0) {
            const std::string fid = newest.text(0, 0);
            m_conn.exec("UPDATE sandtable.packages SET latest = true WHERE fid = $1", {fid}, "packages");
            m_conn.exec("WITH w AS (UPDATE sandtable.package_words SET latest = true WHERE package_fid = $1) "
                        "UPDATE sandtable.package_search SET latest = true WHERE package_fid = $1",
                {fid}, "package_search");
            const PgResult layers = m_conn.exec("SELECT table_name FROM sandtable.layers WHERE crs = $1", {newest.text(0, 1)}, "layers");
            for (int i = 0; i < layers.rows(); ++i)
                m_conn.exec("UPDATE sandtable.\"" + layers.text(i, 0) + "\" SET latest = true WHERE package_fid = $1", {fid}, "layers");
        }
        m_conn.exec("DELETE FROM sandtable.package_owners o WHERE o.scenario_id = $1 AND NOT EXISTS "
                    "(SELECT 1 FROM sandtable.packages p WHERE p.scenario_id = $1)",
            {id}, "package_owners");
        transaction.commit();
        return doomed.rows();
    }

    int schemaVersion() override { return m_version; }

private:
    std::string m_location;
    std::filesystem::path m_path;
    PgConnection m_conn;
    int m_version = 0;
};

} // namespace

std::unique_ptr<Backend> openPostgres(const std::string& conninfo, const std::string& display)
{
    auto backend = std::make_unique<PgBackend>(conninfo, display);
    backend->checkSchema();
    return backend;
}

void initialisePostgres(const std::string& conninfo, const std::string& display)
{
    PgConnection conn(conninfo, display);
    PgTransaction transaction(conn);
    // One initialisation at a time (two at once would both create the roles).
    conn.exec("SELECT pg_advisory_xact_lock(hashtext('sandtable:init'))");
    conn.script(std::string(embedded::catalogueSchemaPostgres), "init");
    transaction.commit();
}

void grantPostgres(const std::string& conninfo, const std::string& display, const std::string& user, const std::string& role)
{
    PgBackend backend(conninfo, display);
    backend.checkSchema();
    backend.connection().exec("SELECT sandtable.grant_role($1, $2)", {user, role}, "grant");
}

} // namespace sandtable::catalogue::detail
