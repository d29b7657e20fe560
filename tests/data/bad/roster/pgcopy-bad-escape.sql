COPY public.oob (id, type, formation) FROM stdin;
x1\	infantry\777\x	blue-1
\.
