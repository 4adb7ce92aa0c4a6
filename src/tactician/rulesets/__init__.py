"""Rule systems. Each subpackage is one ruleset and registers itself (see registry)."""
