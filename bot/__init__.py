"""Discord adapter, table service, storage and console table (issue: Loka on Discord)."""
