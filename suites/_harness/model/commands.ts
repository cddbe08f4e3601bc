/**
 * The command arbitraries of the catalog model: small name pools so that sequences collide often
 * (create twice, drop a non-empty namespace, rename onto an existing name, commit to a dropped table).
 */
import fc from 'fast-check'
import type { CatalogModel, RealCatalog } from './catalog-model.ts'
import { NS_KEYS, TABLE_NAMES, VIEW_NAMES } from './catalog-model.ts'
import {
  CreateNamespace,
  DropNamespace,
  ListNamespaces,
  LoadNamespace,
  UpdateNamespaceProperties,
} from './namespace-commands.ts'
import { CommitTable, CreateTable, DropTable, ListTables, LoadTable, RenameTable } from './table-commands.ts'
import { CreateView, DropView, ListViews, RenameView } from './view-commands.ts'

type CmdArb = fc.Arbitrary<fc.AsyncCommand<CatalogModel, RealCatalog>>

const key = fc.constantFrom(...NS_KEYS)
const table = fc.constantFrom(...TABLE_NAMES)
const view = fc.constantFrom(...VIEW_NAMES)
const propKey = fc.constantFrom('owner', 'comment', 'k é', 'k%1F', 'k.dot')
const props = fc.dictionary(propKey, fc.string({ maxLength: 6 }), { maxKeys: 2, noNullPrototype: true })

/** Repeats an arbitrary: fc.commands picks uniformly among its entries, so repetition is weight. */
const weight = (n: number, arb: CmdArb): CmdArb[] => Array.from({ length: n }, () => arb)

/**
 * `views`: view operations are advertised. `dropsOnlyEmpty`: the server drops a namespace that is not empty (a probe
 * of the run found it; namespaces/drop/not-empty-refused judges that defect), so the sequences drop only empty
 * namespaces and the model judges the rest instead of failing again for it.
 */
export function catalogCommands(opts: {
  readonly views: boolean
  readonly dropsOnlyEmpty: boolean
}): CmdArb[] {
  const cmds: CmdArb[] = [
    // Creates are weighted up so that sequences reach states with tables and views in them.
    ...weight(
      3,
      fc.tuple(key, props).map(([k, p]) => new CreateNamespace(k, p)),
    ),
    key.map((k) => new DropNamespace(k, opts.dropsOnlyEmpty)),
    key.map((k) => new LoadNamespace(k)),
    fc.constant(new ListNamespaces()),
    fc
      .tuple(key, props, fc.array(propKey, { maxLength: 2 }))
      .map(([k, u, rm]) => new UpdateNamespaceProperties(k, u, [...new Set(rm)])),
    ...weight(
      4,
      fc.tuple(key, table).map(([k, t]) => new CreateTable(k, t)),
    ),
    fc.tuple(key, table).map(([k, t]) => new DropTable(k, t)),
    fc.tuple(key, table, key, table).map(([a, b, c, d]) => new RenameTable([a, b], [c, d])),
    key.map((k) => new ListTables(k)),
    fc.tuple(key, table).map(([k, t]) => new LoadTable(k, t)),
    fc
      .tuple(
        key,
        table,
        fc.constantFrom('props' as const, 'append' as const),
        fc.boolean(),
        fc.string({ maxLength: 4 }),
      )
      .map(([k, t, kind, holds, v]) => new CommitTable(k, t, kind, holds, v)),
  ]
  if (opts.views)
    cmds.push(
      ...weight(
        2,
        fc.tuple(key, view).map(([k, v]) => new CreateView(k, v)),
      ),
      fc.tuple(key, view).map(([k, v]) => new DropView(k, v)),
      fc.tuple(key, view, key, view).map(([a, b, c, d]) => new RenameView([a, b], [c, d])),
      key.map((k) => new ListViews(k)),
    )
  return cmds
}
