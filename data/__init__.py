"""The bundled word lists, installed inside the package as ``wordindex.data`` (see README.md here)."""
