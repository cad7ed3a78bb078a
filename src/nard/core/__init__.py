"""nard.core: the Takhte Nard rules engine (standard library only)."""
