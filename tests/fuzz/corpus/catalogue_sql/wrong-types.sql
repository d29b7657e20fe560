UPDATE packages SET title = NULL, revision = 'x', scale = X'00', min_x = 'nan';
UPDATE units SET strength = -1e308, facing = 'north';
