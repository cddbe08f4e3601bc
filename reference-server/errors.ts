/**
 * Catalog errors and the one table that maps each to its HTTP status and Iceberg error `type`
 *. Handlers and the metadata builder throw these; only the HTTP adapter turns them
 * into the error envelope `{ error: { message, type, code } }`.
 */
export class CatalogError extends Error {
  readonly status: number
  readonly type: string
  constructor(status: number, type: string, message: string) {
    super(message)
    this.status = status
    this.type = type
    this.name = type
  }
}

const kind =
  (status: number, type: string) =>
  (message: string): CatalogError =>
    new CatalogError(status, type, message)

/** 400: malformed body, failed validation, unknown requirement/update kind. */
export const badRequest = kind(400, 'BadRequestException')
/** 400 for an update that cannot apply to the metadata (Java: ValidationException → 400). */
export const validationFailed = kind(400, 'ValidationException')
/**
 * 400 for an argument a Java catalog checks with a precondition. The type is Java's name for that failure:
 * Iceberg's Java client turns a 400 of this type back into an IllegalArgumentException (any other 400 is a
 * BadRequestException), which its catalog tests expect.
 */
export const illegalArgument = kind(400, 'IllegalArgumentException')
export const notAuthorized = kind(401, 'NotAuthorizedException')
export const forbidden = kind(403, 'ForbiddenException')
export const noSuchNamespace = kind(404, 'NoSuchNamespaceException')
export const noSuchTable = kind(404, 'NoSuchTableException')
export const noSuchView = kind(404, 'NoSuchViewException')
export const noSuchPlanId = kind(404, 'NoSuchPlanIdException')
export const noSuchPlanTask = kind(404, 'NoSuchPlanTaskException')
export const noSuchWarehouse = kind(404, 'NoSuchWarehouseException')
export const notFound = kind(404, 'NotFoundException')
export const methodNotAllowed = kind(405, 'MethodNotAllowedException')
export const unsupported = kind(406, 'UnsupportedOperationException')
export const alreadyExists = kind(409, 'AlreadyExistsException')
export const namespaceNotEmpty = kind(409, 'NamespaceNotEmptyException')
/** 409: a commit requirement failed; nothing was applied. */
export const commitFailed = kind(409, 'CommitFailedException')
export const authenticationTimeout = kind(419, 'AuthenticationTimeoutException')
export const unprocessable = kind(422, 'UnprocessableEntityException')
export const internal = kind(500, 'InternalServerError')
export const noSuchFunction = kind(404, 'NoSuchFunctionException')
