/**
 * `catalog-conformance report …`: work with results.json files after a run.
 *
 *   report diff A.json B.json            what changed (exit 1 when something newly fails)
 *   report check results.json --expect F strict expectations (exit 0 / 1, 2 for harness errors only)
 *   report render results.json [DIR]     re-render report.html, summary.md, badge.svg (default: beside it)
 *   report validate results.json …       check files against reports/results.schema.json (exit 1 if invalid)
 *   report defects [LABEL=]results.json [[LABEL=]other.json …] [--upstream FILE] [--out DIR]
 *                                        one Markdown file per defect of the first run, ready for an upstream
 *                                        tracker, with the runs (releases) of the matrix that saw each
 */
import { basename, dirname, join, resolve } from 'node:path'
import type { Options } from '../config/options.ts'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mergeResults } from '../../reports/merge.ts'
import { renderMatrixHtml, renderMatrixMarkdown } from '../../reports/matrix.ts'
import { renderVerdictBasisMarkdown } from '../../reports/verdict-basis.ts'
import { exitCodeOf } from '../../reports/results.ts'
import type { Results } from '../../reports/results.ts'
import { updateExpectations } from '../../reports/expectations-write.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { diffExitCode, diffResults, formatDiff } from '../../reports/diff.ts'
import {
  applyExpectations,
  checkExpectationsFit,
  expectationLines,
  readExpectationsHeader,
} from '../../reports/expectations.ts'
import { loadResults, readJson } from '../../reports/load-results.ts'
import { validateResults } from '../../reports/results-schema.ts'
import { writeReports } from '../../reports/write.ts'
import { defectIndex, defectIssues } from '../../reports/defect-issues.ts'
import { readUpstream } from '../../reports/defect-upstream.ts'

const USAGE = [
  'Usage: catalog-conformance report diff A.json B.json',
  '       catalog-conformance report check results.json --expect expectations.yaml',
  '       catalog-conformance report check results.json --write expectations.yaml   (update it, keeping reasons)',
  '       catalog-conformance report render results.json [DIR]',
  '       catalog-conformance report validate results.json [more.json …]',
  '       catalog-conformance report merge shard1/results.json shard2/results.json … [--out DIR]',
  '       catalog-conformance report matrix [LABEL=]results.json … [--out DIR]   (compatibility matrix)',
  '       catalog-conformance report basis [LABEL=]results.json … [--out FILE]   (every failing verdict and what it rests on)',
  '       catalog-conformance report defects [LABEL=]results.json [[LABEL=]release.json …] [--upstream FILE] [--out DIR]',
  '                 (one Markdown issue per defect of the first file, default DIR: defects/ beside it; every file given',
  '                 is a run of the matrix each defect says it was seen in; FILE: known upstream issues, docs/defects/upstream.yaml)',
].join('\n')

/** The words after the subcommand: at least `n` (`what` they are), at most `max` (a word more is refused, not ignored). */
function need(
  positionals: readonly string[],
  n: number,
  what: string,
  max = Number.POSITIVE_INFINITY,
): string[] {
  const files = positionals.slice(1)
  if (files.length < n) throw new HarnessError(`report ${positionals[0]} needs ${what}\n${USAGE}`)
  if (files.length > max)
    throw new HarnessError(`report ${positionals[0]} does not take "${files[max]}"\n${USAGE}`)
  return files
}

/** Runs a `report` subcommand and returns the exit code. */
/**
 * LABEL=results.json, or a results.json labelled by its folder (reports/out/fixture-1.11.0/results.json). Two of one
 * label cannot be told apart (two results.json files in folders of one name, say): refused.
 */
function labelledResults(positionals: readonly string[]): { label: string; results: Results }[] {
  const files = need(positionals, 1, 'one results.json per target (LABEL=FILE)')
  const columns = files.map((arg) => {
    const i = arg.indexOf('=')
    const file = i > 0 ? arg.slice(i + 1) : arg
    return { label: i > 0 ? arg.slice(0, i) : basename(dirname(resolve(file))), results: loadResults(file) }
  })
  const labels = columns.map((c) => c.label)
  const twice = labels.find((l, i) => labels.indexOf(l) !== i)
  if (twice !== undefined)
    throw new HarnessError(
      `report ${positionals[0]}: two results are labelled "${twice}"; name them with LABEL=FILE`,
    )
  return columns
}

export async function reportCommand(
  positionals: readonly string[],
  opts: Options,
  log: (line: string) => void,
  extra: {
    readonly write?: string | boolean | undefined
    readonly out?: string | boolean | undefined
    readonly upstream?: string | boolean | undefined
  } = {},
): Promise<number> {
  const sub = positionals[0]
  switch (sub) {
    case 'diff': {
      const [a, b] = need(positionals, 2, 'two results.json files', 2) as [string, string]
      const d = diffResults(loadResults(a), loadResults(b))
      for (const line of formatDiff(d, a, b)) log(line)
      return diffExitCode(d)
    }
    case 'check': {
      const [file] = need(positionals, 1, 'a results.json file', 1) as [string]
      const results = loadResults(file)
      if (typeof extra.write === 'string') {
        // --write FILE: the expectations file brought up to date with this run (reasons and comments kept).
        const target = extra.write
        const w = updateExpectations(existsSync(target) ? readFileSync(target, 'utf8') : '', results, target)
        writeFileSync(target, w.text)
        log(
          `${target}: ${w.added.length} added (reasons to fill in), ${w.updated.length} updated, ${w.removed.length} removed`,
        )
        return 0
      }
      if (!opts.expect) throw new HarnessError('report check needs --expect FILE (or --write FILE)')
      checkExpectationsFit(readExpectationsHeader(opts.expect), { profile: results.profile }, opts.expect)
      const report = applyExpectations(results, opts.expect)
      for (const line of expectationLines(report, results.tests)) log(line)
      return report.exitCode
    }
    case 'render': {
      const [file, dir] = need(positionals, 1, 'a results.json file', 2) as [string, string | undefined]
      const out = resolve(dir ?? dirname(file))
      for (const f of writeReports(loadResults(file), out, { log })) log(`wrote ${f}`)
      return 0
    }
    case 'merge': {
      // The shards of one certification (--shard i/n) as one results.json and one set of reports.
      const files = need(positionals, 1, 'the results.json of every shard')
      const out = resolve(typeof extra.out === 'string' ? extra.out : 'reports/out')
      const merged = mergeResults(files.map(loadResults))
      for (const f of writeReports(merged, out, { log })) log(`wrote ${f}`)
      log(`verdict: ${merged.verdict} — ${merged.summary.total} tests from ${files.length} shard(s)`)
      return exitCodeOf(merged.verdict)
    }
    case 'basis': {
      const columns = labelledResults(positionals)
      const md = renderVerdictBasisMarkdown(columns)
      if (typeof extra.out === 'string') {
        writeFileSync(resolve(extra.out), md)
        log(`wrote ${resolve(extra.out)}`)
      } else log(md.trimEnd())
      return 0
    }
    case 'matrix': {
      const columns = labelledResults(positionals)
      const out = resolve(typeof extra.out === 'string' ? extra.out : 'reports/out/matrix')
      mkdirSync(out, { recursive: true })
      writeFileSync(join(out, 'matrix.html'), renderMatrixHtml(columns))
      writeFileSync(join(out, 'matrix.md'), renderMatrixMarkdown(columns))
      log(`wrote ${join(out, 'matrix.html')}`)
      log(`wrote ${join(out, 'matrix.md')}`)
      return 0
    }
    case 'defects': {
      // One file per defect, ready to paste into the server's own tracker (reports/defect-issues.ts).
      // The first file's defects; with more files (report matrix's inputs), every file given is a run of the matrix
      // each defect says it was seen in or not.
      // The first file may be given again among them, to keep the runs in release order: it is then read once.
      const files = need(positionals, 1, 'a results.json file')
      const pathOf = (arg: string): string => resolve(arg.replace(/^[^=]*=/, ''))
      const file = pathOf(files[0]!)
      const again = files.slice(1).findIndex((f) => pathOf(f) === file)
      const columns = labelledResults(again >= 0 ? [positionals[0]!, ...files.slice(1)] : positionals)
      const first = columns[again >= 0 ? again : 0]!
      if (extra.upstream === true)
        throw new HarnessError('--upstream needs a file (docs/defects/upstream.yaml)')
      const opts = {
        ...(columns.length > 1 ? { columns } : {}),
        ...(typeof extra.upstream === 'string' ? { upstream: readUpstream(extra.upstream) } : {}),
      }
      const out = resolve(typeof extra.out === 'string' ? extra.out : join(dirname(file), 'defects'))
      const issues = defectIssues(first.results, opts)
      mkdirSync(out, { recursive: true })
      for (const i of issues) {
        writeFileSync(join(out, i.file), i.markdown)
        log(`wrote ${join(out, i.file)}`)
      }
      writeFileSync(join(out, 'README.md'), defectIndex(first.results, issues, opts))
      log(`wrote ${join(out, 'README.md')}`)
      log(`${issues.length} defect(s) in ${files[0]}`)
      return 0
    }
    case 'validate': {
      const files = need(positionals, 1, 'at least one results.json file')
      let bad = 0
      for (const f of files) {
        const errors = validateResults(readJson(f))
        if (errors.length === 0) log(`${f}: valid`)
        else {
          bad++
          for (const err of errors) log(`${f}: ${err}`)
        }
      }
      return bad > 0 ? 1 : 0
    }
    default:
      throw new HarnessError(sub ? `unknown report command "${sub}"\n${USAGE}` : USAGE)
  }
}
