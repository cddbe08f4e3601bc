"""A Spark SQL user's session against an Iceberg REST catalog, one line per step.

Usage: python flow.py URL [TOKEN]
       python flow.py --check-install

URL is the catalog's base URL (without /v1). Spark runs in this process's own local JVM (PySpark, of the line the
venv running this holds: install.sh makes one venv per line) with Iceberg's Spark runtime jar of that line from
target/ (install.sh puts it there: nothing is downloaded at run time) and the catalog
configured as Iceberg's Spark docs show: a SparkCatalog of type rest, its uri, the warehouse `reference`, the bearer
TOKEN when given. Spark writes the data and metadata files itself, where the server places the table, so the server
must place tables on a file system this process can write (`catalog-conformance serve` does by default).

Every step checks what a user would check (the rows read back, the snapshots, the schema, time travel). The first
failure prints its reason and exits 1. The last line is "N steps passed". Exit 2 for bad arguments.
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

import pyspark
from py4j.protocol import Py4JJavaError
from pyspark.sql import SparkSession

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from orders import FIRST, SECOND, values  # noqa: E402
from step_runner import StepFailed, check, run_steps  # noqa: E402

HERE = Path(__file__).resolve().parent
CATALOG = "ref"


def spark_line() -> str:
    """The Spark line of this venv's PySpark ("3.5", "4.0", "4.1"): which runtime jar it takes."""
    return ".".join(pyspark.__version__.split(".")[:2])


def runtime_jar() -> str:
    """Iceberg's Spark runtime jar for this Spark line that install.sh copied into target/ (exactly one)."""
    found = glob.glob(str(HERE / "target" / f"iceberg-spark-runtime-{spark_line()}_*.jar"))
    if len(found) != 1:
        raise StepFailed(f"expected one Iceberg Spark runtime jar for Spark {spark_line()} in {HERE / 'target'}, found {found} (run install.sh)")
    return found[0]


class SparkError(Exception):
    """What Spark's JVM raised, as its one-line summary (the exception's class and message, not its Java stack)."""


def concise(run: Callable[[], str]) -> Callable[[], str]:
    """The step, with an error of Spark's JVM cut to the line that names it."""

    def step() -> str:
        try:
            return run()
        except Py4JJavaError as e:
            raise SparkError(str(e.java_exception.toString())) from None

    return step


class Flow:
    def __init__(self, url: str, token: str | None) -> None:
        self.url = url
        self.token = token
        self.ns = f"sparkflow_{uuid.uuid4().hex[:8]}"
        self.table = f"{CATALOG}.{self.ns}.orders"
        self.spark_session: SparkSession | None = None
        self.snapshots: list[int] = []
        # Spark's own session catalog makes its warehouse folder in the working directory (spark-warehouse/) even
        # when only the REST catalog is used: give it a scratch folder, removed when the flow ends.
        self.scratch = tempfile.mkdtemp(prefix="spark-flow-")

    @property
    def spark(self) -> SparkSession:
        assert self.spark_session is not None
        return self.spark_session

    def rows(self, sql: str) -> list[tuple]:
        return sorted((tuple(r) for r in self.spark.sql(sql).collect()), key=repr)

    def snapshot_ids(self) -> list[int]:
        return [r[0] for r in self.spark.sql(f"SELECT snapshot_id FROM {self.table}.snapshots ORDER BY committed_at").collect()]

    def start_session(self) -> str:
        # Spark binds to this machine's loopback address instead of warning that the host name resolves to it.
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        builder = (
            SparkSession.builder.master("local[2]")
            .appName("catalog-conformance spark flow")
            .config("spark.jars", runtime_jar())
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.warehouse.dir", self.scratch)
            .config("spark.sql.extensions", "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
            .config(f"spark.sql.catalog.{CATALOG}", "org.apache.iceberg.spark.SparkCatalog")
            .config(f"spark.sql.catalog.{CATALOG}.type", "rest")
            .config(f"spark.sql.catalog.{CATALOG}.uri", self.url)
            .config(f"spark.sql.catalog.{CATALOG}.warehouse", "reference")
        )
        if self.token:
            builder = builder.config(f"spark.sql.catalog.{CATALOG}.token", self.token)
        self.spark_session = builder.getOrCreate()
        self.spark.sparkContext.setLogLevel("ERROR")
        return f"Spark {self.spark.version}, {os.path.basename(runtime_jar())}"

    def list_namespaces(self) -> str:
        # The first use of the catalog: Spark initialises it here (GET /v1/config), so a refused token fails this step.
        names = [r[0] for r in self.spark.sql(f"SHOW NAMESPACES IN {CATALOG}").collect()]
        return f"{len(names)} namespace(s)"

    def create_namespace(self) -> str:
        self.spark.sql(f"CREATE NAMESPACE {CATALOG}.{self.ns} WITH PROPERTIES ('created-by' = 'spark-flow')")
        names = [r[0] for r in self.spark.sql(f"SHOW NAMESPACES IN {CATALOG}").collect()]
        check(self.ns in names, f"the new namespace is listed, got {names}")
        described = {r[0]: r[1] for r in self.spark.sql(f"DESCRIBE NAMESPACE EXTENDED {CATALOG}.{self.ns}").collect()}
        check("spark-flow" in described.get("Properties", ""), f"the namespace's properties round-trip, got {described}")
        return self.ns

    def create_table(self) -> str:
        self.spark.sql(
            f"CREATE TABLE {self.table} (id BIGINT, category STRING, amount DOUBLE) USING iceberg PARTITIONED BY (category)"
        )
        tables = [r[1] for r in self.spark.sql(f"SHOW TABLES IN {CATALOG}.{self.ns}").collect()]
        check("orders" in tables, f"the new table is listed, got {tables}")
        return self.table

    def insert_and_read(self) -> str:
        self.spark.sql(f"INSERT INTO {self.table} VALUES {values(FIRST)}")
        got = self.rows(f"SELECT id, category, amount FROM {self.table}")
        check(got == sorted(FIRST, key=repr), f"the rows read back are the rows written, got {got}")
        self.spark.sql(f"INSERT INTO {self.table} VALUES {values(SECOND)}")
        check(len(self.rows(f"SELECT id FROM {self.table}")) == 5, "five rows after the second insert")
        self.snapshots = self.snapshot_ids()
        check(len(self.snapshots) == 2, f"two snapshots, got {self.snapshots}")
        return "5 rows, 2 snapshots"

    def update(self) -> str:
        self.spark.sql(f"UPDATE {self.table} SET amount = amount * 2 WHERE category = 'books'")
        got = self.rows(f"SELECT id, amount FROM {self.table} WHERE category = 'books'")
        check(got == [(1, 19.0), (2, 24.0)], f"the books cost twice as much, got {got}")
        return "2 rows updated"

    def merge(self) -> str:
        self.spark.sql(
            f"""MERGE INTO {self.table} t
                USING (SELECT 4 AS id, 'music' AS category, 2.5 AS amount
                       UNION ALL SELECT 6, 'books', 7.0) s
                ON t.id = s.id
                WHEN MATCHED THEN UPDATE SET t.amount = s.amount
                WHEN NOT MATCHED THEN INSERT *"""
        )
        got = self.rows(f"SELECT id, amount FROM {self.table} WHERE id IN (4, 6)")
        check(got == [(4, 2.5), (6, 7.0)], f"one row updated and one inserted, got {got}")
        return "1 updated, 1 inserted"

    def delete(self) -> str:
        self.spark.sql(f"DELETE FROM {self.table} WHERE amount >= 30")
        ids = [r[0] for r in self.rows(f"SELECT id FROM {self.table}")]
        check(ids == [1, 2, 4, 5, 6], f"the row of 59.99 is gone, got {ids}")
        return "1 row deleted"

    def add_column(self) -> str:
        self.spark.sql(f"ALTER TABLE {self.table} ADD COLUMN note STRING COMMENT 'added by the flow'")
        self.spark.sql(f"INSERT INTO {self.table} VALUES (7, 'games', 5.0, 'with a note')")
        got = self.rows(f"SELECT id, note FROM {self.table} WHERE id IN (1, 7)")
        check(got == [(1, None), (7, "with a note")], f"old rows read the new column as null, got {got}")
        return "note"

    def evolve_partitioning(self) -> str:
        self.spark.sql(f"ALTER TABLE {self.table} ADD PARTITION FIELD bucket(4, id)")
        self.spark.sql(f"INSERT INTO {self.table} VALUES (30, 'music', 4.0, NULL)")
        got = self.rows(f"SELECT id FROM {self.table} WHERE id = 30")
        check(got == [(30,)], f"the row written under the new spec reads back, got {got}")
        specs = {r[0] for r in self.spark.sql(f"SELECT spec_id FROM {self.table}.files").collect()}
        check(len(specs) == 2, f"data files under two partition specs, got {specs}")
        return "bucket(4, id)"

    def branch_and_tag(self) -> str:
        first = self.snapshots[0]
        self.spark.sql(f"ALTER TABLE {self.table} CREATE TAG first_insert AS OF VERSION {first}")
        self.spark.sql(f"ALTER TABLE {self.table} CREATE BRANCH audit")
        self.spark.sql(f"INSERT INTO {self.table}.branch_audit VALUES (40, 'books', 1.0, 'on the branch')")
        tagged = [r[0] for r in self.rows(f"SELECT id FROM {self.table} VERSION AS OF 'first_insert'")]
        check(tagged == [1, 2, 3], f"the tag reads the first insert, got {tagged}")
        on_branch = self.rows(f"SELECT id FROM {self.table} VERSION AS OF 'audit' WHERE id = 40")
        on_main = self.rows(f"SELECT id FROM {self.table} WHERE id = 40")
        check(on_branch == [(40,)] and on_main == [], f"the branch's row is on the branch only, got {on_branch} / {on_main}")
        return "tag first_insert, branch audit"

    def time_travel(self) -> str:
        second = self.snapshots[1]
        got = [r[0] for r in self.rows(f"SELECT id FROM {self.table} VERSION AS OF {second}")]
        check(got == [1, 2, 3, 4, 5], f"the second snapshot reads the five first rows, got {got}")
        return f"snapshot {second}"

    def rollback(self) -> str:
        # A stored procedure: commits the table's current snapshot back to an older one (set-snapshot-ref).
        second = self.snapshots[1]
        self.spark.sql(f"CALL {CATALOG}.system.rollback_to_snapshot('{self.ns}.orders', {second})")
        got = [r[0] for r in self.rows(f"SELECT id, category, amount FROM {self.table}")]
        check(got == [1, 2, 3, 4, 5], f"after the rollback the table reads the second snapshot, got {got}")
        return f"back to {second}"

    def create_table_as_select(self) -> str:
        ctas = f"{CATALOG}.{self.ns}.games"
        self.spark.sql(f"CREATE TABLE {ctas} USING iceberg AS SELECT id, amount FROM {self.table} WHERE category = 'games'")
        got = self.rows(f"SELECT id, amount FROM {ctas}")
        check(got == [(3, 59.99), (5, 19.99)], f"the new table holds the selected rows, got {got}")
        return ctas

    def view(self) -> str:
        view = f"{CATALOG}.{self.ns}.cheap_orders"
        self.spark.sql(f"CREATE VIEW {view} AS SELECT id, amount FROM {self.table} WHERE amount < 10")
        got = self.rows(f"SELECT id FROM {view}")
        check(got == [(1,), (4,)], f"the view reads the cheap orders, got {got}")
        views = [r[1] for r in self.spark.sql(f"SHOW VIEWS IN {CATALOG}.{self.ns}").collect()]
        check("cheap_orders" in views, f"the view is listed, got {views}")
        self.spark.sql(f"DROP VIEW {view}")
        return view

    def rename(self) -> str:
        renamed = f"{CATALOG}.{self.ns}.orders_renamed"
        self.spark.sql(f"ALTER TABLE {self.table} RENAME TO {self.ns}.orders_renamed")
        tables = [r[1] for r in self.spark.sql(f"SHOW TABLES IN {CATALOG}.{self.ns}").collect()]
        check("orders_renamed" in tables and "orders" not in tables, f"only the new name is listed, got {tables}")
        check(len(self.rows(f"SELECT id FROM {renamed}")) == 5, "the renamed table keeps its rows")
        self.table = renamed
        return "orders_renamed"

    def drop_all(self) -> str:
        for name in [r[1] for r in self.spark.sql(f"SHOW TABLES IN {CATALOG}.{self.ns}").collect()]:
            self.spark.sql(f"DROP TABLE {CATALOG}.{self.ns}.{name} PURGE")
        self.spark.sql(f"DROP NAMESPACE {CATALOG}.{self.ns}")
        names = [r[0] for r in self.spark.sql(f"SHOW NAMESPACES IN {CATALOG}").collect()]
        check(self.ns not in names, f"the namespace is gone, got {names}")
        return self.ns

    def steps(self) -> list[tuple[str, Callable[[], str]]]:
        return [
            ("start Spark with the catalog", self.start_session),
            ("list namespaces", self.list_namespaces),
            ("create namespace", self.create_namespace),
            ("create partitioned table", self.create_table),
            ("insert and read back", self.insert_and_read),
            ("update", self.update),
            ("merge into", self.merge),
            ("delete", self.delete),
            ("schema evolution: add column", self.add_column),
            ("partition evolution", self.evolve_partitioning),
            ("tag and branch", self.branch_and_tag),
            ("time travel by snapshot id", self.time_travel),
            ("rollback procedure", self.rollback),
            ("create table as select", self.create_table_as_select),
            ("view", self.view),
            ("rename table", self.rename),
            ("drop tables with purge and the namespace", self.drop_all),
        ]


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check-install"]:
        print(f"pyspark and {os.path.basename(runtime_jar())} installed")
        return 0
    args = argv[1:]
    if len(args) not in (1, 2) or not args[0].startswith(("http://", "https://")):
        print("usage: flow.py URL [TOKEN]  (URL: the catalog's http(s) base URL)", file=sys.stderr)
        return 2
    flow = Flow(args[0].rstrip("/"), args[1] if len(args) == 2 else None)
    try:
        return run_steps([(name, concise(run)) for name, run in flow.steps()])
    finally:
        if flow.spark_session is not None:
            flow.spark_session.stop()
        shutil.rmtree(flow.scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
