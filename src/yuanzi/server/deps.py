"""Typed FastAPI dependencies: the services, the current account, the client's address."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from yuanzi.hall.accounts.service import AccountService
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.server.services import Services


def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


def get_accounts(services: ServicesDep) -> AccountService:
    return services.accounts


def get_hall(services: ServicesDep) -> Hall:
    return services.hall


AccountsDep = Annotated[AccountService, Depends(get_accounts)]
HallDep = Annotated[Hall, Depends(get_hall)]


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


ClientIp = Annotated[str, Depends(client_ip)]


def session_token(request: Request, services: ServicesDep) -> str | None:
    return request.cookies.get(services.settings.session_cookie)


SessionToken = Annotated[str | None, Depends(session_token)]


async def current_account(token: SessionToken, accounts: AccountsDep) -> Account:
    account = await accounts.authenticate(token)
    if account is None:
        raise HallError(Code.NOT_LOGGED_IN, "log in first")
    return account


CurrentAccount = Annotated[Account, Depends(current_account)]
