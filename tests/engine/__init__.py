"""Tests of the rules engine (RULES.md, RECORD.md): scenarios per rule and properties."""
