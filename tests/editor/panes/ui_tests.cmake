# SPDX-License-Identifier: GPL-3.0-or-later
# Included from tests/editor/panes.cmake.
if(TARGET sandtable-editor)
  # Each pane opened by its command on a bundled example, the whole window saved and looked at: not blank
  # and holding pixels of a colour only that pane draws.
  set(_pane_driver "${_panes_tests}/run_pane_screenshot.cmake")
  set(_pane_common
    -DEDITOR=$<TARGET_FILE:sandtable-editor> -DCHECKER=$<TARGET_FILE:sandtable_screenshot_check>
    -DXVFB_RUN=${XVFB_RUN} -DCONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/xdg-config-panes -DSIZE=1600x1000)
  # Georeferencing on the Gettysburg scan (9 rough GCPs, residuals of hundreds of metres): red residual
  # arrows (230, 30, 30) on the scan and cyan GCP crosses (0, 200, 255).
  add_test(NAME editor_pane_georef_gettysburg
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/gettysburg/gettysburg.sandtable.json
      -DREQUIRE=${SANDTABLE_SHARED_DATA}/maps/gettysburg_cope_survey_field_base.jpg
      -DACTIONS=georef.show_pane -DOUTPUT=${_shot_dir}/panes/georef_gettysburg.png
      "-DFIND=230,30,30,12,40|0,200,255,12,40" -P "${_pane_driver}")
  # Issue 19 item 3: a plain scan whose 9 GCPs are longitude/latitude (EPSG:4326) in a scenario with no
  # working CRS. The fit must be made in the UTM zone of the GCPs (18 N), never in degrees: the RMS is the
  # one an independent projected fit gives, 317.36 m (numpy least squares on the GCPs projected with
  # osgeo.osr to EPSG:32618: 317.355255 m), and the map fields are labelled longitude and latitude.
  add_test(NAME editor_pane_georef_lonlat_plain_scan
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/tests/data/editor/lonlat_plain_scan.sandtable.json
      -DREQUIRE=${SANDTABLE_SHARED_DATA}/maps/gettysburg_cope_survey_field_base.jpg
      -DACTIONS=georef.show_pane -DOUTPUT=${_shot_dir}/panes/georef_lonlat_plain_scan.png
      "-DEXPECT_OUT=status: Georeferencing: RMS 317.36 m, [0-9.]+ px over 9 GCPs in EPSG:32618"
      "-DFIND=230,30,30,12,40|0,200,255,12,40" -P "${_pane_driver}")
  # The card designer on Fontenoy: the preview of card 501-A shows its wing colour #2b4c9b (43, 76, 155).
  add_test(NAME editor_pane_cards_fontenoy
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/table-battles/fontenoy.sandtable.json
      -DACTIONS=cards.show_panel -DOUTPUT=${_shot_dir}/panes/cards_fontenoy.png
      "-DFIND=43,76,155,10,400" -P "${_pane_driver}")
  # The campaign grid on the Gettysburg campaign: square A1 picked, outlined in (200, 120, 0).
  add_test(NAME editor_pane_grid_gettysburg_campaign
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/gettysburg-campaign/gettysburg-campaign.sandtable.json
      -DACTIONS=grid.show_panel -DOUTPUT=${_shot_dir}/panes/grid_gettysburg_campaign.png
      "-DFIND=200,120,0,10,60" -P "${_pane_driver}")
  # Print preview of Gettysburg at its 1:16,000 on A4: sheet outlines (220, 80, 0) over the map.
  add_test(NAME editor_pane_print_gettysburg
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/gettysburg/gettysburg.sandtable.json
      -DACTIONS=print.preview -DOUTPUT=${_shot_dir}/panes/print_gettysburg.png
      "-DFIND=220,80,0,12,150" -P "${_pane_driver}")
  # A card whose screen names a missing card: the finding is in the problems pane, and Next Problem (what a
  # click on it does) selects card 501-A and opens it in the card designer.
  add_test(NAME editor_pane_cards_finding_selects_the_card
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/tests/data/editor/fontenoy_missing_target.sandtable.json
      -DACTIONS=view.next_problem "-DEXPECT_STDOUT=selected card 501-A"
      -DOUTPUT=${_shot_dir}/panes/cards_finding.png "-DFIND=43,76,155,10,400" -P "${_pane_driver}")
  # The order of battle of Antietam in its tree and the reinforcement schedule (A. P. Hill's Light Division
  # arrives from Harpers Ferry): the blue of the Union blocks on the map.
  add_test(NAME editor_pane_oob_antietam
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/antietam/antietam.sandtable.json
      "-DACTIONS=view.oob_tree;view.reinforcements" -DOUTPUT=${_shot_dir}/panes/oob_antietam.png
      -P "${_pane_driver}")
  # The campaign sheets previewed in the grid pane's Sheets tab (print/ renders page 1 as a PNG; a
  # failure would be an error dialog, which in batch mode makes the editor exit 1).
  add_test(NAME editor_pane_grid_sheet_preview
    COMMAND "${CMAKE_COMMAND}" ${_pane_common}
      -DSCENARIO=${CMAKE_SOURCE_DIR}/examples/gettysburg-campaign/gettysburg-campaign.sandtable.json
      -DACTIONS=grid.preview_sheets -DOUTPUT=${_shot_dir}/panes/grid_sheet_preview.png -P "${_pane_driver}")
  set(_pane_ui_tests editor_pane_grid_sheet_preview editor_pane_georef_gettysburg editor_pane_cards_fontenoy editor_pane_grid_gettysburg_campaign
    editor_pane_print_gettysburg editor_pane_cards_finding_selects_the_card editor_pane_oob_antietam
    editor_pane_georef_lonlat_plain_scan)
  set_tests_properties(${_pane_ui_tests} PROPERTIES TIMEOUT 900
    ENVIRONMENT "NO_AT_BRIDGE=1;GDK_BACKEND=x11" RESOURCE_LOCK xvfb)
endif()
