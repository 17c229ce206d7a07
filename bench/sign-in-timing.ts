/**
 * Whether the sign-in answers' time tells who may sign in (docs/decisions/020 and 503): in SIGNUP_MODE=invite,
 * an address with an account and one without ask for a sign-in email and then try wrong codes, interleaved (the
 * order swapped every round), on one server. The figure is the ratio of their medians: near 1, with the order
 * of the two flipping between runs, means the difference is below the machine's noise.
 */
import { startTestServer } from '../server/test/support/harness.js';
import { UsersService } from '../server/src/modules/users/users.service.js';

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 60);
const WARM_UP_ROUNDS = 5;
/** Wrong tries per request: fewer than the 5 a code allows, so every try takes the "not right" path. */
const TRIES_PER_REQUEST = 4;

type Who = 'member' | 'stranger';

export async function benchSignInTiming(): Promise<Array<Record<string, string>>> {
  const ts = await startTestServer({ env: { SIGNUP_MODE: 'invite' } });
  try {
    await new UsersService(ts.orm.em.fork()).findOrCreate('member@example.com', { now: ts.clock.now() });
    const post = async (path: string, body: unknown): Promise<{ status: number; ms: number }> => {
      const started = process.hrtime.bigint();
      const res = await fetch(`${ts.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.text();
      return { status: res.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const times = {
      request: { member: [] as number[], stranger: [] as number[] },
      code: { member: [] as number[], stranger: [] as number[] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order: Who[] = round % 2 ? ['member', 'stranger'] : ['stranger', 'member'];
      for (const who of order) {
        const r = await post('/api/login', { email: `${who}@example.com` });
        if (r.status !== 200) throw new Error(`POST /api/login for the ${who}: ${r.status}`);
        if (round >= WARM_UP_ROUNDS) times.request[who].push(r.ms);
      }
      await ts.mailFolder();
      for (let i = 0; i < TRIES_PER_REQUEST; i++) {
        for (const who of order) {
          const r = await post('/api/login/code', { email: `${who}@example.com`, code: '1111 2222' });
          if (r.status !== 400) throw new Error(`a wrong code for the ${who}: ${r.status}`);
          if (round >= WARM_UP_ROUNDS) times.code[who].push(r.ms);
        }
      }
    }
    const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
    return (['request', 'code'] as const).map((kind) => {
      const { member, stranger } = times[kind];
      return {
        benchmark: kind === 'request' ? 'POST /api/login' : 'POST /api/login/code, wrong code',
        answers: String(member.length + stranger.length),
        'median ms, may sign in': quantile(member, 0.5).toFixed(2),
        'median ms, may not': quantile(stranger, 0.5).toFixed(2),
        'p90 ms, may sign in / may not': `${quantile(member, 0.9).toFixed(2)} / ${quantile(stranger, 0.9).toFixed(2)}`,
        'ratio of medians': (quantile(member, 0.5) / quantile(stranger, 0.5)).toFixed(3),
      };
    });
  } finally {
    await ts.close();
  }
}
