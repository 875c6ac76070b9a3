"""Performance harnesses (not timed tests); run them with ``yuanzi bench …``."""
