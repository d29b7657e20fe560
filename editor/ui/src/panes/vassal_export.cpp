// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export > VASSAL module...: the open scenario as a VASSAL 3.7 module, as `sandtable vassal export`
// writes it, on a long job with progress.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/importers/map_raster.hpp"
#include "sandtable/importers/vassal_module.hpp"
#include "sandtable/print/vassal_images.hpp"

#include <wx/filedlg.h>
#include <wx/numdlg.h>

#include <cmath>
#include <filesystem>

namespace sandtable::editor::ui::panes {
namespace {

/// The scan resampled to the board's grid when the scenario has one that can be drawn (as the CLI does:
/// a missing or unreferenced raster leaves the board terrain only).
std::optional<print::PrintRaster> boardScan(const core::Scenario& s, const std::filesystem::path& folder, double pxPerM,
    const core::ProgressCallback& progress)
{
    if (!s.map || !s.settings.extent || folder.empty())
        return std::nullopt;
    const bool warped = importers::warpedMapPath(s, folder).has_value();
    if (!warped && (!s.map->georeference || !std::filesystem::exists(importers::resolveMapPath(s.map->path, folder))))
        return std::nullopt;
    if (s.settings.crs.rfind("LOCAL:", 0) == 0)
        return std::nullopt; // a scale-only frame: the CLI resamples through the calibrated GeoTIFF's own CRS
    importers::RenderedRaster r = importers::renderMapRaster(s, folder, *s.settings.extent, 1.0 / pxPerM, progress);
    return print::PrintRaster{r.width, r.height, std::move(r.pixels), r.geotransform};
}

void exportVassal(Workbench& workbench)
{
    const core::Document* doc = workbench.document();
    if (!doc)
        return;
    core::Scenario scenario = doc->scenario();
    const std::string document = core::serializeScenario(scenario); // as the person has it: `vassal import` brings it back
    if (scenario.settings.extent) // the board grown to the campaign grid, as `sandtable vassal export` does
        scenario.settings.extent = importers::vassalBoardExtent(scenario);
    // The board resolution in px per ground km, the CLI's default offered (100 px per inch of table).
    const double defaultPxPerKm = importers::defaultVassalPxPerM(scenario) * 1000.0;
    const long pxPerKm = wxGetNumberFromUser(_("Board resolution in pixels per ground kilometre\n(the default is 100 px per inch of the table at game scale)."),
        _("px per km:"), _("Export VASSAL module"), std::max(1L, std::lround(defaultPxPerKm)), 1, 10000000, workbench.window());
    if (pxPerKm <= 0)
        return;
    wxFileDialog dialog(workbench.window(), _("Export VASSAL module"), "", "game.vmod", _("VASSAL modules (*.vmod)|*.vmod"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path output = dialog.GetPath().ToStdString(wxConvUTF8);
    const std::filesystem::path folder = workbench.scenarioFolder();
    const double pxPerM = static_cast<double>(pxPerKm) / 1000.0;
    importers::VassalExportResult result;
    const bool done = workbench.runLongJob(_("Exporting the VASSAL module").utf8_string(), [&](const core::ProgressCallback& progress) {
        const auto part = [&](double from, double to) {
            return [&progress, from, to](double f, std::string_view what) { return !progress || progress(from + f * (to - from), what); };
        };
        print::VassalImages images = print::drawVassalImages(scenario, pxPerM, boardScan(scenario, folder, pxPerM, part(0.0, 0.5)), part(0.5, 0.8));
        importers::VassalExportInput input;
        input.pxPerM = pxPerM;
        const auto convert = [](print::PngImage& i) { return importers::VassalImage{std::move(i.bytes), i.width, i.height}; };
        if (images.board)
            input.board = convert(*images.board);
        for (auto& [id, image] : images.pieces)
            input.pieces[id] = convert(image);
        for (auto& [id, image] : images.forces)
            input.forces[id] = convert(image);
        for (auto& [name, image] : images.cardFaces)
            input.cardFaces[name] = convert(image);
        input.scenarioDocument = document;
        result = importers::writeVassalModule(scenario, input, output, part(0.8, 1.0));
    });
    if (done)
        workbench.setStatusText(output.string() + ": "
            + wxString::Format(_("VASSAL module, %d piece(s), %d at start, %d card(s)"), static_cast<int>(result.pieces),
                static_cast<int>(result.setupStacks), static_cast<int>(result.cards)).utf8_string());
}

} // namespace

void installVassalExport(Workbench& workbench)
{
    workbench.addCommand(ActionInfo{"file.export_vassal", wxTRANSLATE("Export VASSAL &module..."), "",
                             wxTRANSLATE("The scenario as a VASSAL 3.7 module (.vmod): board, pieces, setup, cards")},
        [&workbench] { exportVassal(workbench); });
}

} // namespace sandtable::editor::ui::panes
