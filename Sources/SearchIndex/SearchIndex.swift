// The SearchIndex module; see docs/architecture.md.
