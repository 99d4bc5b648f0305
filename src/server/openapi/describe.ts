/**
 * One API operation as the reference lists it, written short (an OperationSpec) and spelled out
 * as OpenAPI 3.1: path parameters read from the path, bearer security unless public, the request
 * body in every content type the server reads, and the refusals each route can answer.
 */
import { ref, type Schema } from './schemas.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The refusals an operation names beyond what its shape implies (401 signed in, or named by a public one; 400, 413, 415, 422 and 503 with a body; 500 always). */
export type Refusal = 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

export interface QueryParam {
  schema: Schema;
  description?: string;
  required?: true;
}

export interface OperationSpec {
  method: Method;
  /** As OpenAPI writes it: `/tickets/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  description?: string;
  /** Anyone may call it; every other operation needs a bearer token. */
  public?: true;
  /** Path parameters that are not a numeric id. */
  pathParams?: Record<string, Schema>;
  query?: Record<string, QueryParam>;
  body?: Schema;
  /** The body is JSON only (nested values have no form encoding). */
  jsonOnly?: true;
  /** 302: a browser is sent on (directory sign-in), the `Location` header is the answer. */
  ok: { status?: 200 | 201 | 302; description: string; schema?: Schema; content?: Record<string, Schema> };
  refusals?: Refusal[];
}

const JSON_TYPE = 'application/json';
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
export const BEARER = 'bearer';

const RESPONSE_NAMES: Record<number, string> = {
  400: 'Malformed',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'TooLarge',
  415: 'WrongContentType',
  422: 'Invalid',
  429: 'TooMany',
  500: 'ServerError',
  502: 'RelayRefused',
  503: 'Busy',
};

const errorContent = { [JSON_TYPE]: { schema: ref('Error') } };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };
const refusal = (description: string, headers?: Record<string, unknown>) => ({ description, content: errorContent, ...(headers ? { headers } : {}) });

/** The refusals every operation points at (design.md#errors-envelope). */
export const RESPONSES: Record<string, unknown> = {
  Malformed: refusal('The body is not valid JSON or form data.'),
  Unauthenticated: refusal('No token, or an unknown, revoked or expired one (`Unauthenticated.`).', {
    'WWW-Authenticate': { description: '`Bearer realm="helpdesk"`, with `error="invalid_token"` when a token was sent.', schema: { type: 'string' } },
  }),
  Forbidden: refusal('Signed in, but the role or ownership does not allow it.'),
  NotFound: refusal('No such ticket, user, category, service or comment.'),
  Conflict: refusal("The ticket's state does not allow the change, or someone changed it first; or a directory account's password, which is not changed here."),
  TooLarge: refusal('The body is over 1 MiB.'),
  WrongContentType: refusal('A JSON body sent with a form content type, or a form body sent as JSON: the message names the type it needs.'),
  Invalid: refusal('Validation failed: `errors` names each field with its messages.'),
  TooMany: refusal('Too many attempts.', retryAfter),
  Busy: refusal('The server is busy (too many bodies or streamed answers at once).', retryAfter),
  ServerError: refusal('A bug: a generic message; the details are in the server log.'),
  RelayRefused: refusal("The mail relay refused the message, or could not be reached: `message` is the relay's answer or what went wrong."),
};

const ID_PARAM: Schema = { type: 'integer', minimum: 1 };

function parameters(spec: OperationSpec): unknown[] {
  const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const inPath = names.map((name) => ({ name, in: 'path', required: true, schema: spec.pathParams?.[name] ?? ID_PARAM }));
  const inQuery = Object.entries(spec.query ?? {}).map(([name, param]) => ({ name, in: 'query', required: param.required ?? false, ...param }));
  return [...inPath, ...inQuery];
}

function requestBody(spec: OperationSpec) {
  if (!spec.body) return undefined;
  const types = spec.jsonOnly ? [JSON_TYPE] : [JSON_TYPE, ...FORM_TYPES];
  return { required: true, content: Object.fromEntries(types.map((type) => [type, { schema: spec.body }])) };
}

function responses(spec: OperationSpec): Record<string, unknown> {
  const { status = 200, description, schema, content } = spec.ok;
  const answer =
    status === 302
      ? { description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } }
      : { description, content: content ?? { [JSON_TYPE]: { schema: schema ?? ref('Message') } } };
  const statuses = new Set<number>(spec.refusals ?? []);
  if (!spec.public) statuses.add(401);
  if (spec.body) [400, 413, 415, 422, 503].forEach((code) => statuses.add(code));
  statuses.add(500);
  const refusals = [...statuses].sort((a, b) => a - b).map((code) => [String(code), { $ref: `#/components/responses/${RESPONSE_NAMES[code]}` }]);
  return { [String(status)]: answer, ...Object.fromEntries(refusals) };
}

/** The OpenAPI operation object of a spec. */
export function operation(spec: OperationSpec): Record<string, unknown> {
  const params = parameters(spec);
  const body = requestBody(spec);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: spec.public ? [] : [{ [BEARER]: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(spec),
  };
}
