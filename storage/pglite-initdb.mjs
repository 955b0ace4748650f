// Creates a new embedded database directory (PGlite's initdb) in a process of its own: initdb runs a second
// WebAssembly instance whose memory (about 0.7 GB at its peak) a process keeps once grown, so the store's own
// process opens a fresh directory at the size of an existing one. Usage: node pglite-initdb.mjs <dir>
import { PGlite } from '@electric-sql/pglite';

const pg = new PGlite(process.argv[2]);
await pg.waitReady;
await pg.close();
