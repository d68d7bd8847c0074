-- The palette a member chose for the pictures sent to them alone (/plateau settings
-- palette:, a name of renderer.theme.PALETTES); NULL: the default, as every public picture.
ALTER TABLE users ADD COLUMN palette TEXT;
