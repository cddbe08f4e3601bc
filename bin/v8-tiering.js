// Set before anything else loads (bin/catalog-conformance.js imports this module first): how soon V8 hands a
// function to its optimising compiler. The harness is short-lived glue around HTTP exchanges, run by three V8 isolates
// at once (the CLI's thread and two suite workers), and under Node 20 their optimising compiles were about a quarter
// of its CPU: ~2.7 s on V8's background threads in a certification of the Java fixture (read per thread from /proc),
// on the two cores the catalog needs too. A budget four times V8 11's default (67,584) optimises only what stays hot:
// the background threads then took ~1 s, and against a fresh fixture 1.11.0 by URL, eight interleaved pairs, the run
// took 11 % less CPU (12.1 -> 10.8 s on average, less in 7 of 8) and 5 % less wall time (14.4 -> 13.7 s), with the
// same outcomes; the bundled certification was as fast (six pairs, 4 % less CPU). Set here, at run time, before the
// CLI's modules are compiled and before Vitest's worker threads start (V8's flags are the process's). Only for V8 11
// (Node 20), where it was measured: V8 13 (Node 24) knows no flag of this name and tiers up through Maglev; Node 22
// was not measured.
import v8 from 'node:v8'

/** The budget set for V8 `version` (process.versions.v8); undefined where the harness leaves V8's own. */
export function interruptBudgetFor(version) {
  return version.split('.')[0] === '11' ? 270_336 : undefined
}

const budget = interruptBudgetFor(process.versions.v8)
if (budget !== undefined) v8.setFlagsFromString(`--interrupt-budget=${budget}`)
