"""Opening tables: a new table (its name and cloth may spend items, R41), quick match
(R38, R40), and the doors of the private tables (issues 15 and 27)."""
