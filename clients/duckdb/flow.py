"""A DuckDB user's session against an Iceberg REST catalog, one line per step.

Usage: python flow.py URL [TOKEN]
       python flow.py --check-install

URL is the catalog's base URL (without /v1). DuckDB's Iceberg extension is installed from the extension wheels
of this venv (each ships extensions/v<version>/<name>.duckdb_extension) into a temporary extension directory,
so nothing is downloaded and ~/.duckdb is left alone. The catalog is attached as DuckDB's docs show: with a
TOKEN, through an iceberg secret; without, with AUTHORIZATION_TYPE none. DuckDB writes data and manifest files
itself, where the server places the table, so the server must place tables on a file system this process can
write (`catalog-conformance serve` does by default).

Every step checks what a user would check (rows read back, also through a second, fresh ATTACH; the snapshots;
time travel). The first failure prints its reason and exits 1. A step DuckDB itself cannot do here prints SKIPPED
with the reason and is not counted: CREATE TABLE AS SELECT onto a local-file warehouse, since DuckDB 1.5 writes
the manifest of a staged table into a metadata folder it never creates. The last line is "N steps passed"
(", M skipped"). Exit 2 for bad arguments.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from orders import FIRST, SECOND, values  # noqa: E402
from step_runner import StepFailed, StepSkipped, check, run_steps  # noqa: E402

EXTENSIONS = ["parquet", "avro", "httpfs", "iceberg"]


def extension_files() -> dict[str, str]:
    """Each extension's file, shipped by its wheel for exactly this DuckDB version."""
    site = os.path.dirname(os.path.dirname(duckdb.__file__))
    files: dict[str, str] = {}
    for name in EXTENSIONS:
        pattern = os.path.join(site, f"duckdb_extension_{name}", "extensions", f"v{duckdb.__version__}", f"{name}.duckdb_extension")
        found = glob.glob(pattern)
        if len(found) != 1:
            raise StepFailed(f"no {name} extension for DuckDB {duckdb.__version__} at {pattern} (see requirements.txt)")
        files[name] = found[0]
    return files


class Flow:
    def __init__(self, url: str, token: str | None) -> None:
        self.url = url
        self.token = token
        self.ext_dir = tempfile.mkdtemp(prefix="duckdb-extensions-")
        self.schema = f"duckflow_{uuid.uuid4().hex[:8]}"
        self.table = f"ice.{self.schema}.orders"
        self.con: duckdb.DuckDBPyConnection | None = None
        self.snapshots: list[tuple[int, int, object]] = []

    def connect(self) -> duckdb.DuckDBPyConnection:
        """A fresh DuckDB with the four extensions installed from their files and loaded (no network)."""
        con = duckdb.connect(
            config={
                "extension_directory": self.ext_dir,
                "autoinstall_known_extensions": False,
                "autoload_known_extensions": False,
            }
        )
        for name, path in extension_files().items():
            con.execute(f"INSTALL '{path}'")
            con.execute(f"LOAD {name}")
        return con

    def attach(self, con: duckdb.DuckDBPyConnection) -> None:
        if self.token:
            con.execute("CREATE OR REPLACE SECRET catalog_token (TYPE iceberg, TOKEN ?)", [self.token])
            con.execute(f"ATTACH 'reference' AS ice (TYPE iceberg, ENDPOINT '{self.url}', SECRET catalog_token)")
        else:
            con.execute(f"ATTACH 'reference' AS ice (TYPE iceberg, ENDPOINT '{self.url}', AUTHORIZATION_TYPE none)")

    @property
    def db(self) -> duckdb.DuckDBPyConnection:
        assert self.con is not None
        return self.con

    def rows(self, sql: str, con: duckdb.DuckDBPyConnection | None = None) -> list[tuple]:
        return sorted((con or self.db).execute(sql).fetchall(), key=repr)

    def load_extensions(self) -> str:
        self.con = self.connect()
        loaded = self.db.execute(
            "SELECT extension_name FROM duckdb_extensions() WHERE loaded AND extension_name IN ('iceberg', 'httpfs', 'avro', 'parquet')"
        ).fetchall()
        check(len(loaded) == len(EXTENSIONS), f"the four extensions are loaded, got {loaded}")
        return f"DuckDB {duckdb.__version__}, {', '.join(EXTENSIONS)} from their wheels"

    def attach_catalog(self) -> str:
        self.attach(self.db)
        check(self.db.execute("SELECT count(*) FROM duckdb_databases() WHERE database_name = 'ice'").fetchone()[0] == 1, "ice attached")
        return "with a bearer token" if self.token else "without authorization"

    def schemas(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT schema_name FROM duckdb_schemas() WHERE database_name = 'ice'").fetchall()]

    def create_schema(self) -> str:
        self.db.execute(f"CREATE SCHEMA ice.{self.schema}")
        check(self.schema in self.schemas(), f"the new schema is listed, got {self.schemas()}")
        return self.schema

    def create_table(self) -> str:
        self.db.execute(f"CREATE TABLE {self.table} (id BIGINT, category VARCHAR, amount DOUBLE)")
        tables = self.db.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = 'ice' AND schema_name = ?", [self.schema]
        ).fetchall()
        check(tables == [("orders",)], f"the table is listed, got {tables}")
        check(self.rows(f"SELECT * FROM {self.table}") == [], "a new table is empty")
        return self.table

    def insert(self) -> str:
        self.db.execute(f"INSERT INTO {self.table} VALUES {values(FIRST)}")
        self.db.execute(f"INSERT INTO {self.table} VALUES {values(SECOND)}")
        got = self.rows(f"SELECT * FROM {self.table}")
        check(got == sorted(FIRST + SECOND, key=repr), f"rows read back equal rows inserted, got {got}")
        return f"{len(got)} rows in two inserts"

    def select(self) -> str:
        games = self.rows(f"SELECT id FROM {self.table} WHERE category = 'games'")
        check(games == [(3,), (5,)], f"a filter returns its rows, got {games}")
        total = self.db.execute(f"SELECT round(sum(amount), 2) FROM {self.table}").fetchone()[0]
        check(total == 102.77, f"an aggregate over every row, got {total}")
        # A second session attaches afresh: what it reads comes from the catalog, not from this one's cache.
        fresh = self.connect()
        try:
            self.attach(fresh)
            got = self.rows(f"SELECT * FROM {self.table}", fresh)
        finally:
            fresh.close()
        check(got == sorted(FIRST + SECOND, key=repr), f"a fresh ATTACH reads the same rows, got {got}")
        return "filter, aggregate, and a fresh ATTACH reads the same rows"

    def update(self) -> str:
        self.db.execute(f"UPDATE {self.table} SET amount = 10.0 WHERE id = 2")
        got = self.rows(f"SELECT id, amount FROM {self.table} WHERE category = 'books'")
        check(got == [(1, 9.5), (2, 10.0)], f"the updated row changed and only it, got {got}")
        return "1 row updated"

    def delete(self) -> str:
        self.db.execute(f"DELETE FROM {self.table} WHERE amount > 50")
        got = self.rows(f"SELECT id FROM {self.table}")
        check(got == [(1,), (2,), (4,), (5,)], f"the matching row is gone and only it, got {got}")
        return f"{len(got)} rows left"

    def snapshots_listed(self) -> str:
        self.snapshots = self.db.execute(
            f"SELECT sequence_number, snapshot_id, timestamp_ms FROM iceberg_snapshots({self.table}) ORDER BY sequence_number"
        ).fetchall()
        # Two inserts, an update and a delete: one snapshot each.
        check(len(self.snapshots) == 4, f"one snapshot per write, got {self.snapshots}")
        check([s[0] for s in self.snapshots] == [1, 2, 3, 4], f"sequence numbers 1..4, got {self.snapshots}")
        check(len({s[1] for s in self.snapshots}) == 4, "distinct snapshot ids")
        return f"{len(self.snapshots)} snapshots"

    def time_travel(self) -> str:
        first_id = self.snapshots[0][1]
        got = self.rows(f"SELECT * FROM {self.table} AT (VERSION => {first_id})")
        check(got == sorted(FIRST, key=repr), f"the first snapshot reads the first insert, got {got}")
        second_at = self.snapshots[1][2]
        got = self.rows(f"SELECT * FROM {self.table} AT (TIMESTAMP => TIMESTAMP '{second_at}')")
        check(got == sorted(FIRST + SECOND, key=repr), f"the second snapshot's time reads both inserts, got {got}")
        return f"by snapshot id {first_id} and by timestamp {second_at}"

    def create_table_as_select(self) -> str:
        ctas = f"ice.{self.schema}.games"
        try:
            self.db.execute(f"CREATE TABLE {ctas} AS SELECT * FROM {self.table} WHERE category = 'games'")
        except duckdb.Error as e:
            # DuckDB 1.5 writes a staged table's manifest into <location>/metadata/, a folder it never creates
            # on a local file system (nothing exists there before the table's first commit).
            if "No such file or directory" in str(e) and "/metadata/" in str(e):
                raise StepSkipped(f"DuckDB cannot CREATE TABLE AS SELECT onto a local-file warehouse: {e}") from e
            raise
        got = self.rows(f"SELECT id FROM {ctas}")
        check(got == [(5,)], f"the new table holds the selected rows, got {got}")
        self.db.execute(f"DROP TABLE {ctas}")
        return ctas

    def drop_table(self) -> str:
        self.db.execute(f"DROP TABLE {self.table}")
        tables = self.db.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = 'ice' AND schema_name = ?", [self.schema]
        ).fetchall()
        check(tables == [], f"no table is listed after the drop, got {tables}")
        try:
            self.db.execute(f"SELECT * FROM {self.table}")
        except duckdb.CatalogException:
            return self.table
        raise StepFailed("a dropped table can still be read")

    def drop_schema(self) -> str:
        self.db.execute(f"DROP SCHEMA ice.{self.schema}")
        check(self.schema not in self.schemas(), f"the schema is gone, got {self.schemas()}")
        return self.schema

    def steps(self) -> list[tuple[str, Callable[[], str]]]:
        return [
            ("load the extensions", self.load_extensions),
            ("attach the catalog", self.attach_catalog),
            ("create schema", self.create_schema),
            ("create table", self.create_table),
            ("insert", self.insert),
            ("select", self.select),
            ("update", self.update),
            ("delete", self.delete),
            ("snapshots", self.snapshots_listed),
            ("time travel", self.time_travel),
            ("create table as select", self.create_table_as_select),
            ("drop table", self.drop_table),
            ("drop schema", self.drop_schema),
        ]

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
        shutil.rmtree(self.ext_dir, ignore_errors=True)


def check_install() -> int:
    files = extension_files()
    print(f"duckdb client venv ready: duckdb {duckdb.__version__}, extensions {', '.join(sorted(files))}")
    return 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check-install"]:
        return check_install()
    if len(argv) not in (2, 3) or not argv[1].startswith(("http://", "https://")):
        print("usage: flow.py URL [TOKEN]  (URL: the catalog's http(s) base URL)", file=sys.stderr)
        return 2
    flow = Flow(argv[1].rstrip("/"), argv[2] if len(argv) == 3 else None)
    steps = flow.steps()
    try:
        return run_steps(steps)
    finally:
        flow.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
