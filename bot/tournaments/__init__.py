"""Tournaments (issue 35): Swiss, round robin and arena, for every game and player count.

The pure core (:mod:`.model`, :mod:`.pairing`, :mod:`.standings`) reads only its inputs: no
storage, no Discord, no clock, so a round can be re-paired or a table recomputed from the
records at any time (after a restart too) and give the same answer."""
