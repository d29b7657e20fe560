// SPDX-License-Identifier: GPL-3.0-or-later
// The one interface every importer implements: identify a file cheaply from its first bytes, run to an Edit.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::core::io {

/// What an import adds to the scenario: the CLI noun that imports it (`terrain import`, `oob import`,
/// `cards import`, `vassal import`) and the editor's File > Import... pick importers of one target or of all.
enum class ImportTarget { Terrain, OrderOfBattle, Cards, Scenario };

/// "terrain", "order of battle", "cards", "scenario".
const char* toString(ImportTarget target);

/// What identify() reads: the file's name and its first bytes, no parse (docs/architecture.md: "a cheap identify").
struct FileProbe {
    static constexpr std::size_t kHeadBytes = 4096;

    std::filesystem::path path;
    std::string extension;      ///< lower case, with the dot (".geojson"); empty for none
    std::string head;           ///< the first kHeadBytes bytes (fewer for a shorter file); empty for a folder
    std::uintmax_t size = 0;    ///< bytes; 0 for a folder
    bool directory = false;     ///< an unpacked folder (a VASSAL module folder)
    std::vector<std::string> entries; ///< for a folder: the names of its top-level entries, sorted

    /// Reads the probe of `path`. Throws IoError naming the file when it does not exist or cannot be read.
    static FileProbe of(const std::filesystem::path& path);

    /// The head as text without a UTF-8 byte order mark, for text formats.
    std::string_view text() const;
    /// The head's first line (up to "\n", without "\r"), BOM removed.
    std::string_view firstLine() const;
};

/// How sure an importer is that it reads a file. The registry chooses the highest; content beats name.
enum class Match { No = 0, ByName = 1, ByContent = 2 };

/// One setting an importer takes, declared as data (the editor's File > Import... asks from these; the CLI's
/// import commands give their options under these keys): `key` as the CLI spells its option without "--"
/// ("class-from"), a one-line help (an English msgid: shown through gettext), whether the
/// import cannot run without it (the editor asks for it), whether it may be given more than once, and
/// whether it is a flag (present or not, no value). Options naming the same non-empty `group` are
/// alternatives of which exactly one must be given (the vector importer's class, class-from, preset).
/// `choices` lists the usual values when they are few and known, for the editor to offer as a list (the
/// importer judges the value: a scenario's custom class is a class too); `suggestion` the value the editor
/// proposes for a typed one; `detail` further help that is data, not a sentence, and so is shown as it is,
/// untranslated, after the help (the osm preset's rules, one per line).
struct ImportOption {
    std::string key;
    std::string help;
    bool required = false;
    bool repeatable = false;
    bool flag = false;
    std::string group{};
    std::vector<std::string> choices{};
    std::string suggestion{};
    std::string detail{};
};

/// What to import and how: the input file (or folder), the settings as KEY -> VALUE texts in the order
/// given (a flag's value is "true"), and the progress callback for long reads.
struct ImportRequest {
    std::filesystem::path input;
    std::vector<std::pair<std::string, std::string>> settings;
    util::ProgressCallback progress;

    /// The last value of `key`, or `fallback` when the key is not set.
    std::string value(std::string_view key, const std::string& fallback = {}) const;
    /// Every value of `key`, in order.
    std::vector<std::string> values(std::string_view key) const;
    bool has(std::string_view key) const;
};

/// What an import would do. `edit` is one undo step that adds what was read (empty when nothing was);
/// `findings` list what was read past or lost (never dropped silently: docs/architecture.md, "findings for whatever was lost"); `imported` and
/// `skipped` count the things the importer reads (features, units, cards, pieces); `counts` holds the
/// importer's further counts by name (documented by each importer: per terrain class, "formations_created",
/// ...) and `details` its further facts as text ("format", "crs", "board"); `summary` is one line saying
/// what was read, for a person ("12 feature(s) imported, 3 skipped").
struct ImportResult {
    document::Edit edit;
    validation::Diagnostics findings;
    std::size_t imported = 0;
    std::size_t skipped = 0;
    std::map<std::string, std::size_t> counts;
    std::map<std::string, std::string> details;
    std::string summary;
};

/// An importer: a file format read into an Edit of the scenario (Tiled's format plug-ins, without the
/// plug-in loading: importers are registered by one explicit function, importers::registerImporters).
class Importer {
public:
    virtual ~Importer() = default;
    /// A short stable name ("vector", "dem", "roster", "table-battles-csv", "vassal-module").
    virtual std::string_view name() const = 0;
    /// The formats it reads, for a person, in the process's language ("GeoJSON, Shapefile, GeoPackage, ...").
    virtual std::string description() const = 0;
    virtual ImportTarget target() const = 0;
    virtual const std::vector<ImportOption>& options() const = 0;
    /// Whether it reads the file, from the probe alone: no parse, no library call that opens the file.
    virtual Match identify(const FileProbe& probe) const = 0;
    /// Reads `request.input` against `scenario` (for ids, the working CRS, the extent). Throws the errors
    /// its format's reader documents (IoError, FormatError, OperationError naming file, object, reason),
    /// and OperationError naming the setting when a setting is malformed. Never changes anything.
    virtual ImportResult run(const Scenario& scenario, const ImportRequest& request) const = 0;
};

/// The importers, in the order they were added. Choosing is by content first (Match::ByContent beats
/// Match::ByName; among equals the first added wins).
class ImporterRegistry {
public:
    /// Adds `importer`. Throws std::invalid_argument when one of that name is there already.
    void add(std::unique_ptr<Importer> importer);

    const std::vector<std::unique_ptr<Importer>>& importers() const { return m_importers; }
    /// The importer of that name, or nullptr.
    const Importer* find(std::string_view name) const;

    /// The importer of `target` that reads the file best. Throws FormatError naming the file and listing
    /// what the importers of that target read when none does; the message names another target whose
    /// importer reads it by content ("it looks like an order of battle: use oob import").
    const Importer& choose(ImportTarget target, const FileProbe& probe) const;
    /// The importer of any target that reads the file best (the editor's File > Import...). Throws
    /// FormatError naming the file and listing every importer's formats when none does.
    const Importer& choose(const FileProbe& probe) const;

private:
    std::vector<std::unique_ptr<Importer>> m_importers;
};

/// Options of one `group` (ImportOption::group): the group's text (an English msgid, a question such as "How
/// do the features get their terrain class?") and its options in declaration order, pointing into
/// importer.options().
struct ImportOptionGroup {
    std::string question;
    std::vector<const ImportOption*> options;
};

/// `importer`'s groups of alternatives, in the order of their first option; empty when it declares none.
std::vector<ImportOptionGroup> optionGroups(const Importer& importer);

/// Checks `request`'s settings against `importer`'s options: every key declared, required keys present,
/// a non-repeatable key once, exactly one option of each group. Throws OperationError naming the setting ("--class") and the importer.
void checkSettings(const Importer& importer, const ImportRequest& request);

} // namespace sandtable::core::io
