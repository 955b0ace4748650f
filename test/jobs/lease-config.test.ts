import t from 'tap';
import { toConfig } from '../../src/core/config.ts';

t.test('lease and heartbeat settings', async (t) => {
  const base = { DATA_DIR: '/tmp/wi-test-unused' };
  t.match(
    toConfig(base),
    { leaseSeconds: 10, heartbeatSeconds: 2 },
    'a dead worker is replaced within 15 s by default',
  );
  t.match(toConfig({ ...base, JOB_LEASE_SECONDS: '60' }), { leaseSeconds: 60, heartbeatSeconds: 15 });
  t.match(toConfig({ ...base, JOB_LEASE_SECONDS: '30', JOB_HEARTBEAT_SECONDS: '10' }), { heartbeatSeconds: 10 });
  t.throws(() => toConfig({ ...base, JOB_LEASE_SECONDS: '10', JOB_HEARTBEAT_SECONDS: '4' }), /JOB_HEARTBEAT_SECONDS/);
});
