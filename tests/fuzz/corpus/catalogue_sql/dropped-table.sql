DROP TABLE packages;
