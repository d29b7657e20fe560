UPDATE gpkg_contents SET table_name = 'nope' WHERE data_type = 'features';
UPDATE gpkg_geometry_columns SET srs_id = 99999;
