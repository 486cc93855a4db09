"""Results for people: the terminal's tables and panels, --explain, the group chat's text, the words."""
