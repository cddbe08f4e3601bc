/**
 * The starting state of every model run: namespace `a` holding tables `t1` and `t2`, created through the commands
 * themselves so that the model and the server agree from the first step, and so that short command
 * sequences already reach commits, renames and drops of existing tables, and listings of more than one. The runs
 * create it ahead of time (suites/stateful/catalog-model.test.ts), so its requests are off the run's chain.
 */
import { CatalogModel } from './catalog-model.ts'
import type { RealCatalog } from './catalog-model.ts'
import { CreateNamespace } from './namespace-commands.ts'
import { CreateTable } from './table-commands.ts'

export async function initialState(real: RealCatalog): Promise<{ model: CatalogModel; real: RealCatalog }> {
  const model = new CatalogModel()
  await new CreateNamespace('a', {}).run(model, real)
  await new CreateTable('a', 't1').run(model, real)
  await new CreateTable('a', 't2').run(model, real)
  return { model, real }
}
