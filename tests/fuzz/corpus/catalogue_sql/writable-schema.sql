PRAGMA writable_schema=ON;
UPDATE sqlite_schema SET sql = replace(sql, 'document BLOB NOT NULL', 'document') WHERE name = 'package_documents';
