"""Board images drawn from engine views (Pillow)."""
