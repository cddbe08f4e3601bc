import { describe, expect, it } from 'vitest'
import { parseCommandLine } from './args.ts'

/** The message `parseCommandLine` throws for `argv`. */
function errorOf(argv: readonly string[]): string {
  try {
    parseCommandLine(argv)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error(`no error for ${argv.join(' ')}`)
}

describe('parseCommandLine errors', () => {
  it('names a flag given without its value in one line, also when the next word starts with a dash', () => {
    // node:util spreads the second over three lines ("argument is ambiguous. Did you forget …").
    for (const argv of [
      ['run', '--include'],
      ['run', '--include', '--thorough'],
    ]) {
      const message = errorOf(argv)
      expect(message).toBe(
        '--include needs a value (one that starts with a dash is written --include=-…); see --help',
      )
    }
  })

  it('keeps a did-you-mean for an unknown flag, in one line', () => {
    const message = errorOf(['run', '--seeed', '1'])
    expect(message).toMatch(/^Unknown option '--seeed' \(did you mean "--seed"\?\); see --help$/)
  })

  it('takes a value starting with a dash when written with =', () => {
    expect(() => parseCommandLine(['run', '--include=-x'])).not.toThrow()
  })

  it('refuses a word a command does not read: run http://… would certify the bundled server instead', () => {
    expect(errorOf(['run', 'http://catalog:8181'])).toBe(
      'run does not take "http://catalog:8181"; a catalog is given as --url http://catalog:8181',
    )
    expect(errorOf(['http://catalog:8181'])).toBe(
      'unknown command "http://catalog:8181"; to certify that catalog: run --url http://catalog:8181',
    )
    // A URL's credentials are never printed (as for --url).
    for (const argv of [['run', 'http://me:s3cret@catalog:8181'], ['http://me:s3cret@catalog:8181']]) {
      const message = errorOf(argv)
      expect(message).not.toContain('s3cret')
      expect(message).toContain('--url http://catalog:8181 (credentials go in --token')
    }
    expect(errorOf(['serve', 'now'])).toBe(
      'serve does not take "now" (options start with --); see serve --help',
    )
    expect(errorOf(['help', 'run', 'x'])).toMatch(/^help does not take "x"/)
    expect(errorOf(['help', 'certfy'])).toMatch(/^unknown command "certfy"/)
  })

  it('lets report, rules and help take their words', () => {
    expect(parseCommandLine(['report', 'diff', 'a.json', 'b.json']).positionals).toEqual([
      'diff',
      'a.json',
      'b.json',
    ])
    expect(parseCommandLine(['rules', 'tables/create', 'views']).positionals).toEqual([
      'tables/create',
      'views',
    ])
    expect(parseCommandLine(['help', 'run']).positionals).toEqual(['run'])
  })
})
