"""Session-wide test set-up: the PostgreSQL server and the --no-postgres option."""

from tests.postgres import (  # noqa: F401 - pytest finds hooks and fixtures by name
    postgres_database,
    postgres_server,
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_report_header,
)
