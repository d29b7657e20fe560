DELETE FROM packages;
INSERT INTO packages (fid, scenario_id, revision, latest, title) VALUES (7, 'x', 1, 1, 'x');
