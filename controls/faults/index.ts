/**
 * The registry of negative controls: every module in controls/faults/ with its faults. Adding a file there
 * means adding one import and one entry below; `registry.test.ts` fails until you do, and rejects duplicate
 * names.
 */
import type { Fault } from '../fault.ts'
import { faults as commits } from './commits.ts'
import { faults as crossCutting } from './cross-cutting.ts'

/** The fault modules by file name (without `.ts`). Keep sorted. */
export const FAULT_MODULES: Readonly<Record<string, readonly Fault[]>> = {
  commits,
  'cross-cutting': crossCutting,
}

/** Every fault, in module order; throws at import time when two faults share a name. */
export const FAULTS: readonly Fault[] = collect(FAULT_MODULES)

/** Flattens the modules and checks that names are unique. */
export function collect(modules: Readonly<Record<string, readonly Fault[]>>): Fault[] {
  const seen = new Map<string, string>()
  const out: Fault[] = []
  for (const [file, faults] of Object.entries(modules)) {
    for (const f of faults) {
      const other = seen.get(f.name)
      if (other !== undefined)
        throw new Error(`fault name "${f.name}" is used twice (controls/faults/${other}.ts and ${file}.ts)`)
      seen.set(f.name, file)
      out.push(f)
    }
  }
  return out
}

/** The module (file name) a fault comes from. */
export function moduleOf(name: string): string | undefined {
  for (const [file, faults] of Object.entries(FAULT_MODULES))
    if (faults.some((f) => f.name === name)) return file
  return undefined
}
