import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '../cli/args.ts'
import { resolveOptions } from './resolve.ts'

const resolve = (argv: string[]) => () => resolveOptions(parseCommandLine(argv).options, {})

describe('a typo is an error with a did-you-mean, never a smaller run', () => {
  it.each([
    [
      ['run', '--include', 'namespace'],
      /unknown area in --include "namespace" \(did you mean "namespaces"\?\)/,
    ],
    [['run', '--include', 'nosucharea'], /unknown area in --include "nosucharea"; known: auth, /],
    [['run', '--exclude', 'tablez'], /unknown area in --exclude "tablez" \(did you mean "tables"\?\)/],
    [['run', '--profile', '9.9'], /unknown profile "9.9"/],
    [
      ['run', '--disable-checks', 'statuss'],
      /unknown check in --disable-checks "statuss" \(did you mean "status"\?\)/,
    ],
    [['run', '--profle', '1.11'], /Unknown option '--profle' \(did you mean "--profile"\?\)/],
    [['rn'], /unknown command "rn" \(did you mean "run"\?\)/],
    [['run', '--path', 'garbage'], /--path must be a replay path .*got "garbage"/],
    [['run', '--prefix', 'a b'], /--prefix "a b" must be written as it appears in URLs, percent-encoded/],
    [['run', '--prefix', 'a%zz'], /--prefix "a%zz" must be written/],
    [
      ['run', '--url', 'http://localhost:8181', '--target', 'rustberg'],
      /--url and --target rustberg name two catalogs; give one/,
    ],
    [
      ['run', '--serial', '--workers', '3'],
      /--serial runs one file at a time; give --serial or --workers, not both/,
    ],
    [['run', '--path', '12:0:'], /--path must be a replay path/],
    [['run', '--path', 'a/rule@'], /--path must be a replay path/],
    [['run', '--path', 'a/rule@1:2 '], /--path must be a replay path/],
  ])('%j', (argv, message) => {
    expect(resolve(argv)).toThrow(message)
  })

  it('accepts known names', () => {
    expect(
      resolve([
        'run',
        '--include',
        'namespaces,tables',
        '--profile',
        'document',
        '--path',
        '12:0:3',
        '--prefix',
        'main%7Cwarehouse',
      ])(),
    ).toMatchObject({
      include: ['namespaces', 'tables'],
      profile: 'document',
      path: '12:0:3',
    })
  })
})

describe('--url with credentials in it', () => {
  it('is refused without repeating them, naming the options that send credentials', () => {
    for (const url of ['http://me:s3cret-pw@catalog.example.com', 'https://s3cret-user@catalog.example.com/'])
      expect(resolve(['run', '--url', url])).toThrow(
        /^--url must not carry a user or password \(scheme:\/\/user:…@host\); send credentials with --token, --client-id and --client-secret, or --header Authorization=…$/,
      )
    expect(resolve(['run', '--url', 'ftp://me:s3cret-pw@catalog.example.com'])).toThrow(
      /^--url must not carry/,
    )
    // The other checks of the URL, in the same place, before anything starts.
    expect(resolve(['run', '--url', 'notaurl'])).toThrow(/^--url is not a valid URL: notaurl$/)
    expect(resolve(['run', '--url', 'ftp://catalog.example.com'])).toThrow(/^--url must be http\(s\): ftp:/)
    expect(resolve(['run', '--url', 'http://catalog.example.com:8181/api'])()).toMatchObject({
      url: 'http://catalog.example.com:8181/api',
    })
  })
})

describe('paths under suites/', () => {
  it('are accepted where an area is, when they exist', () => {
    expect(resolve(['run', '--exclude', 'commits/requirements.test.ts'])()).toMatchObject({
      exclude: ['commits/requirements.test.ts'],
    })
    expect(resolve(['run', '--exclude', 'commits/nope.test.ts'])).toThrow(/unknown area in --exclude/)
    // Out of suites/, into the harness, or a helper module: no tests there.
    for (const outside of ['../app/config', 'commits/../../app', '_harness/checks', 'concurrency/race.ts'])
      expect(resolve(['run', '--include', outside])).toThrow(`unknown area in --include "${outside}"`)
    expect(resolve(['run', '--include', 'commits/'])()).toMatchObject({ include: ['commits/'] })
  })
})
