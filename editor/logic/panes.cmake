# Capability panes' logic (georeferencing workspace, card designer, campaign grid, print preview sheet
# plan): sources of sandtable_editor_logic, tested without wx (tests/editor/panes.cmake).
target_sources(sandtable_editor_logic PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/georef_workspace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/campaign_grid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/card_designer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/sheet_plan.cpp
)
