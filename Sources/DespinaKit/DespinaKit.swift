// The DespinaKit module; see docs/architecture.md.
