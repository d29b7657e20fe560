// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario: the value every command and the editor work on, owned by a Document.
#pragma once

#include "sandtable/core/model/attributes.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/model/geometry.hpp"
#include "sandtable/core/model/ids.hpp"
#include "sandtable/core/model/table_battles.hpp"


#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::core {

/// Current version of the scenario document format (schemas/scenario.v1.schema.json).
inline constexpr int kScenarioFormatVersion = 1;

/// The four game systems whose rules live in shared/rules/.
enum class GameSystem { PubBattles, TableBattles, CampaignLite, SywMiniatures };
const char* toString(GameSystem system);                 ///< "pub-battles", "table-battles", ...
GameSystem gameSystemFromString(const std::string& name); ///< throws std::invalid_argument

/// Rectangle in the working CRS, metres.
struct Extent {
    double minX = 0.0;
    double minY = 0.0;
    double maxX = 0.0;
    double maxY = 0.0;
    bool operator==(const Extent&) const = default;
    double width() const { return maxX - minX; }
    double height() const { return maxY - minY; }
    bool contains(Coordinate c) const { return c.x >= minX && c.x <= maxX && c.y >= minY && c.y <= maxY; }
};

/// A ground control point. Pixel (0,0) is the top-left corner of the top-left pixel, y grows downwards
/// (GDAL's pixel/line convention, not QGIS's negated pixelY). Map coordinates are in the georeference's
/// `gcpCrs` (e.g. degrees for EPSG:4326). Ids number a QGIS `.points` file's rows from 1.
struct Gcp {
    int id = 0;
    double pixel = 0.0;
    double line = 0.0;
    double mapX = 0.0;
    double mapY = 0.0;
    bool enabled = true;
    bool operator==(const Gcp&) const = default;
};

/// How GCPs are fitted. Minimum enabled GCPs: helmert 2, affine/poly1 3, poly2 6, poly3 10, tps 3.
enum class GeoreferenceMethod { Affine, Helmert, Poly1, Poly2, Poly3, Tps };
const char* toString(GeoreferenceMethod method);                     ///< "affine", "helmert", "poly1", ...
GeoreferenceMethod georeferenceMethodFromString(const std::string& name); ///< throws std::invalid_argument
int minimumGcps(GeoreferenceMethod method);

/// A plain scan's georeference: GCPs, the method, the target CRS and the fitted transform.
/// `transform` holds, for affine/poly1/helmert, the 6 GDAL geotransform numbers from pixel/line to the
/// target CRS (metres); for poly2/poly3 the forward polynomial coefficients (x terms then y terms, GDAL's
/// term order); for tps nothing (the spline is refitted from the GCPs).
struct Georeference {
    std::string gcpCrs;              ///< CRS of the GCPs' map coordinates, e.g. "EPSG:4326"
    std::vector<Gcp> gcps;
    GeoreferenceMethod method = GeoreferenceMethod::Affine;
    std::string crs;                 ///< target (working) CRS, e.g. "EPSG:32618"
    std::vector<double> transform;
    std::optional<double> rmsMap;    ///< metres, over enabled GCPs (cli.md)
    std::optional<double> rmsPixels; ///< scan pixels
    bool operator==(const Georeference&) const = default;
};

/// A named place read off the scan before it is georeferenced: a VASSAL zone (an area) or region (a
/// point) brought in by `vassal import`. Positions are scan pixel/line in GDAL's convention, as Gcp: (0,0)
/// the top-left corner of the top-left pixel, line growing downwards, so a place follows whatever
/// georeference the scan later gets. One position is a point; three or more an area (a ring, not closed:
/// the last position joins the first). `operations::placesToTerrain` makes terrain of it once the scan is
/// georeferenced (validation: "map.place.*").
struct ScanPlace {
    std::string name;                 ///< as the source names it, e.g. "Forest of Hesdin"; not empty
    std::vector<Coordinate> pixels;   ///< x = pixel, y = line
    std::string note;                 ///< where it came from, e.g. "VASSAL zone of board Main"
    bool isArea() const { return pixels.size() >= 3; }
    bool operator==(const ScanPlace&) const = default;
};

/// The map raster a scenario is drawn on. `path` is kept exactly as written (relative paths resolve
/// against the scenario file's folder). `warpedPath` is the GeoTIFF produced by warping the scan into the
/// working CRS, when one was made.
struct MapSource {
    std::string path;
    std::string sha256;   ///< lowercase hex of the raster file's bytes
    int width = 0;        ///< pixels
    int height = 0;       ///< pixels
    std::optional<Georeference> georeference;
    std::string warpedPath;
    std::vector<ScanPlace> places; ///< named places on the scan, kept until made terrain
    bool operator==(const MapSource&) const = default;
};

/// What a reference layer holds.
enum class ReferenceKind { Raster, Vector };
const char* toString(ReferenceKind kind);                        ///< "raster", "vector"
ReferenceKind referenceKindFromString(const std::string& name);  ///< throws std::invalid_argument

/// A layer drawn with the map for reference, never terrain: a modern topographic GeoTIFF, a DEM (drawn as
/// hillshade), an OpenStreetMap extract (.osm.pbf), a GeoPackage or shapefile. Any raster GDAL reads or
/// vector OGR reads, drawn reprojected on the fly from its own CRS to the working CRS.
struct ReferenceLayer {
    std::string name;        ///< unique in the scenario; how the CLI and the Layers pane name it
    std::string path;        ///< as written; a relative path resolves against the scenario file's folder
    ReferenceKind kind = ReferenceKind::Raster;
    std::string crs;         ///< the layer's own CRS when it was added ("EPSG:n" or WKT); for information
    double opacity = 1.0;    ///< 0 (invisible) .. 1 (opaque)
    bool overScan = false;   ///< drawn over the scan (false: under it)
    bool hillshade = false;  ///< a DEM (one band of heights) drawn as hillshade
    bool visible = true;
    bool operator==(const ReferenceLayer&) const = default;
};

/// A sector of a SYW table: a rectangle in table centimetres (origin at the table's south-west corner,
/// x along the width, y along the depth).
struct TableSector {
    std::string id;
    std::string name;
    double minXCm = 0.0;
    double minYCm = 0.0;
    double maxXCm = 0.0;
    double maxYCm = 0.0;
    bool operator==(const TableSector&) const = default;
};

/// A cavalry type of a Pub Battles scenario (rulebook line 142: "The scenario rules specify the cavalry types
/// available and their special rules"): its name and its effects as rules text ("" when the rules of
/// the game apply unchanged).
struct CavalryType {
    std::string name;
    std::string effects{};
    bool operator==(const CavalryType&) const = default;
};

/// Scenario-wide settings that are not collections.
struct ScenarioSettings {
    std::string id;             ///< stable package id in catalogues, e.g. "gettysburg-1863"
    std::string title;
    std::string description;
    GameSystem system = GameSystem::PubBattles;
    std::string battle;         ///< battle name, e.g. "Gettysburg"
    std::string date;           ///< ISO 8601 date of the battle's first day, e.g. "1863-07-01"
    std::string language;       ///< printed products' fixed texts: ISO 639-1 "fr", "de", ...; "" is English (issue 25)
    std::string crs;            ///< working CRS, a projected metric CRS, e.g. "EPSG:32618"
    double scaleDenominator = 16000.0; ///< game scale 1:N (Pub Battles 16,000; Kriegsspiel 8,000)
    std::optional<Extent> extent;      ///< map extent in the working CRS

    // Pub Battles set-up (docs/model.md "Orders of battle"); each member is written to the document only when set.
    std::optional<int> startDay{};          ///< day of the first turn, from 1
    std::optional<int> startTurn{};         ///< turn of the first day's start, 1-8 (rulebook: 8 turns a day)
    std::optional<int> days{};              ///< days of play, each 8 turns of 1.5 h then a night turn
    std::optional<bool> baggagePacked{};    ///< baggage trains start packed (true) or unpacked (false)
    std::vector<CavalryType> cavalryTypes{};  ///< the scenario's cavalry types and their effects (rulebook line 142)
    std::optional<SideId> combatOrderSide{};  ///< the side that chooses the order of combats
    std::string specialRules{};             ///< scenario special rules, free text
    std::optional<double> blockLengthMm{};  ///< block length on the table, mm (the rules give none)
    std::optional<double> blockDepthMm{};   ///< block depth on the table, mm
    std::optional<double> stickerWidthMm{}; ///< sticker width (along the block's length), mm
    std::optional<double> stickerHeightMm{};///< sticker height, mm
    std::optional<double> routeColumnLengthMm{}; ///< length of a block in route column, mm ("varies by scenario")

    // SYW miniatures house rules: who attacks and defends (the defender deploys first, the attacker moves first),
    // the table in centimetres and its sectors (for "3/4 of the battlefield's territory").
    std::optional<SideId> attacker{};
    std::optional<SideId> defender{};
    std::optional<double> tableWidthCm{};   ///< table width (x), cm; 1 field = 10 cm
    std::optional<double> tableDepthCm{};   ///< table depth (y), cm
    std::vector<TableSector> sectors{};
    bool operator==(const ScenarioSettings&) const = default;
};

/// A scenario-specific terrain class ("explained in the scenario rules", Pub Battles rulebook).
struct CustomTerrainClass {
    std::string id;
    std::string name;
    std::string geometry;  ///< "point", "line" or "polygon"
    std::string effects;   ///< movement and combat effects as rules text
    bool operator==(const CustomTerrainClass&) const = default;
};

/// A digitised terrain feature. `terrainClass` is a canonical id of docs/model.md (woods, village, hill, ...)
/// or a scenario custom class. `attributes` holds class attributes: hill `level` (1, 2, ...), road
/// `grade` ("major"/"minor"), woods `dense` (bool), free text `note`, and whatever else an import kept (a
/// GeoJSON/GeoPackage feature's other fields, a hill's `ridgeline`), in the order they were set.
struct TerrainFeature {
    FeatureId id;
    std::string terrainClass;
    std::string name;
    Geometry geometry;
    Attributes attributes;
    bool operator==(const TerrainFeature&) const = default;
};

/// One of the two sides of a battle.
struct Side {
    SideId id;
    std::string name;
    std::string colour;  ///< "#rrggbb"
    /// Lines of communication: road features leaving the map (Pub Battles "Supply Source").
    std::vector<FeatureId> linesOfCommunication{};
    std::string general{}; ///< SYW house rules: the side's general (victory: capture him or make him give up)
    bool operator==(const Side&) const = default;
};

/// A formation (army, corps, wing, division, brigade) of a side; its units point at it. Formations nest to
/// any depth: `parent` is the formation it belongs to (unset = a top-level formation of its side); the
/// parent is on the same side (validation: "oob.formation.parent_*"). Units belong to the lowest level.
struct Formation {
    FormationId id;
    SideId side;
    std::string name;
    std::string echelon = "corps"; ///< "army", "corps", "wing", "division", "brigade"
    std::string chit{};            ///< label of the formation's activation chit ("" = none, e.g. an army commander)
    std::optional<FormationId> parent{}; ///< the enclosing formation (unset = top level under its side)
    bool operator==(const Formation&) const = default;
};

/// Pub Battles piece types (rulebook: units; docs/model.md).
enum class UnitType { Infantry, Detachment, Artillery, Cavalry, Dragoons, BaggageTrain, Hq };
const char* toString(UnitType type);                  ///< "infantry", ..., "baggage-train", "hq"
UnitType unitTypeFromString(const std::string& name); ///< throws std::invalid_argument

/// Quality for combat and victory points (docs/model.md: militia/recruits, regular, elite, guard).
enum class UnitQuality { Militia, Regular, Elite, Guard };
const char* toString(UnitQuality quality);
UnitQuality unitQualityFromString(const std::string& name);

/// Where a piece sets up on the map: centre in working-CRS metres, facing in degrees clockwise from
/// grid north, in line (frontage perpendicular to facing) or in route column.
struct Placement {
    Coordinate position;
    double facing = 0.0;
    bool column = false;
    bool operator==(const Placement&) const = default;
};

/// A piece's status (Pub Battles: troops start Fresh; hits or buildings make them Disorganized).
enum class UnitStatus { Fresh, Disorganized };
/// "fresh" or "disorganized".
inline const char* toString(UnitStatus status) { return status == UnitStatus::Fresh ? "fresh" : "disorganized"; }
/// Throws std::invalid_argument for anything but "fresh" or "disorganized".
UnitStatus unitStatusFromString(const std::string& name);

/// Turns of a day in Pub Battles: 1-8 are the 1.5 h day turns, kNightTurn is the night turn.
inline constexpr int kNightTurn = 9;

/// A reinforcement's arrival: day (from 1) and turn (1-8, or kNightTurn), entering at a point on the map
/// edge (working-CRS metres) and/or along a road feature.
struct Arrival {
    int day = 1;
    int turn = 1;
    std::optional<Coordinate> entry{};
    std::optional<FeatureId> road{};
    bool operator==(const Arrival&) const = default;
};

/// The figures of a SYW miniatures regiment, by kind (house rules, "Melee" and "Shooting").
struct SywFigures {
    int musketeers = 0;   ///< musketeers / fusiliers
    int grenadiers = 0;
    int pikemen = 0;
    int officers = 0;
    int musicians = 0;    ///< musicians / standard bearers
    int dragoons = 0;
    int lightDragoons = 0;
    int heavyDragoons = 0;
    int hussars = 0;
    int cuirassiers = 0;
    int cannon = 0;
    int mortars = 0;
    int limbers = 0;
    bool operator==(const SywFigures&) const = default;
    /// Every figure, guns and limbers included.
    int total() const
    {
        return musketeers + grenadiers + pikemen + officers + musicians + dragoons + lightDragoons + heavyDragoons
            + hussars + cuirassiers + cannon + mortars + limbers;
    }
};

/// Largest `Unit::strength` a scenario holds: the schema's `units[].strength` maximum
/// (schemas/scenario.v1.schema.json). Operations refuse more, so no edit writes a file its reader refuses.
inline constexpr int kMaxUnitStrength = 1'000'000;
/// Largest count of one kind of SYW figure: the schema's `figure_count` maximum (same file).
inline constexpr int kMaxFigureCount = 10'000;

/// A piece: a block (Pub Battles) or an HQ, or a SYW regiment (`figures`). `strength` counts men, or guns
/// for artillery. `command` is an HQ's command value (1-6, rolled on a d6: roll <= value).
/// Set-up: `placement` on the map, or `reserve` (the id of the HQ whose Reserve card holds it), or
/// `arrival` as a reinforcement; none of them = not yet set up.
struct Unit {
    UnitId id;
    FormationId formation;
    std::string name;
    UnitType type = UnitType::Infantry;
    UnitQuality quality = UnitQuality::Regular;
    int strength = 0;
    std::optional<int> command;
    std::optional<Placement> placement;
    std::optional<UnitStatus> status{};   ///< unset = fresh (written only when set)
    std::optional<UnitId> reserve{};
    std::optional<Arrival> arrival{};
    std::optional<SywFigures> figures{};
    /// A Pub Battles block standing for its whole formation (`oob blocks --level`): the units below that
    /// formation (its HQ aside) are the historical detail, kept but not pieces; the block's strength is theirs.
    bool block = false;
    bool operator==(const Unit&) const = default;
};

/// The whole scenario. Collections keep the order of the document; ids are unique per collection.
struct Scenario {
    ScenarioSettings settings;
    std::optional<MapSource> map;
    std::vector<ReferenceLayer> references; ///< in drawing order: the first is drawn first (lowest)
    std::vector<CustomTerrainClass> customTerrainClasses;
    std::vector<TerrainFeature> terrain;
    std::vector<Side> sides;
    std::vector<Formation> formations;
    std::vector<Unit> units;
    std::optional<TableBattlesSet> tableBattles; ///< Table Battles cards (table-battles-rules.txt), when authored
    std::optional<Campaign> campaign; ///< Campaign Lite grid, terrain, forces and objectives (campaign-lite.txt), when laid
    bool operator==(const Scenario&) const = default;

    const TerrainFeature* findFeature(const FeatureId& id) const;
    const ReferenceLayer* findReference(const std::string& name) const;
    const Side* findSide(const SideId& id) const;
    const Formation* findFormation(const FormationId& id) const;
    const Unit* findUnit(const UnitId& id) const;
};

} // namespace sandtable::core
