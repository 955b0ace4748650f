import t from 'tap';
import { embeddedFactory } from '../helpers/stores.ts';
import { runStorageContract } from '../contract/storage-contract.ts';

runStorageContract(t, embeddedFactory());
