/** The real server's answer to one read of each kind, for the bare baseline to copy (bare-server.mjs). */
import http from 'node:http';
import { call } from './request.mjs';

export async function captureAnswers(base, token) {
  const agent = new http.Agent({ keepAlive: true });
  const body = async (path) => (await call(agent, base, { path, token, keepBody: true })).body;
  const page = await body('/api/tickets?limit=50');
  const first = JSON.parse(page).data.list[0];
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const answers = {
    page,
    search: await body('/api/tickets?limit=50&q=customer'),
    stats: await body('/api/tickets/stats'),
    detail: await body(`/api/tickets/${first.number}`),
    log: await body(`/api/activity-log/${first.number}`),
    comments: await body(`/api/tickets/${first.number}/comments`),
    report: await body(`/api/tickets/report?from=${from}&to=${to}&group=category`),
    write: JSON.stringify({ message: 'Ticket updated.', data: JSON.parse(await body(`/api/tickets/${first.number}`)).data }),
    eventTicket: { title: first.title, priority: first.priority, status: first.status, developer: first.developer, comment_count: first.comment_count, has_image: first.has_image, updated_at: first.updated_at, sla: first.sla },
  };
  agent.destroy();
  return answers;
}
