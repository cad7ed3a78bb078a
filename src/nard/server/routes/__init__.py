"""HTTP routes: thin, parse -> service -> schema."""
