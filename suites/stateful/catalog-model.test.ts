/**
 * Model-based runs (fc.asyncModelRun): random sequences of namespace, table and view operations and of
 * commits whose requirements hold or fail, each compared with a model of what a conformant catalog holds
 *. Every run and every shrink attempt uses fresh
 * namespaces of the run sandbox, starting from namespace `a` with table `t1`. A failure reports the seed, the replay path and the shrunk command list.
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import { supports } from '../_harness/capabilities.ts'
import { NS_KEYS, nsOf } from '../_harness/model/catalog-model.ts'
import type { RealCatalog } from '../_harness/model/catalog-model.ts'
import { catalogCommands } from '../_harness/model/commands.ts'
import { initialState } from '../_harness/model/initial-state.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { inProfile } from '../../schemas/rules/catalog.ts'

operation('topic:stateful', () => {
  rule(
    {
      id: 'stateful/catalog/model-agrees',
      title: 'random sequences of catalog operations answer what a conformant catalog model predicts',
      requires: [
        'createNamespace',
        'dropNamespace',
        'loadNamespaceMetadata',
        'listNamespaces',
        'updateProperties',
        'createTable',
        'dropTable',
        'renameTable',
        'listTables',
        'loadTable',
        'updateTable',
      ],
    },
    async ({ run, meta, catalog, sandbox, check }) => {
      const views = ['createView', 'dropView', 'renameView', 'listViews'].every((id) =>
        supports(run.caps, id as 'createView'),
      )
      const drops: Promise<unknown>[] = []
      await checkProperty(
        { run, meta },
        (replay) =>
          fc.asyncProperty(
            fc.commands(catalogCommands({ views }), {
              maxCommands: 20,
              size: '+1',
              ...(replay.commandsPath ? { replayPath: replay.commandsPath } : {}),
            }),
            async (cmds) => {
              const real: RealCatalog = {
                catalog,
                check,
                base: sandbox.names.namespace('m'),
                views,
                notEmptyIs409: inProfile('1.9', run.profile),
              }
              try {
                await fc.asyncModelRun(() => initialState(real), cmds)
              } finally {
                // Dropped while the next run goes on: no run touches another's namespaces, and the drops are
                // awaited before the test ends.
                drops.push(Promise.all(NS_KEYS.map((k) => sandbox.dropQuietly(nsOf(real, k)))))
              }
            },
          ),
        { area: 'stateful' },
      ).finally(() => Promise.all(drops))
    },
  )
})
