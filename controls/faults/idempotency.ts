/** Negative controls of the idempotency area (suites/idempotency). */
import type { Fault } from '../fault.ts'

export const faults: Fault[] = [
  {
    name: 'idempotency-key-ignored',
    description:
      'The server advertises idempotency-key-lifetime but ignores Idempotency-Key: a replay runs again.',
    areas: ['idempotency'],
    breaks: [
      'idempotency/createNamespace/replay',
      'idempotency/createNamespace/replays-409',
      'idempotency/key-reuse/no-second-effect',
      'idempotency/table-ops/replay',
      'idempotency/commitTransaction/replay',
    ],
    hooks: () => ({ flags: { ignoreIdempotencyKey: true } }),
  },
]
