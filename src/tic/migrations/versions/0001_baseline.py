"""Baseline: the world as the release before migrations made it (commit ebd9a09).

A world of that release, or an older one, has every table or most of them and no
alembic_version: this revision creates only what is missing (tables, their indexes, and the
nullable columns older worlds lack) and touches no row, so upgrading it keeps everything.
On a new world it creates the whole schema. The tables are frozen here as they were: later
changes are later revisions, never edits of this one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

schema = sa.MetaData()

sa.Table('chat_history', schema,
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('conversation', sa.String(length=64), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('content', sa.Text(), nullable=True),
    sa.Column('reasoning_content', sa.Text(), nullable=True),
    sa.Column('is_synthetic', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.Index('ix_chat_history_conv', 'conversation', 'id'),
)

sa.Table('held_event', schema,
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('event_key', sa.String(length=512), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('agent', sa.String(length=64), nullable=False),
    sa.Column('event', sa.JSON(), nullable=False),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('is_update', sa.Boolean(), nullable=False),
    sa.Column('held_until', sa.DateTime(timezone=True), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('zone', sa.String(length=64), nullable=False),
    sa.Column('held_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('released_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('notice_id', sa.Integer(), nullable=True),
    sa.Column('replaced_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_key', 'version', name='uq_held_event_version'),
    sa.Index('ix_held_event_due', 'released_at', 'held_until'),
)

sa.Table('hub_turn_lease', schema,
    sa.Column('agent', sa.String(length=128), nullable=False),
    sa.Column('owner', sa.String(length=128), nullable=False),
    sa.Column('epoch', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('beat_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('taken_from', sa.String(length=128), nullable=False),
    sa.PrimaryKeyConstraint('agent')
)

sa.Table('notice_mutes', schema,
    sa.Column('user', sa.String(length=128), nullable=False),
    sa.Column('caller', sa.String(length=128), nullable=False),
    sa.Column('key', sa.String(length=8), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('user', 'caller', 'key')
)

sa.Table('notice_pending', schema,
    sa.Column('reader', sa.String(length=128), nullable=False),
    sa.Column('key', sa.String(length=8), nullable=False),
    sa.Column('poster', sa.String(length=128), nullable=False),
    sa.Column('series', sa.String(length=24), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('template', sa.Text(), nullable=False),
    sa.Column('severity', sa.String(length=8), nullable=False),
    sa.Column('origin', sa.String(length=16), nullable=False),
    sa.Column('actionable', sa.Boolean(), nullable=False),
    sa.Column('location', sa.String(length=512), nullable=True),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('first_id', sa.Integer(), nullable=False),
    sa.Column('last_id', sa.Integer(), nullable=False),
    sa.Column('first_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('params', sa.JSON(), nullable=False),
    sa.Column('summary', sa.JSON(), nullable=True),
    sa.Column('due_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('reader', 'key', 'poster', 'series'),
    sa.Index('ix_notice_pending_key', 'key', 'poster'),
)

sa.Table('notice_repeats', schema,
    sa.Column('reader', sa.String(length=128), nullable=False),
    sa.Column('key', sa.String(length=8), nullable=False),
    sa.Column('series', sa.String(length=24), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('hold', sa.Float(), nullable=False),
    sa.Column('last_delivered', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('reader', 'key', 'series')
)

sa.Table('notice_sync', schema,
    sa.Column('name', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('name')
)

sa.Table('notices', schema,
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('key', sa.String(length=8), nullable=False),
    sa.Column('template', sa.Text(), nullable=False),
    sa.Column('params', sa.JSON(), nullable=False),
    sa.Column('severity', sa.String(length=8), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('origin', sa.String(length=16), nullable=False),
    sa.Column('actionable', sa.Boolean(), nullable=False),
    sa.Column('poster', sa.String(length=128), nullable=True),
    sa.Column('location', sa.String(length=512), nullable=True),
    sa.Column('readers', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('withdrawn_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.Index('ix_notices_key', 'key'),
)

sa.Table('rule_reading', schema,
    sa.Column('rules_version', sa.String(length=32), nullable=False),
    sa.Column('rule_text_hash', sa.String(length=64), nullable=False),
    sa.Column('reading', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('why', sa.Text(), nullable=True),
    sa.Column('read_by', sa.String(length=64), nullable=False),
    sa.Column('schema_version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('rules_version', 'rule_text_hash')
)

sa.Table('source_cursors', schema,
    sa.Column('source', sa.String(length=128), nullable=False),
    sa.Column('cursor', sa.JSON(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('source')
)

sa.Table('triage_decisions', schema,
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('event_key', sa.String(length=512), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('agent', sa.String(length=64), nullable=False),
    sa.Column('notify', sa.Boolean(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('rule', sa.Text(), nullable=True),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('is_update', sa.Boolean(), nullable=False),
    sa.Column('notice_id', sa.Integer(), nullable=True),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('decided_by', sa.String(length=16), nullable=True),
    sa.Column('label', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_key', 'version', name='uq_decision_event_version'),
    sa.Index('ix_decisions_key', 'event_key'),
)

sa.Table('triage_failures', schema,
    sa.Column('event_key', sa.String(length=512), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('agent', sa.String(length=64), nullable=False),
    sa.Column('stage', sa.String(length=16), nullable=False),
    sa.Column('error', sa.Text(), nullable=False),
    sa.Column('event', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('label', sa.Text(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('first_failed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_failed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('parked_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('event_key', 'version', 'agent')
)

sa.Table('triage_pending', schema,
    sa.Column('event_key', sa.String(length=512), nullable=False),
    sa.Column('agent', sa.String(length=64), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('event', sa.JSON(), nullable=False),
    sa.Column('offers', sa.Integer(), nullable=False),
    sa.Column('first_seen', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('event_key', 'agent')
)

sa.Table('chat_llm_tools', schema,
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('message_id', sa.Integer(), nullable=False),
    sa.Column('call_id', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('arguments', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('result_type', sa.String(length=16), nullable=True),
    sa.Column('result', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['message_id'], ['chat_history.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.Index('ix_chat_llm_tools_message', 'message_id'),
)

# Nullable columns added in place before migrations existed: a world older than the baseline lacks them.
GROWN = {
    "notices": ("readers",),
    "triage_decisions": ("decided_by", "label"),
}


def upgrade() -> None:
    bind = op.get_bind()
    schema.create_all(bind, checkfirst=True)  # only the missing tables, each with its indexes
    inspector = sa.inspect(bind)
    for table, names in GROWN.items():
        have = {c["name"] for c in inspector.get_columns(table)}
        for name in names:
            if name not in have:
                column = schema.tables[table].c[name]
                op.add_column(table, sa.Column(name, column.type, nullable=True))


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone: restore a backup of the database instead")
