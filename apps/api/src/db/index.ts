export {
  createDatabase,
  type Database,
  type DatabaseOptions,
  lazyDatabase,
  type Queryable,
} from './database.ts'
export { type Migration, migrate, migrateOnce } from './migrate.ts'
