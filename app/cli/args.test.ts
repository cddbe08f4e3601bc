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
})
