import t from 'tap';
import { postgresFactory } from '../helpers/stores.ts';
import { runStorageContract } from '../contract/storage-contract.ts';

const factory = await postgresFactory('storage');
if (factory) runStorageContract(t, factory);
else t.pass('PostgreSQL unreachable outside CI: skipped (see message above)');
