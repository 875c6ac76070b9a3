"""``yuanzi admin create NAME``: make an admin account (or promote an existing one)."""

from __future__ import annotations

import argparse
import getpass
import os
import sys

NAME = "admin"
HELP = "manage hall administrators"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    sub = parser.add_subparsers(dest="admin_command", metavar="ACTION", required=True)
    create = sub.add_parser("create", help="create an admin account, or promote an account")
    create.add_argument("nickname")
    create.add_argument("--password-env", default="YUANZI_ADMIN_PASSWORD",
                        help="read the password from this variable (else prompt)")


def run(args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from yuanzi.hall.accounts.passwords import Passwords
    from yuanzi.hall.errors import HallError
    from yuanzi.hall.names.nicknames import check_nickname, check_password, nickname_key
    from yuanzi.hall.settings import Settings
    from yuanzi.store.models.accounts import Account
    from yuanzi.store.repos.accounts import add_account
    from yuanzi.store.setup import open_database

    settings = Settings()
    db = open_database(settings)
    try:
        key = nickname_key(args.nickname.strip())
        with db.sessions.begin() as session:
            row = session.scalar(select(Account).where(Account.nickname_key == key))
            if row is not None:
                row.role = "admin"
                print(f"{row.nickname} is now an admin")
                return 0
        try:
            nickname = check_nickname(args.nickname)
            password = os.environ.get(args.password_env) or getpass.getpass("password: ")
            check_password(password, nickname)
        except HallError as e:
            print(f"yuanzi admin: {e.message}", file=sys.stderr)
            return 2
        pw_hash = Passwords(settings).hash(password)
        with db.sessions.begin() as session:
            add_account(session, nickname, key, pw_hash, "admin", settings.new_account_coins,
                        settings.inventory_slots, settings.ladder)
        print(f"created admin {nickname}")
        return 0
    finally:
        db.close()
