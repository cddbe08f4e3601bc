import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rulesCommand } from './rules.ts'

function run(format?: string, profile?: string): string {
  let text = ''
  expect(rulesCommand(format, profile, (t) => (text += t))).toBe(0)
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

  it('refuses an unknown format or profile with a did-you-mean', () => {
    expect(() => run('jsn')).toThrow(/unknown --format "jsn" \(did you mean "json"\?\)/)
    expect(() => run('md', '1.99')).toThrow(/unknown profile "1.99" \(did you mean "1.9"\?\)/)
  })
})
