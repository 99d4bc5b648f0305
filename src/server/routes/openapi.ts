/** GET /openapi.json: the API reference (design.md#api-reference), public like the client that names every route anyway. */
import type { ServerContext } from '../context.ts';
import { Payload } from '../http/payload.ts';
import type { Router } from '../http/router.ts';
import { openApiDocument } from '../openapi/document.ts';

export function openApiRoutes(router: Router, app: ServerContext): void {
  // Built once: the document only changes with the code, and its compressed forms are kept with it.
  const payload = new Payload(openApiDocument(app.settings.apiBase));
  router.addPublic('GET', '/openapi.json', () => ({ payload }));
}
