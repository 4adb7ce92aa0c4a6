"""Content as data: YAML files validated by pydantic models."""
