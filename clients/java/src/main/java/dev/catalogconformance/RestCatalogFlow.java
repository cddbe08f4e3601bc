package dev.catalogconformance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.StorageCredential;
import org.apache.iceberg.io.SupportsStorageCredentials;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.view.View;

/**
 * A realistic session of Apache Iceberg's Java {@code RESTCatalog} against a REST catalog: namespace, a
 * partitioned table and its metadata operations (no data is written), then a view. Prints one line per
 * step ("ok STEP" or "FAILED STEP: why") and exits 1 on the first failure, 2 on bad arguments.
 *
 * <pre>
 *   java -cp 'clients/java/target/lib/*' clients/java/src/main/java/dev/catalogconformance/RestCatalogFlow.java \
 *     URI [NAME=VALUE ...]
 * </pre>
 *
 * Each NAME=VALUE is a catalog property ({@code token=...}, {@code warehouse=...},
 * {@code header.X-Iceberg-Access-Delegation=vended-credentials}); property values are never printed.
 * With vended credentials asked for, the flow also checks that the loaded table's FileIO received a storage
 * credential for the table's location.
 */
public final class RestCatalogFlow {
  private static final String DELEGATION = "header.X-Iceberg-Access-Delegation";

  private RestCatalogFlow() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || !args[0].matches("https?://.+")) {
      System.err.println("usage: RestCatalogFlow URI [NAME=VALUE ...] (URI: the catalog's http(s) base URI)");
      System.exit(2);
    }
    Map<String, String> props = new TreeMap<>();
    props.put("uri", args[0]);
    for (int i = 1; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      if (eq <= 0) {
        System.err.println("RestCatalogFlow: expected NAME=VALUE, got an argument without '=' (argument " + i + ")");
        System.exit(2);
      }
      props.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    boolean vended = "vended-credentials".equals(props.get(DELEGATION));
    System.out.println("flow against " + args[0] + " with properties " + props.keySet());

    try (RESTCatalog catalog = new RESTCatalog()) {
      step("initialize the catalog", () -> {
        catalog.initialize("flow", props);
        return true;
      });
      run(catalog, vended);
    } catch (StepFailed e) {
      System.exit(1);
    }
    System.out.println("flow: all steps passed");
  }

  private static void run(RESTCatalog catalog, boolean vended) throws StepFailed {
    // A run-unique namespace, so that a catalog that keeps state across runs is not in the way.
    Namespace ns = Namespace.of("java_flow_" + Long.toString(System.nanoTime(), 36));
    TableIdentifier events = TableIdentifier.of(ns, "events");
    TableIdentifier renamed = TableIdentifier.of(ns, "events_v2");
    TableIdentifier viewId = TableIdentifier.of(ns, "recent_events");
    Schema schema =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.required(2, "ts", Types.TimestampType.withZone()),
            Types.NestedField.optional(3, "category", Types.StringType.get()));
    PartitionSpec spec = PartitionSpec.builderFor(schema).day("ts").bucket("id", 16).build();

    step("create namespace " + ns, () -> {
      // A mutable map: the client asks it containsKey(null), which Map.of refuses.
      catalog.createNamespace(ns, new HashMap<>(Map.of("owner", "flow")));
      return catalog.namespaceExists(ns)
          && "flow".equals(catalog.loadNamespaceMetadata(ns).get("owner"));
    });
    step("create table " + events + " partitioned by day(ts), bucket(16, id)", () -> {
      Table t = catalog.createTable(events, schema, spec, new HashMap<>(Map.of("write.format.default", "parquet")));
      return t.spec().fields().size() == 2 && t.schema().columns().size() == 3;
    });
    step("update the schema (add column note)", () -> {
      catalog.loadTable(events).updateSchema().addColumn("note", Types.StringType.get()).commit();
      return catalog.loadTable(events).schema().findField("note") != null;
    });
    step("set and remove table properties", () -> {
      Table t = catalog.loadTable(events);
      t.updateProperties().set("flow.stage", "one").set("flow.tmp", "x").commit();
      catalog.loadTable(events).updateProperties().remove("flow.tmp").commit();
      Map<String, String> p = catalog.loadTable(events).properties();
      return "one".equals(p.get("flow.stage")) && !p.containsKey("flow.tmp");
    });
    step("rename " + events + " to " + renamed, () -> {
      catalog.renameTable(events, renamed);
      return catalog.tableExists(renamed) && !catalog.tableExists(events);
    });
    step("list tables of " + ns, () -> catalog.listTables(ns).equals(List.of(renamed)));
    step("load " + renamed, () -> {
      Table t = catalog.loadTable(renamed);
      boolean same =
          t.schema().findField("note") != null
              && t.spec().fields().size() == 2
              && "one".equals(t.properties().get("flow.stage"));
      return same && (!vended || hasCredentialFor(t));
    });
    step("create view " + viewId, () -> {
      View v =
          catalog
              .buildView(viewId)
              .withSchema(schema)
              .withDefaultNamespace(ns)
              .withQuery("spark", "SELECT * FROM events_v2 WHERE ts > current_date() - INTERVAL 7 DAYS")
              .withProperty("comment", "last week")
              .create();
      return v.currentVersion().representations().size() == 1;
    });
    step("load view " + viewId, () -> {
      View v = catalog.loadView(viewId);
      return "last week".equals(v.properties().get("comment"))
          && catalog.listViews(ns).equals(List.of(viewId));
    });
    step("drop view " + viewId, () -> catalog.dropView(viewId) && !catalog.viewExists(viewId));
    step("drop table " + renamed, () -> catalog.dropTable(renamed, false) && !catalog.tableExists(renamed));
    step("drop namespace " + ns, () -> catalog.dropNamespace(ns) && !catalog.namespaceExists(ns));
  }

  /** With vended credentials, the table's FileIO holds a storage credential whose prefix covers its location. */
  private static boolean hasCredentialFor(Table table) {
    if (!(table.io() instanceof SupportsStorageCredentials io)) {
      System.out.println("  the table's FileIO takes no storage credentials");
      return false;
    }
    List<StorageCredential> creds = io.credentials();
    boolean covered = creds.stream().anyMatch(c -> table.location().startsWith(c.prefix()) && !c.config().isEmpty());
    System.out.println("  vended storage credentials: " + creds.size() + (covered ? ", one covers the table" : ", none covers the table"));
    return covered;
  }

  private static void step(String name, Callable<Boolean> body) throws StepFailed {
    String why;
    try {
      if (Boolean.TRUE.equals(body.call())) {
        System.out.println("ok " + name);
        return;
      }
      why = "the catalog's answer was not what the step expects";
    } catch (Exception e) {
      why = e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
    }
    System.out.println("FAILED " + name + ": " + why);
    throw new StepFailed();
  }

  private static String firstLine(String s) {
    if (s == null) return "(no message)";
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  private static final class StepFailed extends Exception {
    StepFailed() {
      super(null, null, false, false);
    }
  }
}
