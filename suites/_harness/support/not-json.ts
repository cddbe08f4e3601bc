/**
 * The plain body that is not JSON, one definition for the rule that judges it (errors/malformed-json-400) and the
 * robustness property that looks further (robustness/malformed-json/4xx), which first sends it to learn whether that
 * rule already carries the server's answer to such a body.
 */

/** errors/malformed-json-400's body: a createNamespace cut short. The run prefix in it lets the write guard pass it. */
export function truncatedCreateNamespace(runPrefix: string): string {
  return `{"namespace": ["${runPrefix}_bad"`
}

/** The rule that judges the plain body: exactly 400, named for "invalid json". */
export const MALFORMED_JSON_RULE = 'errors/malformed-json-400'

/**
 * The shortest text that is not JSON, which every run of robustness/generated/<operation> tries first: a 5xx to it
 * fails that rule, for that operation.
 */
export const OPEN_BRACE = '{'
