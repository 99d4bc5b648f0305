/**
 * The API reference (design.md#api-reference): an OpenAPI 3.1 document written by hand, served at
 * `GET {API_BASE}/openapi.json`. tests/server/openapi.test.ts holds it to the router's table: every
 * route with its methods, and nothing else. A route added to the server is added here too.
 */
import { BEARER, operation, RESPONSES, type OperationSpec } from './describe.ts';
import { ACCOUNT_OPERATIONS } from './paths-accounts.ts';
import { DIRECTORY_OPERATIONS, DIRECTORY_SCHEMAS } from './paths-directory.ts';
import { MORE_OPERATIONS } from './paths-more.ts';
import { MAIL_OPERATIONS, MAIL_SCHEMAS } from './paths-mail.ts';
import { NOTIFICATION_OPERATIONS, NOTIFICATION_SCHEMAS } from './paths-notifications.ts';
import { SLA_OPERATIONS, SLA_SCHEMAS } from './paths-sla.ts';
import { TICKET_OPERATIONS } from './paths-tickets.ts';
import { VIEW_OPERATIONS, VIEW_SCHEMAS } from './paths-views.ts';
import { REPLY_OPERATIONS, REPLY_SCHEMAS } from './paths-replies.ts';
import { SCHEMAS } from './schemas.ts';

const OPENAPI_VERSION = '3.1.0';
/** The contract's version: it changes when an answer changes shape, not with every release. */
const API_VERSION = '1.0.0';

const DESCRIPTION = [
  'The helpdesk API, as the web client uses it (docs/product.md#calls, docs/design.md#api).',
  '',
  'Sign in with `POST /auth/sign-in` and send the token it answers as `Authorization: Bearer <token>` on every other call.',
  'Every write takes a JSON body, or a form (url-encoded or multipart text fields) where its content types say so.',
  'Answers are `{message?, data}`: lists under `data.list`. Every refusal is the `Error` envelope, whose `message` is meant for people.',
  'Lists and details carry a weak `ETag` and answer `If-None-Match` with 304. A known path called with a method it does not take is a 405 with `Allow`; an unknown path is a 404.',
].join('\n');

export const OPERATIONS: readonly OperationSpec[] = [...ACCOUNT_OPERATIONS, ...DIRECTORY_OPERATIONS, ...TICKET_OPERATIONS, ...MORE_OPERATIONS, ...NOTIFICATION_OPERATIONS, ...MAIL_OPERATIONS, ...SLA_OPERATIONS, ...VIEW_OPERATIONS, ...REPLY_OPERATIONS];

function paths(operations: readonly OperationSpec[]): Record<string, Record<string, unknown>> {
  const byPath: Record<string, Record<string, unknown>> = {};
  for (const spec of operations) (byPath[spec.path] ??= {})[spec.method.toLowerCase()] = operation(spec);
  return byPath;
}

/** The document for a server whose API lives under `apiBase` (`/api`). */
export function openApiDocument(apiBase: string): Record<string, unknown> {
  const tags = [...new Set(OPERATIONS.map((spec) => spec.tag))].map((name) => ({ name }));
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Helpdesk API', version: API_VERSION, description: DESCRIPTION },
    servers: [{ url: apiBase || '/' }],
    security: [{ [BEARER]: [] }],
    tags,
    paths: paths(OPERATIONS),
    components: {
      securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'The token `POST /auth/sign-in` answers.' } },
      schemas: { ...SCHEMAS, ...NOTIFICATION_SCHEMAS, ...DIRECTORY_SCHEMAS, ...MAIL_SCHEMAS, ...SLA_SCHEMAS, ...VIEW_SCHEMAS, ...REPLY_SCHEMAS },
      responses: RESPONSES,
    },
  };
}
