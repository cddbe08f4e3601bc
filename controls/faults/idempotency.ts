/** Negative controls of the idempotency area (suites/idempotency). */
import type { Fault } from '../fault.ts'

export const faults: Fault[] = [
  {
    name: 'idempotency-key-ignored',
    description:
      'The server advertises idempotency-key-lifetime but ignores Idempotency-Key: a replay runs again.',
    areas: ['idempotency'],
    // createNamespace/replays-409 is blocked by createNamespace/replay: one defect, one failing rule.
    breaks: [
      'idempotency/createNamespace/replay',
      'idempotency/key-reuse/no-second-effect',
      'idempotency/table-ops/replay',
      'idempotency/commitTransaction/replay',
    ],
    hooks: () => ({ flags: { ignoreIdempotencyKey: true } }),
  },
]
