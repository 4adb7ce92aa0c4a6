"""The service layer: every interface (CLI, API, web) asks here, none bypasses it."""
