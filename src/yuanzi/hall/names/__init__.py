"""Names people write and the hall gives (R36, issue 15): free text and table names
cleaned, the rules of nicknames and the names that look alike, and the characters the
hall's bots are."""
