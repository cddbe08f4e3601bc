/** A folder the CLI writes into, checked when the command starts rather than when it first writes. */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { HarnessError } from '../../suites/_harness/results/errors.ts'

/** `dir`, created if missing; a HarnessError (exit 2) naming `flag` if it is a file or cannot be written. */
export function writableDir(dir: string, flag: string, what: string): string {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const why =
      code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : (code ?? (e as Error).message)
    throw new HarnessError(`${flag} ${dir}: cannot write ${what} there (${why})`)
  }
  return dir
}
