"""The room: tables, places, chance (cuts and deals), actions.

Revision ID: 0001_room
Revises:
Create Date: 2025-01-01 00:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001_room"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the room's four tables."""
    op.create_table(
        "room_tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("place_count", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=True),
        sa.Column("start", sa.JSON(), nullable=True),
        sa.Column("n_actions", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("scores", sa.JSON(), nullable=True),
        sa.Column("over", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_room_tables_status", "room_tables", ["status"])
    op.create_table(
        "room_places",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("seat", sa.String(8), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "room_chance",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("first_action", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "room_actions",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.String(8), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("room_actions")
    op.drop_table("room_chance")
    op.drop_table("room_places")
    op.drop_index("ix_room_tables_status", table_name="room_tables")
    op.drop_table("room_tables")
