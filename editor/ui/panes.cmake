# Capability panes (georeferencing, cards, campaign grid, print preview): sources of sandtable_editor_ui.
target_sources(sandtable_editor_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/capability_panes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/pane_support.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/georef_pane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/scan_places.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/cards_pane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/grid_pane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/print_pane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/vassal_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/file_import.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/catalogue_dialogs.cpp
)
# The panes fit, warp and print through the importers and the print library (docs/architecture.md: the editor
# UI may use everything).
target_link_libraries(sandtable_editor_ui PRIVATE sandtable_importers sandtable_print sandtable_catalogue)
