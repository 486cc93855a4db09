"""Files in and results out: loading with positions, and rendering."""
