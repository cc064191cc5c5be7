"""Tables have owners: the digest of the owner's token, and the (digested) address that opened the table.

Revision ID: 0002_owners
Revises: 0001_room
Create Date: 2026-12-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002_owners"
down_revision: str | None = "0001_room"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Two columns of ``room_tables``: ``owner_hash`` and ``opened_by``."""
    with op.batch_alter_table("room_tables") as batch:
        batch.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("opened_by", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("opened_by")
        batch.drop_column("owner_hash")
