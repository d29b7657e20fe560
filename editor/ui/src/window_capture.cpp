// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-window pictures: GTK draws its widget tree into a cairo image surface.
#include "sandtable/editor/ui/window_capture.hpp"

#include <wx/dcmemory.h>
#include <wx/dcscreen.h>
#include <wx/toplevel.h>

#include <cairo.h>
#include <dlfcn.h>

#include <cstdint>
#include <memory>

namespace sandtable::editor::ui {

namespace {

// GTK's functions are looked up in the process (wxGTK has loaded libgtk-3), so the build needs no GTK
// development headers.
using GtkWidgetDraw = void (*)(void* widget, cairo_t* cr);
using GtkWidgetSize = int (*)(void* widget);

template <class Function>
Function gtkFunction(const char* name)
{
    return reinterpret_cast<Function>(dlsym(RTLD_DEFAULT, name));
}

wxBitmap drawWithGtk(wxTopLevelWindow& window)
{
    const auto draw = gtkFunction<GtkWidgetDraw>("gtk_widget_draw");
    const auto widthOf = gtkFunction<GtkWidgetSize>("gtk_widget_get_allocated_width");
    const auto heightOf = gtkFunction<GtkWidgetSize>("gtk_widget_get_allocated_height");
    void* widget = window.GetHandle();
    if (!draw || !widthOf || !heightOf || !widget)
        return wxNullBitmap;
    const int width = widthOf(widget);
    const int height = heightOf(widget);
    if (width <= 1 || height <= 1)
        return wxNullBitmap;
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height), cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        return wxNullBitmap;
    {
        std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface.get()), cairo_destroy);
        cairo_set_source_rgb(cr.get(), 1.0, 1.0, 1.0);
        cairo_paint(cr.get());
        draw(widget, cr.get());
    }
    cairo_surface_flush(surface.get());
    wxImage image(width, height, false);
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    unsigned char* rgb = image.GetData();
    for (int y = 0; y < height; ++y) {
        const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x) {
            const std::uint32_t pixel = row[x];
            unsigned char* out = rgb + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
            out[0] = static_cast<unsigned char>(pixel >> 16);
            out[1] = static_cast<unsigned char>(pixel >> 8);
            out[2] = static_cast<unsigned char>(pixel);
        }
    }
    return wxBitmap(image);
}

wxBitmap copyScreen(wxTopLevelWindow& window)
{
    const wxRect rect = window.GetScreenRect();
    if (rect.width <= 1 || rect.height <= 1)
        return wxNullBitmap;
    wxBitmap bitmap(rect.width, rect.height, 24);
    wxMemoryDC memory(bitmap);
    wxScreenDC screen;
    if (!memory.Blit(0, 0, rect.width, rect.height, &screen, rect.x, rect.y))
        return wxNullBitmap;
    memory.SelectObject(wxNullBitmap);
    return bitmap;
}

/// True when every pixel has the first pixel's colour (GTK drew nothing over the white background).
bool isUniform(const wxBitmap& bitmap)
{
    const wxImage image = bitmap.ConvertToImage();
    const unsigned char* rgb = image.GetData();
    const std::size_t n = static_cast<std::size_t>(image.GetWidth()) * static_cast<std::size_t>(image.GetHeight());
    for (std::size_t i = 1; i < n; ++i)
        if (rgb[3 * i] != rgb[0] || rgb[3 * i + 1] != rgb[1] || rgb[3 * i + 2] != rgb[2])
            return false;
    return true;
}

} // namespace

wxBitmap captureWindow(wxTopLevelWindow& window)
{
    window.Update();
    wxBitmap bitmap = drawWithGtk(window);
    // GTK draws nothing when a pane's minimum size does not fit its allocation: then copy the screen.
    if (!bitmap.IsOk() || isUniform(bitmap))
        bitmap = copyScreen(window);
    return bitmap;
}

} // namespace sandtable::editor::ui
