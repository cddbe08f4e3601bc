import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { parseCommandLine } from '../cli/args.ts'
import { envName, kebabName } from './options.ts'
import { parseHeaders, readConfigFile, resolveOptions } from './resolve.ts'

function yamlFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-config-'))
  const file = join(dir, 'conformance.yaml')
  writeFileSync(file, text)
  return file
}

describe('option names', () => {
  it('derives env names and kebab-case keys from one table', () => {
    expect(envName('clientSecret')).toBe('CATALOG_CONFORMANCE_CLIENT_SECRET')
    expect(envName('url')).toBe('CATALOG_CONFORMANCE_URL')
    expect(kebabName('reportDir')).toBe('report-dir')
  })
})

describe('resolveOptions precedence: flags > env > file > defaults', () => {
  const file = yamlFile('url: http://from-file\nprofile: "1.9"\ntimeout: 1000\nseed: 7\n')

  it('takes defaults when nothing is given', () => {
    const o = resolveOptions({}, {})
    expect(o.profile).toBe('1.11')
    expect(o.timeout).toBe(10_000)
    expect(o.url).toBeUndefined()
  })

  it('file beats defaults', () => {
    const o = resolveOptions({ config: file }, {})
    expect(o).toMatchObject({ url: 'http://from-file', profile: '1.9', timeout: 1000, seed: 7 })
  })

  it('env beats file, and names the file itself', () => {
    const env = {
      CATALOG_CONFORMANCE_CONFIG: file,
      CATALOG_CONFORMANCE_URL: 'http://from-env',
      CATALOG_CONFORMANCE_TIMEOUT: '2000',
    }
    const o = resolveOptions({}, env)
    expect(o).toMatchObject({ url: 'http://from-env', timeout: 2000, profile: '1.9' })
  })

  it('flags beat env', () => {
    const o = resolveOptions(
      { url: 'http://from-flag', config: file },
      { CATALOG_CONFORMANCE_URL: 'http://from-env' },
    )
    expect(o.url).toBe('http://from-flag')
  })

  it('coerces env lists and booleans', () => {
    const o = resolveOptions(
      {},
      { CATALOG_CONFORMANCE_INCLUDE: 'tables, views', CATALOG_CONFORMANCE_THOROUGH: 'true' },
    )
    expect(o.include).toEqual(['tables', 'views'])
    expect(o.thorough).toBe(true)
  })
})

describe('readConfigFile validation', () => {
  it('names a misspelled key and suggests the right one', () => {
    const file = yamlFile('url: http://x\nwarehose: w\n')
    expect(() => readConfigFile(file)).toThrow(HarnessError)
    expect(() => readConfigFile(file)).toThrow(/unknown key "warehose".*did you mean "warehouse"/)
  })

  it('names a mistyped value', () => {
    expect(() => readConfigFile(yamlFile('timeout: soon\n'))).toThrow(
      /timeout must be a whole number from 1 to 2147483647, got "soon"/,
    )
    expect(() => readConfigFile(yamlFile('include: 3\n'))).toThrow(/include must be a list/)
  })

  it('accepts kebab-case and camelCase keys, and headers as a mapping', () => {
    const o = readConfigFile(yamlFile('report-dir: out\nclientId: me\nheader:\n  X-Tenant: a\n'))
    expect(o).toMatchObject({ reportDir: 'out', clientId: 'me', header: ['X-Tenant=a'] })
  })

  it('rejects a file that is not a mapping, or not YAML', () => {
    expect(() => readConfigFile(yamlFile('- a\n- b\n'))).toThrow(/mapping/)
    expect(() => readConfigFile(yamlFile('a: [\n'))).toThrow(/not valid YAML/)
    expect(() => readConfigFile('/nonexistent/file.yaml')).toThrow(/cannot read/)
  })
})

describe('parseHeaders', () => {
  it('splits K=V on the first =', () => {
    expect(parseHeaders(['X-A=1', 'X-B=a=b'])).toEqual({ 'X-A': '1', 'X-B': 'a=b' })
  })
  it('rejects an entry without =, naming it but never showing a value', () => {
    expect(() => parseHeaders(['broken'])).toThrow(HarnessError)
    expect(() => parseHeaders(['Authorization: Bearer s3cret-token'])).toThrow(
      /^--header must be Name=value, got "Authorization…" \(the value is not shown\)$/,
    )
  })
  it('rejects a name that is not an HTTP token and a value with a line break', () => {
    expect(() => parseHeaders(['Bad Name=1'])).toThrow('--header "Bad Name=…": not a valid header name')
    expect(() => parseHeaders(['X-A=s3cret\r\nX-B: 1'])).toThrow(
      /^--header "X-A=…": the value holds a line break or NUL$/,
    )
  })
})

describe('lists from the environment', () => {
  it('split on commas, except headers, which are one per line (values may hold commas)', () => {
    const opts = resolveOptions(
      {},
      { CATALOG_CONFORMANCE_INCLUDE: 'namespaces, tables', CATALOG_CONFORMANCE_HEADER: 'X-A=1,2\nX-B=3' },
    )
    expect(opts.include).toEqual(['namespaces', 'tables'])
    expect(opts.header).toEqual(['X-A=1,2', 'X-B=3'])
  })
})

describe('number options are whole numbers within their bounds, from every source', () => {
  // Each of these once ran: --runs 0 certified properties that ran nothing, --runs 2.5 never ended, --concurrency 0
  // failed the bundled server, --timeout -5 was reported as an unreachable token endpoint.
  const refused: [string, string, RegExp][] = [
    ['runs', '0', /runs must be a whole number >= 1, got "0"/],
    ['runs', '2.5', /runs must be a whole number >= 1, got "2.5"/],
    ['distinct-failures', '0', /distinct-failures must be a whole number >= 1/],
    ['concurrency', '1', /concurrency must be a whole number >= 2, got "1"/],
    ['timeout', '0', /timeout must be a whole number from 1 to 2147483647, got "0"/],
    ['timeout', '3000000000', /timeout must be a whole number from 1 to 2147483647/],
    ['workers', '0', /workers must be a whole number >= 1, got "0"/],
    ['seed', '1.5', /seed must be a whole number, got "1.5"/],
    ['seed', 'abc', /seed must be a whole number, got "abc"/],
  ]
  it.each(refused)('--%s=%s', (flag, value, message) => {
    expect(() => parseCommandLine(['run', `--${flag}=${value}`])).toThrow(HarnessError)
    expect(() => parseCommandLine(['run', `--${flag}=${value}`])).toThrow(message)
    const env = { [`CATALOG_CONFORMANCE_${flag.replace(/-/g, '_').toUpperCase()}`]: value }
    expect(() => resolveOptions({}, env)).toThrow(message)
    expect(() => readConfigFile(yamlFile(`${flag}: ${JSON.stringify(value)}\n`))).toThrow(message)
  })

  it('accepts the bounds themselves and negative seeds', () => {
    const o = parseCommandLine([
      'run',
      '--runs=1',
      '--concurrency=2',
      '--timeout=2147483647',
      '--workers=1',
      '--seed=-7',
    ]).options
    expect(o).toMatchObject({ runs: 1, concurrency: 2, timeout: 2147483647, workers: 1, seed: -7 })
  })
})
