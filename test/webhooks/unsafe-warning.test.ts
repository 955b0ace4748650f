import t from 'tap';
import { pino } from 'pino';
import { openStore } from '../../storage/store.ts';
import { toConfig } from '../../src/core/config.ts';
import { createCursorCodec } from '../../src/http/cursor-codec.ts';
import { createDeliveryWorker } from '../../src/webhooks/delivery-worker.ts';

t.test(
  'a delivery worker with the unsafe setting says so loudly, even without the HTTP app (`worker` processes)',
  async (t) => {
    const store = await openStore({ inMemory: true });
    t.teardown(() => store.close());
    const lines: any[] = [];
    const log = pino(
      { level: 'info' },
      {
        write: (l: string) => {
          lines.push(JSON.parse(l));
        },
      },
    );
    const services = { store, log, cursors: createCursorCodec('x'), wake: () => {} };
    createDeliveryWorker({
      ...services,
      config: toConfig({ UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1', DATA_DIR: '/tmp/wi-test-unused' }),
    });
    t.match(lines, [{ level: 40, setting: 'UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS', msg: /UNSAFE/ }]);
    lines.length = 0;
    createDeliveryWorker({ ...services, config: toConfig({ DATA_DIR: '/tmp/wi-test-unused' }) });
    t.same(lines, [], 'nothing when the setting is off');
  },
);
