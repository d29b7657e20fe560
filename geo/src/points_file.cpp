// SPDX-License-Identifier: GPL-3.0-or-later
// Reading and writing QGIS Georeferencer `.points` files.
#include "sandtable/geo/points_file.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/csv.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <sstream>

namespace sandtable::geo {
namespace {

std::string trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool looksNumeric(const std::string& field)
{
    return !field.empty() && (std::isdigit(static_cast<unsigned char>(field[0])) || field[0] == '-' || field[0] == '+' || field[0] == '.');
}

struct Columns {
    int mapX = 0, mapY = 1, sourceX = 2, sourceY = 3, enable = 4;
};

} // namespace

PointsFile readPointsFile(const std::filesystem::path& path)
{
    const std::string text = core::io::readFile(path, std::size_t{64} << 20);
    const std::string file = path.string();
    PointsFile out;
    Columns columns;
    bool headerSeen = false;
    // The one CSV tokenizer (core/io/csv.hpp): quoted fields, CR LF, a byte order mark, "#" comment lines.
    core::io::CsvOptions options;
    options.comment = '#';
    const core::io::CsvText csv = core::io::readCsv(text, options);
    if (!csv.problems.empty()) {
        const core::io::CsvSyntaxProblem& p = csv.problems.front();
        throw core::util::FormatError(file, core::i18n::format(_("line {1}"), {std::to_string(p.line)}), core::io::csvProblemReason(p.kind));
    }
    for (const core::io::CsvRecord& record : csv.records) {
        const int lineNumber = static_cast<int>(record.line);
        if (record.comment) {
            if (record.fields[0].rfind("#CRS:", 0) == 0)
                out.crs = trim(std::string_view(record.fields[0]).substr(5));
            continue;
        }
        if (record.blank())
            continue;
        std::vector<std::string> fields;
        for (const std::string& field : record.fields)
            fields.push_back(trim(field));
        if (!headerSeen && out.rows.empty() && !looksNumeric(fields[0])) {
            // Header: find the columns by name (QGIS: pixelX/pixelY before 3.26, sourceX/sourceY since).
            std::map<std::string, int> index;
            for (std::size_t i = 0; i < fields.size(); ++i)
                index[lower(fields[i])] = static_cast<int>(i);
            auto need = [&](std::initializer_list<const char*> names) {
                for (const char* n : names)
                    if (auto it = index.find(n); it != index.end())
                        return it->second;
                throw core::util::FormatError(file, _("header"),
                    core::i18n::format(_("line {1} has no column '{2}' (expected {3} or {4})"),
                        {std::to_string(lineNumber), *names.begin(), "mapX,mapY,pixelX,pixelY[,enable]",
                            "mapX,mapY,sourceX,sourceY[,enable]"}));
            };
            columns.mapX = need({"mapx"});
            columns.mapY = need({"mapy"});
            columns.sourceX = need({"sourcex", "pixelx"});
            columns.sourceY = need({"sourcey", "pixely"});
            const auto enable = index.find("enable");
            columns.enable = enable == index.end() ? -1 : enable->second;
            headerSeen = true;
            continue;
        }
        PointsRow row;
        row.id = static_cast<int>(out.rows.size()) + 1;
        const std::string lineText = std::to_string(lineNumber); // each reason ends "(line N)"
        auto number = [&](int column, const char* name) {
            const std::string object = core::i18n::format(_("row {1}, column {2}"), {std::to_string(row.id), name});
            if (column >= static_cast<int>(fields.size()) || fields[static_cast<std::size_t>(column)].empty())
                throw core::util::FormatError(file, object, core::i18n::format(_("missing value (line {1})"), {lineText}));
            const std::string& field = fields[static_cast<std::size_t>(column)];
            double value = 0.0;
            const char* begin = field.data() + (field[0] == '+' ? 1 : 0);
            const auto [end, ec] = std::from_chars(begin, field.data() + field.size(), value);
            if (ec != std::errc() || end != field.data() + field.size())
                throw core::util::FormatError(file, object, core::i18n::format(_("'{1}' is not a number (line {2})"), {field, lineText}));
            if (!std::isfinite(value))
                throw core::util::FormatError(file, object,
                    core::i18n::format(_("'{1}' is not a finite number (line {2})"), {field, lineText}));
            return value;
        };
        row.mapX = number(columns.mapX, "mapX");
        row.mapY = number(columns.mapY, "mapY");
        row.sourceX = number(columns.sourceX, "sourceX");
        row.sourceY = number(columns.sourceY, "sourceY");
        if (columns.enable >= 0) {
            const double enable = number(columns.enable, "enable");
            if (enable != 0.0 && enable != 1.0)
                throw core::util::FormatError(file, core::i18n::format(_("row {1}, column {2}"), {std::to_string(row.id), "enable"}),
                    core::i18n::format(_("must be 0 or 1, not {1} (line {2})"),
                        {fields[static_cast<std::size_t>(columns.enable)], lineText}));
            row.enabled = enable == 1.0;
        }
        out.rows.push_back(row);
    }
    return out;
}

core::Coordinate pixelToSource(const SourceFrame& frame, double pixel, double line)
{
    if (!frame.geotransform)
        return {pixel, -line};
    const auto& g = *frame.geotransform;
    return {g[0] + g[1] * pixel + g[2] * line, g[3] + g[4] * pixel + g[5] * line};
}

core::Coordinate sourceToPixel(const SourceFrame& frame, double x, double y, const std::string& context)
{
    if (!frame.geotransform)
        return {x, -y};
    const auto& g = *frame.geotransform;
    const double det = g[1] * g[5] - g[2] * g[4];
    if (det == 0.0 || !std::isfinite(det))
        throw core::util::OperationError(context, _("geotransform"), _("the raster's geotransform is singular"));
    const double dx = x - g[0];
    const double dy = y - g[3];
    return {(g[5] * dx - g[2] * dy) / det, (-g[4] * dx + g[1] * dy) / det};
}

std::vector<core::Gcp> toGcps(const PointsFile& file, const SourceFrame& frame, const std::string& context)
{
    std::vector<core::Gcp> gcps;
    for (const auto& row : file.rows) {
        const core::Coordinate pixel = sourceToPixel(frame, row.sourceX, row.sourceY, context);
        gcps.push_back({row.id, pixel.x, pixel.y, row.mapX, row.mapY, row.enabled});
    }
    return gcps;
}

void writePointsFile(const std::filesystem::path& path, const std::string& crs, const std::vector<core::Gcp>& gcps,
    const SourceFrame& frame, const std::vector<PointsResidual>& residuals)
{
    if (!residuals.empty() && residuals.size() != gcps.size())
        throw core::util::OperationError(path.string(), _("residuals"), _("one residual per GCP is needed"));
    std::string text;
    if (!crs.empty()) {
        std::string oneLine = crs;
        std::replace(oneLine.begin(), oneLine.end(), '\n', ' ');
        text += "#CRS: " + oneLine + "\n";
    }
    text += "mapX,mapY,sourceX,sourceY,enable,dX,dY,residual\n";
    using gdal::formatNumber;
    for (std::size_t i = 0; i < gcps.size(); ++i) {
        const auto& g = gcps[i];
        const core::Coordinate source = pixelToSource(frame, g.pixel, g.line);
        const PointsResidual r = residuals.empty() ? PointsResidual{} : residuals[i];
        text += formatNumber(g.mapX) + "," + formatNumber(g.mapY) + "," + formatNumber(source.x) + ","
            + formatNumber(source.y) + "," + (g.enabled ? "1" : "0") + "," + formatNumber(r.dx) + ","
            + formatNumber(r.dy) + "," + formatNumber(r.residual) + "\n";
    }
    core::io::writeFileAtomically(path, text);
}

} // namespace sandtable::geo
