"""The triage agent: tick, prompt assembly, rules (parse + local decider)."""

from tic.triage._decision import Decision

__all__ = ["Decision"]
