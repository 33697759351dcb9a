"""tic: a personal notification hub for an LLM assistant."""

__version__ = "0.1.0"
