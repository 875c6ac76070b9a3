"""The store's repositories, one module per aggregate, on one :class:`~.base.Repo`.

:class:`~.store.SqlStore` (the hall's ``Store``) is the account, table and game
repositories together; :class:`~.economy.SqlEconomy` is the ``EconomyStore``.
"""
