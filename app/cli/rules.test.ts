import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rulesCommand } from './rules.ts'
import { BIN, userEnv } from './spawn-cli.ts'

function run(format?: string, profile?: string, named?: string[]): string {
  let text = ''
  expect(rulesCommand(format, profile, (t) => (text += t), named)).toBe(0)
  return text
}

describe('catalog-conformance rules', () => {
  it('prints docs/rules.md by default (the committed page is the command output)', () => {
    expect(run()).toBe(readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8'))
  })

  it('prints JSON with the level and the source address of the profile', () => {
    const { profile, rules } = JSON.parse(run('json', 'document')) as {
      profile: string
      rules: { id: string; levelInProfile: string; url?: string }[]
    }
    expect(profile).toBe('document')
    const etag = rules.find((r) => r.id === 'etag/commit/usable-for-if-none-match')
    expect(etag?.levelInProfile).toBe('MUST')
    expect(etag?.url).toContain('apache-iceberg-1.11.0')
    const v19 = JSON.parse(run('json', '1.9')) as { rules: { id: string; levelInProfile: string }[] }
    expect(v19.rules.find((r) => r.id === 'etag/commit/usable-for-if-none-match')?.levelInProfile).toBe('MAY')
  })

  it('gives each rule its basis: the kind, the text quoted and where it is', () => {
    const { rules } = JSON.parse(run('json')) as {
      rules: { id: string; basis?: { kind: string; quote?: string; document?: string; at?: string } }[]
    }
    expect(rules.every((r) => r.basis)).toBe(true)
    expect(rules.find((r) => r.id === 'commits/requirements/assert-table-uuid/holds')?.basis).toEqual({
      kind: 'must',
      quote: "The table UUID must match the requirement's `uuid`",
      document: 'openapi',
      at: 'schema AssertTableUUID',
    })
    // The page and `rules <id>` show it next to the sentence.
    expect(run('md', undefined, ['namespaces/create/exists-409'])).toContain(
      '- Sentence: “Conflict - The namespace already exists”\n- Basis: documented-response — the quoted sentence\n',
    )
  })

  it('refuses an unknown format or profile with a did-you-mean', () => {
    expect(() => run('jsn')).toThrow(/unknown --format "jsn" \(did you mean "json"\?\)/)
    expect(() => run('md', '1.99')).toThrow(/unknown profile "1.99" \(did you mean "1.9"\?\)/)
  })

  it('prints only the rules named, by id or by the start of ids, as the page shows them', () => {
    const one = run('md', undefined, ['tables/drop/purge-registered-204'])
    expect(one.startsWith('### `tables/drop/purge-registered-204`')).toBe(true)
    expect(readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8')).toContain(one)
    const { rules } = JSON.parse(run('json', undefined, ['tables/drop/'])) as { rules: { id: string }[] }
    expect(rules.length).toBeGreaterThan(1)
    expect(rules.every((r) => r.id.startsWith('tables/drop/'))).toBe(true)
    expect(() => run('md', undefined, ['tables/drop/purge-registred'])).toThrow(
      /unknown rule "tables\/drop\/purge-registred" \(did you mean "tables\/drop\/purge-registered-204"\?\)/,
    )
    // A prefix matches whole levels only.
    expect(() => run('md', undefined, ['tables/dro'])).toThrow(/unknown rule "tables\/dro"/)
  })

  it('stops quietly when its reader goes away (`rules | head -1`)', async () => {
    // A shell pipe, as a user has it: a Node parent's own pipes are sockets that take the whole page at once.
    const script = `"${process.execPath}" "${BIN}" rules | head -1 >/dev/null; exit \${PIPESTATUS[0]}`
    const child = spawn('bash', ['-c', script], { env: userEnv(), stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const code = await new Promise<number | null>((done) => child.on('close', done))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})
