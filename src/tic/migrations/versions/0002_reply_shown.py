"""A reply is stored and shown as one step: chat_history.shown_at (issue 8).

The views' showing of a reply is marked once done; a reply stored and never shown (the engine
killed between the two) is shown again on the next start, marked as such. Replies stored before
this revision count as shown (they were, or nobody can tell now): none is replayed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("chat_history", sa.Column("shown_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE chat_history SET shown_at = created_at WHERE role = 'assistant' AND content IS NOT NULL")


def downgrade() -> None:
    op.drop_column("chat_history", "shown_at")
