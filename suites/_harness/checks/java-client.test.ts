import { describe, expect, it } from 'vitest'
import { javaClientException, javaDispatchMismatch } from './java-client.ts'

describe('javaClientException (Iceberg 1.11 ErrorHandlers)', () => {
  it('tells a missing namespace from a missing table on table operations only by the exact type', () => {
    expect(javaClientException('loadTable', 404, 'NoSuchNamespaceException')).toBe('NoSuchNamespaceException')
    expect(javaClientException('loadTable', 404, 'NotFoundError')).toBe('NoSuchTableException')
    expect(javaClientException('renameTable', 404, 'NotFoundException')).toBe('NotFoundException')
    expect(javaClientException('createView', 404, 'NoSuchNamespace')).toBe('NoSuchViewException')
  })

  it('maps by status where the handler ignores the type', () => {
    expect(javaClientException('listTables', 404, 'NotFoundError')).toBe('NoSuchNamespaceException')
    expect(javaClientException('createTable', 404, 'Whatever')).toBe('NoSuchNamespaceException')
    expect(javaClientException('dropNamespace', 409, 'ConflictError')).toBe('NamespaceNotEmptyException')
    expect(javaClientException('updateTable', 409, 'ConflictError')).toBe('CommitFailedException')
    expect(javaClientException('updateTable', 503, 'x')).toBe('CommitStateUnknownException')
    expect(javaClientException('replaceView', 404, 'x')).toBe('NoSuchViewException')
  })
})

describe('javaDispatchMismatch', () => {
  it('reports a type that sends the client down the wrong branch, with the type that would not', () => {
    expect(javaDispatchMismatch('renameTable', 404, 'NotFoundError', /NoSuchNamespace/)).toEqual({
      raised: 'NoSuchTableException',
      couldBe: 'NoSuchNamespaceException',
    })
    expect(javaDispatchMismatch('planTableScan', 404, 'NotFound', /NoSuchTable/)).toEqual({
      raised: 'NoSuchPlanIdException',
      couldBe: 'NoSuchTableException',
    })
  })

  it('never reports where the client does not look at the type, or the type is right', () => {
    expect(
      javaDispatchMismatch('updateProperties', 422, 'ValidationError', /UnprocessableEntity/),
    ).toBeUndefined()
    expect(javaDispatchMismatch('dropNamespace', 409, 'ConflictError', /NamespaceNotEmpty/)).toBeUndefined()
    expect(javaDispatchMismatch('loadTable', 404, 'NotFoundError', /NoSuchTable/)).toBeUndefined()
    expect(
      javaDispatchMismatch('loadTable', 404, 'NoSuchNamespaceException', /NoSuch(Table|Namespace)/),
    ).toBeUndefined()
    expect(javaDispatchMismatch('getToken', 400, 'invalid_client', /BadRequest/)).toBeUndefined()
  })
})
