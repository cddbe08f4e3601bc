/** Negative controls of suites/concurrency/contention.test.ts: a racing rename and drop that crash the server. */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { errorResponse } from './scenario-kit.ts'

export const faults: Fault[] = [
  {
    name: 'drop-vanished-table-500',
    description:
      'dropTable crashes (500) when the table vanished meanwhile (renamed or dropped by another client).',
    areas: ['concurrency'],
    breaks: ['concurrency/rename-drop/serial'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropTable', 'renameTable'],
        () => errorResponse(500, 'NullPointerException', 'table vanished'),
        (res) => res.status === 404,
      ),
    }),
  },
]
