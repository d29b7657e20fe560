// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's long jobs (warps, imports, prints): the work on a thread, a progress dialog with Cancel
// on the UI thread, errors brought back (split from main_frame.cpp by concern).
#include "sandtable/editor/ui/main_frame.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/app.h>
#include <wx/evtloop.h>
#include <wx/progdlg.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

namespace sandtable::editor::ui {

bool MainFrame::runLongJob(const std::string& title,
    const std::function<void(const core::util::ProgressCallback& progress)>& work)
{
    if (m_jobRunning) {
        showError(title, translated("Another long job is still running."));
        return false;
    }
    struct Shared {
        std::mutex mutex;
        double fraction = 0.0;
        std::string what;
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
        std::exception_ptr error;
    };
    auto shared = std::make_shared<Shared>();
    m_jobRunning = true;
    constexpr int kRange = 1000;
    wxProgressDialog dialog(wxString::FromUTF8(title), _("Starting..."), kRange, this,
        wxPD_APP_MODAL | wxPD_CAN_ABORT | wxPD_ELAPSED_TIME | wxPD_SMOOTH);
    std::thread worker([shared, work] {
        try {
            work([shared](double fraction, std::string_view what) {
                {
                    const std::lock_guard lock(shared->mutex);
                    shared->fraction = fraction;
                    shared->what.assign(what);
                }
                return !shared->cancel.load();
            });
        } catch (...) {
            shared->error = std::current_exception();
        }
        shared->done = true;
        wxWakeUpIdle();
    });
    // The dialog's Update() processes the UI events (paint, size) of every window: the frame keeps
    // repainting while the work runs; user input goes to the dialog only.
    while (!shared->done) {
        double fraction = 0.0;
        std::string what;
        {
            const std::lock_guard lock(shared->mutex);
            fraction = shared->fraction;
            what = shared->what;
        }
        if (!shared->cancel) {
            const int value = static_cast<int>(std::clamp(fraction, 0.0, 0.999) * kRange);
            // Stages are marked N_()/wxTRANSLATE() where they are reported, translated here.
            if (!dialog.Update(value, what.empty() ? _("Working...") : translatedText(what)))
                shared->cancel = true;
        } else if (wxEventLoopBase* loop = wxEventLoopBase::GetActive()) {
            loop->YieldFor(wxEVT_CATEGORY_UI);
        }
        wxMilliSleep(15);
    }
    worker.join();
    m_jobRunning = false;
    dialog.Hide();
    if (shared->error) {
        try {
            std::rethrow_exception(shared->error);
        } catch (const core::util::Cancelled&) {
            setStatusText(wxString::Format(_("%s: cancelled"), wxString::FromUTF8(title)).utf8_string());
            return false;
        } catch (const std::exception& error) {
            showFailureOf(title, error);
            return false;
        } catch (...) {
            showError(title, translated("an unknown error"));
            return false;
        }
    }
    if (shared->cancel) {
        // The work finished before it saw the request: it is complete, so report it as done.
        setStatusText(wxString::Format(_("%s: finished"), wxString::FromUTF8(title)).utf8_string());
    }
    return true;
}

} // namespace sandtable::editor::ui
