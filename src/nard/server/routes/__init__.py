"""HTTP routes: thin, parse -> rooms or service -> schema."""
