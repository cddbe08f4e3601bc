// Fails when an operation, requirement kind, update kind or component of the spec has no schema.
import { describe, expect, it } from 'vitest'
import { OPERATION_IDS, OPERATIONS } from './operations.ts'
import { hasSchema, validate } from './index.ts'
import {
  TABLE_REQUIREMENT_KINDS,
  TABLE_UPDATE_KINDS,
  VIEW_REQUIREMENT_KINDS,
  VIEW_UPDATE_KINDS,
} from './model/kinds.ts'

// Requirement kinds of the REST OpenAPI document.
const TABLE_REQUIREMENTS = [
  'assert-create',
  'assert-table-uuid',
  'assert-ref-snapshot-id',
  'assert-last-assigned-field-id',
  'assert-current-schema-id',
  'assert-last-assigned-partition-id',
  'assert-default-spec-id',
  'assert-default-sort-order-id',
]
const VIEW_REQUIREMENTS = ['assert-view-uuid']
// TableUpdate actions of the REST OpenAPI releases (23 actions + enable-row-lineage) and the original document (append).
const TABLE_UPDATES = [
  'assign-uuid',
  'upgrade-format-version',
  'add-schema',
  'set-current-schema',
  'add-spec',
  'set-default-spec',
  'add-sort-order',
  'set-default-sort-order',
  'add-snapshot',
  'set-snapshot-ref',
  'remove-snapshots',
  'remove-snapshot-ref',
  'set-location',
  'set-properties',
  'remove-properties',
  'set-statistics',
  'remove-statistics',
  'set-partition-statistics',
  'remove-partition-statistics',
  'remove-partition-specs',
  'remove-schemas',
  'add-encryption-key',
  'remove-encryption-key',
  'enable-row-lineage',
  'append',
]
// ViewUpdate actions of the REST OpenAPI document.
const VIEW_UPDATES = [
  'assign-uuid',
  'upgrade-format-version',
  'add-schema',
  'set-location',
  'set-properties',
  'remove-properties',
  'add-view-version',
  'set-current-view-version',
]
// The components the REST OpenAPI document names.
const COMPONENTS =
  `IcebergErrorResponse ErrorModel CatalogConfig CreateNamespaceRequest CreateNamespaceResponse
  GetNamespaceResponse ListNamespacesResponse UpdateNamespacePropertiesRequest UpdateNamespacePropertiesResponse
  Namespace TableIdentifier CatalogObjectIdentifier PageToken CreateTableRequest LoadTableResult CommitTableRequest
  CommitTableResponse RegisterTableRequest RenameTableRequest ListTablesResponse TableMetadata Schema StructType
  StructField ListType MapType Type PrimitiveType VariantType PrimitiveTypeValue PartitionSpec PartitionField
  Transform SortOrder SortField SortDirection NullOrder Snapshot SnapshotReference SnapshotReferences SnapshotLog
  MetadataLog StatisticsFile BlobMetadata PartitionStatisticsFile EncryptedKey TableRequirement TableUpdate
  CreateViewRequest LoadViewResult ViewMetadata ViewVersion ViewRepresentation SQLViewRepresentation
  ViewHistoryEntry ViewRequirement ViewUpdate CommitViewRequest RegisterViewRequest CommitTransactionRequest
  ReportMetricsRequest ScanReport CommitReport Metrics MetricResult CounterResult TimerResult StorageCredential
  LoadCredentialsResponse PlanTableScanRequest PlanTableScanResult FetchPlanningResult FetchScanTasksRequest
  FetchScanTasksResult FileScanTask ContentFile DataFile DeleteFile PositionDeleteFile EqualityDeleteFile
  FileFormat CountMap ValueMap FieldName PlanTask PlanStatus ScanTasks CompletedPlanningResult
  CompletedPlanningWithIDResult AsyncPlanningResult EmptyPlanningResult FailedPlanningResult Expression
  AndOrExpression NotExpression SetExpression LiteralExpression UnaryExpression TrueExpression FalseExpression
  Term TransformTerm Predicate AndOrPredicate NotPredicate UnaryPredicate ComparisonPredicate SetPredicate
  ValueExpression Literal Literals Reference IdReference NamedReference Apply FunctionArgument ExpressionType
  RemoteSignRequest RemoteSignResult RemoteSigningConfig MultiValuedMap OAuthTokenRequest
  OAuthClientCredentialsRequest OAuthTokenExchangeRequest OAuthTokenResponse OAuthError TokenType
  ListFunctionsResponse LoadFunctionResult FunctionMetadata FunctionDefinition FunctionParameter FunctionDataType
  FunctionDefinitionVersion FunctionRepresentation FunctionSQLRepresentation FunctionDefinitionLogEntry
  FunctionDefinitionVersionRef UnregisterTableResult`.split(/\s+/)

const unknownTag = (name: string, value: unknown): boolean =>
  validate(name, value).errors.some((e) => e.keyword === 'discriminator' && e.instancePath === '')

describe('schema coverage', () => {
  it.each(OPERATION_IDS)('operation %s has its request and response schemas', (id) => {
    const op = OPERATIONS[id]
    if (op.request) expect(hasSchema(op.request), op.request).toBe(true)
    if (op.success.schema) expect(hasSchema(op.success.schema), op.success.schema).toBe(true)
    // Every error status has a body schema: the wrapped envelope.
    expect(hasSchema('IcebergErrorResponse')).toBe(true)
  })

  it.each(TABLE_REQUIREMENTS)('table requirement %s has a schema in the TableRequirement union', (kind) => {
    const name = TABLE_REQUIREMENT_KINDS[kind as keyof typeof TABLE_REQUIREMENT_KINDS]
    expect(name && hasSchema(name)).toBe(true)
    expect(unknownTag('TableRequirement', { type: kind })).toBe(false)
  })

  it.each(VIEW_REQUIREMENTS)('view requirement %s has a schema in the ViewRequirement union', (kind) => {
    const name = VIEW_REQUIREMENT_KINDS[kind as keyof typeof VIEW_REQUIREMENT_KINDS]
    expect(name && hasSchema(name)).toBe(true)
    expect(unknownTag('ViewRequirement', { type: kind })).toBe(false)
  })

  it.each(TABLE_UPDATES)('table update %s has a schema in the TableUpdate union', (kind) => {
    const name = TABLE_UPDATE_KINDS[kind as keyof typeof TABLE_UPDATE_KINDS]
    expect(name && hasSchema(name)).toBe(true)
    expect(unknownTag('TableUpdate', { action: kind })).toBe(false)
  })

  it.each(VIEW_UPDATES)('view update %s has a schema in the ViewUpdate union', (kind) => {
    const name = VIEW_UPDATE_KINDS[kind as keyof typeof VIEW_UPDATE_KINDS]
    expect(name && hasSchema(name)).toBe(true)
    expect(unknownTag('ViewUpdate', { action: kind })).toBe(false)
  })

  it('the unions reject a kind no release defines (the check can fail)', () => {
    expect(unknownTag('TableUpdate', { action: 'add-view-version' })).toBe(true)
    expect(unknownTag('ViewUpdate', { action: 'add-snapshot' })).toBe(true)
    expect(unknownTag('TableRequirement', { type: 'assert-view-uuid' })).toBe(true)
  })

  it('the kind tables list exactly the kinds above', () => {
    expect(Object.keys(TABLE_REQUIREMENT_KINDS).sort()).toEqual([...TABLE_REQUIREMENTS].sort())
    expect(Object.keys(TABLE_UPDATE_KINDS).sort()).toEqual([...TABLE_UPDATES].sort())
    expect(Object.keys(VIEW_UPDATE_KINDS).sort()).toEqual([...VIEW_UPDATES].sort())
  })

  it.each(COMPONENTS)('component %s has a schema', (name) => {
    expect(hasSchema(name)).toBe(true)
  })
})
