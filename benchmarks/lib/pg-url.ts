/** The PostgreSQL the benchmarks use (a module of its own: bench:import's children load no more than the import). */
export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
