// Lint config: typescript-eslint's recommended rules over every TypeScript file of the project, and the layer
// rules of ARCHITECTURE.md: an import that crosses a layer the wrong way is an error.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** Import patterns (gitignore style, matched against the import specifier) that a layer must not use. */
const ANY = (dir) => [`**/${dir}`, `**/${dir}/**`]
const layer = (files, forbidden, message, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }, ...extra] }],
  },
})

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'reports/out/**',
      'bench/out/**',
      'fixtures/targets/**/target/**',
      'fixtures/clients/**/target/**',
      'clients/**/target/**',
      '.tmp/**',
      'clients/**/.venv*/**',
      // what `npm run build` emits next to the sources (npm pack)
      '{app,suites,reference-server,schemas,reports,controls}/**/*.js',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The neutral model (spec shapes, Iceberg model, rules catalog) depends on nothing of ours.
  layer(
    ['schemas/**/*.ts'],
    [...ANY('reference-server'), ...ANY('suites'), ...ANY('app'), ...ANY('reports'), ...ANY('controls')],
    'schemas/ is the neutral model: it imports nothing of the judge, the server, the reports or the application.',
  ),
  // The defendant never reads the judge, and the judge never reads the defendant.
  layer(
    ['reference-server/**/*.ts'],
    [...ANY('suites'), ...ANY('app'), ...ANY('reports'), ...ANY('controls')],
    'reference-server/ imports only schemas/ (the neutral model).',
  ),
  layer(
    ['suites/**/*.ts'],
    [...ANY('reference-server'), ...ANY('app'), ...ANY('reports'), ...ANY('controls'), ...ANY('bench')],
    'The judge (suites/) imports only schemas/: shared Iceberg knowledge goes to schemas/model/, never the reference server.',
  ),
  // Reports read the results model only.
  layer(
    ['reports/**/*.ts'],
    [...ANY('reference-server'), ...ANY('app'), ...ANY('controls')],
    'reports/ depends on the results model (suites/_harness/results/) and schemas/ only.',
    [
      {
        regex: '(^|/)suites/(?!_harness/results/)',
        message: 'reports/ depends on the results model (suites/_harness/results/) and schemas/ only.',
      },
    ],
  ),
)
