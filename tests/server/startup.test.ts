/** The entry point as `npm start` runs it, settings from the environment, and the demo filler. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { fillDemo, isEmptyForDemo } from '../../src/server/demo-fill.ts';
import { DEMO_PASSWORD } from '../../src/server/demo-data.ts';
import { settingsFromEnv } from '../../src/server/settings.ts';
import { isTrusted, parseProxyList } from '../../src/server/sso/proxy-addresses.ts';
import { parseRoleRules, roleFor } from '../../src/server/sso/roles.ts';
import { startTestServer } from './helpers.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-startup-'));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = settingsFromEnv({});
    expect(s).toMatchObject({ port: 3000, host: '127.0.0.1', apiBase: '/api', adminFirstName: 'Admin', adminLastName: 'User', sessionIdleHours: 12, sessionMaxDays: 7, corsOrigins: [], scryptCost: 17 });
    expect(s.dataDir).toBe(path.resolve('data'));
    expect(s.distDir).toBe(path.resolve('dist'));
    expect(s.adminPassword).toBeUndefined();
    expect(s).toMatchObject({ smtpUrl: '', smtpRequireTls: false, publicUrl: '' });
    expect(s.mailFrom).toMatch(/^Helpdesk <helpdesk@[A-Za-z0-9.-]+>$/);
  });

  it('reads every variable', () => {
    const s = settingsFromEnv({
      PORT: '0', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', API_BASE: 'v1/', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'p', ADMIN_FIRST_NAME: 'B',
      ADMIN_LAST_NAME: 'C', SESSION_IDLE_HOURS: '1', SESSION_MAX_DAYS: '2', CORS_ORIGINS: 'https://a.example, https://b.example/', SCRYPT_COST: '10', DIST_DIR: '/tmp/d',
      HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '30', MAX_CONNECTIONS_PER_ADDRESS: '8', SEND_IDLE_SECONDS: '20', TLS_CERT_FILE: '/tmp/c.pem', TLS_KEY_FILE: '/tmp/k.pem', LOG_FORMAT: 'JSON', BACKUP_DIR: '/tmp/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3',
      EVENTS_HEARTBEAT_SECONDS: '10', EVENTS_STREAMS_PER_USER: '40', EVENTS_MAX_STREAMS: '2500', WEBHOOK_URLS: 'https://chat.example/hook, http://127.0.0.1:9000/x', WEBHOOK_SECRET: 's3cret', WEBHOOK_RETRY_SECONDS: '2, 10',
      AUDIT_KEEP_DAYS: '30', SMTP_URL: 'smtp://relay.example:587', PUBLIC_URL: 'https://helpdesk.example/', SMTP_REQUIRE_TLS: 'true',
      MAIL_FROM: '"Help, desk" <helpdesk@corp.example>',
      OIDC_ISSUER: 'https://login.example/realms/staff', OIDC_CLIENT_ID: 'helpdesk', OIDC_CLIENT_SECRET: ' s3cret ', OIDC_LABEL: 'Staff login', OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_CLAIM: 'realm_access.roles', OIDC_ROLES: 'super=admins;developer=devs, ops;support=*', PASSWORD_SIGN_IN: 'SUPER',
      TRUSTED_PROXY_HEADER: 'X-Remote-User', TRUSTED_PROXIES: '10.0.0.5, 192.168.0.0/16, fd00::/8',
    });
    expect(s).toEqual({
      port: 0, host: '0.0.0.0', dataDir: '/tmp/x', apiBase: '/v1', adminEmail: 'boss@example.com', adminPassword: 'p', adminFirstName: 'B', adminLastName: 'C',
      sessionIdleHours: 1, sessionMaxDays: 2, corsOrigins: ['https://a.example', 'https://b.example'], scryptCost: 10, distDir: '/tmp/d',
      headersTimeoutSeconds: 5, requestTimeoutSeconds: 30, maxConnectionsPerAddress: 8, sendIdleSeconds: 20, tlsCertFile: '/tmp/c.pem', tlsKeyFile: '/tmp/k.pem', logFormat: 'json', backupDir: '/tmp/b', backupEveryHours: 6, backupKeep: 3,
      eventsHeartbeatSeconds: 10, eventsStreamsPerUser: 40, eventsMaxStreams: 2500, webhookUrls: ['https://chat.example/hook', 'http://127.0.0.1:9000/x'], webhookSecret: 's3cret', webhookRetrySeconds: [2, 10],
      auditKeepDays: 30, smtpUrl: 'smtp://relay.example:587', smtpRequireTls: true, mailFrom: '"Help, desk" <helpdesk@corp.example>', publicUrl: 'https://helpdesk.example',
      oidc: {
        issuer: 'https://login.example/realms/staff', clientId: 'helpdesk', clientSecret: ' s3cret ', label: 'Staff login', scopes: 'openid email profile groups', roleClaim: 'realm_access.roles',
        roles: [{ role: 'super', groups: ['admins'] }, { role: 'developer', groups: ['devs', 'ops'] }, { role: 'support', groups: ['*'] }],
      },
      passwordSignIn: 'super', trustedProxyHeader: 'X-Remote-User', trustedProxies: ['10.0.0.5', '192.168.0.0/16', 'fd00::/8'],
    });
  });

  it('has directory sign-in off by default, and the documented OIDC defaults once it is on', () => {
    expect(settingsFromEnv({})).toMatchObject({ oidc: null, passwordSignIn: 'all', trustedProxyHeader: '', trustedProxies: [] });
    const oidc = settingsFromEnv({ OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc!;
    expect(oidc).toMatchObject({ label: 'single sign-on', scopes: 'openid email profile', roleClaim: 'groups' });
    expect(oidc.roles).toEqual([{ role: 'super', groups: ['helpdesk-admins'] }, { role: 'developer', groups: ['helpdesk-devs'] }, { role: 'support', groups: ['*'] }]);
  });

  it('refuses OIDC half set up, naming what is missing', () => {
    expect(() => settingsFromEnv({ OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'c' })).toThrow(
      'OpenID Connect is half set up: OIDC_ISSUER, OIDC_CLIENT_ID given, OIDC_CLIENT_SECRET missing. Set all three of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, or none.',
    );
    expect(() => settingsFromEnv({ OIDC_ROLES: 'super=admins' })).toThrow(/OIDC_ROLES given, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET missing/);
  });

  it('refuses a bad OIDC issuer, scopes or roles', () => {
    const oidc = { OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };
    expect(() => settingsFromEnv({ ...oidc, OIDC_ISSUER: 'http://login.example' })).toThrow(/OIDC_ISSUER must be an https:\/\/ URL/);
    expect(settingsFromEnv({ ...oidc, OIDC_ISSUER: 'http://localhost:8080/realms/x' }).oidc!.issuer).toBe('http://localhost:8080/realms/x');
    expect(() => settingsFromEnv({ ...oidc, OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES must include openid/);
    expect(() => settingsFromEnv({ ...oidc, OIDC_ROLES: 'admin=admins' })).toThrow('OIDC_ROLES: "admin" is not a role (super, support, developer), in "admin=admins"');
    expect(() => settingsFromEnv({ ...oidc, OIDC_ROLES: 'super=' })).toThrow(/OIDC_ROLES: no group for super/);
    expect(() => settingsFromEnv({ ...oidc, OIDC_ROLES: ' ; ' })).toThrow(/OIDC_ROLES must name at least one role/);
  });

  it('refuses PASSWORD_SIGN_IN values it does not know, and off with no other way in', () => {
    expect(() => settingsFromEnv({ PASSWORD_SIGN_IN: 'admins' })).toThrow('PASSWORD_SIGN_IN must be all, super or off, got "admins"');
    expect(() => settingsFromEnv({ PASSWORD_SIGN_IN: 'off' })).toThrow(/PASSWORD_SIGN_IN=off needs another way in/);
    expect(settingsFromEnv({ PASSWORD_SIGN_IN: 'off', TRUSTED_PROXY_HEADER: 'X-Remote-User', TRUSTED_PROXIES: '::1' }).passwordSignIn).toBe('off');
  });

  it('refuses a proxy header without proxies, proxies without a header, and entries that are no address', () => {
    expect(() => settingsFromEnv({ TRUSTED_PROXY_HEADER: 'X-Remote-User' })).toThrow(/TRUSTED_PROXIES is empty/);
    expect(() => settingsFromEnv({ TRUSTED_PROXIES: '10.0.0.1' })).toThrow(/TRUSTED_PROXY_HEADER is not/);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'fd00::/129', 'proxy.example', '10.0.0.0/8/1', '10.0.0.0/x']) {
      expect(() => settingsFromEnv({ TRUSTED_PROXY_HEADER: 'X-Remote-User', TRUSTED_PROXIES: bad }), bad).toThrow(`TRUSTED_PROXIES: "${bad}" is not an IPv4 or IPv6 address or CIDR`);
    }
    expect(() => settingsFromEnv({ TRUSTED_PROXY_HEADER: 'X Remote', TRUSTED_PROXIES: '10.0.0.1' })).toThrow(/TRUSTED_PROXY_HEADER must be a header name/);
  });
});

describe('TRUSTED_PROXIES matching', () => {
  it('matches addresses and CIDRs, IPv4 and IPv6, and IPv4 clients on a dual-stack socket', () => {
    const list = parseProxyList(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', '::1']);
    for (const address of ['10.0.0.5', '192.168.44.1', '::ffff:192.168.1.1', 'fd12:3456::1', '::1']) expect(isTrusted(list, address), address).toBe(true);
    for (const address of ['10.0.0.6', '192.169.0.1', '::ffff:10.0.0.6', 'fe80::1', '', undefined, 'not-an-address']) expect(isTrusted(list, address), String(address)).toBe(false);
  });
});

describe('OIDC_ROLES', () => {
  it('gives the first role one of whose groups the person has; * is anyone; no match is none', () => {
    const rules = parseRoleRules('super=admins;developer=devs,ops;support=*');
    expect(roleFor(rules, ['ops', 'admins'])).toBe('super');
    expect(roleFor(rules, ['ops'])).toBe('developer');
    expect(roleFor(rules, [])).toBe('support');
    expect(roleFor(parseRoleRules('super=admins;developer=devs'), ['marketing'])).toBeUndefined();
  });
});

describe('main.ts refuses to start on a bad setting', () => {
  it('prints one line naming what is missing and exits 1', async () => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(tmp, 'refused'), OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'helpdesk' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim()).toBe('Cannot start: OpenID Connect is half set up: OIDC_ISSUER, OIDC_CLIENT_ID given, OIDC_CLIENT_SECRET missing. Set all three of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, or none.');
  });

  it('refuses nonsense numbers', () => expect(() => settingsFromEnv({ PORT: 'abc' })).toThrow(/PORT/));
  it('refuses webhook URLs that are not http(s)', () => expect(() => settingsFromEnv({ WEBHOOK_URLS: 'file:///etc/passwd' })).toThrow(/WEBHOOK_URLS/));
  it('refuses a malformed SMTP_URL without showing its password, and a MAIL_FROM, PUBLIC_URL or SMTP_REQUIRE_TLS that is none', () => {
    for (const bad of ['http://u:SECRETPW@relay.example', 'smtp://u:SECRETPW@relay.example/path', 'relay.example:25']) {
      expect(() => settingsFromEnv({ SMTP_URL: bad })).toThrow(/SMTP_URL/);
      expect(() => settingsFromEnv({ SMTP_URL: bad })).not.toThrow(/SECRETPW/);
    }
    expect(() => settingsFromEnv({ MAIL_FROM: 'Helpdesk <not an address>' })).toThrow(/MAIL_FROM/);
    expect(() => settingsFromEnv({ PUBLIC_URL: 'ftp://helpdesk.example' })).toThrow(/PUBLIC_URL/);
    expect(() => settingsFromEnv({ SMTP_REQUIRE_TLS: 'maybe' })).toThrow(/SMTP_REQUIRE_TLS/);
  });
});

describe('main.ts', () => {
  it('prints one Listening line with the real port, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(tmp, 'main'), ADMIN_PASSWORD: 'admin-password', SCRYPT_COST: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /^Listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
        if (match && match[2] !== '0') resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect((await (await fetch(`${url}/api/health`)).json())).toEqual({ status: 'ok' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.match(/Listening on/g)).toHaveLength(1);
    await expect(fs.stat(path.join(tmp, 'main', 'helpdesk.db'))).resolves.toBeTruthy();
  });
  it('refuses to start with a malformed SMTP_URL: exit 1, one line that names it, never the password', async () => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(tmp, 'bad-smtp'), ADMIN_PASSWORD: 'admin-password', SCRYPT_COST: '4', SMTP_URL: 'smtp://mailer:SECRETPW@relay.example/x' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim()).toMatch(/^Cannot start: SMTP_URL must end after the host and port/);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).not.toContain('SECRETPW');
  });
});

describe('demo', () => {
  it('fills 10,000 tickets quickly, with consistent states and logs, and refuses a second run', async () => {
    const dataDir = path.join(tmp, 'demo');
    const db = openDatabase(dataDir);
    expect(isEmptyForDemo(db)).toBe(true);
    const started = performance.now();
    const accounts = await fillDemo(db, { tickets: 10_000, scryptCost: 4 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(new Set(accounts.map((a) => a.role))).toEqual(new Set(['super', 'support', 'developer']));
    expect(isEmptyForDemo(db)).toBe(false);
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    for (const status of ['opened', 'assigned', 'closed']) expect(count(`SELECT count(*) AS n FROM tickets WHERE status = '${status}'`)).toBeGreaterThan(1000);
    // The last log entry of each ticket explains its status.
    const inconsistent = count(`SELECT count(*) AS n FROM tickets t JOIN ticket_logs l ON l.id = (SELECT max(id) FROM ticket_logs WHERE ticket_id = t.id)
      WHERE NOT ((t.status = 'closed' AND l.action = 'closed') OR (t.status = 'opened' AND l.action = 'opened' AND t.developer_id IS NULL)
        OR (t.status = 'assigned' AND l.action = 'assigned' AND t.developer_id IS NOT NULL))`);
    expect(inconsistent).toBe(0);
    expect(count('SELECT count(*) AS n FROM tickets WHERE updated_at < created_at')).toBe(0);
    db.close();

    const t = await startTestServer({ dataDir });
    try {
      const token = await t.signIn('olivia@example.com', DEMO_PASSWORD);
      const list = await t.call('GET', '/api/tickets', { token });
      expect(list.body.data.list).toHaveLength(10_000);
      expect(list.body.data.list[0].number).toBe('TCK-010000');
    } finally {
      await t.close();
    }
  });
});
