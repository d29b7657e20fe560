UPDATE sandtable_meta SET value = '999' WHERE key = 'schema_version';
