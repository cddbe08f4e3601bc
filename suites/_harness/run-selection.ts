/**
 * Which suite files a run includes (`--include`/`--exclude`), and so whether a rule is judged in it. A test that leaves
 * a defect to the rule that carries it (counted once: it ends blocked by that rule, or leaves that class of its draws
 * to it) is right only when that rule's test runs too: in a run narrowed to other areas or files the defect would be
 * judged nowhere, and the run would say conformant. There the test judges the defect itself. A shard (`--shard`) counts
 * as the whole run: its results are merged with the other shards', which hold the carrier's.
 */
import { ruleEntry } from '../../schemas/rules/catalog.ts'

/** Paths under the package root, as `suitePath` makes them; empty `include`: every suite file. */
export interface RunSelection {
  readonly include: readonly string[]
  readonly exclude: readonly string[]
}

/**
 * The path an `--include`/`--exclude` entry names under suites/: an area is a folder (trailing slash: `tables` must
 * not match `tables-x`); a file is matched as it is.
 */
export function suitePath(entry: string): string {
  return entry.endsWith('.ts') ? `suites/${entry}` : `suites/${entry}/`
}

/** The area of a rule: its id's first part, the folder of suites/ its tests are in (`errors/envelope` -> `errors`). */
export function areaOf(rule: string): string {
  return rule.split('/')[0]!
}

/** The selection of `--include` and `--exclude` entries (areas or files under suites/). */
export function selectionOf(include: readonly string[] = [], exclude: readonly string[] = []): RunSelection {
  return { include: include.map(suitePath), exclude: exclude.map(suitePath) }
}

function matches(path: string, file: string): boolean {
  return path.endsWith('/') ? file.startsWith(path) : file === path
}

/** Whether the selection runs `file` (a path such as `suites/errors/errors.test.ts`). */
export function selects(selection: RunSelection | undefined, file: string): boolean {
  if (!selection) return true
  const included = selection.include.length === 0 || selection.include.some((p) => matches(p, file))
  return included && !selection.exclude.some((p) => matches(p, file))
}

/**
 * Whether `rule` is judged in a run of `selection`: a file of its own area (its id's first part) that the catalog
 * lists for it runs. The catalog lists every suite file that names the rule, and the tests that leave a defect to a
 * rule name it too (robustness/edge-input.test.ts names the commits rules it is blocked by), so only the rule's own
 * area counts. A rule the catalog names no file of (a check's, judged wherever an answer breaks it) is taken as judged.
 */
export function judgedInRun(selection: RunSelection | undefined, rule: string): boolean {
  const files = ruleEntry(rule)?.tests ?? []
  const own = files.filter((file) => file.startsWith(suitePath(areaOf(rule))))
  const judging = own.length > 0 ? own : files
  return judging.length === 0 || judging.some((file) => selects(selection, file))
}
