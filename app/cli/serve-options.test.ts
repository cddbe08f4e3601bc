import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { parseCommandLine } from './args.ts'
import { serveSetup } from './serve-options.ts'

const dir = mkdtempSync(join(tmpdir(), 'cc-serve-options-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('serve options', () => {
  it('defaults: port 8181 on loopback, no auth, the server default prefix', () => {
    const s = serveSetup({}, {})
    expect([s.port, s.host, s.server.auth, s.server.prefix]).toEqual([
      8181,
      '127.0.0.1',
      undefined,
      undefined,
    ])
  })
  it('an empty prefix, a warehouse name, every kind of credential', () => {
    const s = serveSetup(
      {
        prefix: '',
        warehouse: 'wh',
        token: 'rw',
        readOnlyToken: 'ro',
        expiredToken: 'old',
        clientId: 'c',
        clientSecret: 's',
      },
      { port: '0', 'warehouse-dir': dir },
    )
    expect(s.server.prefix).toBe('')
    expect(s.server.warehouse).toBe('wh')
    expect(s.server.warehouseDir).toBe(dir)
    expect(s.server.auth?.tokens).toEqual([
      { token: 'rw' },
      { token: 'ro', readOnly: true },
      { token: 'old', expired: true },
    ])
    expect(s.server.auth?.clients).toEqual([{ clientId: 'c', clientSecret: 's' }])
    expect(s.server.auth?.expiredStatus).toBe(401)
    expect(s.describe).not.toMatch(/rw|ro|old|s$/)
  })
  it('--warehouse-dir is created, or refused at once when it cannot be written', () => {
    const fresh = join(dir, 'new', 'warehouse')
    expect(serveSetup({}, { 'warehouse-dir': fresh }).server.warehouseDir).toBe(fresh)
    expect(statSync(fresh).isDirectory()).toBe(true)
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    expect(() => serveSetup({}, { 'warehouse-dir': file })).toThrow(
      `--warehouse-dir ${file}: cannot write metadata files there (a file is in the way)`,
    )
  })
  it('defaults clients can use: a temporary file warehouse, scan plans completed at once', () => {
    const s = serveSetup({}, {})
    expect([s.temporaryWarehouse, s.server.warehouseDir, s.server.plansCompleteAtOnce]).toEqual([
      true,
      undefined,
      true,
    ])
    expect(s.describe).toMatch(/file warehouse; scan plans completed at once/)
    // --plans-complete-at-once, the default now, stays accepted for the scripts that name it.
    expect(serveSetup({}, { 'plans-complete-at-once': true }).server.plansCompleteAtOnce).toBe(true)
  })
  it('--in-memory: no warehouse folder (memory:// locations); --plans-async: plans submitted', () => {
    const s = serveSetup({}, { 'in-memory': true, 'plans-async': true })
    expect([s.temporaryWarehouse, s.server.warehouseDir, s.server.plansCompleteAtOnce]).toEqual([
      false,
      undefined,
      false,
    ])
    expect(s.describe).toMatch(/warehouse in memory; scan plans submitted/)
    expect(serveSetup({}, { 'warehouse-dir': dir }).temporaryWarehouse).toBe(false)
  })
  it('refuses flags that contradict each other', () => {
    expect(() => serveSetup({}, { 'in-memory': true, 'warehouse-dir': dir })).toThrow(
      /--in-memory and --warehouse-dir go apart/,
    )
    expect(() => serveSetup({}, { 'plans-async': true, 'plans-complete-at-once': true })).toThrow(
      /--plans-async and --plans-complete-at-once go apart/,
    )
  })
  it('the new flags are parsed, and a misspelt one gets a suggestion', () => {
    expect(parseCommandLine(['serve', '--in-memory', '--plans-async']).extra).toEqual({
      'in-memory': true,
      'plans-async': true,
    })
    expect(() => parseCommandLine(['serve', '--in-memroy'])).toThrow(/did you mean "--in-memory"/)
    expect(() => parseCommandLine(['serve', '--plans-asyn'])).toThrow(/did you mean "--plans-async"/)
  })
  it('a fault by name gives its hooks; an unknown one is an error with a suggestion', () => {
    expect(serveSetup({}, { fault: 'ns-drop-not-empty-allowed' }).server.hooks).toBeDefined()
    expect(() => serveSetup({}, { fault: 'ns-drop-not-empty-alowed' })).toThrow(/did you mean/)
  })
  it('refuses what serve does not use', () => {
    expect(() => serveSetup({ include: ['tables'] }, {})).toThrow(HarnessError)
    expect(() => serveSetup({}, { out: 'x' })).toThrow(/serve does not take --out/)
    expect(() => serveSetup({ clientId: 'c' }, {})).toThrow(/go together/)
    // Settings from the environment or a config file are not the command line's: not refused.
    expect(() => serveSetup({ include: ['tables'] }, {}, {})).not.toThrow()
  })
})
