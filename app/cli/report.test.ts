import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { reportCommand } from './report.ts'
import { fixturePath } from '../../reports/fixtures.ts'

const dir = mkdtempSync(join(tmpdir(), 'cc-report-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function report(
  args: string[],
  opts: { expect?: string } = {},
  extra: { out?: string; upstream?: string } = {},
): Promise<{ code: number; out: string[] }> {
  const out: string[] = []
  const code = await reportCommand(args, opts, (l) => out.push(l), extra)
  return { code, out }
}

const A = fixturePath('results-realistic.json')
const B = fixturePath('results-vendor-b.json')

describe('report command', () => {
  it('diff: exit 1 when something newly fails, 0 otherwise', async () => {
    const ab = await report(['diff', A, B])
    expect(ab.code).toBe(1)
    expect(ab.out.join('\n')).toContain('Newly failing (2):')
    expect((await report(['diff', A, A])).code).toBe(0)
    expect((await report(['diff', B, A])).code).toBe(1)
  })

  it('check: strict expectations decide the exit code and print paste-ready entries', async () => {
    expect((await report(['check', A], { expect: fixturePath('expectations.yaml') })).code).toBe(0)
    const strict = join(dir, 'strict.yaml')
    writeFileSync(strict, 'profile: "1.11"\nnamespaces/create/exists-409: { outcome: fail, reason: known }\n')
    const r = await report(['check', A], { expect: strict })
    expect(r.code).toBe(1)
    expect(r.out.join('\n')).toContain('add to the expectations file:')
    // A file for another profile is refused in one line, not checked into a list of surprises.
    writeFileSync(strict, 'profile: "1.9"\nnamespaces/create/exists-409: { outcome: fail, reason: known }\n')
    await expect(report(['check', A], { expect: strict })).rejects.toThrow(/run with --profile 1.9$/)
    await expect(report(['check', A])).rejects.toThrow(/needs --expect/)
  })

  it('render: writes every report from a results.json', async () => {
    const out = join(dir, 'render')
    const r = await report(['render', A, out])
    expect(r.code).toBe(0)
    for (const f of ['results.json', 'report.html', 'summary.md', 'badge.svg'])
      expect(r.out).toContain(`wrote ${join(out, f)}`)
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('nonconformant')
  })

  it('validate: exit 1 on a document that does not match the schema', async () => {
    expect((await report(['validate', A, B])).code).toBe(0)
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ verdict: 'fine' }))
    const r = await report(['validate', bad])
    expect(r.code).toBe(1)
    expect(r.out.join('\n')).toMatch(/must have required property 'tests'/)
  })

  it('basis: every failing verdict of each target with what its level rests on, quoted', async () => {
    const out = join(dir, 'basis.md')
    expect((await report(['basis', `a=${A}`, `b=${B}`], {}, { out })).code).toBe(0)
    const md = readFileSync(out, 'utf8')
    expect(md).toMatch(/\| a \| nonconformant \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \|/)
    expect(md).toContain(
      '| `namespaces/create/exists-409` | documented-response: “Conflict - The namespace already exists” (openapi createNamespace 409) |',
    )
    await expect(report(['basis', `x=${A}`, `x=${B}`])).rejects.toThrow(
      'report basis: two results are labelled "x"',
    )
  })

  it('defects: one Markdown issue per defect, with the spec quoted, the answer and a reproduction script', async () => {
    const out = join(dir, 'defects')
    const file = fixturePath('results-fixture-1.11.0.json')
    const r = await report(['defects', file], {}, { out })
    expect(r.code).toBe(0)
    const files = readdirSync(out)
      .filter((f) => f.startsWith('D'))
      .sort()
    expect(r.out.at(-1)).toBe(`${files.length} defect(s) in ${file}`)
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain(`${files.length} defect(s) behind`)
    expect(files[0]).toMatch(/^D01-[a-z0-9-]+\.md$/)
    const issue = readFileSync(
      join(
        out,
        files.find((f) => f.includes('numberformatexception'))!,
      ),
      'utf8',
    )
    expect(issue).toMatch(/^# listNamespaces, listTables, listViews answer 500 \(NumberFormatException/)
    expect(issue).toContain('## What the spec says')
    expect(issue).toMatch(/\]\(https:\/\/github\.com\/apache\/iceberg\/[^)]+\):\n {2}> /)
    expect(issue).toContain('## What the server did')
    expect(issue).toContain('It answered **500**:')
    expect(issue).toContain('## Reproduction')
    expect(issue).toContain('"${CATALOG_URL}"')
    expect(issue).not.toContain('127.0.0.1:44907/v1')
    expect(issue).not.toContain('## Releases')
    // The HTTP server's error page: one defect, and each message that escaped through it listed once, read.
    const page = readFileSync(
      join(
        out,
        files.find((f) => f.includes('error-page'))!,
      ),
      'utf8',
    )
    expect(page).toMatch(/The messages its error pages carried \(\d+ distinct/)
    expect(page).toContain('Chunk [] is not a valid entry')
    expect(page).not.toMatch(/carried[\s\S]*&quot;[\s\S]*What each rule saw/)
    await expect(report(['defects'])).rejects.toThrow(/report defects needs a results.json file/)
  })

  it('defects with the matrix’s runs and upstream issues: each defect says which runs saw it and what is filed', async () => {
    const out = join(dir, 'defects-matrix')
    const file = fixturePath('results-fixture-1.11.0.json')
    const { defectsOf } = await import('../../reports/defects.ts')
    const nfe = defectsOf(JSON.parse(readFileSync(file, 'utf8'))).find(
      (d) => d.answer?.errorType === 'NumberFormatException',
    )!
    const upstream = join(dir, 'upstream.yaml')
    writeFileSync(
      upstream,
      `- target: iceberg-rest-fixture\n  key: ${JSON.stringify(nfe.key)}\n  issues:\n` +
        '    - url: https://github.com/apache/iceberg/issues/1\n      title: pageSize not a number is a 500\n',
    )
    // The first file given again keeps the runs in the order given; another run (here a vendor's) saw none of it.
    const r = await report(['defects', `1.11=${file}`, `vendor=${A}`, `1.11=${file}`], {}, { out, upstream })
    expect(r.code).toBe(0)
    const name = readdirSync(out).find((f) => f.includes('numberformatexception'))!
    const issue = readFileSync(join(out, name), 'utf8')
    expect(issue).toContain('## Releases')
    expect(issue).toMatch(
      /- vendor: (not seen|not run|its rules fail)[^\n]*\n- 1\.11: seen \(the same answer\)/,
    )
    expect(issue).toContain(
      'Already known upstream:\n\n- [pageSize not a number is a 500](https://github.com/apache/iceberg/issues/1)',
    )
    const index = readFileSync(join(out, 'README.md'), 'utf8')
    expect(index).toContain(`| [${nfe.id}](${name}) | MUST |`)
    expect(index).toMatch(
      /\| 1\.11 \| \[pageSize not a number is a 500\]\(https:\/\/github\.com\/apache\/iceberg\/issues\/1\) \|/,
    )
    // A malformed upstream file is a one-line harness error.
    writeFileSync(upstream, '- target: x\n  key: y\n  issues: []\n')
    await expect(report(['defects', file], {}, { out, upstream })).rejects.toThrow(
      /entry 1 needs at least one issue/,
    )
    writeFileSync(upstream, '- target: x\n  key: y\n  issues: [{ url: "http://x", title: t }]\n')
    await expect(report(['defects', file], {}, { out, upstream })).rejects.toThrow(/needs an https url/)
  })

  it('refuses unknown subcommands, missing files and invalid inputs as harness errors', async () => {
    await expect(report(['frob'])).rejects.toThrow(/unknown report command "frob"/)
    await expect(report([])).rejects.toThrow(HarnessError)
    await expect(report(['diff', A])).rejects.toThrow(/needs two results.json files/)
    // A word more is refused, not ignored.
    await expect(report(['diff', A, B, A])).rejects.toThrow(/report diff does not take /)
    await expect(report(['render', A, dir, 'x'])).rejects.toThrow(/report render does not take "x"/)
    await expect(report(['diff', A, join(dir, 'missing.json')])).rejects.toThrow(/cannot read/)
    const bad = join(dir, 'bad2.json')
    writeFileSync(bad, JSON.stringify({ verdict: 'fine' }))
    await expect(report(['diff', A, bad])).rejects.toThrow(/not a valid results.json/)
    await expect(report(['matrix', `x=${A}`, `x=${B}`])).rejects.toThrow(
      'report matrix: two results are labelled "x"; name them with LABEL=FILE',
    )
    // JSON.parse quotes the text it choked on, line breaks included: the error stays one line.
    const notJson = join(dir, 'not-json.json')
    writeFileSync(notJson, 'not json\n')
    const err = await report(['render', notJson, dir]).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toMatch(/^.*not-json\.json is not JSON: .*not valid JSON$/)
    expect(err?.message).not.toContain('\n')
  })
})
