"""Oregon Trail Race: a competitive race to Oregon, revised (default) and classic rules."""
