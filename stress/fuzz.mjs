/**
 * Hostile requests over every route, method and role (super, support, developer, anonymous):
 * malformed JSON, wrong types, huge strings, unicode and control characters, path traversal,
 * odd work-queue query strings, wrong content types, oversized bodies, bad tokens, and raw
 * malformed HTTP. Counts 5xx answers, crashes and leaked stack traces / file paths.
 * A seeded PRNG makes the same seed send the same requests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  ADMIN,
  api,
  createWorld,
  leaks,
  pool,
  prng,
  removeDir,
  request,
  serverEnv,
  signIn,
  startServer,
  stopServer,
  tempDir,
  ticketBody,
  viaV4,
  viaV6,
} from './lib.mjs';

const BODY_LIMIT = 1024 * 1024;

// Values -------------------------------------------------------------------------------------

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007f\u0085\u2028\u2029';
const WEIRD_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  CONTROL,
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(2000),
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🤖👩‍💻🏳️‍🌈',
  'ﷺ﷽',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫg̘͍͚o̖ͦ',
  '١٢٣',
  "' OR 1=1 --",
  '"; DROP TABLE tickets; --',
  '" OR "" = "',
  'NEAR(a b)',
  'a* OR b*',
  '"unterminated',
  '^start',
  'title:x',
  'AND OR NOT',
  '*',
  '-',
  '(',
  ')',
  '{}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '%00',
  '%',
  '%zz',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://evil")',
  '+1+1',
  '@SUM(1)',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '0x10',
  '9007199254740993',
  '99999999999999999999999',
  ' 1',
  '1 ',
  '1.5',
  'TCK-000001',
  'tck-1',
  'TCK-',
  'TCK-99999999999999999999',
  'opened',
  'assigned',
  'closed',
  'reopened',
  'super',
  'support',
  'developer',
  'shaq_app',
  'shaq_express',
  'high',
  'low',
];

const asText = (v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function hugeString(rng) {
  const size = rng.pick([201, 501, 2049, 20_001, 100_000, 400_000]);
  const unit = rng.pick(['a', 'é', '𝔘', '\u0001', ' ', '\u0000', 'ab ']);
  return unit.repeat(Math.ceil(size / unit.length));
}

function weirdNumber(rng) {
  return rng.pick([-1, 0, 1, 2, 3, 1.5, -0, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 31, 2 ** 63, Number.MAX_SAFE_INTEGER, 1e-300, 42]);
}

function wrongType(rng) {
  return rng.pick([null, true, false, [], {}, [1, 2], ['a'], { $gt: '' }, { toString: 'x' }, [[[[[]]]]], { a: { b: { c: {} } } }, weirdNumber(rng)]);
}

function hostileValue(rng) {
  const r = rng.next();
  if (r < 0.45) return rng.pick(WEIRD_STRINGS);
  if (r < 0.6) return hugeString(rng);
  if (r < 0.75) return weirdNumber(rng);
  return wrongType(rng);
}

// Requests -----------------------------------------------------------------------------------

const TICKET_FIELDS = ['title', 'description', 'priority', 'category_id', 'service_id', 'app', 'link', 'image', 'due_date', 'created_by', 'developer_name', 'number', 'status'];
const QUERY = 'query';

/** [method, path, body fields | 'query'] for every route of buildRouter, plus static files. */
const ROUTES = [
  ['GET', '/api/health'],
  ['POST', '/api/auth/sign-in', ['email', 'password']],
  ['POST', '/api/auth/sign-out', []],
  ['GET', '/api/users'],
  ['GET', '/api/developers'],
  ['POST', '/api/auth/user/create', ['first_name', 'last_name', 'email', 'role', 'password']],
  ['PATCH', '/api/user/:user/change-password', ['new_password', 'new_password_confirmation']],
  ['DELETE', '/api/auth/user/:user'],
  ['PATCH', '/api/auth/user/:user/update', ['first_name', 'last_name']],
  ['POST', '/api/auth/reset-password', ['old_password', 'new_password', 'new_password_confirmation']],
  ['GET', '/api/config/categories'],
  ['GET', '/api/config/categories/:category'],
  ['POST', '/api/config/categories', ['name']],
  ['PATCH', '/api/config/categories/:category', ['name']],
  ['DELETE', '/api/config/categories/:category'],
  ['GET', '/api/config/services'],
  ['GET', '/api/config/services/:service'],
  ['POST', '/api/config/services', ['name', 'app']],
  ['PATCH', '/api/config/services/:service', ['name', 'app']],
  ['DELETE', '/api/config/services/:service'],
  ['GET', '/api/tickets', QUERY],
  ['GET', '/api/tickets/myTickets', QUERY],
  ['GET', '/api/tickets/stats', QUERY],
  ['GET', '/api/tickets/export.csv', QUERY],
  ['GET', '/api/tickets/:ticket'],
  ['GET', '/api/activity-log/:ticket'],
  ['POST', '/api/tickets', TICKET_FIELDS],
  ['PATCH', '/api/tickets/:ticket', ['status', 'developer_id']],
  ['PATCH', '/api/tickets/:ticket/edit', TICKET_FIELDS.slice(0, 9)],
  ['POST', '/api/tickets/bulk', ['ids', 'filter', 'action', 'developer_id']],
  ['GET', '/'],
  ['GET', '/index.html'],
  ['GET', '/assets/:file'],
  ['GET', '/:file'],
];
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'CONNECT'];
const ROLES = ['super', 'support', 'developer', 'anonymous'];

const WORK_QUEUE_PARAMS = ['q', 'status', 'app', 'priority', 'category_id', 'service_id', 'created_by_id', 'developer_id', 'sort', 'limit', 'cursor'];
const GOOD_QUERY_VALUES = {
  q: ['checkout', 'TCK-000001', '1', '000001', 'pay che', 'Sophie', 'é'],
  status: ['opened', 'assigned,closed', 'reopened', 'OPENED', 'opened,opened'],
  app: ['shaq_app', 'shaq_express', 'shaq_app,shaq_express'],
  priority: ['high', 'low,medium', 'high,high'],
  category_id: ['1', '2'],
  service_id: ['1', '2'],
  created_by_id: ['1', '2', '3'],
  developer_id: ['none', 'NONE', '3', '2'],
  sort: ['newest', 'oldest', 'priority', 'updated', 'due', 'PRIORITY'],
  limit: ['1', '50', '200'],
  cursor: [],
};
const BAD_QUERY_VALUES = {
  limit: ['0', '201', '-1', '1e2', '1.5', '', ' ', '99999999999999999999', 'NaN', '0x10', '٣'],
  sort: ['', 'random', '__proto__', 'newest,oldest', 'constructor'],
  developer_id: ['-1', '0', 'null', 'none,1', '1.0'],
  status: ['', ',', 'open', 'opened,', 'closed;drop'],
  q: ['a'.repeat(200), 'a'.repeat(201), '"', '*', 'NEAR(', 'a OR', '-x', '\u0000', '%00', '🤖', ' ', 'AND', '" OR "', '^', 'col:val', 'x'.repeat(5000)],
};

function cursorValue(rng, cursors) {
  const r = rng.next();
  if (r < 0.3 && cursors.length) return rng.pick(cursors);
  if (r < 0.5 && cursors.length) {
    const valid = rng.pick(cursors);
    const cut = rng.int(valid.length);
    return valid.slice(0, cut) + rng.pick(['A', '_', '-', '=', '%', '']) + valid.slice(cut + 1);
  }
  const json = rng.pick([
    { sort: 'newest', key: [null, null] },
    { sort: 'priority', key: ['x', {}, []] },
    { sort: 'newest', key: ['2020-01-01', 'NaN'] },
    { sort: 'updated', key: [1e308, -1] },
    { sort: 'due', key: [null, '2026-13-45', 1] },
    { sort: 'due', key: ['9999-12-31', -1, 'x'] },
    { sort: '__proto__', key: [] },
    { sort: 'newest' },
    { key: ['2020', 1] },
    [],
    null,
    'string',
    { sort: 'oldest', key: ['\u0000', 2 ** 63] },
    { sort: 'newest', key: Array(1000).fill('a') },
  ]);
  const encoded = Buffer.from(JSON.stringify(json)).toString('base64url');
  return rng.pick([encoded, 'not-base64!', '', '====', Buffer.from('{"sort":').toString('base64url'), 'x'.repeat(3000), encoded + encoded]);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** encodeURIComponent, with lone surrogates sent as their (invalid) UTF-8 bytes instead of throwing. */
const safeEncode = (s) => encodeURIComponent(s.replace(LONE_SURROGATE, '\ue000')).replace(/%EE%80%80/g, '%ED%A0%80');

function queryString(rng, cursors) {
  const parts = [];
  const n = rng.int(5);
  for (let i = 0; i < n; i++) {
    const name = rng.chance(0.9) ? rng.pick(WORK_QUEUE_PARAMS) : rng.pick(['foo', '__proto__', 'q[]', 'status[0]', '', '%', 'limit%00']);
    let value;
    if (name === 'cursor') value = cursorValue(rng, cursors);
    else if (rng.chance(0.45) && Object.hasOwn(GOOD_QUERY_VALUES, name) && GOOD_QUERY_VALUES[name].length) value = rng.pick(GOOD_QUERY_VALUES[name]);
    else if (rng.chance(0.5) && Object.hasOwn(BAD_QUERY_VALUES, name)) value = rng.pick(BAD_QUERY_VALUES[name]);
    else value = asText(hostileValue(rng)).slice(0, rng.pick([10, 300, 9000]));
    const encode = rng.chance(0.85) ? safeEncode : (s) => s.replace(/[\s#?&\u0000-\u001f\u007f-\u{10ffff}]/gu, (c) => safeEncode(c));
    parts.push(`${encode(name)}=${encode(value)}`);
  }
  if (rng.chance(0.05)) parts.push(rng.pick(['&&&', '=', '=x', 'limit', 'limit=1&limit=2', '%', '%E0%A4%A', '%u0041', '+', 'q=%2B%2B']));
  return parts.length ? '?' + parts.join('&') : rng.chance(0.1) ? '?' : '';
}

function pathParam(rng, kind, pools) {
  const r = rng.next();
  if (r < 0.45 && pools[kind]?.length) return String(rng.pick(pools[kind]));
  const raw = rng.pick([
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '9007199254740993',
    'TCK-000001',
    'tck-000002',
    'TCK-1',
    'TCK-',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '..',
    '.',
    '%2e%2e',
    '..%2f..%2f..%2fpackage.json',
    '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    '%',
    '%zz',
    '%C0%AF',
    safeEncode('𝔘𝔫𝔦'),
    safeEncode('\u0000\u0001'),
    'a'.repeat(rng.pick([100, 5000])),
    '%20' + '1',
    '1%20',
    'export.csv',
    'myTickets',
    'stats',
    '',
  ]);
  return raw;
}

function fillPath(rng, template, pools) {
  return template.replace(/:(\w+)/g, (_, kind) => {
    if (kind === 'file') return rng.pick(['index.js', 'missing.js', '..%2f..%2fpackage.json', '%2e%2e/%2e%2e/package.json', '..%5c..%5cpackage.json', 'x'.repeat(300), '.env', '..%2f.env', '..%2f..%2f.env', '..%2fhelpdesk.db', '%2e%2e%2fhelpdesk.db-wal', '%00.js', pools.asset ?? 'x.js']);
    return pathParam(rng, kind, pools);
  });
}

function oddPath(rng, path) {
  const r = rng.next();
  if (r < 0.75) return path;
  return rng.pick([
    path + '/',
    path + '//',
    path.replace('/api/', '/API/'),
    path.replace('/api/', '/api//'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/../api/'),
    path + '/extra/segments',
    path + '%2f',
    path + '#frag',
    path + ';param',
    path.replace(/\//g, '%2f'),
    '/..' + path,
    '/%2e%2e' + path,
    path + '/../../../../etc/passwd',
  ]);
}

const TOKEN_VARIANTS = [
  () => 'Bearer',
  () => 'Bearer ',
  () => 'Bearer x',
  () => 'bearer 0000000000000000000000000000000000000000000000000000000000000000',
  () => 'Basic YWRtaW46YWRtaW4=',
  () => 'Bearer ' + 'a'.repeat(8000),
  () => 'Bearer a b',
  () => 'Bearer null',
  () => 'Bearer undefined',
  () => 'Bearer ../../etc/passwd',
  () => 'Bearer \u00e9\u00e8',
  () => 'Token abc',
  () => '',
];

function bodyFor(rng, fields, world, pools) {
  const valid = {
    email: rng.pick(['nobody@example.com', ADMIN.email, world.support.email, 'x@y']),
    password: rng.pick(['wrong-password', 'short', '']),
    first_name: 'Fuzz',
    last_name: 'Tester',
    role: rng.pick(['support', 'developer', 'super', 'admin']),
    new_password: 'fuzzed-password-9',
    new_password_confirmation: 'fuzzed-password-9',
    old_password: 'not-the-password',
    name: `Fuzz ${rng.int(1e6)}`,
    app: rng.pick(['shaq_app', 'shaq_express']),
    status: rng.pick(['opened', 'assigned', 'closed']),
    developer_id: rng.pick([world.developer.id, null, '', 'null']),
    ...ticketBody(world, `Fuzz ticket ${rng.int(1e6)}`),
    due_date: rng.pick(['', null, '2026-12-31', '2026-02-30', '1900-01-01', '9999-12-31', '2026-12-31T10:00:00Z', '31/12/2026']),
  };
  const body = {};
  for (const field of fields) if (rng.chance(0.9)) body[field] = valid[field];
  // A quarter of the bodies are valid apart from odd but allowed text, so writes land too.
  const mutations = rng.int(4);
  if (mutations === 0 && rng.chance(0.5)) for (const field of ['title', 'description', 'name', 'first_name', 'last_name']) if (field in body) body[field] = `${body[field]} ${rng.pick(['Ω≈ç√', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🤖', '\u202eevil', "O'Brien \"q\"", '<b>x</b>', '=1+1', 'ﷺ'])}`;
  for (let i = 0; i < mutations && fields.length; i++) body[rng.pick(fields)] = hostileValue(rng);
  if (rng.chance(0.1)) body[rng.pick(['extra', 'id', 'created_by_id', 'developer_id', 'role', 'password_hash'])] = hostileValue(rng);
  if (fields.includes('image') && rng.chance(0.1)) {
    body.image = rng.pick([
      'data:image/png;base64,' + 'A'.repeat(rng.pick([10, 700_000])),
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://127.0.0.1/x.png',
      'data:image/png;base64,%%%%',
    ]);
  }
  return body;
}

function encodeBody(rng, body) {
  const r = rng.next();
  if (r < 0.55) {
    let text = JSON.stringify(body);
    if (rng.chance(0.1)) text = text.replace(/^\{/, '{"__proto__":{"role":"super","isAdmin":true},"constructor":{"prototype":{"x":1}},');
    return { type: 'application/json', text };
  }
  if (r < 0.68) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) params.append(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
    if (rng.chance(0.2)) params.append(rng.pick(['a[]', '__proto__[role]', 'title']), 'x');
    return { type: rng.pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8', 'APPLICATION/X-WWW-FORM-URLENCODED']), text: params.toString() };
  }
  if (r < 0.8) {
    const boundary = rng.pick(['----fuzz', 'x', '', '"quoted"', 'a'.repeat(100)]);
    let text = '';
    for (const [k, v] of Object.entries(body)) {
      const filename = rng.chance(0.1) ? '; filename="../../etc/passwd"' : '';
      text += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"${filename}\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`;
    }
    if (rng.chance(0.8)) text += `--${boundary}--\r\n`;
    const declared = rng.chance(0.8) ? `multipart/form-data; boundary=${boundary}` : rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other']);
    return { type: declared, text };
  }
  // Malformed or oddly typed bodies.
  const type = rng.pick(['application/json', 'text/plain', 'application/xml', '', 'application/json; charset=utf-16', 'image/png', 'application/octet-stream', 'multipart/mixed', '*/*']);
  const text = rng.pick([
    '{',
    '{"title":',
    '{"a":1}garbage',
    '}{',
    'null',
    '[]',
    '[1,2,3]',
    '"string"',
    '123',
    'true',
    '\ufeff{"title":"bom"}',
    '{"title":"\\ud800"}',
    '{"title":"\\u0000"}',
    '{"a":' + '['.repeat(rng.pick([100, 5000, 100_000])) + ']'.repeat(10) + '}',
    '{"x":' + '{"x":'.repeat(3000) + '1' + '}'.repeat(3001),
    JSON.stringify(body).slice(0, 20),
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    'a=1&a=2&b[c]=3',
    Buffer.from(JSON.stringify(body), 'utf16le').toString('latin1'),
    '',
    JSON.stringify({ title: 1e999 }),
    '{"title":1e999}',
    '{"category_id":1e999,"service_id":-0}',
  ]);
  return { type, text };
}

/** One hostile HTTP request: { role, method, path, headers, body }. */
function generate(rng, world, pools, tokens) {
  const [routeMethod, template, fields] = rng.pick(ROUTES);
  const method = rng.chance(0.85) ? routeMethod : rng.pick(METHODS);
  let path = fillPath(rng, template, pools);
  if (fields === QUERY || rng.chance(0.08)) path += queryString(rng, pools.cursors);
  path = oddPath(rng, path);
  const role = rng.pick(ROLES);
  const headers = {};
  if (rng.chance(0.8)) headers.Accept = rng.pick(['application/json', '*/*', 'text/html', 'application/xml', '']);
  if (role !== 'anonymous') headers.Authorization = rng.chance(0.88) ? `Bearer ${tokens[role]}` : rng.pick(TOKEN_VARIANTS)();
  else if (rng.chance(0.5)) headers.Authorization = rng.pick(TOKEN_VARIANTS)();
  if (rng.chance(0.1)) headers['Accept-Encoding'] = rng.pick(['gzip', 'br', 'deflate', 'gzip;q=0, br;q=0', 'identity;q=0', '*', 'x'.repeat(500)]);
  if (rng.chance(0.05)) headers['If-None-Match'] = rng.pick(['*', 'W/"x"', '"' + 'a'.repeat(1000) + '"', ',,,']);
  if (rng.chance(0.05)) headers.Origin = rng.pick(['http://evil.example', 'null', 'http://127.0.0.1']);
  if (rng.chance(0.03)) headers.Range = 'bytes=0-10';
  let body;
  const wantsBody = method !== 'GET' && method !== 'HEAD' ? rng.chance(0.9) : rng.chance(0.05);
  if (wantsBody) {
    if (rng.chance(0.015)) {
      // Oversized: just over the 1 MiB limit, or declared huge.
      body = Buffer.alloc(BODY_LIMIT + 1 + rng.int(100_000), 'a');
      headers['Content-Type'] = 'application/json';
    } else {
      const encoded = encodeBody(rng, bodyFor(rng, Array.isArray(fields) ? fields : TICKET_FIELDS.slice(0, 4), world, pools));
      if (encoded.type) headers['Content-Type'] = encoded.type;
      body = Buffer.from(encoded.text, 'utf8');
      if (rng.chance(0.02)) headers['Content-Encoding'] = rng.pick(['gzip', 'br', 'x']);
    }
  }
  return { role, method, path, headers, body };
}

// Raw malformed HTTP -------------------------------------------------------------------------

function rawRequest(rng, tokens) {
  const auth = `Authorization: Bearer ${tokens[rng.pick(['super', 'support', 'developer'])]}\r\n`;
  return rng.pick([
    () => 'GARBAGE\r\n\r\n',
    () => 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n',
    () => `GET /api/tickets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    () => `GET /api/tickets?${'q=a&'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
    () => `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 99999999999999999999\r\n\r\n{}`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 5000000\r\nExpect: 100-continue\r\n\r\n`,
    () => `POST /api/tickets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`,
    () => `GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`,
    () => `GET http://evil.example/api/health HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /api/health HTTP/1.0\r\n\r\n`,
    () => `GET /api/tickets/\u0000 HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
    () => `GET /api/tickets/é𝔘 HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
    () => `GET /api/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer é\u00ff\r\n\r\n`,
    () => `GET /api/tickets HTTP/1.1\r\nHost: x\r\nX-Bad\u0001: y\r\n\r\n`,
    () => `GET /api/tickets HTTP/1.1\r\nHost: x\r\n bad-continuation\r\n\r\n`,
    () => `get /api/health HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /../../../package.json HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /assets/../../package.json HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /assets/..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /..%2f..%2f..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /../helpdesk.db HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /assets/..%2f..%2fhelpdesk.db HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /..\\.env HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET * HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/users HTTP/1.1\r\nHost: x\r\n${auth}\r\nGARBAGE\r\n\r\n`,
    () => `PATCH /api/tickets/1 HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 20\r\n\r\n{"status":"closed"}X`,
    () => `\r\n\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`,
    () => `GET /api/health HTTP/1.1\nHost: x\n\n`,
    () => `POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{"email":{"$ne":null},"password":{"$ne":null}}`,
  ])();
}

/** Sends raw bytes and collects what comes back until the server closes or 1.5 s of quiet. */
function sendRaw(host, port, text) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    const chunks = [];
    let idle;
    const started = performance.now();
    const finish = (error) => {
      clearTimeout(idle);
      clearTimeout(total);
      socket.destroy();
      const body = Buffer.concat(chunks).toString('latin1');
      const statuses = [...body.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      resolvePromise({ statuses, body, error, ms: performance.now() - started });
    };
    const total = setTimeout(() => finish('timeout'), 4000);
    const quiet = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(), 1500);
    };
    socket.on('connect', () => {
      socket.write(Buffer.from(text, 'utf8'));
      quiet();
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      quiet();
    });
    socket.on('error', (error) => finish(error.code ?? String(error)));
    socket.on('close', () => finish());
  });
}

// The run ------------------------------------------------------------------------------------

const CANARY = 'STRESS-CANARY-7f3a';
const LEAKED_FILE = /root:x:0:0|"name":\s*"helpdesk"|STRESS-CANARY-7f3a|SQLite format 3/;

/** A built client in miniature: index.html (plain and precompressed) and one hashed asset. */
function fakeDist(dataDir) {
  const dist = join(dataDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const index = '<!doctype html><meta charset="utf-8"><title>Helpdesk</title><div id="root"></div><script type="module" src="/assets/main-STRESS.js"></script>';
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(index));
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(index));
  const js = 'console.log("stress");\n'.repeat(100);
  writeFileSync(join(dist, 'assets/main-STRESS.js'), js);
  writeFileSync(join(dist, 'assets/main-STRESS.js.br'), brotliCompressSync(js));
  // Beside dist/, where a path traversal would find it.
  writeFileSync(join(dataDir, 'package.json'), `{"name": "helpdesk", "canary": "${CANARY}"}`);
  writeFileSync(join(dataDir, '.env'), `SECRET=${CANARY}`);
  return dist;
}

/**
 * @param {{requests?: number, seed?: number, concurrency?: number, rawShare?: number, log?: (line: string) => void}} options
 */
export async function fuzz({ requests = 10_000, seed = 20261122, concurrency = 32, rawShare = 0.08, log = () => {} } = {}) {
  const dataDir = tempDir();
  // Listening on both stacks: the fuzz comes from 127.0.0.1, refreshing tokens from ::1, so the
  // fuzz's failed sign-ins never lock the roles out. Its own small built client, so a rebuild of
  // dist/ running beside it (503 "not built yet" while it happens) cannot change the figures.
  const server = await startServer(serverEnv(dataDir, { HOST: '::', DIST_DIR: fakeDist(dataDir) }));
  const base = viaV4(server.port);
  const side = viaV6(server.port);
  let crashedAt;
  server.child.on('exit', (code, signal) => (crashedAt ??= { code, signal }));
  const rng = prng(seed);
  const started = performance.now();

  const world = await createWorld(side);
  const tickets = [];
  for (let i = 0; i < 12; i++) {
    const created = await api(side, 'POST', '/api/tickets', { token: world.support.token, json: ticketBody(world, `Fuzz seed ticket ${i}`) });
    tickets.push(created.json.data);
  }
  for (const ticket of tickets.slice(0, 6)) await api(side, 'PATCH', `/api/tickets/${ticket.number}`, { token: world.admin.token, json: { status: 'assigned', developer_id: world.developer.id } });
  for (const ticket of tickets.slice(0, 3)) await api(side, 'PATCH', `/api/tickets/${ticket.number}`, { token: world.admin.token, json: { status: 'closed' } });
  const cursors = [];
  for (const q of ['?limit=1', '?limit=2&sort=priority', '?limit=1&sort=updated', '?limit=1&sort=oldest', '?limit=1&sort=due']) {
    const page = await api(side, 'GET', `/api/tickets${q}`, { token: world.admin.token });
    if (page.json?.data?.next_cursor) cursors.push(page.json.data.next_cursor);
  }
  const index = await request(base, { path: '/' });
  const asset = /\/assets\/([\w.-]+\.js)/.exec(index.body)?.[1];
  const pools = {
    ticket: [...tickets.map((t) => t.number), ...tickets.map((t) => t.id), tickets[0].number.toLowerCase()],
    user: [1, world.support.id, world.developer.id, 9999],
    category: [world.categoryId, 9999],
    service: [world.serviceId, world.expressServiceId],
    cursors,
    asset,
  };

  // Roles whose token the fuzz revoked (sign-out, password change, deletion) get a fresh one.
  const tokens = { super: world.admin.token, support: world.support.token, developer: world.developer.token };
  const accounts = { super: world.admin, support: world.support, developer: world.developer };
  const refreshing = {};
  let refreshed = 0;
  async function refresh(role) {
    refreshing[role] ??= (async () => {
      const check = await api(side, 'GET', '/api/tickets/stats', { token: tokens[role] });
      if (check.status === 200) return;
      refreshed++;
      const account = accounts[role];
      try {
        tokens[role] = await signIn(side, account.email, account.password);
        return;
      } catch {
        if (role === 'super') throw new Error('the admin account was lost; the fuzz cannot go on');
      }
      // Deleted or its password changed: a new account of the role.
      const email = `${role}.${refreshed}@example.com`;
      const password = `${role}-password-${refreshed}`;
      const created = await api(side, 'POST', '/api/auth/user/create', {
        token: tokens.super,
        json: { first_name: 'Fuzz', last_name: role, email, role, password },
      });
      if (created.status !== 201) {
        await refresh('super');
        return;
      }
      accounts[role] = { id: created.json.data.id, email, password };
      pools.user.push(created.json.data.id);
      tokens[role] = await signIn(side, email, password);
    })().finally(() => delete refreshing[role]);
    return refreshing[role];
  }

  const figures = {
    requests: 0,
    raw: 0,
    statuses: {},
    fiveXX: 0,
    leaks: 0,
    traversal: 0,
    noAnswer: {},
    notSentByClient: 0,
    samples5xx: [],
    samplesLeak: [],
  };
  const bump = (map, key) => (map[key] = (map[key] ?? 0) + 1);
  const note = (list, sample) => list.length < 10 && list.push(sample);

  // Requests are generated in order from one PRNG, so a seed always gives the same list.
  const plan = [];
  for (let i = 0; i < requests; i++) plan.push(rng.chance(rawShare) ? { raw: true, seed: rng.int(2 ** 31) } : { raw: false, seed: rng.int(2 ** 31) });

  await pool(requests, concurrency, async (i) => {
    if (crashedAt) return;
    const item = plan[i];
    const local = prng(item.seed);
    figures.requests++;
    if (item.raw) {
      figures.raw++;
      const text = rawRequest(local, tokens);
      const answer = await sendRaw('127.0.0.1', server.port, text);
      for (const status of answer.statuses) {
        bump(figures.statuses, status);
        if (status >= 500) {
          figures.fiveXX++;
          note(figures.samples5xx, { raw: text.slice(0, 300), answer: answer.body.slice(0, 300) });
        }
      }
      if (answer.statuses.length === 0) bump(figures.noAnswer, `raw:${answer.error ?? 'closed'}`);
      if (leaks(answer.body)) {
        figures.leaks++;
        note(figures.samplesLeak, { raw: text.slice(0, 300), answer: answer.body.slice(0, 500) });
      }
      if (LEAKED_FILE.test(answer.body)) figures.traversal++;
      return;
    }
    const spec = generate(local, world, pools, tokens);
    const answer = await request(base, { method: spec.method, path: spec.path, headers: spec.headers, body: spec.body, timeoutMs: 20_000, maxBody: 2 << 20 });
    if (answer.status === -1) {
      figures.notSentByClient++;
      return;
    }
    if (answer.status === 0) {
      bump(figures.noAnswer, answer.error ?? 'closed');
      return;
    }
    bump(figures.statuses, answer.status);
    const sample = () => ({
      role: spec.role,
      method: spec.method,
      path: spec.path.slice(0, 300),
      contentType: spec.headers['Content-Type'],
      body: spec.body ? spec.body.toString('utf8').slice(0, 300) : undefined,
      bodyBytes: spec.body?.length ?? 0,
      status: answer.status,
      answer: answer.body.slice(0, 300),
    });
    if (answer.status >= 500) {
      figures.fiveXX++;
      note(figures.samples5xx, sample());
    }
    if (leaks(answer.body)) {
      figures.leaks++;
      note(figures.samplesLeak, sample());
    }
    if (LEAKED_FILE.test(answer.body)) figures.traversal++;
    if (answer.status === 401 && spec.role !== 'anonymous' && spec.headers.Authorization === `Bearer ${tokens[spec.role]}` && spec.path.startsWith('/api/')) {
      await refresh(spec.role).catch(() => {});
    }
    if (i % 1000 === 999) log(`  fuzz: ${i + 1}/${requests} requests, ${figures.fiveXX} × 5xx, ${figures.leaks} leaks`);
  });

  // Afterwards the server must still answer, on both stacks.
  const health = await request(base, { path: '/api/health', timeoutMs: 5000 });
  const signedInRead = await api(side, 'GET', '/api/tickets?limit=5', { token: tokens.super });
  const crashed = Boolean(crashedAt) || health.status !== 200;
  const exit = crashedAt ?? null;
  const stderr = server.stderr();
  await stopServer(server);
  removeDir(dataDir);
  return {
    seed,
    ...figures,
    crashed,
    exit,
    healthAfter: health.status || health.error,
    readAfter: signedInRead.status,
    tokensRefreshed: refreshed,
    stderrLines: stderr.split('\n').filter(Boolean).length,
    stderrSample: stderr.slice(0, 1000),
    seconds: (performance.now() - started) / 1000,
  };
}
