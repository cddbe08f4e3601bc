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
      // Each run starts from a fresh base (namespace `a` with table `t1`), created through the commands. The next run's
      // is created while this one runs: runs never share namespaces, and at a network distance those two requests
      // a run were a sixth of the requests that must follow one another.
      const prepare = () => {
        const real: RealCatalog = {
          catalog,
          check,
          base: sandbox.names.namespace('m'),
          views,
          notEmptyIs409: inProfile('1.9', run.profile),
        }
        const ready = initialState(real)
        // Awaited by the run that takes it; a failure of the one left over when the property ends is not a run's.
        ready.catch(() => {})
        return { real, ready }
      }
      const dropLater = (real: RealCatalog) => {
        for (const k of NS_KEYS) sandbox.dropLater(nsOf(real, k))
      }
      let next: ReturnType<typeof prepare> | undefined
      try {
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
                const current = next ?? prepare()
                next = prepare()
                try {
                  await fc.asyncModelRun(() => current.ready, cmds)
                } finally {
                  dropLater(current.real)
                }
              },
            ),
          { area: 'stateful' },
        )
      } finally {
        const left = next
        if (left) {
          await left.ready.catch(() => undefined)
          dropLater(left.real)
        }
      }
    },
  )
})
