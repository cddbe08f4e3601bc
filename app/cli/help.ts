/**
 * `--help` per command: what it does, its options with their defaults, the areas and profiles a run can name, and
 * examples. `catalog-conformance --help` is the overview; `catalog-conformance <command> --help` the command's page.
 */
import { PROFILE_NAMES } from '../../schemas/profiles.ts'
import {
  CLEANUP_OPTIONS,
  DEFAULTS,
  OPTION_NAMES,
  OPTION_SPECS,
  envName,
  kebabName,
} from '../config/options.ts'
import type { OptionName, Options } from '../config/options.ts'
import { knownAreas } from '../config/validate.ts'
import type { Command } from './args.ts'

const OVERVIEW = [
  'Usage: catalog-conformance <command> [options]      (run is the default command)',
  '',
  'Commands:',
  '  run        certify a catalog (default: the bundled reference server) and write the reports',
  '  serve      start the bundled reference server for client developers',
  '  cleanup    remove what interrupted runs left in a catalog',
  '  report     diff, check, render, validate, merge, compare results.json files or write their defects',
  '  targets    list the known targets (--target NAME)',
  '  rules      list the rules judged, with level, source, quoted sentence and basis',
  '',
  'catalog-conformance <command> --help shows a command’s options, defaults and examples.',
  'Exit codes: 0 conformant, 1 nonconformant (a MUST failed), 2 harness or configuration error.',
]

function optionLines(names: readonly OptionName[]): string[] {
  return names.map((name) => {
    const spec = OPTION_SPECS[name]
    const flag = `--${kebabName(name)}${spec.type === 'boolean' ? '' : spec.type === 'list' ? ' V…' : ' V'}`
    const def = (DEFAULTS as Options)[name]
    return `  ${flag.padEnd(26)} ${spec.description}${def !== undefined ? ` [default: ${String(def)}]` : ''}`
  })
}

const RUN_EXAMPLES = [
  'Examples:',
  '  catalog-conformance run                                   # the bundled reference server',
  '  catalog-conformance run --url http://localhost:8181 --warehouse demo --token "$TOKEN"',
  '  catalog-conformance run --url https://catalog.example.com --client-id me --client-secret "$SECRET"',
  '  catalog-conformance run --target iceberg-rest-fixture --include namespaces,tables --profile 1.10',
  '  catalog-conformance run --image apache/iceberg-rest-fixture:1.10.1     # a catalog image, through testcontainers',
  '  catalog-conformance run --url … --shard 1/3 --report-dir out/1   # one of three CI machines',
]

const PAGES: Partial<Record<Command, () => string[]>> = {
  run: () => [
    'Usage: catalog-conformance run [options]',
    '',
    'Certifies a catalog against the Iceberg REST spec and writes results.json, report.html, summary.md, junit.xml',
    'and badge.svg. Every option is also an environment variable (CATALOG_CONFORMANCE_<NAME>, e.g.',
    `${envName('clientSecret')}) and a key of the YAML file given with --config; flags > environment > file > defaults.`,
    '',
    'Options:',
    ...optionLines(OPTION_NAMES),
    '',
    `Areas (--include/--exclude): ${knownAreas().join(', ')}`,
    `Profiles (--profile): ${PROFILE_NAMES.join(', ')}`,
    '',
    ...RUN_EXAMPLES,
  ],
  cleanup: () => [
    'Usage: catalog-conformance cleanup --url URL [--prefix P] [--warehouse W] [--namespace-parent a.b] [auth options]',
    '',
    'Removes the namespaces (and their tables and views) that earlier, interrupted runs left in a catalog: only',
    'names of the harness’s run prefix, never anything else; with --namespace-parent, those the runs made under it.',
    '',
    'Options:',
    ...optionLines(CLEANUP_OPTIONS),
    '',
    'Example:',
    '  catalog-conformance cleanup --url http://localhost:8181 --token "$TOKEN"',
  ],
  report: () => [
    'Usage: catalog-conformance report <subcommand> …',
    '',
    '  report diff A.json B.json                      what changed between two runs (exit 1 on a new failure)',
    '  report check results.json --expect FILE        compare a run with an expectations file',
    '  report check results.json --write FILE         update an expectations file (reasons and comments kept)',
    '  report render results.json [DIR]               write report.html, summary.md, junit.xml and badge.svg',
    '  report validate results.json …                 check files against the results.json schema',
    '  report merge shard1.json shard2.json … [--out DIR]   combine the shards of one certification',
    '  report matrix [LABEL=]results.json … [--out DIR]     a compatibility matrix of many targets',
    '  report defects [LABEL=]results.json [[LABEL=]other.json …] [--upstream FILE] [--out DIR]',
    '                                                 one Markdown issue per defect of the first run (violations',
    '                                                 grouped by answer) and a README.md index; each says which',
    '                                                 of the runs given (releases, report matrix inputs) saw it,',
    '                                                 and the upstream issues FILE names (docs/defects/upstream.yaml)',
  ],
  serve: () => [
    'Usage: catalog-conformance serve [--port P] [--host H] [--prefix P] [--warehouse W] [--warehouse-dir DIR]',
    '                                 [--token T] [--read-only-token T] [--expired-token T]',
    '                                 [--client-id ID --client-secret S] [--fault NAME] [--profile document]',
    '                                 [--in-memory] [--plans-async]',
    '',
    'Starts the bundled reference server, for developers of clients: the whole REST spec, with defaults the',
    'widely used clients (Spark, DuckDB, PyIceberg, Java) work with as they are: a file warehouse in a fresh',
    'temporary folder, whose path is printed at start and which is removed when serve stops, and scan plans',
    'completed at once. Ctrl+C stops it. An option serve does not use is an error.',
    '',
    'Options:',
    '  --port P                   port to listen on [default: 8181]',
    '  --host H                   address to listen on [default: 127.0.0.1]',
    "  --prefix P                 the {prefix} path segment advertised in /v1/config; '' for none [default: ref]",
    '  --warehouse W              the one warehouse name /v1/config accepts [default: reference]',
    '  --warehouse-dir DIR        the warehouse folder, kept after serve stops: metadata files go under DIR,',
    '                             clients write data files there too, and server-side scan planning reads',
    '                             their manifests from there [default: a fresh temporary folder]',
    '  --in-memory                keep metadata files in memory (memory:// locations, which no client can',
    '                             write data files to): for catalog-only clients',
    '  --plans-async              answer scan plans "submitted", completed by the first fetch, so a client',
    '                             polls them (PyIceberg 0.12 cannot) [default: "completed" at once]',
    '  --token T                  a bearer token that may read and write (with any auth option, every request needs one)',
    '  --read-only-token T        a bearer token whose writes get 403',
    '  --expired-token T          a bearer token that is expired (401; 419 with --profile document)',
    '  --client-id ID             an OAuth2 client (client-credentials at /v1/oauth/tokens), with --client-secret',
    '  --fault NAME               serve with one negative-control fault (names in docs/negative-controls.md)',
    "  --profile document         the original document's extras (vended credentials also as `token`, 419)",
    '',
    'Examples:',
    '  catalog-conformance serve --port 8181 --token dev-token',
    "  catalog-conformance serve --prefix '' --client-id app --client-secret s3cret",
    '  catalog-conformance serve --fault ns-drop-not-empty-allowed',
    '  catalog-conformance serve --warehouse-dir /tmp/wh --plans-async',
  ],
  targets: () => [
    'Usage: catalog-conformance targets [NAME …]',
    '',
    'Lists the known targets of --target NAME, or only those named.',
  ],
  rules: () => [
    'Usage: catalog-conformance rules [RULE…] [--format md|json] [--profile P]',
    '',
    'Lists every rule the harness judges: level, introduced-in, public source (at the profile’s release) and the',
    'sentence it enforces, the basis its level rests on (must, schema, documented-response, should, may, none),',
    'its tests and the negative controls that prove it. docs/rules.md is its Markdown.',
    'Rule ids (as a failure names them) or their start (tables/drop) list only those rules.',
    `Profiles: ${PROFILE_NAMES.join(', ')}`,
  ],
}

/** The help text for `command` (the overview for none, `help` and commands with a page of their own elsewhere). */
export function helpFor(command: Command | undefined): string {
  const page = command && command !== 'help' ? PAGES[command] : undefined
  return (page ? page() : OVERVIEW).join('\n')
}
