// SPDX-License-Identifier: GPL-3.0-or-later
// Start-up of the editor, its scripted actions and its batch (screenshot) mode.
#include "sandtable/editor/ui/editor_app.hpp"

#include "sandtable/core/version.hpp"
#include "sandtable/editor/ui/main_frame.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"
#include "sandtable/editor/ui/window_capture.hpp"

#include <wx/image.h>
#include <wx/log.h>
#include <wx/weakref.h>

#include <cstdlib>
#include <iostream>

#include <unistd.h>

namespace sandtable::editor::ui {

namespace {

/// What main returns when wx could not start or OnInit refused (wxEntry gives -1 then): see failedStartStatus.
int g_failedStartStatus = 1;

/// Batch runs never stop on a dialog: wx assertions are printed instead.
void printAssertion(const wxString& file, int line, const wxString& function, const wxString& condition,
    const wxString& message)
{
    std::cerr << "sandtable-editor: wx assertion failed: " << file.utf8_string() << ":" << line << " in "
              << function.utf8_string() << ": " << condition.utf8_string() << " " << message.utf8_string() << "\n";
}

bool savePng(const wxBitmap& bitmap, const std::filesystem::path& path)
{
    return bitmap.IsOk() && bitmap.ConvertToImage().SaveFile(wxString::FromUTF8(path.string()), wxBITMAP_TYPE_PNG);
}

} // namespace

void EditorApp::OnInitCmdLine(wxCmdLineParser& parser) { describeCommandLine(parser); }

void EditorApp::describeCommandLine(wxCmdLineParser& parser)
{
    parser.AddSwitch("h", "help", _("show this help"), wxCMD_LINE_OPTION_HELP);
    parser.AddSwitch("", "version", _("print the version and exit"));
    parser.AddOption("", "screenshot", _("open FILE, save a PNG of the map canvas to this path, and exit"));
    parser.AddOption("", "size", _("canvas size for --screenshot, WIDTHxHEIGHT pixels (default 1000x700)"));
    parser.AddOption("", "screenshot-window", _("save a PNG of the whole main window (panes included) to this path, and exit"));
    parser.AddOption("", "window-size", _("size of the main window's client area, WIDTHxHEIGHT pixels"));
    parser.AddOption("", "view", _("after opening, centre the map on EASTING,NORTHING (working CRS) at METRES_PER_PIXEL"));
    // Options may be repeated; GetArguments() gives every occurrence in order.
    parser.AddOption("", "run-action", _("after opening, run the command with this id (repeatable, in order)"));
    parser.AddOption("", "restore", _("answer the offer to restore an autosaved recovery copy: yes or no"));
    parser.AddOption("", "autosave-seconds", _("autosave unsaved changes every N seconds (default 60, or $SANDTABLE_AUTOSAVE_SECONDS)"));
    parser.AddOption("", "new-from-map", _("File > New from map... without its dialogs: start a scenario from this raster"));
    parser.AddOption("", "new-output", _("with --new-from-map: the scenario file to write"));
    parser.AddOption("", "new-system", _("with --new-from-map: pub-battles (default), campaign-lite, syw-miniatures or table-battles"));
    parser.AddParam("scenario file", wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
}

bool EditorApp::usageError(const std::string& message)
{
    std::cerr << "sandtable-editor: " << translated("error:") << " " << message << "\n";
    m_exitCode = 2;
    g_failedStartStatus = 2;
    return false;
}

int EditorApp::failedStartStatus()
{
    return g_failedStartStatus;
}

bool EditorApp::OnCmdLineParsed(wxCmdLineParser& parser)
{
    if (parser.Found("version")) {
        std::cout << "sandtable-editor " << sandtable::kVersion << "\n";
        m_exitCode = 0;
        return false;
    }
    if (parser.GetParamCount() > 0)
        m_file = std::filesystem::path(parser.GetParam(0).utf8_string());
    auto size = [&](const char* name, PixelSize& out) {
        wxString value;
        if (!parser.Found(name, &value))
            return true;
        const auto parsed = parsePixelSize(value.utf8_string());
        if (!parsed)
            return usageError(std::string("--") + name + ": expected WIDTHxHEIGHT with edges " + std::to_string(kMinPixelEdge)
                + ".." + std::to_string(kMaxPixelEdge) + ", got '" + value.utf8_string() + "'");
        out = *parsed;
        return true;
    };
    if (!size("size", m_size))
        return false;
    PixelSize windowSize{0, 0};
    if (!size("window-size", windowSize))
        return false;
    if (windowSize.width > 0)
        m_windowSize = windowSize;
    wxString value;
    if (parser.Found("view", &value)) {
        m_view = parseViewRequest(value.utf8_string());
        if (!m_view)
            return usageError(core::i18n::format(translated("--view: expected EASTING,NORTHING,METRES_PER_PIXEL, got '{1}'"), {value.utf8_string()}));
    }
    // Every --run-action, in the order given.
    for (const wxCmdLineArg& arg : parser.GetArguments())
        if (arg.GetKind() == wxCMD_LINE_OPTION && arg.GetLongName() == "run-action")
            m_actions.push_back(arg.GetStrVal().utf8_string());
    if (parser.Found("restore", &value)) {
        if (value == "yes")
            m_restore = true;
        else if (value == "no")
            m_restore = false;
        else
            return usageError(core::i18n::format(translated("--restore: expected yes or no, got '{1}'"), {value.utf8_string()}));
    }
    if (parser.Found("autosave-seconds", &value)) {
        double seconds = 0.0;
        if (!value.ToCDouble(&seconds) || !(seconds > 0.0) || seconds > 86400.0)
            return usageError(core::i18n::format(translated("--autosave-seconds: expected a positive number of seconds, got '{1}'"), {value.utf8_string()}));
        m_autosaveSeconds = seconds;
    }
    if (parser.Found("screenshot", &value)) {
        m_screenshot = std::filesystem::path(value.utf8_string());
        if (!m_file)
            return usageError(translated("--screenshot needs a scenario FILE"));
    }
    if (parser.Found("new-from-map", &value)) {
        m_newFromMap = std::filesystem::path(value.utf8_string());
        if (!parser.Found("new-output", &value))
            return usageError(translated("--new-from-map needs --new-output FILE (the scenario to write)"));
        m_newOutput = std::filesystem::path(value.utf8_string());
        if (parser.Found("new-system", &value)) {
            try {
                m_newSystem = core::gameSystemFromString(value.utf8_string());
            } catch (const std::exception&) {
                return usageError(core::i18n::format(
                    translated("--new-system: expected pub-battles, campaign-lite, syw-miniatures or table-battles, got '{1}'"),
                    {value.utf8_string()}));
            }
        }
        if (m_file)
            return usageError(translated("--new-from-map writes its own scenario: give no scenario FILE"));
    }
    if (parser.Found("screenshot-window", &value))
        m_windowScreenshot = std::filesystem::path(value.utf8_string());
    return true;
}

bool EditorApp::OnCmdLineError(wxCmdLineParser& parser)
{
    parser.Usage();
    m_exitCode = 2;
    return false;
}

bool EditorApp::OnInit()
{
    // The language first: the command line's help texts are translated too.
    setUpEditorLanguage();
    // wxApp::OnInit parses the command line; false there means --version, --help or a usage error.
    if (!wxApp::OnInit())
        return false;
    if (batch())
        wxSetAssertHandler(&printAssertion);
    wxInitAllImageHandlers();
    SetAppName("sandtable");
    m_frame = new MainFrame(!batch());
    m_frame->setBatchMode(batch());
    // Batch runs leave the user's recovery copies alone unless told what to do with them (--restore).
    if (!batch() || m_restore) {
        const auto interval = m_autosaveSeconds
            ? std::chrono::milliseconds(static_cast<long long>(*m_autosaveSeconds * 1000.0))
            : autosaveInterval(std::getenv("SANDTABLE_AUTOSAVE_SECONDS"));
        m_frame->enableRecovery(RecoveryStore(editorStateDir() / "recovery", static_cast<long>(::getpid())), interval);
    }
    if (m_windowSize) {
        m_frame->SetClientSize(m_windowSize->width, m_windowSize->height);
    } else if (m_screenshot) {
        // Size the frame so its canvas has about the requested size (the PNG has exactly that size).
        m_frame->SetClientSize(m_size.width + 280, m_size.height + 60);
    }
    m_frame->Show();
    CallAfter(&EditorApp::start);
    return true;
}

bool EditorApp::Initialize(int& argCount, wxChar** argValues)
{
    // GTK failing to open the display is reported by wx with wxLogError, whose default target is a message box:
    // without a display that box cannot be made either, and wx asserts "failed to create GtkMessageDialog"
    // instead of saying why. Until the GUI is up, wx's log goes to stderr.
    wxLogStderr startLog;
    wxLog* const previous = wxLog::SetActiveTarget(&startLog);
    const bool ok = wxApp::Initialize(argCount, argValues);
    wxLog::SetActiveTarget(previous);
    if (!ok) {
        g_failedStartStatus = 1;
        const char* display = std::getenv("DISPLAY");
        std::cerr << "sandtable-editor: " << translated("error:") << " "
                  << core::i18n::format(translated("cannot open the display '{1}' (no X server answers there, or it "
                                                   "refused the connection); under CI use xvfb-run"),
                         {display ? display : ""})
                  << "\n";
    }
    return ok;
}

int EditorApp::OnRun()
{
    const int code = wxApp::OnRun();
    return m_exitCode != 0 ? m_exitCode : code;
}

bool EditorApp::runActions()
{
    bool ok = true;
    const wxWeakRef<MainFrame> frame(m_frame);
    for (const std::string& id : m_actions) {
        if (!frame)
            break; // quit by the person inside an earlier action's dialog
        if (!m_frame->actions().find(id)) {
            std::cerr << "sandtable-editor: error: --run-action " << id << ": no such command\n";
            ok = false;
        } else if (!m_frame->runCommand(id)) {
            std::cerr << "sandtable-editor: error: --run-action " << id << ": not enabled now\n";
            ok = false;
        } else {
            std::cout << "sandtable-editor: ran " << id << "\n";
        }
        // Let what the command changed lay out and paint before the next one.
        Yield(true);
    }
    return ok;
}

void EditorApp::start()
{
    const bool restored = (!batch() || m_restore) && m_frame->offerRestore(m_restore);
    if (restored)
        std::cout << "sandtable-editor: restored a recovery copy\n";
    if (m_newFromMap && !restored) {
        const std::string failure = m_frame->newFromMap(*m_newFromMap, m_newOutput, m_newSystem);
        if (!failure.empty() && batch()) {
            std::cerr << "sandtable-editor: error: " << failure << "\n";
            m_exitCode = 1;
            m_frame->Destroy();
            return;
        }
    }
    if (m_file && !restored) {
        const std::string failure = m_frame->openFile(*m_file, batch());
        if (!failure.empty() && batch()) {
            std::cerr << "sandtable-editor: error: " << failure << "\n";
            m_exitCode = 1;
            m_frame->Destroy();
            return;
        }
        if (failure.empty() && m_view)
            m_frame->canvas().showView(*m_view);
    }
    // An action may run a modal dialog and a long job, whose event loops also handle the person's Quit: the
    // frame can be gone when it returns (seen: a drive's Ctrl+Q right after a VASSAL export's job).
    const wxWeakRef<MainFrame> frame(m_frame);
    if (!runActions() && batch())
        m_exitCode = 1;
    if (!frame)
        return;
    if (!m_actions.empty()) {
        // What the actions left selected, for scripts (tests check a problem's click lands on its object).
        if (const auto object = m_frame->selected())
            std::cout << "sandtable-editor: selected " << toString(object->kind) << " " << object->id << "\n";
        else
            std::cout << "sandtable-editor: selected nothing\n";
    }
    if (batch())
        takeScreenshots();
}

void EditorApp::takeScreenshots()
{
    // Let the frame lay out and paint once, as a user would see it, before taking pictures.
    m_frame->Update();
    Yield(true);
    if (m_screenshot) {
        const wxBitmap bitmap = m_frame->canvas().renderToBitmap(wxSize(m_size.width, m_size.height));
        if (!savePng(bitmap, *m_screenshot)) {
            std::cerr << "sandtable-editor: error: " << m_screenshot->string() << ": screenshot: cannot be written\n";
            m_exitCode = 1;
        } else {
            std::cout << "sandtable-editor: wrote " << m_screenshot->string() << " (" << m_size.width << "x"
                      << m_size.height << ")\n";
            if (!m_frame->notice().empty())
                std::cout << "sandtable-editor: notice: " << m_frame->notice() << "\n";
        }
    }
    if (m_windowScreenshot) {
        // The window shows what the canvas has drawn: wait (up to 20 s) for the raster tiles of the view.
        for (int i = 0; i < 1000 && m_frame->canvas().pendingTiles() > 0; ++i) {
            wxMilliSleep(20);
            Yield(true);
            m_frame->canvas().Refresh();
            m_frame->canvas().Update();
        }
        Yield(true);
        const wxBitmap bitmap = captureWindow(*m_frame);
        if (!savePng(bitmap, *m_windowScreenshot)) {
            std::cerr << "sandtable-editor: error: " << m_windowScreenshot->string()
                      << ": window screenshot: cannot be written\n";
            m_exitCode = 1;
        } else {
            std::cout << "sandtable-editor: wrote " << m_windowScreenshot->string() << " (" << bitmap.GetWidth()
                      << "x" << bitmap.GetHeight() << ")\n";
        }
    }
    if (m_frame->errorCount() > 0)
        m_exitCode = 1;
    m_frame->Destroy();
}

} // namespace sandtable::editor::ui
