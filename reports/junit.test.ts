import { describe, expect, it } from 'vitest'
import { junitClassname, junitReporter } from './junit.ts'

describe('JUnit classnames', () => {
  it('are the area of the suite file', () => {
    expect(junitClassname({ filename: 'suites/namespaces/create-namespace.test.ts' })).toBe(
      'conformance.namespaces',
    )
    expect(junitClassname({ filename: '/abs/path/suites/commits/deep/x.test.ts' })).toBe(
      'conformance.commits',
    )
    expect(junitClassname({ filename: 'elsewhere/x.test.ts' })).toBe('conformance.misc')
  })

  it('configure the reporter into the report directory', () => {
    const [name, opts] = junitReporter('/tmp/out')
    expect(name).toBe('junit')
    expect(opts.outputFile).toBe('/tmp/out/junit.xml')
    expect(opts.classnameTemplate({ filename: 'suites/views/a.test.ts' })).toBe('conformance.views')
  })
})
