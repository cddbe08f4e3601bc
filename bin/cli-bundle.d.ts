// Types of cli-bundle.js (plain JavaScript: the bin runs before any TypeScript loader).
export interface Bundle {
  /** file: URL of the bundle's entry module, which exports the CLI's `main`. */
  readonly url: string
  /** Whether this call made the bundle (none was current). */
  readonly built: boolean
}

export function cliBundle(rootUrl: URL, cacheDir?: string): Promise<Bundle | undefined>
