"""Wiring: the one place real parts are built and joined (called from cli.py only)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from datetime import timedelta
from typing import Callable

from sqlalchemy import Engine

from tic.agents import Roster, load_roster
from tic.channels import Workdirs, register_notification_tool
from tic.clock import Clock
from tic.config import Settings
from tic.db import open_world
from tic.hub import (BackgroundAgent, ChatHub, ChatViews, FileArea, ToolRegistry, register_builtin_tools, register_decision_tool,
                     register_file_tools, register_lookup_tools)
from tic.models import OFFLINE_SPECS, ChatModel
from tic.notices import NoticeStore, RepeatPolicy, SqlNoticeStore
from tic.notification import Notifier
from tic.triage.history import search as search_decisions
from tic.triage.tick import Triage

log = logging.getLogger(__name__)

__all__ = ["App", "build_app", "model_for", "model_options"]


@dataclass
class App:
    settings: Settings
    clock: Clock
    world: Engine
    roster: Roster
    store: NoticeStore
    registry: ToolRegistry
    notifier: Notifier
    workdirs: Workdirs


def build_app(settings: Settings, clock: Clock) -> App:
    world = open_world(settings.database_url)  # type: ignore[arg-type]
    roster = load_roster(settings.agents_dir)  # type: ignore[arg-type]
    policy = RepeatPolicy(hold=settings.repeat_hold_seconds, cap=settings.repeat_cap_seconds)
    store = SqlNoticeStore(world, roster, clock, user=settings.user, policy=policy)
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    register_file_tools(registry, FileArea(settings.data_dir, writable=settings.writable_paths,  # type: ignore[arg-type]
                                           database=sqlite_file(world)))  # H10: the preferences, not the world
    register_lookup_tools(registry, lambda: [s for s in build_sources(settings) if s.kind == "calendar"], clock)
    register_decision_tool(registry, lambda words, limit: search_decisions(world, words, limit=limit))  # T6
    workdirs = Workdirs(settings.workdirs_dir, clock, warn_for=lambda agent: channel_warn(store, roster, agent))  # type: ignore[arg-type]
    register_notification_tool(registry, workdirs)
    return App(settings, clock, world, roster, store, registry, notifier, workdirs)


def sqlite_file(world: Engine) -> Path | None:
    """The world's SQLite file, if it is one (H10: never the file tools')."""
    name = world.url.database
    if world.url.get_backend_name() != "sqlite" or not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)


def channel_warn(store: NoticeStore, roster: Roster, agent: str):
    """C/R2: a channel problem is a warn notice from content (N10) for the workdir's agent, repeat-held (N7)."""
    audience = [agent] if agent in roster and roster.here(agent) else "*"
    return lambda template, params: store.post(template, params, severity="warn", audience=audience, origin="content")


def model_options(settings: Settings | None, agent: str, clock: Clock | None = None) -> dict:
    """R3/H8: how `agent`'s litellm model reaches its provider: base URL, timeout, deadline, output cap, clock."""
    if settings is None:
        return {"clock": clock} if clock is not None else {}
    options = {
        "api_base": settings.model_api_base_for(agent),
        "timeout": settings.model_timeout_seconds,
        "deadline": settings.model_deadline_seconds or None,
        "max_tokens": settings.model_max_tokens,
    }
    return {**options, "clock": clock} if clock is not None else options


def model_for(spec: str, clock: Clock, settings: Settings | None = None) -> ChatModel:
    """The main agent's model: offline unless a litellm model string is configured."""
    from tic.models import make_model
    from tic.models.offline import OfflineMainModel
    from tic.notification import describe_notification
    from tic.rules import heading_effect, read_rules

    # H9/T7: the offline model edits the rules by the triage agent's own reading of them
    return make_model(spec, offline=lambda: OfflineMainModel(clock, read_rules=read_rules, heading_effect=heading_effect,
                                                             describe=describe_notification),
                      **model_options(settings, "main", clock))


def triage_decider(settings: Settings, agent, *, warn=None, world=None, clock: Clock | None = None):
    """The triage agent's decider: local rules first, then the model TIC_TIC_MODEL or agents/tic/meta.json names (T7).

    With a model, the rules the offline reader did not understand are read by it once per version of the file,
    cached in `world` (a dry run without a world caches in memory). Its requests share the tick's deadline
    (TIC_TICK_MODEL_DEADLINE_SECONDS, R3), waited and measured on `clock` (default the machine's)."""
    from tic.models import make_model
    from tic.rules import ReadingCache
    from tic.triage.decide import TriageDecider
    from tic.triage.model_decider import ModelDecider

    spec = (settings.tic_model or agent.meta.model).strip()
    model = None if spec.lower() in OFFLINE_SPECS else make_model(spec, offline=lambda: None,  # type: ignore[arg-type,return-value]
                                                                  **model_options(settings, "tic", clock))
    cache = ReadingCache(world) if world is not None and model is not None else None
    decider = ModelDecider(model, deadline=settings.tick_model_deadline_seconds or None, clock=clock) if model else None
    return TriageDecider(agent, model, warn=warn, reading_cache=cache, model_decider=decider)


def build_hub(app: App, say: Callable[[str], None] | None = None, *, views: ChatViews | None = None) -> ChatHub:
    """The main agent's ChatHub; it shows the conversation to `views` (and to `say`, the simplest view)."""
    agent = app.roster["main"]
    spec = app.settings.main_model or agent.meta.model
    return ChatHub(
        engine=app.world,
        store=app.store,
        registry=app.registry,
        agent=agent,
        model=model_for(spec, app.clock, app.settings),
        clock=app.clock,
        say=say,
        views=views,
        batch_window=app.settings.batch_window_ms / 1000,
        channels=app.workdirs.for_agent("main"),
        turn_deadline=app.settings.turn_model_deadline_seconds or None,  # R3: a turn's model requests, together
        context_tokens=app.settings.context_tokens or None,  # item 6: each request's token budget
    )


def build_background_agents(app: App) -> list[BackgroundAgent]:
    """T8: every agent with a schedule, other than the triage agent (which has its own tick)."""
    from tic.models import make_model
    from tic.models.offline import OfflineBackgroundModel

    out = []
    for name in app.roster.names():
        agent = app.roster[name]
        if name in ("tic", "main") or agent.meta.schedule is None or not app.roster.here(name):
            continue
        model = make_model(agent.meta.model, offline=OfflineBackgroundModel,
                           **model_options(app.settings, name, app.clock))
        out.append(BackgroundAgent(agent=agent, model=model, registry=app.registry, engine=app.world, clock=app.clock))
    return out


def build_sources(settings: Settings) -> list:
    """The triage agent's sources: data/sources.toml when it exists, else the sources folder (the demo)."""
    from tic.sources import SOURCES_FILE, load_sources, sources_from_dir

    horizon = timedelta(hours=settings.calendar_horizon_hours)
    config = settings.data_dir / SOURCES_FILE  # type: ignore[operator]
    if config.is_file():
        return [c.source for c in load_sources(config, horizon=horizon, first_run=timedelta(hours=settings.first_run_hours))]
    sources_dir = settings.sources_dir
    return sources_from_dir(sources_dir, horizon=horizon) if sources_dir else []


def build_triage(app: App, sources: list | None = None) -> Triage:
    """The triage agent; `sources` overrides the configured ones (./tic tick --sources DIR)."""
    agent = app.roster["tic"]
    decide = triage_decider(app.settings, agent, warn=lambda t, p: app.store.post(t, p, severity="warn", audience="*"),
                            world=app.world, clock=app.clock)
    if sources is None:
        sources = build_sources(app.settings)
    return Triage(
        engine=app.world,
        store=app.store,
        notifier=app.notifier,
        clock=app.clock,
        agent=agent,
        resolve=app.settings.resolve,
        sources=sources,
        first_run=timedelta(hours=app.settings.first_run_hours),
        decide=decide,
        timezone=app.settings.timezone,  # T9
    )
