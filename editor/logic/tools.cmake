# Logic of the terrain drawing tools, vertex editor, block placing and OOB panes (no wx): sources of sandtable_editor_logic.
target_sources(sandtable_editor_logic PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/drawing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/vertex_edit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/placing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/tools/oob_model.cpp
)
