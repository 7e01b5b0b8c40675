// The Markup module; see docs/architecture.md.
