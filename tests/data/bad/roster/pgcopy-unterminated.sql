COPY public.oob (id, type, formation) FROM stdin;
x1	infantry	blue-1
x2	infantry
