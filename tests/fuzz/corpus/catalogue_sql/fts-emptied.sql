DELETE FROM package_search_data;
DELETE FROM package_title_search_idx;
