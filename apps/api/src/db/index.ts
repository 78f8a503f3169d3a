export { createDatabase, type Database, type DatabaseOptions, type Queryable } from './database.ts'
export { type Migration, migrate } from './migrate.ts'
