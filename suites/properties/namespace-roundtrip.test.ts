/**
 * Property: a namespace created with any name (unicode, dots, spaces, percent signs, nested levels) and any
 * properties loads back with the same name and at least those properties. A server may refuse a name it cannot store (4xx): that is not a failure; a 5xx is.
 * A name it accepts but cannot load afterwards is judged at SHOULD, as namespaces/names/* judge such names; and when
 * the name holds a character of such a rule's kind (a percent, a slash…) and that rule's own name cannot be loaded
 * either (the same answer), the name is that rule's defect, judged there once: the property is then blocked by it.
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import { namespacePart, printableSeparator } from '../_harness/arbitraries/namespace-part.ts'
import { propertyMap } from '../_harness/arbitraries/property-map.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { lanedProperty, laneRuns } from '../_harness/support/lanes.ts'
import { withSuffix } from '../_harness/sandbox/names.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { AWKWARD_NAMES, awkwardNameRule } from '../_harness/support/awkward-names.ts'
import type { AwkwardName } from '../_harness/support/awkward-names.ts'
import { blockIfLeftToRules } from '../_harness/support/carried-answers.ts'
import type { LeftToRule } from '../_harness/support/carried-answers.ts'
import { decodeSeparator } from '../_harness/support/catalog-objects.ts'

/**
 * The status a load of namespaces/names/<kind>'s own name gets (that rule's create and load), or undefined when that
 * rule judges no load: the server refuses the name at create, or the advertised separator occurs in it.
 */
async function ownNameLoad(
  { run, catalog, sandbox }: Pick<Fixtures, 'run' | 'catalog' | 'sandbox'>,
  k: AwkwardName,
): Promise<number | undefined> {
  if (k.suffix.includes(decodeSeparator(run.caps.namespaceSeparator))) return undefined
  const ns = withSuffix(sandbox.names.namespace(k.kind), k.suffix)
  const created = await catalog.op.createNamespace({ body: { namespace: ns } })
  if (created.status !== 200) return undefined
  sandbox.dropLater(ns)
  return (await catalog.op.loadNamespaceMetadata({ namespace: ns })).status
}

operation('createNamespace', () => {
  rule(
    {
      id: 'properties/namespaces/create-load-roundtrip',
      title: 'a created namespace loads back with its exact name and the properties it was created with',
      requires: ['createNamespace', 'loadNamespaceMetadata', 'dropNamespace'],
    },
    async ({ run, meta, catalog, sandbox, check }) => {
      // A name the server accepted but cannot load afterwards (404, 400) cannot be dropped either: once one is found, the
      // property creates nothing more (later runs and shrink attempts pass), so the catalog keeps one such
      // leftover, not one per shrink step. The failure reported is the first counterexample, unshrunk.
      let unaddressable = false
      /**
       * A name the server accepted and then cannot load by (a 4xx to its path: `%25` refused by the HTTP stack, a
       * decoded `%2F`) is judged at SHOULD, as namespaces/names/* judge names with those characters: no sentence
       * covers awkward characters in namespace names, and the sentence of this rule is about the properties. A 5xx
       * or a body without the envelope stays judged below.
       */
      /** Names left to namespaces/names/<kind>, and the status each kind's own name got on load (probed once). */
      const left: LeftToRule[] = []
      const ownLoads = new Map<AwkwardName['kind'], number | undefined>()
      const carrierOf = async (name: readonly string[], load: Exchange): Promise<string | undefined> => {
        for (const k of AWKWARD_NAMES) {
          const rule = awkwardNameRule(k.kind)
          if (!name.some(k.in) || !judgedInRun(run.selection, rule)) continue
          if (!ownLoads.has(k.kind)) ownLoads.set(k.kind, await ownNameLoad({ run, catalog, sandbox }, k))
          if (ownLoads.get(k.kind) === load.status) return rule
        }
        return undefined
      }
      const loadable = async (load: Exchange, name: readonly string[], what: string): Promise<boolean> => {
        if (load.status === 200) return true
        unaddressable = true
        if (load.status < 400 || load.status >= 500) return true
        const carrier = await carrierOf(name, load)
        if (carrier !== undefined) {
          left.push({
            rule: carrier,
            why: `${what} ${JSON.stringify(name)} is accepted at create and its load answered ${load.status}, as ${carrier}'s own name's did`,
          })
          return false
        }
        check.conform(load, { status: load.status }) // the refusal still carries the error envelope
        check.that(false, `${what} is accepted at create but cannot be loaded by its name`, {
          level: 'SHOULD',
          received: load.status,
          expected: 200,
          ex: load,
        })
        return false
      }
      const shape = fc.tuple(
        namespacePart({ avoid: printableSeparator(run.caps) }),
        fc.array(namespacePart({ avoid: printableSeparator(run.caps) }), { maxLength: 2 }),
        propertyMap(),
      )
      await checkProperty(
        { run, meta },
        () =>
          lanedProperty(shape, async ([top, nested, properties]) => {
            if (unaddressable) return
            const root = withSuffix(sandbox.names.namespace('rt'), top)
            try {
              const created = await catalog.op.createNamespace({ body: { namespace: root, properties } })
              check.that(created.status < 500, 'creating a namespace never answers 5xx', {
                received: created.status,
                expected: '200 or a 4xx refusal',
                ex: created,
              })
              if (created.status !== 200) return // the server refuses this name: allowed
              check.conform(created, { status: 200 })
              const load = await catalog.op.loadNamespaceMetadata({ namespace: root })
              if (!(await loadable(load, root, 'the created namespace'))) return
              const loaded = check.conform<{
                namespace: unknown
                properties?: Record<string, string> | null
              }>(load, { status: 200 })
              check.equal(loaded.namespace, root, 'the loaded namespace is the one created')
              for (const [k, v] of Object.entries(properties))
                check.that(loaded.properties?.[k] === v, `property ${JSON.stringify(k)} is stored as given`, {
                  received: loaded.properties?.[k],
                  expected: v,
                })
              let parent = root
              for (const level of nested) {
                const child = [...parent, level]
                const ex = await catalog.op.createNamespace({ body: { namespace: child } })
                check.that(ex.status < 500, 'creating a nested namespace never answers 5xx', {
                  received: ex.status,
                  ex,
                })
                if (ex.status !== 200) return // nested namespaces, or this name, not supported
                const childLoad = await catalog.op.loadNamespaceMetadata({ namespace: child })
                if (!(await loadable(childLoad, child, 'the created nested namespace'))) return
                const back = check.conform<{ namespace: unknown }>(childLoad, { status: 200 })
                check.equal(back.namespace, child, 'the loaded nested namespace is the one created')
                parent = child
              }
            } finally {
              sandbox.dropLater(root)
            }
          }),
        { runs: laneRuns(run.runs), carriers: AWKWARD_NAMES.map((k) => awkwardNameRule(k.kind)) },
      )
      blockIfLeftToRules({ meta }, left)
    },
  )
})
