# Terrain and set-up tools (drawing, vertex editor, class palette, OOB tree, block placing): sources of sandtable_editor_ui.
target_sources(sandtable_editor_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/terrain_oob_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/canvas_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/tool_panes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/oob_authoring.cpp
)
