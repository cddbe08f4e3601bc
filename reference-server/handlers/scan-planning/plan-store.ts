/**
 * State of server-side scan plans: a plan is `submitted` until the first fetch completes it, can be
 * cancelled, and owns plan tasks that fetchScanTasks redeems. Plans belong to one table.
 */
import type { Namespace } from '../../catalog/catalog.ts'
import type { JsonObject } from '../../json.ts'
import type { ScanTask } from '../../planning/manifests.ts'

export type PlanState = 'submitted' | 'completed' | 'cancelled'

export interface Plan {
  readonly id: string
  readonly table: string
  state: PlanState
  /** Inline file scan tasks of the completed result. */
  readonly fileScanTasks: ScanTask[]
  /** Plan task token → the file scan tasks it stands for. */
  readonly planTasks: Map<string, ScanTask[]>
  readonly storageCredentials?: JsonObject[]
}

const tableKey = (ns: Namespace, table: string): string => JSON.stringify([...ns, table])

export class PlanStore {
  private readonly plans = new Map<string, Plan>()

  add(ns: Namespace, table: string, plan: Omit<Plan, 'table'>): Plan {
    const p: Plan = { ...plan, table: tableKey(ns, table) }
    this.plans.set(p.id, p)
    return p
  }

  /** The plan with that id if it belongs to the table. */
  get(ns: Namespace, table: string, id: string): Plan | undefined {
    const p = this.plans.get(id)
    return p && p.table === tableKey(ns, table) ? p : undefined
  }

  /** The plan owning a plan task of the table, and that task's file scan tasks. */
  task(ns: Namespace, table: string, token: string): { plan: Plan; tasks: ScanTask[] } | undefined {
    for (const p of this.plans.values()) {
      const tasks = p.table === tableKey(ns, table) ? p.planTasks.get(token) : undefined
      if (tasks) return { plan: p, tasks }
    }
    return undefined
  }
}
