ALTER TABLE package_documents RENAME TO real_documents;
CREATE VIEW package_documents AS SELECT * FROM real_documents;
