/**
 * A sign-in flood: many parallel wrong sign-ins from one client address (::1), while a real
 * user signs in from another (127.0.0.1). The server listens on '::' so both reach it as two
 * different addresses. At the default scrypt cost (17) unless told otherwise.
 */
import { ADMIN, request, removeDir, serverEnv, sleep, startServer, stopServer, tempDir, viaV4, viaV6 } from './lib.mjs';

function signInRequest(base, email, password, timeoutMs) {
  return request(base, {
    method: 'POST',
    path: '/api/auth/sign-in',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
    timeoutMs,
  });
}

/**
 * @param {{count?: number, scryptCost?: number, legitimateTries?: number, spread?: 'one-account' | 'many-accounts', timeoutMs?: number, log?: (line: string) => void}} options
 *   scryptCost undefined: the server's default (17).
 */
export async function signInFlood({ count = 1000, scryptCost, legitimateTries = 5, spread = 'one-account', timeoutMs = 120_000, log = () => {} } = {}) {
  const dataDir = tempDir();
  const server = await startServer(
    serverEnv(dataDir, {
      HOST: '::',
      SCRYPT_COST: scryptCost === undefined ? undefined : String(scryptCost),
      // Every request of the burst reaches the server at once, instead of being cut at the cap.
      MAX_CONNECTIONS_PER_ADDRESS: String(count + 64),
    }),
  );
  let crashed = false;
  server.child.on('exit', () => (crashed = true));
  const legit = viaV4(server.port);
  const attacker = viaV6(server.port);
  try {
    // Idle baseline: the real user's sign-in with nobody else around.
    const idle = [];
    for (let i = 0; i < 3; i++) idle.push((await signInRequest(legit, ADMIN.email, ADMIN.password, timeoutMs)).ms);

    const floodStarted = performance.now();
    let floodDone = 0;
    const flood = Array.from({ length: count }, (_, i) => {
      const email = spread === 'one-account' ? ADMIN.email : `nobody${i}@example.com`;
      return signInRequest(attacker, email, `wrong-guess-${i}`, timeoutMs).then((answer) => {
        floodDone++;
        return answer;
      });
    });
    // The burst is on the wire; then the real user signs in, a few times in a row.
    await sleep(50);
    const during = [];
    const legitStatuses = [];
    const connects = [];
    for (let i = 0; i < legitimateTries; i++) {
      const answer = await signInRequest(legit, ADMIN.email, ADMIN.password, timeoutMs);
      during.push(answer.ms);
      connects.push(answer.connectMs);
      legitStatuses.push(answer.status);
      if (floodDone === count) break;
    }
    const answers = await Promise.all(flood);
    const floodMs = performance.now() - floodStarted;
    const statuses = {};
    for (const answer of answers) statuses[answer.status || answer.error] = (statuses[answer.status || answer.error] ?? 0) + 1;
    // After it all, the real user still gets in, and the server is up.
    const after = await signInRequest(legit, ADMIN.email, ADMIN.password, timeoutMs);
    const result = {
      count,
      spread,
      scryptCost: scryptCost ?? 17,
      idleSignInMs: Math.min(...idle),
      legitimateSignInMs: during,
      legitimateMaxMs: Math.max(...during),
      legitimateConnectMs: connects,
      legitimateStatuses: legitStatuses,
      legitimateAllOk: legitStatuses.every((status) => status === 200),
      floodStatuses: statuses,
      floodHashed: statuses[422] ?? 0,
      floodRefused: statuses[429] ?? 0,
      floodSeconds: floodMs / 1000,
      afterStatus: after.status,
      crashed,
    };
    log(`  flood (${spread}): real sign-in ${result.legitimateMaxMs.toFixed(0)} ms during ${count} wrong sign-ins (${JSON.stringify(statuses)})`);
    return result;
  } finally {
    await stopServer(server);
    removeDir(dataDir);
  }
}
