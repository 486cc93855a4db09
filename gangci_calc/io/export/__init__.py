"""Results for machines: the format registry, JSON and CSV, batch's lines, the JSON Schemas."""
