import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '../cli/args.ts'
import { fromEnv, resolveOptions } from './resolve.ts'
import { checkExpectationsFit } from '../../reports/expectations.ts'

const resolve = (argv: string[]) => resolveOptions(parseCommandLine(argv).options, {})

describe('--image and its flags: a mistake is one line before anything starts', () => {
  it.each([
    [
      ['run', '--image', 'cat:1', '--url', 'http://localhost:8181'],
      /--image and --url name two catalogs; give one/,
    ],
    [['run', '--image', 'cat:1', '--target', 'rustberg'], /--image and --target name two catalogs; give one/],
    [['run', '--container-port', '9000'], /--container-port goes with --image/],
    [['run', '--wait-path', '/x'], /--wait-path goes with --image/],
    [['run', '--base-path', '/x'], /--base-path goes with --image/],
    [['run', '--keep'], /--keep goes with --image or a container --target/],
    [['run', '--image', 'cat:1', '--env', 'NOVALUE'], /--env takes K=V, got "NOVALUE"/],
    [
      ['run', '--image', 'cat:1', '--container-port', '0'],
      /--container-port must be a whole number from 1 to 65535/,
    ],
    [['run', '--image', 'cat:1', '--base-path', 'api'], /--base-path must start with \//],
    [['run', '--image', 'not an image'], /--image "not an image" is not an image reference/],
  ])('%j', (argv, message) => {
    expect(() => resolve(argv)).toThrow(message)
  })

  it('takes a repeated --env whole (commas in a value), and the flags of a valid image run', () => {
    const opts = resolve([
      'run',
      '--image',
      'cat:1',
      '--env',
      'A=1,2',
      '--env',
      'B=x',
      '--container-port',
      '9000',
      '--keep',
    ])
    expect(opts).toMatchObject({ image: 'cat:1', env: ['A=1,2', 'B=x'], containerPort: 9000, keep: true })
  })

  it('CATALOG_CONFORMANCE_ENV is one variable per line', () => {
    expect(fromEnv({ CATALOG_CONFORMANCE_ENV: 'A=1,2\nB=3' }).env).toEqual(['A=1,2', 'B=3'])
  })

  it('an expectations file of an image names the --image flag that starts it', () => {
    const header = { profile: '1.11', target: 'catalog-conformance/iceberg-rest-fixture@1.11.0' }
    expect(() =>
      checkExpectationsFit(header, { profile: '1.11', target: 'iceberg-rest-fixture-image' }, 'f.yaml'),
    ).toThrow('run with --image catalog-conformance/iceberg-rest-fixture:1.11.0')
    expect(() =>
      checkExpectationsFit(
        header,
        { profile: '1.11', target: 'catalog-conformance/iceberg-rest-fixture', targetVersion: '1.11.0' },
        'f.yaml',
      ),
    ).not.toThrow()
  })
})
