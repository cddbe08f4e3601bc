/**
 * Snapshot ids as real writers make them. The table spec makes a snapshot id "A unique long ID" and the document
 * types every snapshot-id `integer, format: int64`; Java, PyIceberg and iceberg-go pick them at random over 63 bits.
 * A server that reads JSON numbers as doubles keeps 53 bits of them: near 2^62 every id within about 512 of another
 * becomes the same number, so the snapshot it stores is not the one sent, two snapshots 1 apart collide, and a
 * requirement naming the neighbour of the current id holds. This test commits two snapshots whose ids are 1 apart
 * (…125 and …126 above a multiple of 1024 past 2^62, where doubles are 1024 apart), points refs at them, asserts
 * main at the older one (it must fail, 409), sets a ref to the id after them (no such snapshot: refused), and reads
 * every id back, digit for digit, from each answer and from a reload. The harness reads answers without loss
 * (schemas/model/json-int64.ts), so a server that writes a rounded id is seen to.
 */
import { randomBytes } from 'node:crypto'
import { operation, rule } from '../_harness/dsl.ts'
import type { Checker } from '../_harness/checker.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { commit, setupLoad, setupTable, stateOf } from '../_harness/support/commit-steps.ts'
import type { TableMd } from '../_harness/support/commit-steps.ts'
import { snapshotBody } from '../_harness/support/snapshot-body.ts'
import { anyClientError } from '../_harness/support/statuses.ts'
import { stringifyJson } from '../../schemas/model/json-int64.ts'

const RULE = 'commits/ids/int64-exact'
const TAG = 'conformance-first'
const MISSING_REF = 'conformance-missing'
const PROBE = 'conformance.int64-probe'

/**
 * A random id in [2^62, 2^63) that is …125 above a multiple of 1024: it, the next id and the one after that (…127)
 * all round to one double, so a server that keeps doubles cannot tell them apart.
 */
function collidingId(): bigint {
  const high = randomBytes(8).readBigUInt64BE() & (2n ** 62n - 1n) & ~1023n
  // At most 2^63 - 899: the id and the two after it are longs.
  return 2n ** 62n + high + 125n
}

const show = (v: unknown): string => (v === undefined ? 'absent' : stringifyJson(v))

interface Expected {
  readonly current: bigint
  /** Each snapshot with its parent (undefined: none). */
  readonly snapshots: readonly { readonly id: bigint; readonly parent?: bigint }[]
  readonly refs: Readonly<Record<string, bigint>>
  /** The snapshot-log ends with these ids, in this order. */
  readonly logEnd: readonly bigint[]
  /** A ref that must not exist. */
  readonly absentRef?: string
}

/** Every snapshot id of `md` is the one the test sent, exactly. */
function expectIds(check: Checker, md: TableMd, e: Expected, where: string, ex?: Exchange): void {
  const that = (cond: boolean, what: string, received: unknown, expected: unknown): void =>
    check.that(cond, `${where}: ${what}`, {
      received: show(received),
      expected: show(expected),
      ...(ex ? { ex } : {}),
    })
  that(md['current-snapshot-id'] === e.current, 'current-snapshot-id', md['current-snapshot-id'], e.current)
  const snapshots = md.snapshots ?? []
  for (const s of e.snapshots) {
    const found = snapshots.find((x) => x['snapshot-id'] === s.id)
    that(
      found !== undefined,
      `snapshot ${s.id} is listed with its exact id`,
      snapshots.map((x) => x['snapshot-id']),
      s.id,
    )
    if (found && s.parent !== undefined)
      that(
        found['parent-snapshot-id'] === s.parent,
        `parent-snapshot-id of ${s.id}`,
        found['parent-snapshot-id'],
        s.parent,
      )
  }
  const refs = md.refs ?? {}
  for (const [name, id] of Object.entries(e.refs))
    that(refs[name]?.['snapshot-id'] === id, `refs.${name}.snapshot-id`, refs[name]?.['snapshot-id'], id)
  if (e.absentRef !== undefined)
    that(refs[e.absentRef] === undefined, `refs.${e.absentRef} does not exist`, refs[e.absentRef], undefined)
  const log = (md['snapshot-log'] ?? []).map((x) => x['snapshot-id'])
  const end = log.slice(-e.logEnd.length)
  that(
    end.length === e.logEnd.length && end.every((id, i) => id === e.logEnd[i]),
    'the snapshot-log ends with the snapshots main was set to',
    log,
    e.logEnd,
  )
}

operation('updateTable', () => {
  rule(
    {
      id: RULE,
      title:
        'a 63-bit snapshot id comes back exactly in snapshots, refs, current-snapshot-id and the snapshot-log, and requirements compare it exactly',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'int64')
      const ref = { namespace, table: sandbox.names.table('int64') }
      const created = await setupTable(catalog, check, namespace, ref.table)
      const a = collidingId()
      const b = a + 1n

      // 1. add-snapshot a, main → a.
      const first = snapshotBody(created.metadata, { id: a, addedRows: 10 })
      const ex1 = await commit(
        catalog,
        ref,
        [],
        [
          { action: 'add-snapshot', snapshot: first },
          { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': a },
        ],
      )
      const s1 = stateOf(check.conform(ex1, { status: 200 }))
      expectIds(
        check,
        s1.metadata,
        { current: a, snapshots: [{ id: a }], refs: { main: a }, logEnd: [a] },
        'after adding snapshot a',
        ex1,
      )

      // 2. main asserted at a (holds); add-snapshot b = a + 1 with parent a, main → b, a tag at a.
      const second = snapshotBody(s1.metadata, { id: b, parent: a, addedRows: 10 })
      const ex2 = await commit(
        catalog,
        ref,
        [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': a }],
        [
          { action: 'add-snapshot', snapshot: second },
          { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': b },
          { action: 'set-snapshot-ref', 'ref-name': TAG, type: 'tag', 'snapshot-id': a },
        ],
      )
      const s2 = stateOf(check.conform(ex2, { status: 200 }))
      const expected: Expected = {
        current: b,
        snapshots: [{ id: a }, { id: b, parent: a }],
        refs: { main: b, [TAG]: a },
        logEnd: [a, b],
      }
      expectIds(check, s2.metadata, expected, 'after adding snapshot b = a + 1', ex2)

      // 3. A stale requirement: main asserted at a while it is at b, 1 apart. It fails: 409, nothing applied.
      const ex3 = await commit(
        catalog,
        ref,
        [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': a }],
        [{ action: 'set-properties', updates: { [PROBE]: 'stale' } }],
      )
      check.conform(ex3, { status: 409, errorType: /CommitFailed/ })

      // 4. A ref to b + 1, which is no snapshot of the table: refused.
      const ex4 = await commit(
        catalog,
        ref,
        [],
        [{ action: 'set-snapshot-ref', 'ref-name': MISSING_REF, type: 'branch', 'snapshot-id': b + 1n }],
      )
      check.conform(ex4, { status: anyClientError(ex4.status) })

      // 5. The reload shows every id as sent, and neither refused commit left a trace.
      const reload = await setupLoad(catalog, check, ref)
      expectIds(check, reload.metadata, { ...expected, absentRef: MISSING_REF }, 'the reload')
      check.that(
        reload.metadataLocation === s2.metadataLocation,
        'the refused commits left the table as it was',
        {
          received: reload.metadataLocation,
          expected: s2.metadataLocation,
        },
      )
      check.that(reload.metadata.properties?.[PROBE] === undefined, 'the stale commit applied nothing', {
        received: show(reload.metadata.properties ?? {}),
      })
    },
  )
})
