import { describe, expect, it } from 'vitest'
import { main } from './main.ts'

async function helpOf(argv: string[]): Promise<string> {
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((c: string) => (chunks.push(String(c)), true)) as typeof process.stdout.write
  try {
    expect(await main(argv)).toBe(0)
  } finally {
    process.stdout.write = write
  }
  return chunks.join('')
}

describe('--help', () => {
  it('without a command is the overview of commands', async () => {
    const text = await helpOf(['--help'])
    expect(text).toMatch(/Commands:\n {2}run /)
    expect(text).toContain('<command> --help')
  })

  it('help COMMAND is COMMAND --help', async () => {
    expect(await helpOf(['help', 'run'])).toBe(await helpOf(['run', '--help']))
    expect(await helpOf(['help'])).toBe(await helpOf(['--help']))
  })

  it('of run lists options with defaults, the areas, the profiles and examples', async () => {
    const text = await helpOf(['run', '--help'])
    expect(text).toMatch(/--profile V .*\[default: 1\.11\]/)
    expect(text).toMatch(/Areas \(--include\/--exclude\): .*namespaces/)
    expect(text).toMatch(/Profiles \(--profile\): 1\.4, .*document/)
    expect(text).toContain('Examples:')
  })

  it.each(['serve', 'cleanup', 'report', 'rules', 'targets'])('of %s is its own page', async (command) => {
    expect(await helpOf([command, '--help'])).toMatch(new RegExp(`^Usage: catalog-conformance ${command}`))
  })
})

describe('main', () => {
  it('tolerates a closed pipe with one listener per stream, however often it runs in one process', async () => {
    await helpOf(['--help'])
    const listeners = [process.stdout.listenerCount('error'), process.stderr.listenerCount('error')]
    for (let i = 0; i < 12; i++) await helpOf(['--help'])
    expect([process.stdout.listenerCount('error'), process.stderr.listenerCount('error')]).toEqual(listeners)
  })
})
