/**
 * Generates docs/negative-controls.md from the fault registry: every fault, the violation it commits and
 * the rules it must break. The mutation-score section is kept as it is, unless `--score FILE` (the
 * score.json the negative-controls test writes to .tmp/controls/) gives a new one.
 *
 *   npx tsx controls/gen-doc.ts [--score .tmp/controls/score.json]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Fault } from './fault.ts'
import { FAULT_MODULES } from './faults/index.ts'
import { ROOT } from './run-fault.ts'

export const DOC_PATH = join(ROOT, 'docs', 'negative-controls.md')
const BEGIN = '<!-- score:begin -->'
const END = '<!-- score:end -->'

export interface Score {
  readonly killed: number
  readonly total: number
  readonly percent: number
  readonly survivors: readonly string[]
}

const INTRO = `# Negative controls

Every rule of the conformance suites must be able to fail. A **fault** is a named, realistic spec violation
that the bundled reference server can be switched into (its \`FaultHooks\`: \`onRequest\`/\`onResponse\`
rewriting and deep \`flags\`, or the wire proxy of \`controls/wire-proxy.ts\` for hangs, closed connections
and bodies the server would strip). \`controls/negative-controls.test.ts\` runs, for each fault, the suites of
its areas against the faulty server and requires every rule the fault \`breaks\` to come out **fail** (or
**warn** for a SHOULD rule), with no test turned into **error** that is not listed in \`allowErrors\`. A clean
run of the same areas must pass with no fail and no error. A fault whose rules all break is *killed*; the
mutation score is killed / total, and any surviving fault fails the self tests.

- Run: \`npx vitest run --project self controls/negative-controls.test.ts\`; a subset with
  \`CONTROLS_ONLY=<fault or file>[,…]\`. Each control is the CLI's \`run --url <faulty server>\`, executed by one of
  \`CONTROLS_CONCURRENCY\` (default 2) long-lived CLI services (\`controls/cli-service.ts\`): one Vitest instance
  each, whose worker threads stay warm between runs (\`controls/parked-threads.ts\`). A control then costs its
  tests (~0.1–1 s), not a Node, Vite and Vitest start (~3 s): the 217 controls take ~45 s, \`npm test\` ~2 min.
- Add a fault: export \`faults: Fault[]\` from \`controls/faults/<area>.ts\` (type in \`controls/fault.ts\`,
  helpers in \`controls/fault-kit.ts\`), then register it with \`npx tsx controls/gen-registry.ts\` (it rewrites
  the static imports of \`controls/faults/index.ts\`; \`controls/faults/registry.test.ts\` fails until you do,
  and checks that every rule in \`breaks\` is in the rules catalog, [rules.md](rules.md)). Then regenerate
  this page, \`npx tsx controls/gen-doc.ts\`, and the rules catalog, \`npm run gen:rules\` (it lists each rule's
  controls).
- A rule "breaks" when a test that ran it is fail/warn and one of its recorded violations names the rule (or
  the test failed on a plain assertion and the rule is the test's own). Failing for another reason does not
  count: a control must break the rule it names.
- By default a fault runs only the suite files it needs: its \`files\`, else the files that declare the rules
  in \`breaks\`; a fault with a rule no suite file declares (a check's: \`http/…\`, \`errors/…\`, \`schema/…\`)
  and no \`files\` runs its whole areas. \`CONTROLS_FULL=1\` runs every fault over its whole areas (slower; it also proves
  that no test of the other files turns into "error").

### What a control cannot show

- **A body on a HEAD response** is invisible to any HTTP client: undici (like every client) reads no body
  after a HEAD, whatever the headers say. There is no fault for it; \`http/no-body\` cannot fail for HEAD.
- **A body on a 204** is never delivered either: with a \`Content-Length\` it surfaces as a broken response
  (\`UND_ERR_RES_CONTENT_LENGTH_MISMATCH\`), which the harness reports under \`http/responds\`; without one,
  the body is dropped unseen. \`body-on-204\` therefore breaks \`http/responds\`, not \`http/no-body\`.
`

/** The whole page; `score` is the text between the score markers. */
export function renderDoc(modules: Readonly<Record<string, readonly Fault[]>>, score: string): string {
  const all = Object.values(modules).flat()
  const lines = [INTRO, '## Mutation score', '', BEGIN, score.trim(), END, '']
  lines.push('## Faults', '', `${all.length} faults in ${Object.keys(modules).length} files.`, '')
  for (const [file, faults] of Object.entries(modules)) {
    lines.push(`### ${file} (${faults.length})`, '', `\`controls/faults/${file}.ts\``, '')
    lines.push('| Fault | Violation | Areas | Breaks |', '| --- | --- | --- | --- |')
    for (const f of faults) {
      const how = [f.wire ? 'wire' : '', f.runArgs?.length ? `\`${f.runArgs.join(' ')}\`` : '']
        .filter(Boolean)
        .join(', ')
      lines.push(
        `| \`${f.name}\`${how ? ` (${how})` : ''} | ${cell(f.description)} | ${f.areas.join(', ')} | ${f.breaks
          .map((r) => `\`${r}\``)
          .join('<br>')} |`,
      )
    }
    lines.push('')
  }
  lines.push('## Rules and the faults that break them', '')
  const byRule = new Map<string, string[]>()
  for (const f of all) for (const r of f.breaks) byRule.set(r, [...(byRule.get(r) ?? []), f.name])
  lines.push('| Rule | Faults |', '| --- | --- |')
  for (const r of [...byRule.keys()].sort())
    lines.push(`| \`${r}\` | ${(byRule.get(r) ?? []).map((n) => `\`${n}\``).join(', ')} |`)
  return lines.join('\n') + '\n'
}

/** The score section text for a measured score. */
export function renderScore(s: Score, when: string): string {
  const lines = [`**${s.killed} / ${s.total} faults killed (${s.percent}%)**, measured ${when}.`]
  if (s.survivors.length > 0) lines.push('', `Surviving: ${s.survivors.map((n) => `\`${n}\``).join(', ')}.`)
  return lines.join('\n')
}

/** The score section of an existing page, or a placeholder. */
export function currentScore(doc: string | undefined): string {
  if (doc === undefined) return 'Not measured yet.'
  const b = doc.indexOf(BEGIN)
  const e = doc.indexOf(END)
  return b < 0 || e < b ? 'Not measured yet.' : doc.slice(b + BEGIN.length, e).trim()
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const existing = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : undefined
  const i = process.argv.indexOf('--score')
  const scoreFile = i >= 0 ? process.argv[i + 1] : undefined
  const score = scoreFile
    ? renderScore(JSON.parse(readFileSync(scoreFile, 'utf8')) as Score, new Date().toISOString().slice(0, 10))
    : currentScore(existing)
  writeFileSync(DOC_PATH, renderDoc(FAULT_MODULES, score))
  console.log(`wrote ${DOC_PATH}`)
}
