/**
 * The status a check expects where the spec leaves the exact one open. The answer's own status when it falls in the
 * open range, else `due`, the status the failure message names. Only the status seen is recorded as judged (spec
 * coverage), never the whole range.
 */

/** A 2xx. */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300

/** A 4xx: a refusal. */
export const isClientError = (status: number): boolean => status >= 400 && status < 500

/** Any 4xx refuses: the answer's status when it is one, else `due`. */
export const anyClientError = (status: number, due = 400): number => (isClientError(status) ? status : due)

/** Any answer but a server error (a success, a redirect, a 304, a 4xx): the answer's status, else `due`. */
export const anyAnswer = (status: number, due = 400): number => (status > 0 && status < 500 ? status : due)

/**
 * Any success: the answer's status when it is a 2xx, else `due`. For a case whose documented success another rule
 * judges (a rename into another namespace, a drop of a namespace emptied before): a 200 for a documented 204 is one
 * defect, failed once, by that rule.
 */
export const anySuccess = (status: number, due: number): number => (isSuccess(status) ? status : due)
