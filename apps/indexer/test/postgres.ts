/** The throwaway PostgreSQL server now lives with the shared test fixture (@oxbow/devnet). */
export { postgresSkipReason, startTestPostgres, type TestPostgres } from '@oxbow/devnet'
