import { test } from 'node:test';
import { TestClient } from './support/client.js';
import { startTestServer } from './support/harness.js';
import { signIn } from './support/users.js';
test('probe', async () => {
  const ts = await startTestServer({ env: { DELIVERY_WEBHOOK_SECRET: 'x'.repeat(20) } });
  const a = new TestClient(ts.url);
  const p = async (label: string, r: Promise<Response>) => { const res = await r; console.log(label, res.status, (await res.text()).slice(0, 120)); };
  await p('draft', a.put('/api/waitlist/draft', { firstName: 'a\u0000b' }));
  await p('wl', a.post('/api/waitlist', { email: 'x@example.com', firstName: 'a\u0000b', lastName: 'c', phoneNumber: '+1 555 010 9999' }));
  await p('wl-sur', a.post('/api/waitlist', { email: 'y@example.com', firstName: 'a\ud800b', lastName: 'c', phoneNumber: '+1 555 010 9999' }));
  const u = await signIn(ts, 'u@example.com');
  await p('fb', u.post('/api/feedback', { digestId: 'a\u0000', rating: 3 }));
  await p('fb2', u.post('/api/feedback', { digestId: 'abc', rating: 3, comment: 'a\u0000' }));
  await p('q', u.get('/api/digests?q=a%00b'));
  await p('wh', a.request('POST', '/api/delivery/webhook', { json: { type: 'bounce', messageId: 'a\u0000', detail: 'x\u0000' }, headers: { authorization: 'Bearer ' + 'x'.repeat(20) } }));
  await p('prefs', u.post('/api/user/preferences', { firstName: 'a\u0000' }));
  await ts.close();
});
