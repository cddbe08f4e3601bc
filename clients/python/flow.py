"""A PyIceberg user's day against an Iceberg REST catalog, one line per step.

Usage: python flow.py URL [TOKEN]

URL is the catalog's base URL (without /v1). Data files are written by PyArrow wherever the server puts
the table, so the server must place tables on a file system this process can write (the bundled
reference server: `serve --warehouse-dir DIR`). Every step checks what a user would check (the rows read
back, the snapshot, the schema); the first failure prints its reason and exits 1. A step the server does
not offer (server-side planning when /v1/config does not advertise it) prints SKIPPED and is not counted.
The last line is "N steps passed" (", M skipped"). Exit 2 for bad arguments.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
from pyiceberg.catalog.rest import RestCatalog
from pyiceberg.exceptions import NoSuchTableError
from pyiceberg.expressions import EqualTo, GreaterThanOrEqual
from pyiceberg.partitioning import PartitionField, PartitionSpec
from pyiceberg.schema import Schema
from pyiceberg.table import Table
from pyiceberg.transforms import BucketTransform, IdentityTransform
from pyiceberg.types import DoubleType, LongType, NestedField, StringType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from step_runner import StepFailed, StepSkipped, check, run_steps  # noqa: E402

SCHEMA = Schema(
    NestedField(1, "id", LongType(), required=False),
    NestedField(2, "category", StringType(), required=False),
    NestedField(3, "amount", DoubleType(), required=False),
)
SPEC = PartitionSpec(PartitionField(source_id=2, field_id=1000, transform=IdentityTransform(), name="category"))
ARROW_SCHEMA = pa.schema([("id", pa.int64()), ("category", pa.string()), ("amount", pa.float64())])


def rows(tbl: pa.Table, columns: list[str] | None = None) -> list[tuple]:
    """The table's rows as sorted tuples (order is not part of a scan's contract)."""
    names = columns or tbl.column_names
    cols = [tbl.column(n).to_pylist() for n in names]
    return sorted(zip(*cols, strict=True), key=repr)


def batch(items: list[tuple[int, str, float]]) -> pa.Table:
    return pa.Table.from_pylist([{"id": i, "category": c, "amount": a} for i, c, a in items], schema=ARROW_SCHEMA)


FIRST = [(1, "books", 9.5), (2, "books", 12.0), (3, "games", 59.99), (4, "music", 1.29)]
SECOND = [(5, "games", 19.99), (6, "music", 0.99)]
REPLACED = [(10, "books", 7.0), (11, "games", 30.0), (12, "music", 2.5), (13, "games", 5.0)]


class Flow:
    def __init__(self, url: str, token: str | None, vended: bool = False) -> None:
        self.url = url
        self.token = token
        # Ask for vended credentials on every table load, as a client of a cloud warehouse does.
        self.vended = vended
        self.ns = f"pyflow_{uuid.uuid4().hex[:8]}"
        self._catalog: RestCatalog | None = None
        self.table_id = f"{self.ns}.orders"
        self.tbl: Table | None = None
        self.snapshots: dict[str, int] = {}

    def connect(self, **props: str) -> RestCatalog:
        if self.token:
            props["token"] = self.token
        if self.vended:
            props["header.X-Iceberg-Access-Delegation"] = "vended-credentials"
        return RestCatalog("flow", uri=self.url, **props)

    @property
    def catalog(self) -> RestCatalog:
        assert self._catalog is not None
        return self._catalog

    def load_config(self) -> str:
        self._catalog = self.connect()  # GET /v1/config, and the token checked
        prefix = self.catalog.properties.get("prefix", "(none)")
        return f"prefix {prefix}, {len(self.catalog._supported_endpoints)} endpoints"

    @property
    def table(self) -> Table:
        assert self.tbl is not None
        return self.tbl

    def create_namespace(self) -> str:
        self.catalog.create_namespace(self.ns, {"owner": "pyiceberg-flow"})
        check((self.ns,) in self.catalog.list_namespaces(), "the new namespace is listed")
        props = self.catalog.load_namespace_properties(self.ns)
        check(props.get("owner") == "pyiceberg-flow", f"namespace properties round-trip, got {props}")
        return self.ns

    def create_table(self) -> str:
        self.tbl = self.catalog.create_table(self.table_id, schema=SCHEMA, partition_spec=SPEC)
        check(self.catalog.table_exists(self.table_id), "table_exists after create")
        spec = self.table.spec()
        check([f.name for f in spec.fields] == ["category"], f"partitioned by category, got {spec}")
        if self.vended:
            # The vended credential reaches the table's FileIO under its storage keys (never as a bearer token).
            io_props = self.catalog.load_table(self.table_id).io.properties
            check("s3.access-key-id" in io_props, f"the vended credential is in the table's FileIO, got {sorted(io_props)}")
            check("token" not in io_props or io_props.get("token") == self.token, "no vended bearer token")
        return self.table.metadata.location

    def append_and_read(self) -> str:
        self.table.append(batch(FIRST))
        self.table.append(batch(SECOND))
        self.snapshots["after_append"] = self.table.current_snapshot().snapshot_id
        reloaded = self.catalog.load_table(self.table_id)
        got = rows(reloaded.scan().to_arrow())
        check(got == rows(batch(FIRST + SECOND)), f"rows read back equal rows appended, got {got}")
        books = rows(reloaded.scan(row_filter=EqualTo("category", "books")).to_arrow())
        check(books == rows(batch(FIRST[:2])), f"a partition filter returns that partition, got {books}")
        return f"{len(got)} rows in {len(reloaded.snapshots())} snapshots"

    def overwrite(self) -> str:
        self.table.overwrite(batch(REPLACED))
        got = rows(self.catalog.load_table(self.table_id).scan().to_arrow())
        check(got == rows(batch(REPLACED)), f"overwrite replaces every row, got {got}")
        self.snapshots["after_overwrite"] = self.table.current_snapshot().snapshot_id
        return f"{len(got)} rows"

    def delete(self) -> str:
        self.table.delete(delete_filter=GreaterThanOrEqual("amount", 30.0))
        got = rows(self.catalog.load_table(self.table_id).scan().to_arrow())
        want = rows(batch([r for r in REPLACED if r[2] < 30.0]))
        check(got == want, f"delete removes the matching rows only, got {got}")
        return f"{len(got)} rows left"

    def add_column(self) -> str:
        with self.table.update_schema() as update:
            update.add_column("note", StringType(), doc="added by the flow")
        reloaded = self.catalog.load_table(self.table_id)
        check("note" in reloaded.schema().column_names, "the new column is in the current schema")
        self.table.append(
            pa.Table.from_pylist(
                [{"id": 20, "category": "books", "amount": 3.0, "note": "new"}],
                schema=ARROW_SCHEMA.append(pa.field("note", pa.string())),
            )
        )
        notes = rows(self.catalog.load_table(self.table_id).scan().to_arrow(), ["id", "note"])
        check((20, "new") in notes and (10, None) in notes, f"old rows read the new column as null, got {notes}")
        return f"schema id {reloaded.schema().schema_id}"

    def evolve_partitioning(self) -> str:
        with self.table.update_spec() as update:
            update.add_field("id", BucketTransform(4), "id_bucket")
        reloaded = self.catalog.load_table(self.table_id)
        names = [f.name for f in reloaded.spec().fields]
        check(names == ["category", "id_bucket"], f"the new spec has both fields, got {names}")
        check(len(reloaded.specs()) == 2, "the old spec is kept")
        self.table.append(batch([(30, "music", 4.0)]).append_column("note", pa.array([None], pa.string())))
        got = rows(self.catalog.load_table(self.table_id).scan(row_filter=EqualTo("id", 30)).to_arrow(), ["id"])
        check(got == [(30,)], f"a row written under the new spec reads back, got {got}")
        return f"spec id {reloaded.spec().spec_id}"

    def branch_and_tag(self) -> str:
        tagged = self.snapshots["after_append"]
        self.table.manage_snapshots().create_tag(tagged, "first-load").create_branch(tagged, "audit").commit()
        refs = self.catalog.load_table(self.table_id).metadata.refs
        check(refs["first-load"].snapshot_id == tagged and refs["first-load"].snapshot_ref_type == "tag", "tag")
        check(refs["audit"].snapshot_id == tagged and refs["audit"].snapshot_ref_type == "branch", "branch")
        got = rows(self.catalog.load_table(self.table_id).scan().use_ref("first-load").to_arrow(), ["id"])
        check(got == sorted([(r[0],) for r in FIRST + SECOND], key=repr), f"reading the tag, got {got}")
        return "tag first-load, branch audit"

    def time_travel(self) -> str:
        old = self.snapshots["after_overwrite"]
        got = rows(self.catalog.load_table(self.table_id).scan(snapshot_id=old).to_arrow(), ["id", "category", "amount"])
        check(got == rows(batch(REPLACED)), f"the overwrite's snapshot still reads its rows, got {got}")
        return f"snapshot {old}"

    def server_side_planning(self) -> str:
        # "scan-planning-mode" is PyIceberg 0.12's switch; 0.11 named it "rest-scan-planning-enabled". Each
        # release ignores the other's, so the flow runs on both (clients/try-versions.sh tries 0.11).
        planning = self.connect(**{"scan-planning-mode": "server", "rest-scan-planning-enabled": "true"})
        if not planning.supports_server_side_planning():
            raise StepSkipped("the server does not advertise planTableScan in /v1/config endpoints")
        planned_tbl = planning.load_table(self.table_id)
        local_tbl = self.catalog.load_table(self.table_id)
        for label, scan_of in [
            ("current", lambda t: t.scan()),
            ("filtered", lambda t: t.scan(row_filter=EqualTo("category", "games"))),
            ("time travel", lambda t: t.scan(snapshot_id=self.snapshots["after_append"])),
        ]:
            server_rows = rows(scan_of(planned_tbl).to_arrow())
            client_rows = rows(scan_of(local_tbl).to_arrow())
            check(server_rows == client_rows, f"{label}: server-planned rows {server_rows} != client-planned {client_rows}")
        # Unfiltered, no planner may prune: both must name the same live data files.
        server_files = sorted(t.file.file_path for t in planned_tbl.scan().plan_files())
        client_files = sorted(t.file.file_path for t in local_tbl.scan().plan_files())
        check(server_files == client_files, f"server-planned files {server_files} != client-planned {client_files}")
        return f"{len(server_files)} file scan tasks; files and rows equal to the client-side scan"

    def rename(self) -> str:
        new_id = f"{self.ns}.orders_renamed"
        self.catalog.rename_table(self.table_id, new_id)
        check(not self.catalog.table_exists(self.table_id), "the old name is gone")
        got = rows(self.catalog.load_table(new_id).scan().to_arrow(), ["id"])
        check(len(got) > 0, "the renamed table keeps its rows")
        self.table_id = new_id
        return new_id

    def register(self) -> str:
        location = self.catalog.load_table(self.table_id).metadata_location
        expected = rows(self.catalog.load_table(self.table_id).scan().to_arrow(), ["id"])
        self.catalog.drop_table(self.table_id)  # keeps the files
        registered_id = f"{self.ns}.orders_registered"
        registered = self.catalog.register_table(registered_id, location)
        check(registered.metadata_location == location, "registered at the given metadata file")
        got = rows(registered.scan().to_arrow(), ["id"])
        check(got == expected, f"the registered table reads the same rows, got {got}")
        self.table_id = registered_id
        return f"{registered_id} from {location.rsplit('/', 1)[-1]}"

    def drop_with_purge(self) -> str:
        tbl = self.catalog.load_table(self.table_id)
        files = [tbl.metadata_location] + [t.file.file_path for t in tbl.scan().plan_files()]
        self.catalog.purge_table(self.table_id)
        check(not self.catalog.table_exists(self.table_id), "table_exists after purge")
        try:
            self.catalog.load_table(self.table_id)
        except NoSuchTableError:
            # What a purge deletes is the server's choice (the spec sets no obligation): reported, not judged.
            removed = sum(not tbl.io.new_input(f).exists() for f in files)
            return f"{self.table_id}; the server removed {removed} of its {len(files)} metadata and data files"
        raise StepFailed("load_table after purge should raise NoSuchTableError")

    def stage_create(self) -> str:
        staged_id = f"{self.ns}.staged"
        txn = self.catalog.create_table_transaction(staged_id, schema=SCHEMA, partition_spec=SPEC)
        check(not self.catalog.table_exists(staged_id), "a staged table does not exist before its commit")
        txn.set_properties({"created-by": "stage-create"})
        txn.append(batch(FIRST))
        txn.commit_transaction()
        tbl = self.catalog.load_table(staged_id)
        check(tbl.properties.get("created-by") == "stage-create", "the staged properties are committed")
        got = rows(tbl.scan().to_arrow())
        check(got == rows(batch(FIRST)), f"the staged append is committed, got {got}")
        return staged_id

    def cleanup(self) -> str:
        for ident in self.catalog.list_tables(self.ns):
            self.catalog.purge_table(ident)
        self.catalog.drop_namespace(self.ns)
        check((self.ns,) not in self.catalog.list_namespaces(), "the namespace is gone")
        return self.ns

    def steps(self) -> list[tuple[str, Callable[[], str]]]:
        return [
            ("load catalog config", self.load_config),
            ("create namespace", self.create_namespace),
            ("create partitioned table", self.create_table),
            ("append and read back", self.append_and_read),
            ("overwrite", self.overwrite),
            ("delete with a filter", self.delete),
            ("schema evolution: add column", self.add_column),
            ("partition evolution", self.evolve_partitioning),
            ("branch and tag", self.branch_and_tag),
            ("time travel by snapshot id", self.time_travel),
            ("server-side scan planning", self.server_side_planning),
            ("rename table", self.rename),
            ("register table from a metadata file", self.register),
            ("drop with purge", self.drop_with_purge),
            ("stage-create then commit", self.stage_create),
            ("drop tables and namespace", self.cleanup),
        ]


def main(argv: list[str]) -> int:
    vended = "--vended-credentials" in argv
    args = [a for a in argv if a != "--vended-credentials"]
    if len(args) not in (2, 3) or not args[1].startswith(("http://", "https://")):
        print("usage: flow.py URL [TOKEN] [--vended-credentials]  (URL: the catalog's http(s) base URL)", file=sys.stderr)
        return 2
    flow = Flow(args[1].rstrip("/"), args[2] if len(args) == 3 else None, vended)
    steps = flow.steps()
    return run_steps(steps)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
