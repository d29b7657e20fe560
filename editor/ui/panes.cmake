# Capability panes (georeferencing, cards, campaign grid, print preview): sources of sandtable_editor_ui.
target_sources(sandtable_editor_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/panes/capability_panes.cpp
)
